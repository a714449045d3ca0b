import type { AreaActions } from './types';

/** Permission action nodes of collection set-up: /merchant/stage (stages, collector groups and members) and /empower/outbound (external-call softphone settings) — by permission group key, then page (commands/permissions.ts). */
export const collectionSetupActions: AreaActions = {};

/** Nodes of this area the demo role templates (commands/roles.ts, by identifier) also hold. */
export const collectionSetupRoleGrants: Record<string, string[]> = {};
