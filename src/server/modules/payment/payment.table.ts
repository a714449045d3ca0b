import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

// Tables of the payment area (exported through src/server/db/schema.ts). docs/payment.md describes the flow.

const ts = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * Payment channels (/system/bankChannel): a provider that pays out to customers' cards. `provider` sandbox (built
 * in) or http (the generic adapter); `config` holds the non-secret settings (ChannelConfig), the two secrets are
 * columns that lists never return. `is_default` pays for merchants whose payment config names no channel.
 */
export const paymentChannel = pgTable('payment_channel', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull(),
  name: varchar('name', { length: 100 }).notNull(),
  provider: varchar('provider', { length: 16 }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  isDefault: boolean('is_default').notNull().default(false),
  config: jsonb('config').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  apiKey: varchar('api_key', { length: 200 }).notNull().default(''),
  /** HMAC secret of requests and callbacks (generated for a sandbox channel). */
  signSecret: varchar('sign_secret', { length: 200 }).notNull().default(''),
  remark: varchar('remark', { length: 200 }).notNull().default(''),
  lastTestAt: ts('last_test_at'),
  lastTestOk: boolean('last_test_ok'),
  lastTestMessage: varchar('last_test_message', { length: 200 }).notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('payment_channel_code_uq').on(t.code),
  index('payment_channel_created_idx').on(t.createdAt, t.id),
]);

