import { eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { pageKey } from '../../../../commands/permissions';
import {
  autoLoanRuleListQuery, channelListQuery, payCardListQuery, paymentConfigListQuery, paymentEventListQuery, paymentOrderListQuery,
  transferListQuery, type PayCardPurpose, type PaymentOrderStatus, type TransferStatus,
} from '../../../schemas/payment';
import { defineList, merchantScope } from '../../list/define';
import { customer } from '../client/client.table';
import { customersByPhone, outer } from '../client/client.routes';
import { dateRange } from '../empower/time';
import { likeEscape } from '../empower/scope';
import { merchant } from '../merchant/merchant.table';
import { loanOrder } from '../order/order.table';
import { autoLoanRule, merchantPaymentConfig, payCard, paymentChannel, paymentEvent, paymentOrder, transfer } from './payment.table';
import { amountRange, moneyValue } from '../../list/values';

/**
 * The list screens of the payment area, all on the list engine (merchant scope, masking, keyset paging, export).
 * Each screen is its own list and URL so that each enforces its own page's permission; the status screens are the
 * query list with the status fixed.
 */

const merchantName = (col: PgColumn) => sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(col)})`;
const channelName = (col: PgColumn) => sql<string | null>`(select c.name from ${paymentChannel} c where c.id = ${outer(col)})`;
const orderNo = (col: PgColumn) => sql<string | null>`(select o.order_no from ${loanOrder} o where o.id = ${outer(col)})`;
const ordersNumbered = (no: string) => sql`(select o.id from ${loanOrder} o where o.order_no = ${no} or o.external_order_no = ${no})`;

// ------------------------------------------------------------------ transfers

const transferColumns = {
  id: transfer.id,
  transfer_no: transfer.transferNo,
  order_id: transfer.orderId,
  order_no: orderNo(transfer.orderId),
  merchant_id: transfer.merchantId,
  merchant_name: merchantName(transfer.merchantId),
  customer_id: transfer.customerId,
  customer_name: sql<string | null>`(select c.name from ${customer} c where c.id = ${outer(transfer.customerId)})`,
  phone: sql<string | null>`(select c.phone from ${customer} c where c.id = ${outer(transfer.customerId)})`,
  currency: transfer.currency,
  amount: transfer.amountMinor,
  fee: transfer.feeMinor,
  loan_amount: transfer.loanAmountMinor,
  status: transfer.status,
  manual: transfer.manual,
  channel_id: transfer.channelId,
  channel_name: channelName(transfer.channelId),
  provider_ref: transfer.providerRef,
  attempts: transfer.attempts,
  audit_required: transfer.auditRequired,
  audit_reason: transfer.auditReason,
  audited_at: transfer.auditedAt,
  audit_remark: transfer.auditRemark,
  failure_reason: transfer.failureReason,
  manual_reference: transfer.manualReference,
  manual_proof_url: transfer.manualProofUrl,
  reversed: transfer.reversed,
  reverse_reason: transfer.reverseReason,
  withdrawal_type: transfer.withdrawalType,
  created_at: transfer.createdAt,
  sent_at: transfer.sentAt,
  completed_at: transfer.completedAt,
};

/** Screens of /transfer with a list of transfers, and what each keeps. */
const TRANSFER_SCREENS: Record<string, { statuses?: TransferStatus[]; manualCandidates?: boolean }> = {
  TransferOrderQuery: {},
  orderAudit: { statuses: ['pending_review'] },
  TransferOrderLoan: { statuses: ['in_progress'] },
  TransferOrderSuccess: { statuses: ['success'] },
  TransferOrderFail: { statuses: ['failure'] },
  // Manual transfers made, and the transfers one may be made for (waiting for audit, or failed).
  TransferOrderArtificial: { manualCandidates: true },
};

function transferList(page: string) {
  const fixed = TRANSFER_SCREENS[page];
  return defineList({
    id: `transfer.${page}`,
    permission: pageKey('transfer', page),
    from: transfer,
    columns: transferColumns,
    filters: transferListQuery,
    scope: merchantScope(transfer.merchantId),
    where: (f, _actor, ctx) => [
      fixed.statuses ? inArray(transfer.status, fixed.statuses) : undefined,
      fixed.manualCandidates ? or(eq(transfer.manual, true), inArray(transfer.status, ['pending_review', 'failure'])) : undefined,
      f.status ? eq(transfer.status, f.status) : undefined,
      f.transfer_no ? eq(transfer.transferNo, f.transfer_no) : undefined,
      f.order_no ? inArray(transfer.orderId, ordersNumbered(f.order_no)) : undefined,
      f.phone ? inArray(transfer.customerId, customersByPhone(f.phone)) : undefined,
      f.merchant_id !== undefined ? eq(transfer.merchantId, f.merchant_id) : undefined,
      f.channel_id !== undefined ? eq(transfer.channelId, f.channel_id) : undefined,
      f.manual !== undefined ? eq(transfer.manual, f.manual) : undefined,
      f.reversed !== undefined ? eq(transfer.reversed, f.reversed) : undefined,
      ...dateRange(transfer.createdAt, f.created_from, f.created_to, ctx.cfg.timeZone),
      ...amountRange(transfer.amountMinor, f.amount_min, f.amount_max),
    ],
    sorts: { created_at: transfer.createdAt, amount: transfer.amountMinor, id: transfer.id },
    defaultSort: 'created_at:desc',
    mask: { phone: 'phone' },
    exportColumns: [
      { key: 'transfer_no', title: 'field.transfer_no' },
      { key: 'order_no', title: 'field.order_no' },
      { key: 'merchant_name', title: 'field.merchant_id' },
      { key: 'customer_name', title: 'field.customer_name' },
      { key: 'phone', title: 'field.phone' },
      { key: 'status', title: 'field.status' },
      { key: 'currency', title: 'field.currency' },
      { key: 'amount', title: 'field.amount', value: moneyValue('amount') },
      { key: 'fee', title: 'field.fee', value: moneyValue('fee') },
      { key: 'channel_name', title: 'field.payout_channel_id' },
      { key: 'provider_ref', title: 'field.provider_ref' },
      { key: 'attempts', title: 'field.attempts' },
      { key: 'manual_reference', title: 'field.manual_reference' },
      { key: 'failure_reason', title: 'field.failure_reason' },
      { key: 'created_at', title: 'field.created_at' },
      { key: 'completed_at', title: 'field.completed_at' },
    ],
  });
}

export const TRANSFER_LISTS = Object.fromEntries(Object.keys(TRANSFER_SCREENS).map((p) => [p, transferList(p)]));
export const TRANSFER_LIST_URLS: Record<string, string> = {
  TransferOrderQuery: '/loanapi/transfer/list',
  orderAudit: '/loanapi/transfer/audit_list',
  TransferOrderLoan: '/loanapi/transfer/loan_list',
  TransferOrderSuccess: '/loanapi/transfer/success_list',
  TransferOrderFail: '/loanapi/transfer/fail_list',
  TransferOrderArtificial: '/loanapi/transfer/artificial_list',
};

// ------------------------------------------------------------------ payment orders (attempts)

const PAYMENT_SCREENS: Record<string, PaymentOrderStatus | null> = {
  PaymentOrderQuery: null, paymentOrderLoan: 'in_progress', PaymentOrderSuccess: 'success', PaymentOrderFail: 'failure',
};

function paymentOrderList(page: string) {
  const fixed = PAYMENT_SCREENS[page];
  return defineList({
    id: `payment.${page}`,
    permission: pageKey('payment', page),
    from: paymentOrder,
    columns: {
      id: paymentOrder.id,
      payment_no: paymentOrder.paymentNo,
      transfer_id: paymentOrder.transferId,
      transfer_no: sql<string | null>`(select t.transfer_no from ${transfer} t where t.id = ${outer(paymentOrder.transferId)})`,
      order_id: paymentOrder.orderId,
      order_no: orderNo(paymentOrder.orderId),
      merchant_id: paymentOrder.merchantId,
      merchant_name: merchantName(paymentOrder.merchantId),
      channel_id: paymentOrder.channelId,
      channel_name: channelName(paymentOrder.channelId),
      provider: paymentOrder.provider,
      currency: paymentOrder.currency,
      amount: paymentOrder.amountMinor,
      status: paymentOrder.status,
      provider_ref: paymentOrder.providerRef,
      failure_reason: paymentOrder.failureReason,
      check_count: paymentOrder.checkCount,
      checked_at: paymentOrder.checkedAt,
      callback_at: paymentOrder.callbackAt,
      created_at: paymentOrder.createdAt,
      completed_at: paymentOrder.completedAt,
    },
    filters: paymentOrderListQuery,
    scope: merchantScope(paymentOrder.merchantId),
    where: (f, _actor, ctx) => [
      fixed ? eq(paymentOrder.status, fixed) : undefined,
      f.status ? eq(paymentOrder.status, f.status) : undefined,
      f.payment_no ? eq(paymentOrder.paymentNo, f.payment_no) : undefined,
      f.provider_ref ? eq(paymentOrder.providerRef, f.provider_ref) : undefined,
      f.order_no ? inArray(paymentOrder.orderId, ordersNumbered(f.order_no)) : undefined,
      f.merchant_id !== undefined ? eq(paymentOrder.merchantId, f.merchant_id) : undefined,
      f.channel_id !== undefined ? eq(paymentOrder.channelId, f.channel_id) : undefined,
      ...dateRange(paymentOrder.createdAt, f.created_from, f.created_to, ctx.cfg.timeZone),
    ],
    sorts: { created_at: paymentOrder.createdAt, id: paymentOrder.id },
    defaultSort: 'created_at:desc',
    exportColumns: [
      { key: 'payment_no', title: 'field.payment_no' },
      { key: 'transfer_no', title: 'field.transfer_no' },
      { key: 'order_no', title: 'field.order_no' },
      { key: 'merchant_name', title: 'field.merchant_id' },
      { key: 'channel_name', title: 'field.payout_channel_id' },
      { key: 'provider', title: 'field.provider' },
      { key: 'status', title: 'field.status' },
      { key: 'currency', title: 'field.currency' },
      { key: 'amount', title: 'field.amount', value: moneyValue('amount') },
      { key: 'provider_ref', title: 'field.provider_ref' },
      { key: 'failure_reason', title: 'field.failure_reason' },
      { key: 'created_at', title: 'field.created_at' },
      { key: 'completed_at', title: 'field.completed_at' },
    ],
  });
}

export const PAYMENT_LISTS = Object.fromEntries(Object.keys(PAYMENT_SCREENS).map((p) => [p, paymentOrderList(p)]));
export const PAYMENT_LIST_URLS: Record<string, string> = {
  PaymentOrderQuery: '/loanapi/payment_order/list',
  paymentOrderLoan: '/loanapi/payment_order/loan_list',
  PaymentOrderSuccess: '/loanapi/payment_order/success_list',
  PaymentOrderFail: '/loanapi/payment_order/fail_list',
};

/** /payment/orderRecord: the payout records (every request, answer, callback, query and staff decision). */
export const paymentRecordList = defineList({
  id: 'payment.orderRecord',
  permission: pageKey('payment', 'orderRecord'),
  from: paymentEvent,
  columns: {
    id: paymentEvent.id,
    kind: paymentEvent.kind,
    payment_order_id: paymentEvent.paymentOrderId,
    payment_no: sql<string | null>`(select p.payment_no from ${paymentOrder} p where p.id = ${outer(paymentEvent.paymentOrderId)})`,
    transfer_id: paymentEvent.transferId,
    transfer_no: sql<string | null>`(select t.transfer_no from ${transfer} t where t.id = ${outer(paymentEvent.transferId)})`,
    order_id: paymentEvent.orderId,
    order_no: orderNo(paymentEvent.orderId),
    merchant_id: paymentEvent.merchantId,
    merchant_name: merchantName(paymentEvent.merchantId),
    status: paymentEvent.status,
    provider_ref: paymentEvent.providerRef,
    body: paymentEvent.body,
    account_id: paymentEvent.accountId,
    created_at: paymentEvent.createdAt,
  },
  filters: paymentEventListQuery,
  scope: merchantScope(paymentEvent.merchantId),
  where: (f, _actor, ctx) => [
    f.kind ? eq(paymentEvent.kind, f.kind) : undefined,
    f.payment_no ? inArray(paymentEvent.paymentOrderId, sql`(select p.id from ${paymentOrder} p where p.payment_no = ${f.payment_no})`) : undefined,
    f.order_no ? inArray(paymentEvent.orderId, ordersNumbered(f.order_no)) : undefined,
    f.merchant_id !== undefined ? eq(paymentEvent.merchantId, f.merchant_id) : undefined,
    ...dateRange(paymentEvent.createdAt, f.created_from, f.created_to, ctx.cfg.timeZone),
  ],
  sorts: { created_at: paymentEvent.createdAt, id: paymentEvent.id },
  defaultSort: 'created_at:desc',
  exportColumns: [
    { key: 'created_at', title: 'field.created_at' },
    { key: 'kind', title: 'field.event_kind' },
    { key: 'payment_no', title: 'field.payment_no' },
    { key: 'transfer_no', title: 'field.transfer_no' },
    { key: 'order_no', title: 'field.order_no' },
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'status', title: 'field.status' },
    { key: 'provider_ref', title: 'field.provider_ref' },
    { key: 'body', title: 'field.body', value: (r) => JSON.stringify(r.body ?? null) },
  ],
});

// ------------------------------------------------------------------ configuration lists

/** /system/bankChannel: the channels (system-wide; secrets never listed). */
export const channelList = defineList({
  id: 'system.bankChannel',
  permission: pageKey('system', 'bankChannel'),
  from: paymentChannel,
  columns: {
    id: paymentChannel.id,
    code: paymentChannel.code,
    name: paymentChannel.name,
    provider: paymentChannel.provider,
    enabled: paymentChannel.enabled,
    is_default: paymentChannel.isDefault,
    config: paymentChannel.config,
    has_api_key: sql<boolean>`(${paymentChannel.apiKey} <> '')`,
    has_sign_secret: sql<boolean>`(${paymentChannel.signSecret} <> '')`,
    remark: paymentChannel.remark,
    last_test_at: paymentChannel.lastTestAt,
    last_test_ok: paymentChannel.lastTestOk,
    last_test_message: paymentChannel.lastTestMessage,
    created_at: paymentChannel.createdAt,
    updated_at: paymentChannel.updatedAt,
  },
  filters: channelListQuery,
  where: (f) => [
    f.keyword ? or(ilike(paymentChannel.code, `${likeEscape(f.keyword)}%`), ilike(paymentChannel.name, `%${likeEscape(f.keyword)}%`)) : undefined,
    f.provider ? eq(paymentChannel.provider, f.provider) : undefined,
    f.enabled !== undefined ? eq(paymentChannel.enabled, f.enabled) : undefined,
  ],
  sorts: { created_at: paymentChannel.createdAt, id: paymentChannel.id },
  defaultSort: 'created_at:desc',
  exportColumns: [
    { key: 'code', title: 'field.code' },
    { key: 'name', title: 'field.name' },
    { key: 'provider', title: 'field.provider' },
    { key: 'enabled', title: 'field.enabled' },
    { key: 'is_default', title: 'field.is_default' },
    { key: 'remark', title: 'field.remark' },
    { key: 'created_at', title: 'field.created_at' },
  ],
});

/** /merchant/autoPaymentConfig: every merchant of the scope with its payout settings (defaults where none saved). */
export const paymentConfigList = defineList({
  id: 'merchant.autoPaymentConfig',
  permission: pageKey('merchant', 'autoPaymentConfig'),
  from: (db, fields) => db.select(fields).from(merchant).leftJoin(merchantPaymentConfig, eq(merchantPaymentConfig.merchantId, merchant.id)).$dynamic(),
  key: merchant.id,
  columns: {
    id: merchant.id,
    merchant_code: merchant.code,
    merchant_name: merchant.name,
    currency: merchant.currency,
    payout_channel_id: merchantPaymentConfig.payoutChannelId,
    channel_name: sql<string | null>`(select c.name from ${paymentChannel} c where c.id = ${merchantPaymentConfig.payoutChannelId})`,
    auto_payout: sql<boolean>`coalesce(${merchantPaymentConfig.autoPayout}, true)`,
    audit_enabled: sql<boolean>`coalesce(${merchantPaymentConfig.auditEnabled}, false)`,
    audit_above: sql<number>`coalesce(${merchantPaymentConfig.auditAboveMinor}, 0)::float8`,
    min_payout: sql<number>`coalesce(${merchantPaymentConfig.minPayoutMinor}, 0)::float8`,
    max_payout: sql<number>`coalesce(${merchantPaymentConfig.maxPayoutMinor}, 0)::float8`,
    payout_fee_new: merchant.payoutFeeNewMinor,
    payout_fee_returning: merchant.payoutFeeReturningMinor,
    updated_at: merchantPaymentConfig.updatedAt,
  },
  filters: paymentConfigListQuery,
  scope: merchantScope(merchant.id),
  where: (f) => [
    f.merchant_id !== undefined ? eq(merchant.id, f.merchant_id) : undefined,
    f.keyword ? or(ilike(merchant.code, `${likeEscape(f.keyword)}%`), ilike(merchant.name, `%${likeEscape(f.keyword)}%`)) : undefined,
  ],
  sorts: { id: merchant.id },
  defaultSort: 'id:asc',
  exportColumns: [
    { key: 'merchant_code', title: 'field.code' },
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'channel_name', title: 'field.payout_channel_id' },
    { key: 'auto_payout', title: 'field.auto_payout' },
    { key: 'audit_enabled', title: 'field.audit_enabled' },
    { key: 'audit_above', title: 'field.audit_above', value: moneyValue('audit_above') },
    { key: 'min_payout', title: 'field.min_payout', value: moneyValue('min_payout') },
    { key: 'max_payout', title: 'field.max_payout', value: moneyValue('max_payout') },
  ],
});

/** /merchant/autoLoanRule. */
export const autoLoanRuleList = defineList({
  id: 'merchant.autoLoanRule',
  permission: pageKey('merchant', 'autoLoanRule'),
  from: autoLoanRule,
  columns: {
    id: autoLoanRule.id,
    merchant_id: autoLoanRule.merchantId,
    merchant_name: merchantName(autoLoanRule.merchantId),
    currency: sql<string | null>`(select m.currency from ${merchant} m where m.id = ${outer(autoLoanRule.merchantId)})`,
    name: autoLoanRule.name,
    customer_type: autoLoanRule.customerType,
    max_amount: autoLoanRule.maxAmountMinor,
    min_settled_loans: autoLoanRule.minSettledLoans,
    enabled: autoLoanRule.enabled,
    sort: autoLoanRule.sort,
    created_at: autoLoanRule.createdAt,
    updated_at: autoLoanRule.updatedAt,
  },
  filters: autoLoanRuleListQuery,
  scope: merchantScope(autoLoanRule.merchantId),
  where: (f) => [
    f.merchant_id !== undefined ? eq(autoLoanRule.merchantId, f.merchant_id) : undefined,
    f.enabled !== undefined ? eq(autoLoanRule.enabled, f.enabled) : undefined,
  ],
  sorts: { created_at: autoLoanRule.createdAt, id: autoLoanRule.id },
  defaultSort: 'created_at:desc',
  exportColumns: [
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'name', title: 'field.name' },
    { key: 'customer_type', title: 'field.customer_type' },
    { key: 'max_amount', title: 'field.max_amount', value: moneyValue('max_amount') },
    { key: 'min_settled_loans', title: 'field.min_settled_loans' },
    { key: 'enabled', title: 'field.enabled' },
  ],
});

function payCardList(purpose: PayCardPurpose) {
  const page = purpose === 'repayment' ? 'repaymentPayCard' : 'collectionPayCard';
  return defineList({
    id: `transfer.${page}`,
    permission: pageKey('transfer', page),
    from: payCard,
    columns: {
      id: payCard.id,
      purpose: payCard.purpose,
      merchant_id: payCard.merchantId,
      merchant_name: merchantName(payCard.merchantId),
      channel_id: payCard.channelId,
      channel_name: channelName(payCard.channelId),
      bank_name: payCard.bankName,
      account_name: payCard.accountName,
      account_number: payCard.accountNumber,
      enabled: payCard.enabled,
      sort: payCard.sort,
      remark: payCard.remark,
      created_at: payCard.createdAt,
      updated_at: payCard.updatedAt,
    },
    filters: payCardListQuery,
    scope: merchantScope(payCard.merchantId),
    where: (f) => [
      eq(payCard.purpose, purpose),
      f.merchant_id !== undefined ? eq(payCard.merchantId, f.merchant_id) : undefined,
      f.enabled !== undefined ? eq(payCard.enabled, f.enabled) : undefined,
      f.keyword ? or(ilike(payCard.bankName, `%${likeEscape(f.keyword)}%`), ilike(payCard.accountName, `%${likeEscape(f.keyword)}%`), ilike(payCard.accountNumber, `${likeEscape(f.keyword)}%`)) : undefined,
    ],
    sorts: { created_at: payCard.createdAt, id: payCard.id },
    defaultSort: 'created_at:desc',
    exportColumns: [
      { key: 'merchant_name', title: 'field.merchant_id' },
      { key: 'bank_name', title: 'field.bank_name' },
      { key: 'account_name', title: 'field.account_name' },
      { key: 'account_number', title: 'field.account_number' },
      { key: 'channel_name', title: 'field.payout_channel_id' },
      { key: 'enabled', title: 'field.enabled' },
      { key: 'remark', title: 'field.remark' },
    ],
  });
}

export const PAY_CARD_LISTS = { repayment: payCardList('repayment'), collection: payCardList('collection') };
