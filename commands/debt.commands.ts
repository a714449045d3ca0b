import type { CommandDef } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import { idsBody } from '../src/schemas/common';
import { DEBT_EXTRA_API, reductionRejectBody } from '../src/schemas/debt';
import { DEBT_API, debtSettingsBody, discountRuleBody, productBody, REDUCTION_API, reductionDecideBody, reductionRequestBody } from '../src/schemas/repayment';

/**
 * Screens and actions of debt rules and reductions (docs/repayment.md): /merchant/DebtSettings (overdue, extension and
 * reduction rules of a merchant), /merchant/product (loan products), /merchant/repaymentDiscountRule (discount rules,
 * and on its second tab the reductions: request, approve, reject), and "run end of day now" on /system/test.
 * Hotkeys: n add / request, e edit, a approve, shift+r reject.
 */

type Def = Partial<CommandDef> & Pick<CommandDef, 'api' | 'scope'>;

/** An action of a merchant page: id `merchant.<page>.<verb>`, node `merchant_<page>_<verb>`. */
function action(page: 'DebtSettings' | 'product' | 'repaymentDiscountRule', verb: string, def: Def): CommandDef {
  return {
    id: `merchant.${page}.${verb}`, kind: 'action', area: 'merchant', title: `action.merchant.${page}.${verb}`,
    permission: actionKey('merchant', page, verb), screen: `merchant.${page}`, ...def,
  };
}

const post = (path: string) => ({ method: 'POST' as const, path });
const get = (path: string) => ({ method: 'GET' as const, path });

const RULE_TITLES = {
  min_overdue_days: 'debt.field.min_overdue_days', max_overdue_days: 'debt.field.max_overdue_days', max_penalty_bp: 'debt.field.max_penalty_bp',
  max_interest_bp: 'debt.field.max_interest_bp', max_principal_bp: 'debt.field.max_principal_bp',
};
const REDUCTION_TITLES = { order_id: 'field.order_id', amount: 'debt.field.reduction_amount', remark: 'field.remark' };
// The key travels as the Idempotency-Key header (commands flagged `idempotent`).
const requestParams = reductionRequestBody.omit({ idempotency_key: true });
const approveParams = reductionDecideBody.omit({ id: true, idempotency_key: true });
const rejectParams = reductionRejectBody.omit({ id: true, idempotency_key: true });

export const debtCommands: CommandDef[] = [
  pageScreen('merchant', 'product', { order: 11, keywords: ['products', 'interest rate', 'fees', 'loan terms'], api: get(DEBT_API.productList) }),
  pageScreen('merchant', 'DebtSettings', {
    order: 14, keywords: ['debt settings', 'penalty', 'grace days', 'bad debt', 'allocation order', 'extension fee'], api: get(DEBT_API.settingsGet),
  }),
  pageScreen('merchant', 'repaymentDiscountRule', {
    order: 20, keywords: ['discount rules', 'reductions', 'waiver', 'waive penalty'], api: get(DEBT_API.discountList),
  }),

  action('DebtSettings', 'edit', { scope: 'screen', api: post(DEBT_API.settingsSave), params: debtSettingsBody, keywords: ['save debt settings'] }),

  action('product', 'add', { scope: 'screen', api: post(DEBT_API.productAdd), params: productBody, hotkey: 'n' }),
  // The selected row's id is added to the payload (single scope); the server validates the whole productEditBody.
  action('product', 'edit', { scope: 'single', api: post(DEBT_API.productEdit), params: productBody, hotkey: 'e' }),
  action('product', 'enable', { scope: 'bulk', api: post(DEBT_EXTRA_API.productEnable), params: idsBody }),
  action('product', 'disable', { scope: 'bulk', api: post(DEBT_EXTRA_API.productDisable), params: idsBody, danger: true }),
  action('product', 'del', { scope: 'single', api: post(DEBT_API.productDel), danger: true }),

  action('repaymentDiscountRule', 'add', { scope: 'screen', api: post(DEBT_API.discountAdd), params: discountRuleBody, paramTitles: RULE_TITLES, hotkey: 'n' }),
  action('repaymentDiscountRule', 'edit', { scope: 'single', api: post(DEBT_API.discountEdit), params: discountRuleBody, paramTitles: RULE_TITLES, hotkey: 'e' }),
  action('repaymentDiscountRule', 'del', { scope: 'single', api: post(DEBT_API.discountDel), danger: true }),
  action('repaymentDiscountRule', 'requestReduction', {
    scope: 'screen', api: post(REDUCTION_API.request), params: requestParams, paramTitles: REDUCTION_TITLES, idempotent: true, hotkey: 'shift+n',
    keywords: ['request reduction', 'waive', 'waiver'],
  }),
  action('repaymentDiscountRule', 'approveReduction', {
    scope: 'single', api: post(REDUCTION_API.approve), params: approveParams, paramTitles: REDUCTION_TITLES, idempotent: true, hotkey: 'a',
    keywords: ['approve reduction'],
  }),
  action('repaymentDiscountRule', 'rejectReduction', {
    scope: 'single', api: post(REDUCTION_API.reject), params: rejectParams, paramTitles: REDUCTION_TITLES, danger: true, hotkey: 'shift+r',
    keywords: ['reject reduction'],
  }),

  {
    id: 'system.test.runEndOfDay', kind: 'action', area: 'system', title: 'action.system.test.runEndOfDay', screen: 'system.test', scope: 'screen',
    permission: actionKey('system', 'test', 'runEndOfDay'), danger: true, api: post(DEBT_API.runEndOfDay),
    keywords: ['end of day', 'accrue penalties', 'overdue', 'expire reductions'],
  },
];