/** A merchant's payout settings (/merchant/autoPaymentConfig); no row = the defaults (automatic, no audit, default channel). */
export const merchantPaymentConfig = pgTable('merchant_payment_config', {
  merchantId: integer('merchant_id').primaryKey(),
  payoutChannelId: integer('payout_channel_id'),
  autoPayout: boolean('auto_payout').notNull().default(true),
  auditEnabled: boolean('audit_enabled').notNull().default(false),
  /** Transfers above this amount wait for the audit (when audit_enabled); 0 with audit on: every transfer. */
  auditAboveMinor: money('audit_above_minor'),
  minPayoutMinor: money('min_payout_minor'),
  /** 0 = no upper limit. */
  maxPayoutMinor: money('max_payout_minor'),
  updatedBy: integer('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Automatic loan rules (/merchant/autoLoanRule): orders they match skip the transfer audit. */
export const autoLoanRule = pgTable('auto_loan_rule', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  name: varchar('name', { length: 100 }).notNull(),
  /** all | new | returning */
  customerType: varchar('customer_type', { length: 12 }).notNull().default('all'),
  /** 0 = any amount. */
  maxAmountMinor: money('max_amount_minor'),
  minSettledLoans: integer('min_settled_loans').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('auto_loan_rule_merchant_idx').on(t.merchantId, t.sort, t.id),
  index('auto_loan_rule_created_idx').on(t.createdAt, t.id),
]);

/**
 * A transfer: the payout one loan order needs (spec §4 "Transfer": pending_review | in_progress | success |
 * failure). `amount` is what reaches the card (the order's received amount), `fee` the platform's payout fee charged
 * to the merchant; both were frozen on the merchant's ledger when the withdrawal was confirmed (or re-transferred).
 * At most one transfer of an order is not failed (partial unique index).
 */
export const transfer = pgTable('transfer', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  transferNo: varchar('transfer_no', { length: 32 }).notNull(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  merchantId: integer('merchant_id').notNull(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  bankCardId: bigint('bank_card_id', { mode: 'number' }),
  currency: varchar('currency', { length: 3 }).notNull(),
  amountMinor: money('amount_minor'),
  feeMinor: money('fee_minor'),
  /** Principal of the order when the transfer was made (the loan account's side of the success posting). */
  loanAmountMinor: money('loan_amount_minor'),
  status: varchar('status', { length: 16 }).notNull(),
  /** Paid by staff outside any channel (manual transfer). */
  manual: boolean('manual').notNull().default(false),
  channelId: integer('channel_id'),
  providerRef: varchar('provider_ref', { length: 64 }).notNull().default(''),
  attempts: smallint('attempts').notNull().default(0),
  auditRequired: boolean('audit_required').notNull().default(false),
  /** threshold | auto_payout_off | no_channel ('' when none). */
  auditReason: varchar('audit_reason', { length: 20 }).notNull().default(''),
  auditedBy: integer('audited_by'),
  auditedAt: ts('audited_at'),
  auditRemark: varchar('audit_remark', { length: 200 }).notNull().default(''),
  /** Postings of the current attempt: the freeze, then the success or the release. */
  freezePostingId: bigint('freeze_posting_id', { mode: 'number' }),
  successPostingId: bigint('success_posting_id', { mode: 'number' }),
  releasePostingId: bigint('release_posting_id', { mode: 'number' }),
  failureReason: varchar('failure_reason', { length: 200 }).notNull().default(''),
  manualReference: varchar('manual_reference', { length: 64 }).notNull().default(''),
  manualProofUrl: varchar('manual_proof_url', { length: 500 }).notNull().default(''),
  reversed: boolean('reversed').notNull().default(false),
  reversedAt: ts('reversed_at'),
  reversedBy: integer('reversed_by'),
  reverseReason: varchar('reverse_reason', { length: 200 }).notNull().default(''),
  withdrawalType: varchar('withdrawal_type', { length: 12 }).notNull().default(''),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  sentAt: ts('sent_at'),
  completedAt: ts('completed_at'),
}, (t) => [
  uniqueIndex('transfer_no_uq').on(t.transferNo),
  uniqueIndex('transfer_open_order_uq').on(t.orderId).where(sql`status <> 'failure'`),
  index('transfer_order_idx').on(t.orderId, t.id),
  index('transfer_merchant_status_created_idx').on(t.merchantId, t.status, t.createdAt, t.id),
  index('transfer_status_created_idx').on(t.status, t.createdAt, t.id),
  index('transfer_merchant_created_idx').on(t.merchantId, t.createdAt, t.id),
  index('transfer_created_idx').on(t.createdAt, t.id),
  index('transfer_amount_idx').on(t.amountMinor, t.id),
  // Today's reversed payouts, for the statistics refresh (the order leaves its due date's cohort).
  index('transfer_merchant_reversed_idx').on(t.merchantId, t.reversedAt).where(sql`reversed_at is not null`),
]);

/**
 * One attempt of a transfer at a channel (provider `sandbox` | `http`, or `manual` for a payout staff recorded).
 * `payment_no` is our reference sent to the provider; `provider_ref` the provider's, unique per channel: callbacks
 * are idempotent by it.
 */
export const paymentOrder = pgTable('payment_order', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  paymentNo: varchar('payment_no', { length: 32 }).notNull(),
  transferId: bigint('transfer_id', { mode: 'number' }).notNull(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  merchantId: integer('merchant_id').notNull(),
  channelId: integer('channel_id'),
  provider: varchar('provider', { length: 16 }).notNull(),
  currency: varchar('currency', { length: 3 }).notNull(),
  amountMinor: money('amount_minor'),
  /** in_progress | success | failure */
  status: varchar('status', { length: 16 }).notNull(),
  providerRef: varchar('provider_ref', { length: 64 }).notNull().default(''),
  request: jsonb('request'),
  response: jsonb('response'),
  callback: jsonb('callback'),
  callbackAt: ts('callback_at'),
  failureReason: varchar('failure_reason', { length: 200 }).notNull().default(''),
  checkCount: integer('check_count').notNull().default(0),
  checkedAt: ts('checked_at'),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  completedAt: ts('completed_at'),
}, (t) => [
  uniqueIndex('payment_order_no_uq').on(t.paymentNo),
  uniqueIndex('payment_order_provider_ref_uq').on(t.channelId, t.providerRef).where(sql`provider_ref <> ''`),
  index('payment_order_transfer_idx').on(t.transferId, t.id),
  index('payment_order_merchant_status_created_idx').on(t.merchantId, t.status, t.createdAt, t.id),
  index('payment_order_status_created_idx').on(t.status, t.createdAt, t.id),
  index('payment_order_merchant_created_idx').on(t.merchantId, t.createdAt, t.id),
  index('payment_order_created_idx').on(t.createdAt, t.id),
]);

/** Payout records (/payment/orderRecord): every message exchanged with a channel and every staff decision, append-only. */
export const paymentEvent = pgTable('payment_event', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: varchar('kind', { length: 16 }).notNull(),
  paymentOrderId: bigint('payment_order_id', { mode: 'number' }),
  transferId: bigint('transfer_id', { mode: 'number' }).notNull(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  merchantId: integer('merchant_id').notNull(),
  /** The status after the event ('' when it changed nothing). */
  status: varchar('status', { length: 16 }).notNull().default(''),
  providerRef: varchar('provider_ref', { length: 64 }).notNull().default(''),
  body: jsonb('body'),
  accountId: integer('account_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('payment_event_merchant_created_idx').on(t.merchantId, t.createdAt, t.id),
  index('payment_event_created_idx').on(t.createdAt, t.id),
  index('payment_event_kind_created_idx').on(t.kind, t.createdAt, t.id),
  index('payment_event_transfer_idx').on(t.transferId, t.id),
]);

/** Cards / accounts customers pay into (/transfer/repaymentPayCard and collectionPayCard), by `purpose`. */
export const payCard = pgTable('pay_card', {
  id: serial('id').primaryKey(),
  /** repayment | collection */
  purpose: varchar('purpose', { length: 12 }).notNull(),
  merchantId: integer('merchant_id').notNull(),
  channelId: integer('channel_id'),
  bankName: varchar('bank_name', { length: 100 }).notNull(),
  accountName: varchar('account_name', { length: 100 }).notNull(),
  accountNumber: varchar('account_number', { length: 40 }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  remark: varchar('remark', { length: 200 }).notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('pay_card_purpose_merchant_created_idx').on(t.purpose, t.merchantId, t.createdAt, t.id),
  index('pay_card_purpose_created_idx').on(t.purpose, t.createdAt, t.id),
]);
