import { bigint, bigserial, boolean, date, index, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * A loan order (spec §3 "Loan order"). Money columns (`*_minor`) are integer minor units of `currency`, the
 * merchant's currency. The amounts, from application to debt:
 * - application_amount: what the customer asked for; loan_amount: the approved principal (≤ review limit);
 * - received_amount: what reaches the customer's card = loan − fees when fee_timing is upfront, else loan;
 * - contract_amount: what the contract says is repayable at the due date = loan + interest (+ fees at maturity);
 *   so received ≤ loan ≤ contract;
 * - due_amount = contract + overdue_interest + overdue_penalty − reduction_total (0 before disbursement);
 * - paid_amount: repaid so far (extension fees are counted apart, in extension_fee);
 * - remaining_debt = due − paid (0 once settled).
 * Amounts are filled in from the application on (as the proposal); due/paid/remaining only after disbursement.
 * `status` is one of ORDER_STATUSES (src/schemas/order.ts); its changes are in order_status_history.
 */
export const loanOrder = pgTable('loan_order', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** Internal order number (unique). */
  orderNo: varchar('order_no', { length: 32 }).notNull(),
  /** The payment channel's order number for the payout; '' before one exists. */
  externalOrderNo: varchar('external_order_no', { length: 64 }).notNull().default(''),
  merchantId: integer('merchant_id').notNull(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  channelId: integer('channel_id'),
  productId: integer('product_id').notNull(),
  /** Product name at application time. */
  productName: varchar('product_name', { length: 100 }).notNull().default(''),
  currency: varchar('currency', { length: 3 }).notNull(),
  status: varchar('status', { length: 24 }).notNull(),
  /** normal | reloan | manual */
  orderType: varchar('order_type', { length: 16 }).notNull().default('normal'),
  /** Returning customer (had a settled loan before this order). */
  isReturning: boolean('is_returning').notNull().default(false),
  applicationAmountMinor: money('application_amount_minor'),
  loanAmountMinor: money('loan_amount_minor'),
  receivedAmountMinor: money('received_amount_minor'),
  contractAmountMinor: money('contract_amount_minor'),
  dueAmountMinor: money('due_amount_minor'),
  paidAmountMinor: money('paid_amount_minor'),
  remainingDebtMinor: money('remaining_debt_minor'),
  interestMinor: money('interest_minor'),
  managementFeeMinor: money('management_fee_minor'),
  riskFeeMinor: money('risk_fee_minor'),
  paymentFeeMinor: money('payment_fee_minor'),
  overdueInterestMinor: money('overdue_interest_minor'),
  overduePenaltyMinor: money('overdue_penalty_minor'),
  reductionTotalMinor: money('reduction_total_minor'),
  /** Extension fees paid (not part of paid_amount). */
  extensionFeeMinor: money('extension_fee_minor'),
  /** Product rate at application time, basis points (per day if interest_type daily, per term if flat). */
  interestRateBp: integer('interest_rate_bp').notNull().default(0),
  interestType: varchar('interest_type', { length: 8 }).notNull().default('daily'),
  feeTiming: varchar('fee_timing', { length: 10 }).notNull().default('upfront'),
  /** Overdue interest ratio, basis points of the loan amount per overdue day. */
  overdueRateBp: integer('overdue_rate_bp').notNull().default(0),
  loanDays: integer('loan_days').notNull().default(0),
  /** Loan time: when the payout was sent to the payment channel. */
  loanAt: ts('loan_at'),
  /** Success time: when the payment channel confirmed the payout. */
  successAt: ts('success_at'),
  /** Due date in the merchant's market calendar (after extensions). */
  dueDate: date('due_date', { mode: 'string' }),
  overdueDays: integer('overdue_days').notNull().default(0),
  settled: boolean('settled').notNull().default(false),
  settledAt: ts('settled_at'),
  /** '' | approved | rejected */
  machineReviewResult: varchar('machine_review_result', { length: 12 }).notNull().default(''),
  machineReviewScore: integer('machine_review_score'),
  /** Stage the order is in or was last decided at: '' | machine | first | second | pre | disbursement | reloan. */
  reviewStage: varchar('review_stage', { length: 16 }).notNull().default(''),
  /** '' | pending | approved | rejected */
  reviewResult: varchar('review_result', { length: 12 }).notNull().default(''),
  /** Limit granted by the review, minor units. */
  reviewLimitMinor: money('review_limit_minor'),
  /** Remarks on the loan status (reject reason, interception reason, payout failure). */
  loanRemark: varchar('loan_remark', { length: 500 }).notNull().default(''),
  /** '' | auto | manual */
  withdrawalType: varchar('withdrawal_type', { length: 12 }).notNull().default(''),
  withdrawalAt: ts('withdrawal_at'),
  extensionCount: smallint('extension_count').notNull().default(0),
  /** Days added by extensions in total. */
  extensionDays: integer('extension_days').notNull().default(0),
  /** Time of the last extension. */
  extendedAt: ts('extended_at'),
  /** Repaid so far by part (paid_amount is their sum); see src/server/modules/repayment/money.ts. */
  paidPenaltyMinor: money('paid_penalty_minor'),
  paidInterestMinor: money('paid_interest_minor'),
  paidFeeMinor: money('paid_fee_minor'),
  paidPrincipalMinor: money('paid_principal_minor'),
  /** Waived by reductions, by part (reduction_total is their sum). */
  reducedPenaltyMinor: money('reduced_penalty_minor'),
  reducedInterestMinor: money('reduced_interest_minor'),
  reducedFeeMinor: money('reduced_fee_minor'),
  reducedPrincipalMinor: money('reduced_principal_minor'),
  /** Paid above the debt: the customer's credit, refundable (ledger account customer_credit). */
  creditMinor: money('credit_minor'),
  /** Repaid in total more than the contract amount (spec §5: flagged). */
  overContract: boolean('over_contract').notNull().default(false),
  /** Last business date the end-of-day job accrued for this order. */
  accruedThrough: date('accrued_through', { mode: 'string' }),
  /** Card the money was (or will be) paid out to. */
  bankCardId: bigint('bank_card_id', { mode: 'number' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('loan_order_order_no_uq').on(t.orderNo),
  index('loan_order_external_no_idx').on(t.externalOrderNo, t.id),
  index('loan_order_merchant_status_created_idx').on(t.merchantId, t.status, t.createdAt, t.id),
  index('loan_order_merchant_created_idx').on(t.merchantId, t.createdAt, t.id),
  index('loan_order_status_created_idx').on(t.status, t.createdAt, t.id),
  index('loan_order_created_idx').on(t.createdAt, t.id),
  index('loan_order_status_due_idx').on(t.status, t.dueDate, t.id),
  // Sorts of the all-orders list (loan time, due date, amounts); NULLs (not yet disbursed) sort last ascending.
  index('loan_order_loan_at_idx').on(t.loanAt, t.id),
  index('loan_order_due_idx').on(t.dueDate, t.id),
  index('loan_order_loan_amount_idx').on(t.loanAmountMinor, t.id),
  index('loan_order_remaining_debt_idx').on(t.remainingDebtMinor, t.id),
  index('loan_order_customer_idx').on(t.customerId, t.id),
  // Most overdue first (customer claims, collection lists).
  index('loan_order_overdue_days_idx').on(t.overdueDays, t.id),
  index('loan_order_product_created_idx').on(t.productId, t.createdAt, t.id),
  index('loan_order_channel_created_idx').on(t.channelId, t.createdAt, t.id),
  // The statistics minute refresh (docs/statistics.md): a merchant's orders disbursed or settled within today's
  // window, and its repayment cohorts due within a month of today, as index range scans.
  index('loan_order_merchant_success_idx').on(t.merchantId, t.successAt).where(sql`success_at is not null`),
  index('loan_order_merchant_settled_idx').on(t.merchantId, t.settledAt).where(sql`settled_at is not null`),
  // By due date, with what the repayment cohorts and the open book of a merchant read from an order (the columns after
  // the due date only make it covering; drizzle has no INCLUDE): an index-only scan where the table's pages are
  // all-visible (PGlite's daily VACUUM keeps them so: db/maintain.ts), not one heap page per order. At 1,000,000
  // orders the refresh's cohorts went from 1.73 to 0.62 s and the open book's statement from 3.84 to 2.29 s on PGlite.
  index('loan_order_merchant_due_idx').on(t.merchantId, t.dueDate, t.successAt, t.settled, t.settledAt, t.productId, t.channelId,
    t.isReturning, t.loanAmountMinor, t.contractAmountMinor, t.loanDays, t.id).where(sql`due_date is not null`),
]);

/** Every status change of an order: from (null at creation) → to, by whom (null = system), why, when. */
export const orderStatusHistory = pgTable('order_status_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  /** The order's merchant, kept on each row so that a merchant's changes of a day are read without its orders. */
  merchantId: integer('merchant_id').notNull(),
  fromStatus: varchar('from_status', { length: 24 }),
  toStatus: varchar('to_status', { length: 24 }).notNull(),
  accountId: integer('account_id'),
  reason: varchar('reason', { length: 200 }).notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('order_status_history_order_idx').on(t.orderId, t.id),
  // A merchant's status changes within a time window (the statistics refresh): the status in the index keeps a day's
  // overdue or closed rows from fetching the day's other rows from the table.
  index('order_status_history_merchant_created_idx').on(t.merchantId, t.createdAt, t.toStatus),
]);
