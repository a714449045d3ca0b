import type { AreaActions } from './types';

/**
 * Permission action nodes of the collection area's pools, lists and supervision, by permission group key, then page
 * (commands/permissions.ts). collectionRemark's page key is the spec's `collection_pool`, so its nodes are
 * `collection_pool_claim` and `collection_pool_assign`; the others are `collection_<page>_<verb>`.
 */
export const collectionActions: AreaActions = {
  collection: {
    collectionRemark: ['claim', 'assign'],
    CollectionServiceManagement: ['assign', 'return', 'stay', 'runDay'],
    collectionPromptList: ['claim', 'remind'],
    refundTheAmount: ['refund'],
  },
};

const board = 'collection_CollectionServiceManagement';

/**
 * Nodes of this area the demo role templates (commands/roles.ts, by identifier) also hold:
 * - collector: claims from the pool (the template already shows the pool page);
 * - reminder_agent: claims and reminds on the reminder list;
 * - supervisor: reads the board and the successes (the allocation log is in the template), changes nothing;
 * - collection_supervisor: the board's actions (assign, return to the pool, stay, run the day) and assignment from the
 *   pool (the pages are in the template) — but no refund: money stays with the merchant operator;
 * - main_merchant: refunds of customer credit.
 */
export const collectionRoleGrants: Record<string, string[]> = {
  collector: ['collection_pool_claim'],
  reminder_agent: ['collection_collectionPromptList_claim', 'collection_collectionPromptList_remind'],
  supervisor: [board, 'collection_collectionSuccess'],
  collection_supervisor: [`${board}_assign`, `${board}_return`, `${board}_stay`, `${board}_runDay`, 'collection_pool_assign'],
  main_merchant: ['collection_refundTheAmount', 'collection_refundTheAmount_refund'],
};
