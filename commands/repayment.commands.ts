import type { CommandDef, CommandScope } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import { abnormalBody, manualRepaymentBody, reconciliationBody, REPAYMENT_API, revokeBody } from '../src/schemas/repayment';

/**
 * Screens and actions of the repayment area's lists and staff money (docs/repayment.md): /repayment/repaymentList
 * (every repayment; revoke), /repayment/settlement (manual reconciliation: add, revoke), /repayment/abnormal (handle:
 * refund, apply to an order, acknowledge) and /review/manualRepayment (money paid outside the system, with vouchers:
 * add, revoke). Money writes are `idempotent` (the console sends an Idempotency-Key per invocation).
 * Hotkeys: a add, shift+v revoke, h handle.
 */

/** Calls of these screens besides their lists and registry actions (the order lookup of the add dialogs, filter choices). */
export const REPAYMENT_STAFF_API = {
  /** GET ?order_no=: an order's money (OrderMoney + customer) in the actor's merchants, or null. */
  orderLookup: '/loanapi/repayment/order_lookup',
  /** GET: merchants (with currency) and payment channels of the actor's scope, for filters. */
  options: '/loanapi/repayment/options',
} as const;

const TITLES = {
  reason: 'repayment.field.revoke_reason', order_id: 'repayment.field.order_no', amount: 'repayment.field.amount',
  reference: 'repayment.field.reference', remark: 'repayment.field.remark', proof_ids: 'repayment.field.proofs',
  paid_at: 'repayment.field.paid_at', resolution: 'repayment.field.resolution',
};

type Group = 'repayment' | 'review';

/** An action of a page: id `repayment.<page>.<verb>`, node `<page key>_<verb>`. */
function action(group: Group, page: string, verb: string, def: Partial<CommandDef> & { scope: CommandScope; api: CommandDef['api'] }): CommandDef {
  return {
    id: `repayment.${page}.${verb}`, kind: 'action', area: 'repayment', title: `action.repayment.${page}.${verb}`,
    permission: actionKey(group, page, verb), screen: `${group}.${page}`, paramTitles: TITLES, ...def,
  };
}

const post = (path: string) => ({ method: 'POST' as const, path });
const get = (path: string) => ({ method: 'GET' as const, path });
// The key travels as the Idempotency-Key header; the body may carry it for other callers.
const revokeParams = revokeBody.omit({ id: true, idempotency_key: true });
const revoke = (group: Group, page: string): CommandDef =>
  action(group, page, 'revoke', { scope: 'single', api: post(REPAYMENT_API.revoke), params: revokeParams, danger: true, idempotent: true, hotkey: 'shift+v', keywords: ['undo repayment', 'reverse'] });

export const repaymentCommands: CommandDef[] = [
  pageScreen('repayment', 'repaymentList', { order: 2, keywords: ['repayments', 'payments received', 'money in', 'revoke'], api: get(REPAYMENT_API.list) }),
  pageScreen('repayment', 'settlement', { order: 3, keywords: ['reconciliation', 'balancing', 'bank statement'], api: get(REPAYMENT_API.settlementList) }),
  pageScreen('repayment', 'abnormal', { order: 4, keywords: ['abnormal repayments', 'unmatched money', 'overpaid', 'refund credit'], api: get(REPAYMENT_API.abnormal) }),
  pageScreen('review', 'manualRepayment', { order: 10, keywords: ['manual repayment', 'voucher', 'offline payment'], api: get(REPAYMENT_API.manualList) }),

  revoke('repayment', 'repaymentList'),

  action('repayment', 'settlement', 'add', {
    scope: 'screen', api: post(REPAYMENT_API.reconcile), params: reconciliationBody.omit({ idempotency_key: true }), idempotent: true, hotkey: 'a',
    keywords: ['reconcile', 'balance', 'record money'],
  }),
  revoke('repayment', 'settlement'),

  action('repayment', 'abnormal', 'handle', {
    scope: 'single', api: post(REPAYMENT_API.abnormalHandle), params: abnormalBody.omit({ id: true, idempotency_key: true }), idempotent: true, hotkey: 'h',
    keywords: ['refund', 'apply to order', 'acknowledge'],
  }),

  action('review', 'manualRepayment', 'add', {
    scope: 'screen', api: post(REPAYMENT_API.manualAdd), params: manualRepaymentBody.omit({ idempotency_key: true }), idempotent: true, hotkey: 'a',
    keywords: ['record repayment', 'voucher', 'receipt'],
  }),
  revoke('review', 'manualRepayment'),
];
