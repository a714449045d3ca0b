import type { CommandDef, CommandScope } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import {
  bulkNoteBody, closeBody, confirmBody, contactBody, dispatchBody, manualLendingBody, MANUAL_LENDING_API, noteBody, notifyBody, returnBody,
  WITHDRAWAL_LISTS, WITHDRAWAL_SMS_LOG_LIST, withdrawalActionPath, type WithdrawalPage,
} from '../src/schemas/withdrawal';

/**
 * Screens and actions of the withdrawal area (docs/withdrawal.md): the nine /withdrawalMoney queues, and — because
 * they belong to the same work — /review/manualLending (staff-created loans) and /log/WithdrawalSMS (what the queues
 * texted). Hotkeys: c claim / take, r record a contact, y confirm for the customer, s send an SMS, n notify,
 * m hand over to the market, f finish, shift+r release, shift+x close. They act on the cursor row of the screen's
 * grid, which opens on its first row with the keyboard on it (QueueScreen: DataGrid autoFocus).
 */

const TITLES = {
  result: 'withdrawal.field.result', note: 'withdrawal.field.note', channel: 'withdrawal.field.channel',
  bank_card_id: 'withdrawal.field.bank_card_id', account_ids: 'withdrawal.field.account_ids', cap: 'withdrawal.field.cap',
  amount: 'withdrawal.field.amount', loan_days: 'field.loan_days', customer_id: 'field.customer_id', product_id: 'field.product_id',
};

/** An action of a withdrawal page: id `withdrawal.<page>.<verb>`, node `withdrawalMoney_<page>_<verb>`. */
function action(page: WithdrawalPage, verb: string, def: Partial<CommandDef> & { scope: CommandScope }): CommandDef {
  return {
    id: `withdrawal.${page}.${verb}`, kind: 'action', area: 'withdrawal', title: `action.withdrawal.${verb}`,
    permission: actionKey('withdrawalMoney', page, verb), screen: `withdrawal.${page}`,
    api: { method: 'POST', path: withdrawalActionPath(page, verb) }, paramTitles: TITLES, ...def,
  };
}

const list = (page: WithdrawalPage) => ({ method: 'GET' as const, path: WITHDRAWAL_LISTS[page] });
const contactParams = contactBody.omit({ id: true });
// The key travels as the Idempotency-Key header (commands flagged `idempotent`); the body may carry it for other callers.
const confirmParams = confirmBody.omit({ id: true, idempotency_key: true });
const closeParams = closeBody.omit({ id: true });
const noteParams = noteBody.omit({ id: true });

