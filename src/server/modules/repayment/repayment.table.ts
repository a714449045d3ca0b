import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * Money coming in for an order (spec §3 "Repayment"), whatever its way (REPAYMENT_TYPES in src/schemas/repayment.ts).
 * A success row holds how it was allocated over the order's parts (penalty, interest, fee, principal, and what was
 * paid above the debt: `overpaid`, kept as the customer's credit) and the posting that moved the money; a revoked
 * row also the reversal posting. `order_id` is null only for abnormal money the system could not match.
 */
export const repayment = pgTable('repayment', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  serialNo: varchar('serial_no', { length: 32 }).notNull(),
  orderId: bigint('order_id', { mode: 'number' }),
  merchantId: integer('merchant_id').notNull(),
  customerId: bigint('customer_id', { mode: 'number' }),
  currency: varchar('currency', { length: 3 }).notNull(),
  type: varchar('type', { length: 16 }).notNull(),
  status: varchar('status', { length: 12 }).notNull(),
  requestedMinor: money('requested_minor'),
  successMinor: money('success_minor'),
  penaltyMinor: money('penalty_minor'),
  interestMinor: money('interest_minor'),
  feeMinor: money('fee_minor'),
  principalMinor: money('principal_minor'),
  overpaidMinor: money('overpaid_minor'),
  /** Amount agreed with the customer (collection), informational. */
  agreedMinor: money('agreed_minor'),
  channelId: integer('channel_id'),
  /** The provider's reference: callbacks are idempotent by (channel, provider_ref). */
  providerRef: varchar('provider_ref', { length: 64 }).notNull().default(''),
  bankCardId: bigint('bank_card_id', { mode: 'number' }),
  /** Masked card / account the money came from. */
  cardNo: varchar('card_no', { length: 40 }).notNull().default(''),
  linkUrl: varchar('link_url', { length: 500 }).notNull().default(''),
  qrPayload: varchar('qr_payload', { length: 500 }).notNull().default(''),
  vaNumber: varchar('va_number', { length: 40 }).notNull().default(''),
  /** Bank statement reference (reconciliation) or the voucher's reference. */
  reference: varchar('reference', { length: 100 }).notNull().default(''),
  /** Repaid in total above the contract amount when this was applied (spec §5: flagged). */
  overContract: boolean('over_contract').notNull().default(false),
  /** ABNORMAL_REASONS ('' when normal). */
  abnormalReason: varchar('abnormal_reason', { length: 20 }).notNull().default(''),
  /** ABNORMAL_RESOLUTIONS ('' until handled). */
  resolution: varchar('resolution', { length: 12 }).notNull().default(''),
  resolvedBy: integer('resolved_by'),
  resolvedAt: ts('resolved_at'),
  operatorId: integer('operator_id'),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  postingId: bigint('posting_id', { mode: 'number' }),
  revokePostingId: bigint('revoke_posting_id', { mode: 'number' }),
  revokedBy: integer('revoked_by'),
  revokedAt: ts('revoked_at'),
  revokeReason: varchar('revoke_reason', { length: 200 }).notNull().default(''),
  /** The extension this payment paid for (type extension). */
  extensionId: bigint('extension_id', { mode: 'number' }),
  /** Business-clock time the money arrived. */
  paidAt: ts('paid_at'),
  expiresAt: ts('expires_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('repayment_serial_uq').on(t.serialNo),
  uniqueIndex('repayment_provider_ref_uq').on(t.channelId, t.providerRef).where(sql`provider_ref <> ''`),
  index('repayment_order_idx').on(t.orderId, t.id),
  index('repayment_merchant_created_idx').on(t.merchantId, t.createdAt, t.id),
  index('repayment_status_created_idx').on(t.status, t.createdAt, t.id),
  index('repayment_type_created_idx').on(t.type, t.createdAt, t.id),
  index('repayment_created_idx').on(t.createdAt, t.id),
  index('repayment_abnormal_idx').on(t.abnormalReason, t.createdAt, t.id).where(sql`abnormal_reason <> ''`),
  // Money in within a time window (the statistics refresh), whatever the merchant: it joins the order for that.
  index('repayment_merchant_paid_idx').on(t.merchantId, t.paidAt).where(sql`paid_at is not null`),
  // Today's revocations, for the statistics refresh (a revoked settlement moves its order back to its cohort's open).
  index('repayment_merchant_revoked_idx').on(t.merchantId, t.revokedAt).where(sql`revoked_at is not null`),
]);

