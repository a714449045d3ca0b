import type { AreaActions } from './types';

/** Permission action nodes of the channel area (issue 14). */
export const channelActions: AreaActions = {};

/** Nodes of this area the demo role templates (commands/roles.ts, by identifier) also hold. */
export const channelRoleGrants: Record<string, string[]> = {};
