import type { AreaActions } from './types';

/** Permission action nodes of the marketing area (issue 14). */
export const marketingActions: AreaActions = {};

/** Nodes of this area the demo role templates (commands/roles.ts, by identifier) also hold. */
export const marketingRoleGrants: Record<string, string[]> = {};