/** A voucher (repayment proof, spec §3): upload time, uploader, type, result; linked once the repayment is recorded. */
export const repaymentProof = pgTable('repayment_proof', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  repaymentId: bigint('repayment_id', { mode: 'number' }),
  fileId: bigint('file_id', { mode: 'number' }).notNull(),
  fileUrl: varchar('file_url', { length: 300 }).notNull(),
  proofType: varchar('proof_type', { length: 20 }).notNull(),
  /** '' while not used by a repayment; accepted; revoked (its repayment was revoked). */
  result: varchar('result', { length: 12 }).notNull().default(''),
  uploaderId: integer('uploader_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('repayment_proof_repayment_idx').on(t.repaymentId, t.id)]);

/** Virtual-account cards customers pay into (/repayment/repaymentCardList), issued by the provider. */
export const repaymentCard = pgTable('repayment_card', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  channelId: integer('channel_id'),
  vaNumber: varchar('va_number', { length: 40 }).notNull(),
  bankName: varchar('bank_name', { length: 100 }).notNull().default(''),
  providerRef: varchar('provider_ref', { length: 64 }).notNull().default(''),
  /** active | expired */
  status: varchar('status', { length: 10 }).notNull(),
  batchId: integer('batch_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiredAt: ts('expired_at'),
}, (t) => [
  uniqueIndex('repayment_card_va_uq').on(t.vaNumber),
  uniqueIndex('repayment_card_active_uq').on(t.merchantId, t.customerId).where(sql`status = 'active'`),
  index('repayment_card_created_idx').on(t.createdAt, t.id),
]);

/** resetAllRepaymentCards batches: re-issue the cards of a merchant's open-loan customers, with progress. */
export const repaymentCardBatch = pgTable('repayment_card_batch', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  status: varchar('status', { length: 10 }).notNull(),
  total: integer('total').notNull().default(0),
  done: integer('done').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  remark: varchar('remark', { length: 200 }).notNull().default(''),
  error: varchar('error', { length: 300 }).notNull().default(''),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
}, (t) => [index('repayment_card_batch_merchant_idx').on(t.merchantId, t.id)]);

/** A merchant's overdue, extension and reduction rules (/merchant/DebtSettings); defaults when no row. */
export const debtSetting = pgTable('debt_setting', {
  merchantId: integer('merchant_id').primaryKey(),
  /** The DebtSettings object of src/schemas/repayment.ts (validated on save). */
  settings: jsonb('settings').notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** /merchant/repaymentDiscountRule: what reductions may waive, by overdue-day range. */
export const repaymentDiscountRule = pgTable('repayment_discount_rule', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  name: varchar('name', { length: 60 }).notNull(),
  minOverdueDays: integer('min_overdue_days').notNull(),
  maxOverdueDays: integer('max_overdue_days').notNull(),
  maxPenaltyBp: integer('max_penalty_bp').notNull(),
  maxInterestBp: integer('max_interest_bp').notNull(),
  maxPrincipalBp: integer('max_principal_bp').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('repayment_discount_rule_merchant_idx').on(t.merchantId, t.id)]);

/** A reduction (waiver) request and its decision; the approval's posting. */
export const reduction = pgTable('reduction', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  merchantId: integer('merchant_id').notNull(),
  amountMinor: money('amount_minor'),
  penaltyMinor: money('penalty_minor'),
  interestMinor: money('interest_minor'),
  feeMinor: money('fee_minor'),
  principalMinor: money('principal_minor'),
  /** pending | approved | rejected | expired */
  status: varchar('status', { length: 10 }).notNull(),
  reason: varchar('reason', { length: 200 }).notNull(),
  requestedBy: integer('requested_by'),
  decidedBy: integer('decided_by'),
  decidedAt: ts('decided_at'),
  decideRemark: varchar('decide_remark', { length: 200 }).notNull().default(''),
  expiresAt: ts('expires_at').notNull(),
  postingId: bigint('posting_id', { mode: 'number' }),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('reduction_order_idx').on(t.orderId, t.id),
  index('reduction_status_created_idx').on(t.status, t.createdAt, t.id),
  // One open request per order: a second one waits until the first is decided or expires.
  uniqueIndex('reduction_pending_uq').on(t.orderId).where(sql`status = 'pending'`),
  // Reductions decided within a time window (the statistics refresh).
  index('reduction_merchant_decided_idx').on(t.merchantId, t.decidedAt).where(sql`decided_at is not null`),
]);

/**
 * One day's overdue accrual of an order (end-of-day job): unique per order and business date, so that a job run
 * twice, or by two processes, accrues once.
 */
export const overdueAccrual = pgTable('overdue_accrual', {
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  businessDate: date('business_date', { mode: 'string' }).notNull(),
  /** Overdue day number this accrual is for (1 = the day after the due date). */
  overdueDay: smallint('overdue_day').notNull(),
  interestMinor: money('interest_minor'),
  penaltyMinor: money('penalty_minor'),
  postingId: bigint('posting_id', { mode: 'number' }),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.orderId, t.businessDate] })]);

/** One end-of-day run per merchant and business date (what it did, for the business-clock screen and the tests). */
export const endOfDayRun = pgTable('end_of_day_run', {
  merchantId: integer('merchant_id').notNull(),
  businessDate: date('business_date', { mode: 'string' }).notNull(),
  overdueMoved: integer('overdue_moved').notNull().default(0),
  accrued: integer('accrued').notNull().default(0),
  writtenOff: integer('written_off').notNull().default(0),
  expired: integer('expired').notNull().default(0),
  startedAt: ts('started_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
}, (t) => [primaryKey({ columns: [t.merchantId, t.businessDate] })]);

/** Extra JSON of a repayment for the record (provider request/response), kept apart from the list row. */
export const repaymentEvent = pgTable('repayment_event', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  repaymentId: bigint('repayment_id', { mode: 'number' }),
  channelId: integer('channel_id'),
  /** created | callback | query | duplicate | applied | revoked */
  kind: varchar('kind', { length: 16 }).notNull(),
  body: jsonb('body'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('repayment_event_repayment_idx').on(t.repaymentId, t.id)]);
