import type { AreaActions } from './types';

/**
 * Permission action nodes of the collector's keyboard workbench (/collection/myCollectionList): record a call result,
 * take a promise to pay, add a note, place a call (the call's end is part of `call`) — by permission group key, then
 * page (commands/permissions.ts). Only the case's holder may use them (the server checks); supervisors read.
 */
export const collectionWorkbenchActions: AreaActions = {
  collection: { myCollectionList: ['result', 'promise', 'note', 'call', 'offerExtension', 'offerReduction', 'giveBack'] },
};

const work = ['result', 'promise', 'note', 'call', 'offerExtension', 'offerReduction', 'giveBack'].map((v) => `collection_myCollectionList_${v}`);

/**
 * Nodes of this area the demo role templates (commands/roles.ts, by identifier) also hold: collectors and reminder
 * agents work their cases on the workbench (the reminder agent's reminder-stage cases are theirs too).
 */
export const collectionWorkbenchRoleGrants: Record<string, string[]> = {
  collector: work,
  reminder_agent: ['collection_myCollectionList', ...work],
};
