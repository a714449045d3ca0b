import type { CommandDef, CommandScope } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import { assignBody, COLLECTION_API, stayBody } from '../src/schemas/collection';
import { refundParams, remindBody, returnCasesBody, runDayBody, SUPERVISE_API } from '../src/schemas/collectionSupervise';

/**
 * Screens and actions of the collection area's pools, lists and supervision (docs/collection.md): the supervisor's
 * board (CollectionServiceManagement: live counts, alerts, every case; assign, return, stay, run the day now), the
 * pool (collectionRemark: claim, assign), the reminder list (collectionPromptList: claim, remind), the successes,
 * refunds of customer credit (refundTheAmount: refund, a money write with an Idempotency-Key) and the allocation log.
 * Hotkeys: c claim, a assign, shift+r return, s stay, shift+d run the day, r remind / refund.
 */

const TITLES = {
  collector_id: 'collection.field.collector', reason: 'collection.field.reason', note: 'collection.field.note', stay: 'collection.field.stay',
  merchant_id: 'field.merchant_id', result: 'collection.field.result', amount: 'collection.field.refund_amount',
};

type Page = 'collectionRemark' | 'CollectionServiceManagement' | 'collectionPromptList' | 'refundTheAmount';

/** An action of a page: id `collection.<page>.<verb>`, node `<page key>_<verb>`. */
function action(page: Page, verb: string, def: Partial<CommandDef> & { scope: CommandScope; api: CommandDef['api'] }): CommandDef {
  return {
    id: `collection.${page}.${verb}`, kind: 'action', area: 'collection', title: `action.collection.${page}.${verb}`,
    permission: actionKey('collection', page, verb), screen: `collection.${page}`, paramTitles: TITLES, ...def,
  };
}

const get = (path: string) => ({ method: 'GET' as const, path });
const post = (path: string) => ({ method: 'POST' as const, path });
const assignParams = assignBody.omit({ ids: true });

export const collectionCommands: CommandDef[] = [
  pageScreen('collection', 'CollectionServiceManagement', { order: 1, keywords: ['supervisor', 'collectors', 'live counts', 'capacity alerts', 'assign cases'], api: get(COLLECTION_API.cases) }),
  pageScreen('collection', 'collectionRemark', { order: 2, keywords: ['collection pool', 'unassigned cases', 'claim case'], api: get(COLLECTION_API.pool) }),
  pageScreen('collection', 'collectionPromptList', { order: 4, keywords: ['reminders', 'due soon', 'remind customers'], api: get(COLLECTION_API.prompt) }),
  pageScreen('collection', 'collectionSuccess', { order: 5, keywords: ['collected', 'recovered', 'successful collections'], api: get(COLLECTION_API.success) }),
  pageScreen('collection', 'refundTheAmount', { order: 6, keywords: ['refund', 'overpayment', 'customer credit'], api: get(COLLECTION_API.refunds) }),
  pageScreen('collection', 'CollectionAllocationQuery', { order: 7, keywords: ['allocation log', 'who got what', 'assignment history'], api: get(COLLECTION_API.allocation) }),

  // The pool.
  action('collectionRemark', 'claim', { scope: 'single', api: post(COLLECTION_API.claim), hotkey: 'c', keywords: ['take case'] }),
  action('collectionRemark', 'assign', { scope: 'bulk', api: post(COLLECTION_API.assign), params: assignParams, hotkey: 'a', keywords: ['give to collector'] }),

  // The supervisor's board.
  action('CollectionServiceManagement', 'assign', { scope: 'bulk', api: post(COLLECTION_API.assign), params: assignParams, hotkey: 'a', keywords: ['reassign', 'give to collector'] }),
  action('CollectionServiceManagement', 'return', {
    scope: 'bulk', api: post(COLLECTION_API.returnToPool), params: returnCasesBody.omit({ ids: true }), hotkey: 'shift+r', danger: true, keywords: ['back to pool', 'unassign'],
  }),
  action('CollectionServiceManagement', 'stay', { scope: 'single', api: post(COLLECTION_API.stay), params: stayBody.omit({ id: true }), hotkey: 's', keywords: ['keep collector', 'no reassignment'] }),
  action('CollectionServiceManagement', 'runDay', { scope: 'screen', api: post(COLLECTION_API.runDay), params: runDayBody, hotkey: 'shift+d', keywords: ['collection day', 'allocate now'] }),

  // The reminder list.
  action('collectionPromptList', 'claim', { scope: 'single', api: post(SUPERVISE_API.promptClaim), hotkey: 'c', keywords: ['take case'] }),
  action('collectionPromptList', 'remind', { scope: 'single', api: post(SUPERVISE_API.remind), params: remindBody.omit({ id: true }), hotkey: 'r', keywords: ['reminder result', 'reminded'] }),

  // Refunds of customer credit (the console sends an Idempotency-Key; the body may carry it for other callers).
  action('refundTheAmount', 'refund', {
    scope: 'single', api: post(COLLECTION_API.refund), params: refundParams, idempotent: true, danger: true, hotkey: 'r', keywords: ['pay back', 'overpayment'],
  }),
];
