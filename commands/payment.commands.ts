import type { CommandDef } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import {
  auditApproveBody, auditRejectBody, autoLoanRuleBody, autoLoanRuleEditBody, channelBody, channelEditBody, manualTransferBody, payCardBody,
  payCardEditBody, paymentConfigBody, retransferBody, reverseBody, secureKeyBody,
} from '../src/schemas/payment';

/**
 * Screens and actions of the payment area: payouts (/payment), transfers (/transfer, same area on disk), payment
 * channels (/system/bankChannel) and the merchant's payout settings (/merchant/autoPaymentConfig, autoLoanRule).
 * Command ids follow the permission groups' areas: payment.*, transfer.*, system.bankChannel*, merchant.auto*.
 */

type Def = Partial<CommandDef> & Pick<CommandDef, 'api'>;

/** An action of a page: id `<area>.<page>.<verb>`, node `<page key>_<verb>`. */
function pageAction(group: string, area: string, page: string, verb: string, def: Def): CommandDef {
  return {
    id: `${area}.${page}.${verb}`, kind: 'action', area, title: `action.${area}.${page}.${verb}`,
    permission: actionKey(group, page, verb), screen: `${area}.${page}`, scope: 'single', ...def,
  };
}

const post = (path: string) => ({ method: 'POST' as const, path });
const get = (path: string) => ({ method: 'GET' as const, path });
const payCard = (page: 'repaymentPayCard' | 'collectionPayCard', purpose: string): CommandDef[] => [
  pageAction('transfer', 'transfer', page, 'add', { scope: 'screen', api: post(`/loanapi/${purpose}_pay_card/add`), params: payCardBody, hotkey: 'n' }),
  pageAction('transfer', 'transfer', page, 'edit', { api: post(`/loanapi/${purpose}_pay_card/edit`), params: payCardEditBody, hotkey: 'e' }),
  pageAction('transfer', 'transfer', page, 'del', { api: post(`/loanapi/${purpose}_pay_card/del`), danger: true }),
];

