import { bigint, boolean, date, index, integer, pgTable, primaryKey, smallint, timestamp } from 'drizzle-orm/pg-core';
import { offsetKey, REPAY_OFFSETS } from '../../../schemas/reports/repayment';

const count = (name: string) => integer(name).notNull().default(0);
const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** The daily measures, declared once for stat_daily and its roll-up. */
const dailyMeasures = () => ({
  applied: count('applied'),
  /** Closed before disbursement (rejected by a reviewer or the scoring rules, or closed). */
  rejected: count('rejected'),
  disbursed: count('disbursed'),
  settled: count('settled'),
  /** Moved overdue by the end-of-day job. */
  overdue: count('overdue'),
  principalOutMinor: money('principal_out_minor'),
  paidOutMinor: money('paid_out_minor'),
  feesMinor: money('fees_minor'),
  inPrincipalMinor: money('in_principal_minor'),
  inInterestMinor: money('in_interest_minor'),
  inFeeMinor: money('in_fee_minor'),
  inPenaltyMinor: money('in_penalty_minor'),
  /** Repayments received (status success, not an extension payment): how many; their parts are the in_* sums. */
  repayments: count('repayments'),
  /** Extensions paid (status success). */
  extensions: count('extensions'),
  extensionFeesMinor: money('extension_fees_minor'),
  reductionsMinor: money('reductions_minor'),
});

/**
 * Daily facts of a merchant (docs/statistics.md): what happened on one business date of the merchant's market, per
 * product, channel (0 = none) and new/returning customer. Every column is an event of that date, so a date's rows
 * are recomputed from that date's events alone (the minute refresh of today) and a full rebuild gives the same rows.
 */
export const statDaily = pgTable('stat_daily', {
  merchantId: integer('merchant_id').notNull(),
  businessDate: date('business_date', { mode: 'string' }).notNull(),
  productId: integer('product_id').notNull(),
  channelId: integer('channel_id').notNull(),
  returning: boolean('returning').notNull(),
  ...dailyMeasures(),
}, (t) => [primaryKey({ columns: [t.merchantId, t.businessDate, t.productId, t.channelId, t.returning] })]);

/**
 * stat_daily summed over product, channel and new/returning (the dashboard's cards and the reports asked without those
 * slices read it: a few hundred rows for 30 days of 14 merchants instead of tens of thousands), re-summed with
 * stat_daily for the same dates.
 */
export const statDailyAll = pgTable('stat_daily_all', {
  merchantId: integer('merchant_id').notNull(),
  businessDate: date('business_date', { mode: 'string' }).notNull(),
  ...dailyMeasures(),
}, (t) => [primaryKey({ columns: [t.merchantId, t.businessDate] }), index('stat_daily_all_date_idx').on(t.businessDate)]);

/**
 * Repayment cohorts: disbursed orders by due date and by the day they were settled relative to it (`settle_offset`:
 * settlement business date − due date, clamped to −3 … 31; 32767 = not settled yet). "Repaid by D+k" is the sum over
 * offsets ≤ k, so any offset can be asked without another column.
 */
export const statRepayCohort = pgTable('stat_repay_cohort', {
  merchantId: integer('merchant_id').notNull(),
  dueDate: date('due_date', { mode: 'string' }).notNull(),
  productId: integer('product_id').notNull(),
  channelId: integer('channel_id').notNull(),
  returning: boolean('returning').notNull(),
  settleOffset: smallint('settle_offset').notNull(),
  orders: count('orders'),
  /** Contract amounts of those orders. */
  amountMinor: money('amount_minor'),
}, (t) => [primaryKey({ columns: [t.merchantId, t.dueDate, t.productId, t.channelId, t.returning, t.settleOffset] })]);

/**
 * The cohorts summed over product and channel, new and returning kept apart, one row per merchant, due date and side
 * with the settle offsets turned into columns: the orders (and amounts) settled by D+k for every k of REPAY_OFFSETS
 * (settle offset ≤ k) and those still open. Every cohort report and the dashboard read it unless a product or a channel
 * is asked for: 2 rows per merchant and date, where the cohort table by settle offset held about 36 per side. Re-summed
 * from stat_repay_cohort for the due dates the cohorts step recomputes, in its transaction (refresh.ts `dueRollupSql`).
 */
export const statRepayDue = pgTable('stat_repay_due', {
  merchantId: integer('merchant_id').notNull(),
  dueDate: date('due_date', { mode: 'string' }).notNull(),
  returning: boolean('returning').notNull(),
  orders: count('orders'),
  amountMinor: money('amount_minor'),
  openOrders: count('open_orders'),
  openAmountMinor: money('open_amount_minor'),
  ...Object.fromEntries(REPAY_OFFSETS.flatMap((k) => [
    [`settled_${offsetKey(k)}`, count(`settled_${offsetKey(k)}`)],
    [`settled_amount_${offsetKey(k)}`, money(`settled_amount_${offsetKey(k)}`)],
  ])),
}, (t) => [primaryKey({ columns: [t.merchantId, t.dueDate, t.returning] }), index('stat_repay_due_date_idx').on(t.dueDate)]);

/** Per merchant: the business date of its last full rebuild (the nightly one) and the last refresh. */
export const statRefresh = pgTable('stat_refresh', {
  merchantId: integer('merchant_id').primaryKey(),
  rebuiltFor: date('rebuilt_for', { mode: 'string' }),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
});
