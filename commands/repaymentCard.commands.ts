import type { CommandDef, CommandScope } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import { collectBody, REPAYMENT_API, repaymentCardIssueBody, resetCardsBody } from '../src/schemas/repayment';
import { deductBody, REPAYMENT_CARD_API } from '../src/schemas/repaymentCard';

/**
 * Screens and actions of money in through the payment provider (docs/repayment.md "Money through the provider"):
 * /repayment/repaymentCardList (virtual-account cards; issue), /repayment/resetAllRepaymentCards (re-issue a merchant's
 * cards as a batch with progress), /repayment/paymentPayCard (card deductions; deduct), and two actions on the
 * repayment list of the repayment area: collect (a link, QR code or card deduction for an order, found by its
 * number in the console's dialog) and recheck (ask the provider about a pending repayment).
 * Money writes are `idempotent` (the console sends an Idempotency-Key per invocation).
 * Hotkeys: l collect (link), c re-check, i issue, d deduct, shift+r reset all cards.
 */

const TITLES = {
  order_id: 'field.order_id', method: 'repaymentCard.field.method', amount: 'field.amount', bank_card_id: 'repaymentCard.field.bank_card_id',
  customer_id: 'field.customer_id', merchant_id: 'field.merchant_id', remark: 'field.remark',
};

type Page = 'repaymentList' | 'repaymentCardList' | 'resetAllRepaymentCards' | 'paymentPayCard';

/** An action of a /repayment page: id `repayment.<page>.<verb>`, node `repayment_<page>_<verb>`. */
function action(page: Page, verb: string, def: Partial<CommandDef> & { scope: CommandScope; api: CommandDef['api'] }): CommandDef {
  return {
    id: `repayment.${page}.${verb}`, kind: 'action', area: 'repayment', title: `action.repayment.${page}.${verb}`,
    permission: actionKey('repayment', page, verb), screen: `repayment.${page}`, paramTitles: TITLES, ...def,
  };
}

const post = (path: string) => ({ method: 'POST' as const, path });
const get = (path: string) => ({ method: 'GET' as const, path });

export const repaymentCardCommands: CommandDef[] = [
  pageScreen('repayment', 'repaymentCardList', { order: 1, keywords: ['virtual account', 'va card', 'repayment card', 'issue card'], api: get(REPAYMENT_API.cardList) }),
  pageScreen('repayment', 'paymentPayCard', { order: 5, keywords: ['card deduction', 'direct debit', 'deduct'], api: get(REPAYMENT_API.payCardList) }),
  pageScreen('repayment', 'resetAllRepaymentCards', { order: 6, keywords: ['reset cards', 're-issue virtual accounts', 'batch'], api: get(REPAYMENT_API.resetCardBatches) }),

  // On the repayment list (a screen of the repayment area).
  action('repaymentList', 'collect', {
    scope: 'screen', api: post(REPAYMENT_API.collect), params: collectBody.omit({ idempotency_key: true }), idempotent: true, hotkey: 'l',
    keywords: ['repayment link', 'qr code', 'payment link', 'collect money'],
  }),
  action('repaymentList', 'recheck', { scope: 'single', api: post(REPAYMENT_API.recheck), hotkey: 'c', keywords: ['re-check payment status', 'query provider'] }),

  action('repaymentCardList', 'issue', { scope: 'screen', api: post(REPAYMENT_API.cardIssue), params: repaymentCardIssueBody, hotkey: 'i', keywords: ['issue virtual account', 're-issue card'] }),
  action('resetAllRepaymentCards', 'reset', {
    scope: 'screen', api: post(REPAYMENT_API.resetCards), params: resetCardsBody, hotkey: 'shift+r', danger: true, keywords: ['reset all cards', 're-issue all'],
  }),
  action('paymentPayCard', 'deduct', {
    scope: 'screen', api: post(REPAYMENT_CARD_API.deduct), params: deductBody.omit({ idempotency_key: true }), idempotent: true, hotkey: 'd',
    keywords: ['deduct from card', 'direct debit'],
  }),
];