export const paymentCommands: CommandDef[] = [
  // ---- /payment: payout attempts at the channels
  pageScreen('payment', 'orderRecord', { order: 1, keywords: ['payout records', 'callbacks', 'payment log'], api: get('/loanapi/payment_order/record_list') }),
  pageScreen('payment', 'PaymentOrderQuery', { order: 2, keywords: ['payment orders', 'payouts', 'disbursement'], api: get('/loanapi/payment_order/list') }),
  pageScreen('payment', 'paymentOrderLoan', { order: 3, keywords: ['payouts in progress'], api: get('/loanapi/payment_order/loan_list') }),
  pageScreen('payment', 'PaymentOrderSuccess', { order: 4, keywords: ['payouts succeeded'], api: get('/loanapi/payment_order/success_list') }),
  pageScreen('payment', 'PaymentOrderFail', { order: 5, keywords: ['payouts failed'], api: get('/loanapi/payment_order/fail_list') }),
  pageAction('payment', 'payment', 'paymentOrderLoan', 'recheck', { api: post('/loanapi/payment_order/recheck'), hotkey: 'c', keywords: ['re-check payment status', 'query'] }),
  pageAction('payment', 'payment', 'PaymentOrderFail', 'retransfer', { api: post('/loanapi/payment_order/retransfer'), params: retransferBody, hotkey: 't', idempotent: true, keywords: ['re-transfer', 'pay again'] }),

  // ---- /transfer: one transfer per payout, its audit, re-transfer, manual transfer, reversal
  pageScreen('transfer', 'TransferOrderQuery', { order: 1, keywords: ['transfers', 'transfer orders'], api: get('/loanapi/transfer/list') }),
  pageScreen('transfer', 'orderAudit', { order: 2, keywords: ['transfer audit', 'approve payout'], api: get('/loanapi/transfer/audit_list') }),
  pageScreen('transfer', 'TransferOrderLoan', { order: 3, keywords: ['transfers in progress'], api: get('/loanapi/transfer/loan_list') }),
  pageScreen('transfer', 'TransferOrderSuccess', { order: 4, keywords: ['transfers succeeded', 'reverse'], api: get('/loanapi/transfer/success_list') }),
  pageScreen('transfer', 'TransferOrderFail', { order: 5, keywords: ['transfers failed', 're-transfer'], api: get('/loanapi/transfer/fail_list') }),
  pageScreen('transfer', 'TransferOrderArtificial', { order: 6, keywords: ['manual transfer', 'offline payout'], api: get('/loanapi/transfer/artificial_list') }),
  pageScreen('transfer', 'repaymentPayCard', { order: 7, keywords: ['repayment cards', 'receiving accounts'], api: get('/loanapi/repayment_pay_card/list') }),
  pageScreen('transfer', 'collectionPayCard', { order: 8, keywords: ['collection cards', 'receiving accounts'], api: get('/loanapi/collection_pay_card/list') }),
  pageAction('transfer', 'transfer', 'orderAudit', 'approve', { api: post('/loanapi/transfer/audit_approve'), params: auditApproveBody, hotkey: 'a', idempotent: true }),
  pageAction('transfer', 'transfer', 'orderAudit', 'reject', { api: post('/loanapi/transfer/audit_reject'), params: auditRejectBody, hotkey: 'r', danger: true, idempotent: true }),
  pageAction('transfer', 'transfer', 'TransferOrderLoan', 'recheck', { api: post('/loanapi/transfer/recheck'), hotkey: 'c', keywords: ['re-check payment status'] }),
  pageAction('transfer', 'transfer', 'TransferOrderFail', 'retransfer', { api: post('/loanapi/transfer/retransfer'), params: retransferBody, hotkey: 't', idempotent: true }),
  pageAction('transfer', 'transfer', 'TransferOrderArtificial', 'manual', { api: post('/loanapi/transfer/manual'), params: manualTransferBody, hotkey: 'm', idempotent: true }),
  pageAction('transfer', 'transfer', 'TransferOrderSuccess', 'reverse', {
    api: post('/loanapi/transfer/reverse'), params: reverseBody, danger: true, idempotent: true, keywords: ['reverse loan', 'secure operation key'],
  }),
  ...payCard('repaymentPayCard', 'repayment'),
  ...payCard('collectionPayCard', 'collection'),

  // ---- /system/bankChannel: payment channels and the secure operation key
  pageScreen('system', 'bankChannel', { order: 9, keywords: ['payment channels', 'bank channel', 'sandbox', 'gateway'], api: get('/loanapi/bank_channel/list') }),
  pageAction('system', 'system', 'bankChannel', 'add', { scope: 'screen', api: post('/loanapi/bank_channel/add'), params: channelBody, hotkey: 'n' }),
  pageAction('system', 'system', 'bankChannel', 'edit', { api: post('/loanapi/bank_channel/edit'), params: channelEditBody, hotkey: 'e' }),
  pageAction('system', 'system', 'bankChannel', 'enable', { scope: 'bulk', api: post('/loanapi/bank_channel/enable') }),
  pageAction('system', 'system', 'bankChannel', 'disable', { scope: 'bulk', api: post('/loanapi/bank_channel/disable'), danger: true }),
  pageAction('system', 'system', 'bankChannel', 'test', { api: post('/loanapi/bank_channel/test'), hotkey: 't', keywords: ['test connection'] }),
  pageAction('system', 'system', 'bankChannel', 'del', { api: post('/loanapi/bank_channel/del'), danger: true }),
  pageAction('system', 'system', 'bankChannel', 'secureKey', { scope: 'screen', api: post('/loanapi/bank_channel/secure_key'), params: secureKeyBody, danger: true, keywords: ['secure operation key'] }),

  // ---- /merchant: payout settings and automatic loan rules
  pageScreen('merchant', 'autoPaymentConfig', { order: 18, keywords: ['payment config', 'payout channel', 'transfer audit', 'payout limits'], api: get('/loanapi/payment_config/list') }),
  pageAction('merchant', 'merchant', 'autoPaymentConfig', 'edit', { api: post('/loanapi/payment_config/edit'), params: paymentConfigBody, hotkey: 'e' }),
  pageScreen('merchant', 'autoLoanRule', { order: 23, keywords: ['auto loan rules', 'audit exemption'], api: get('/loanapi/auto_loan_rule/list') }),
  pageAction('merchant', 'merchant', 'autoLoanRule', 'add', { scope: 'screen', api: post('/loanapi/auto_loan_rule/add'), params: autoLoanRuleBody, hotkey: 'n' }),
  pageAction('merchant', 'merchant', 'autoLoanRule', 'edit', { api: post('/loanapi/auto_loan_rule/edit'), params: autoLoanRuleEditBody, hotkey: 'e' }),
  pageAction('merchant', 'merchant', 'autoLoanRule', 'del', { api: post('/loanapi/auto_loan_rule/del'), danger: true }),
];
