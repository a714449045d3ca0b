import type { AreaActions } from './types';

/** Permission action nodes of the collection area: pool (collectionRemark), collectionPromptList, collectionSuccess, refundTheAmount, CollectionAllocationQuery, CollectionServiceManagement (live counts, alerts, assignment) — by permission group key, then page (commands/permissions.ts). */
export const collectionActions: AreaActions = {};

/** Nodes of this area the demo role templates (commands/roles.ts, by identifier) also hold. */
export const collectionRoleGrants: Record<string, string[]> = {};
