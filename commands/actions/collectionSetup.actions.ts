import type { AreaActions } from './types';

/**
 * Permission action nodes of collection set-up — by permission group key, then page (commands/permissions.ts):
 * /merchant/stage add, edit (also enable and disable), del, and `groups` (collector groups and their members);
 * /empower/outbound add, edit, del (external-call softphone settings).
 */
export const collectionSetupActions: AreaActions = {
  merchant: { stage: ['add', 'edit', 'del', 'groups'] },
  SysEmpower: { outbound: ['add', 'edit', 'del'] },
};

/**
 * Nodes of this area the demo role templates (commands/roles.ts, by identifier) also hold: supervisors and collection
 * supervisors read the stages and the collector groups; setting them up stays with merchant operators (who hold the
 * merchant group) and administrators.
 */
export const collectionSetupRoleGrants: Record<string, string[]> = {
  supervisor: ['merchant_stage'],
  collection_supervisor: ['merchant_stage'],
};