export const withdrawalCommands: CommandDef[] = [
  pageScreen('withdrawalMoney', 'waitFor', { order: 1, keywords: ['pending withdrawal', 'approved', 'pool', 'dispatch'], api: list('waitFor') }),
  pageScreen('withdrawalMoney', 'MywaitForOrder', { order: 2, hotkey: 'alt+w', keywords: ['my withdrawals', 'call customers', 'confirm'], api: list('MywaitForOrder') }),
  pageScreen('withdrawalMoney', 'MarketWaitTakeOrder', { order: 3, keywords: ['market', 'take orders', 'grab'], api: list('MarketWaitTakeOrder') }),
  pageScreen('withdrawalMoney', 'MyTakeConfirmOrder', { order: 4, keywords: ['my taken orders', 'market', 'confirm'], api: list('MyTakeConfirmOrder') }),
  pageScreen('withdrawalMoney', 'MyPaymentNoticeOrder', { order: 5, keywords: ['payout notice', 'money arrived', 'notify'], api: list('MyPaymentNoticeOrder') }),
  pageScreen('withdrawalMoney', 'waitingForRelease', { order: 6, keywords: ['idle claims', 'release', 'stuck'], api: list('waitingForRelease') }),
  pageScreen('withdrawalMoney', 'dormantTask', { order: 7, keywords: ['dormant', 'expired approvals', 'win back'], api: list('dormantTask') }),
  pageScreen('withdrawalMoney', 'WaitForcustomerService', { order: 8, keywords: ['failed payout', 'bank card', 'customer service'], api: list('WaitForcustomerService') }),
  pageScreen('withdrawalMoney', 'MywaitSMS', { order: 9, keywords: ['sms', 'reminders', 'text'], api: list('MywaitSMS') }),
  pageScreen('review', 'manualLending', { order: 9, keywords: ['manual loan', 'create loan', 'staff loan'], api: { method: 'GET', path: MANUAL_LENDING_API.list } }),
  pageScreen('log', 'WithdrawalSMS', { order: 1, keywords: ['sms log', 'withdrawal sms', 'reminders sent'], api: { method: 'GET', path: WITHDRAWAL_SMS_LOG_LIST } }),

  // waitFor: the assignment pool.
  action('waitFor', 'claim', { scope: 'single', hotkey: 'c' }),
  action('waitFor', 'dispatch', { scope: 'screen', params: dispatchBody, hotkey: 'shift+d' }),
  action('waitFor', 'toMarket', { scope: 'bulk', params: bulkNoteBody.omit({ ids: true }), hotkey: 'm' }),

  // MywaitForOrder: the agent's own pending withdrawals.
  action('MywaitForOrder', 'contact', { scope: 'single', params: contactParams, hotkey: 'r' }),
  action('MywaitForOrder', 'confirmWithdrawal', { scope: 'single', params: confirmParams, hotkey: 'y', danger: true, idempotent: true }),
  action('MywaitForOrder', 'sendSms', { scope: 'single', hotkey: 's' }),
  action('MywaitForOrder', 'toMarket', { scope: 'single', params: noteParams, hotkey: 'm' }),
  action('MywaitForOrder', 'release', { scope: 'single', hotkey: 'shift+r' }),
  action('MywaitForOrder', 'close', { scope: 'single', params: closeParams, hotkey: 'shift+x', danger: true }),

  // MarketWaitTakeOrder / MyTakeConfirmOrder: the market and what an agent took from it.
  action('MarketWaitTakeOrder', 'take', { scope: 'single', hotkey: 'c' }),
  action('MyTakeConfirmOrder', 'contact', { scope: 'single', params: contactParams, hotkey: 'r' }),
  action('MyTakeConfirmOrder', 'confirmWithdrawal', { scope: 'single', params: confirmParams, hotkey: 'y', danger: true, idempotent: true }),
  action('MyTakeConfirmOrder', 'sendSms', { scope: 'single', hotkey: 's' }),
  action('MyTakeConfirmOrder', 'release', { scope: 'single', hotkey: 'shift+r' }),
  action('MyTakeConfirmOrder', 'close', { scope: 'single', params: closeParams, hotkey: 'shift+x', danger: true }),

  // MyPaymentNoticeOrder: tell the customer the money arrived.
  action('MyPaymentNoticeOrder', 'notify', { scope: 'single', params: notifyBody.omit({ id: true }), hotkey: 'n' }),

  // waitingForRelease: idle claims back to their pools (rows are tasks).
  action('waitingForRelease', 'release', { scope: 'bulk', hotkey: 'shift+r', danger: true }),

  // dormantTask: win back approved customers who never withdrew.
  action('dormantTask', 'claim', { scope: 'single', hotkey: 'c' }),
  action('dormantTask', 'contact', { scope: 'single', params: contactParams, hotkey: 'r' }),
  action('dormantTask', 'sendSms', { scope: 'single', hotkey: 's' }),
  action('dormantTask', 'finish', { scope: 'single', params: noteParams, hotkey: 'f' }),
  action('dormantTask', 'release', { scope: 'single', hotkey: 'shift+r' }),

  // WaitForcustomerService: failed payouts.
  action('WaitForcustomerService', 'claim', { scope: 'single', hotkey: 'c' }),
  action('WaitForcustomerService', 'contact', { scope: 'single', params: contactParams, hotkey: 'r' }),
  action('WaitForcustomerService', 'notify', { scope: 'single', hotkey: 'n' }),
  action('WaitForcustomerService', 'returnWithdrawal', { scope: 'single', params: returnBody.omit({ id: true }), hotkey: 'w' }),
  action('WaitForcustomerService', 'release', { scope: 'single', hotkey: 'shift+r' }),
  action('WaitForcustomerService', 'close', { scope: 'single', params: closeParams, hotkey: 'shift+x', danger: true }),

  // MywaitSMS: the due reminders.
  action('MywaitSMS', 'sendSms', { scope: 'bulk', hotkey: 's' }),

  {
    id: 'withdrawal.manualLending.add', kind: 'action', area: 'withdrawal', title: 'action.withdrawal.manualLending.add',
    permission: actionKey('review', 'manualLending', 'add'), screen: 'review.manualLending', scope: 'screen',
    api: { method: 'POST', path: MANUAL_LENDING_API.add }, params: manualLendingBody, paramTitles: TITLES, hotkey: 'n',
  },
];
