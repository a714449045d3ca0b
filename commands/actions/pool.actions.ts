import type { AreaActions } from './types';

/** Permission action nodes of the pool area (issue 14). */
export const poolActions: AreaActions = {};

/** Nodes of this area the demo role templates (commands/roles.ts, by identifier) also hold. */
export const poolRoleGrants: Record<string, string[]> = {};
