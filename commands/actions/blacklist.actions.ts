import type { AreaActions } from './types';

/** Permission action nodes of the blacklist area (issue 14). */
export const blacklistActions: AreaActions = {};

/** Nodes of this area the demo role templates (commands/roles.ts, by identifier) also hold. */
export const blacklistRoleGrants: Record<string, string[]> = {};
