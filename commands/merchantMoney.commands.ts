import type { CommandDef } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import {
  MERCHANT_MONEY_API, paymentSettingsBody, setAlertBody, taskConfirmBody, taskRejectBody, taskRequestBody,
} from '../src/schemas/merchantMoney';

/**
 * Screens and actions of the merchant-money area (docs/merchantMoney.md), the /merchant MerchantBalance group:
 * BalanceInfo (balances of every merchant and sub-merchant from the ledger, group totals, low-balance alert T, payment
 * settings E), ChangeBalanceRecord (every ledger movement on a merchant's balances), IncreaseBalanceRecord (top-ups),
 * DecreaseBalanceRecord (withdrawals from balance) and BalanceChangeTaskRecord (balance-change tasks: request N,
 * confirm A, reject shift+R — four eyes, money writes with an Idempotency-Key).
 */
export const BALANCE_SCREEN = 'merchant.BalanceInfo';
export const TASK_SCREEN = 'merchant.BalanceChangeTaskRecord';

const TITLES: Record<string, string> = {
  merchant_id: 'field.merchant_id', change_type: 'merchantMoney.field.change_type', amount: 'merchantMoney.field.amount',
  remark: 'merchantMoney.field.remark', decide_remark: 'merchantMoney.field.decide_remark', alert_threshold: 'merchantMoney.field.alert_threshold',
  payout_fee_new: 'merchantMoney.field.payout_fee_new', payout_fee_returning: 'merchantMoney.field.payout_fee_returning',
  collection_fee_bp: 'merchantMoney.field.collection_fee_bp', risk_fee: 'merchantMoney.field.risk_fee',
  risk_validity_hours: 'merchantMoney.field.risk_validity_hours', receive_prob_new: 'merchantMoney.field.receive_prob_new',
  receive_prob_returning: 'merchantMoney.field.receive_prob_returning', single_valid_hours: 'merchantMoney.field.single_valid_hours',
};

const post = (path: string) => ({ method: 'POST' as const, path });
const get = (path: string) => ({ method: 'GET' as const, path });

function action(page: 'BalanceInfo' | 'BalanceChangeTaskRecord', verb: string, def: Partial<CommandDef>): CommandDef {
  return {
    id: `merchant.${page}.${verb}`, kind: 'action', area: 'merchant', title: `action.merchant.${page}.${verb}`,
    permission: actionKey('merchant', page, verb), screen: `merchant.${page}`, scope: 'single', paramTitles: TITLES, ...def,
  };
}

export const merchantMoneyCommands: CommandDef[] = [
  pageScreen('merchant', 'BalanceInfo', {
    order: 1, api: get(MERCHANT_MONEY_API.balances),
    keywords: ['balance', 'available', 'frozen', 'loan balance', 'risk reserve', 'low balance', 'sub-merchant', 'fees', 'payment settings'],
  }),
  action('BalanceInfo', 'setAlert', {
    api: post(MERCHANT_MONEY_API.setAlert), params: setAlertBody.omit({ id: true }), hotkey: 't', keywords: ['low balance alert', 'threshold', 'warning'],
  }),
  action('BalanceInfo', 'editSettings', {
    api: post(MERCHANT_MONEY_API.editSettings), params: paymentSettingsBody.omit({ id: true }), hotkey: 'e',
    keywords: ['payment settings', 'payout fee', 'collection fee', 'risk fee', 'receiving probability', 'valid hours'],
  }),
  pageScreen('merchant', 'IncreaseBalanceRecord', { order: 2, api: get(MERCHANT_MONEY_API.increases), keywords: ['top-up', 'top up', 'deposit', 'increase balance'] }),
  pageScreen('merchant', 'DecreaseBalanceRecord', { order: 3, api: get(MERCHANT_MONEY_API.decreases), keywords: ['withdraw from balance', 'deduct', 'decrease balance'] }),
  pageScreen('merchant', 'ChangeBalanceRecord', {
    order: 4, api: get(MERCHANT_MONEY_API.changes), keywords: ['ledger', 'movements', 'postings', 'payouts', 'fees', 'repayments', 'reversals', 'statement'],
  }),
  pageScreen('merchant', 'BalanceChangeTaskRecord', {
    order: 5, api: get(MERCHANT_MONEY_API.tasks), keywords: ['balance change', 'adjust balance', 'four eyes', 'confirm top-up', 'approval'],
  }),
  // The key travels as the Idempotency-Key header (commands flagged `idempotent`).
  action('BalanceChangeTaskRecord', 'request', {
    scope: 'screen', api: post(MERCHANT_MONEY_API.request), params: taskRequestBody, idempotent: true, hotkey: 'n',
    keywords: ['new balance change', 'top up', 'withdraw from balance'],
  }),
  action('BalanceChangeTaskRecord', 'confirm', {
    api: post(MERCHANT_MONEY_API.confirm), params: taskConfirmBody.omit({ id: true }), idempotent: true, danger: true, hotkey: 'a',
    keywords: ['approve balance change', 'post'],
  }),
  action('BalanceChangeTaskRecord', 'reject', {
    api: post(MERCHANT_MONEY_API.reject), params: taskRejectBody.omit({ id: true }), danger: true, hotkey: 'shift+r',
    keywords: ['refuse balance change'],
  }),
];
