import { bigint, boolean, date, index, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';

/** Fact tables of the portfolio reports (exported through src/server/db/schema.ts; docs/statistics/portfolio.md). */

const count = (name: string) => integer(name).notNull().default(0);
const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const slices = {
  merchantId: integer('merchant_id').notNull(),
  productId: integer('product_id').notNull(),
  channelId: integer('channel_id').notNull(),
  returning: boolean('returning').notNull(),
};

/**
 * The open book at the end of each business date: disbursed orders not settled by that date, by days overdue bucket
 * (0 = current, 1 = 1–3, 2 = 4–7, 3 = 8–15, 4 = 16–30, 5 = 31–60, 6 = 61+) and their outstanding principal.
 * `od7_minor` / `od30_minor`: the part of the row's outstanding principal that is 7+ / 30+ days overdue (PAR 7 and 30
 * cut through the 4–7 and 16–30 buckets).
 */
export const statOverdueSnapshot = pgTable('stat_overdue_snapshot', {
  ...slices,
  snapshotDate: date('snapshot_date', { mode: 'string' }).notNull(),
  bucket: smallint('bucket').notNull(),
  orders: count('orders'),
  outstandingMinor: money('outstanding_minor'),
  od7Minor: money('od7_minor'),
  od30Minor: money('od30_minor'),
}, (t) => [
  primaryKey({ columns: [t.merchantId, t.snapshotDate, t.productId, t.channelId, t.returning, t.bucket] }),
  // Reports over every merchant (admin_y) read a date range without a merchant.
  index('stat_overdue_snapshot_date_idx').on(t.snapshotDate),
]);

/**
 * Roll rates: the orders open at the end of `from_date` by their bucket then, and where they were at the end of the next
 * date: a bucket (0–6) or 7 = settled that next date.
 */
export const statRoll = pgTable('stat_roll', {
  ...slices,
  fromDate: date('from_date', { mode: 'string' }).notNull(),
  fromBucket: smallint('from_bucket').notNull(),
  toBucket: smallint('to_bucket').notNull(),
  orders: count('orders'),
}, (t) => [
  primaryKey({ columns: [t.merchantId, t.fromDate, t.productId, t.channelId, t.returning, t.fromBucket, t.toBucket] }),
  index('stat_roll_date_idx').on(t.fromDate),
]);

/**
 * Roll-ups of the two largest portfolio tables without product, channel and new/returning (30 times fewer rows):
 * what a report reads when it neither filters nor groups by those (the engine's `rollup`). Kept by the same builder, in
 * the same transaction and for the same dates as their table.
 */
export const statOverdueSnapshotAll = pgTable('stat_overdue_snapshot_all', {
  merchantId: integer('merchant_id').notNull(),
  snapshotDate: date('snapshot_date', { mode: 'string' }).notNull(),
  bucket: smallint('bucket').notNull(),
  orders: count('orders'),
  outstandingMinor: money('outstanding_minor'),
  od7Minor: money('od7_minor'),
  od30Minor: money('od30_minor'),
}, (t) => [primaryKey({ columns: [t.merchantId, t.snapshotDate, t.bucket] }), index('stat_overdue_snapshot_all_date_idx').on(t.snapshotDate)]);

export const statRollAll = pgTable('stat_roll_all', {
  merchantId: integer('merchant_id').notNull(),
  fromDate: date('from_date', { mode: 'string' }).notNull(),
  fromBucket: smallint('from_bucket').notNull(),
  toBucket: smallint('to_bucket').notNull(),
  orders: count('orders'),
}, (t) => [primaryKey({ columns: [t.merchantId, t.fromDate, t.fromBucket, t.toBucket] }), index('stat_roll_all_date_idx').on(t.fromDate)]);

/** The measures of a vintage row, shared by stat_vintage and its roll-up. */
const vintageMeasures = () => ({
  loans: count('loans'),
  amountMinor: money('amount_minor'),
  reached7: count('reached_7'), od7At7: count('od7_at_7'), od30At7: count('od30_at_7'),
  reached14: count('reached_14'), od7At14: count('od7_at_14'), od30At14: count('od30_at_14'),
  reached30: count('reached_30'), od7At30: count('od7_at_30'), od30At30: count('od30_at_30'),
  reached60: count('reached_60'), od7At60: count('od7_at_60'), od30At60: count('od30_at_60'),
  reached90: count('reached_90'), od7At90: count('od7_at_90'), od30At90: count('od30_at_90'),
});

/**
 * Vintages: the orders paid out on a date and, at each age k (7, 14, 30, 60, 90 days after the payout date), how
 * many had reached it (payout + k before today: that day has ended) and of those how many were open 7+ / 30+ days
 * overdue at the end of that day.
 */
export const statVintage = pgTable('stat_vintage', {
  ...slices,
  payoutDate: date('payout_date', { mode: 'string' }).notNull(),
  ...vintageMeasures(),
}, (t) => [
  primaryKey({ columns: [t.merchantId, t.payoutDate, t.productId, t.channelId, t.returning] }),
  index('stat_vintage_date_idx').on(t.payoutDate),
]);

/**
 * stat_vintage summed over product, channel and new/returning (the engine's `rollup` for vintage): one row per merchant
 * and payout date. The report's default weekly view, and by month, date or merchant, read every product × channel ×
 * new/returning row of the range from the full table (134 ms p95 at 1M orders on PGlite, 52 ms on PostgreSQL).
 * Rewritten with the table by portfolio.book, for the same payout dates, in the same transaction.
 */
export const statVintageAll = pgTable('stat_vintage_all', {
  merchantId: integer('merchant_id').notNull(),
  payoutDate: date('payout_date', { mode: 'string' }).notNull(),
  ...vintageMeasures(),
}, (t) => [primaryKey({ columns: [t.merchantId, t.payoutDate] }), index('stat_vintage_all_date_idx').on(t.payoutDate)]);

/** The measures of a segment row, shared by stat_loan_segment and its roll-up. */
const segmentMeasures = () => ({
  loans: count('loans'),
  amountMinor: money('amount_minor'),
  matured1: count('matured_1'), unpaid1: count('unpaid_1'),
  matured7: count('matured_7'), unpaid7: count('unpaid_7'),
  matured30: count('matured_30'), unpaid30: count('unpaid_30'),
});

/**
 * Loans by segment and their performance, by payout date: the customer's nth disbursed loan at the merchant
 * (`count_band` 1, 2, 3 = 3–5, 4 = 6+) and the loan amount as a share of the product's maximum (`amount_band` 1 = up to
 * 25 %, 2 = 50 %, 3 = 75 %, 4 = above). `matured_k`: loans whose due date + k has ended; `unpaid_k`: of those, not
 * settled by due date + k (k = 1, 7, 30; due date after extensions, as the repayment cohorts).
 */
export const statLoanSegment = pgTable('stat_loan_segment', {
  ...slices,
  payoutDate: date('payout_date', { mode: 'string' }).notNull(),
  countBand: smallint('count_band').notNull(),
  amountBand: smallint('amount_band').notNull(),
  ...segmentMeasures(),
}, (t) => [
  primaryKey({ columns: [t.merchantId, t.payoutDate, t.productId, t.channelId, t.returning, t.countBand, t.amountBand] }),
  index('stat_loan_segment_date_idx').on(t.payoutDate),
]);

/**
 * stat_loan_segment summed over product and channel, keeping new/returning (the engine's `rollup` for userLoanAnalysis):
 * a 90-day range read 35k rows of the full table at 1M orders (49 ms p95 on PostgreSQL, 156 ms on PGlite); this holds
 * a few per merchant and date. Rewritten with the table, in the same transaction.
 */
export const statLoanSegmentNr = pgTable('stat_loan_segment_nr', {
  merchantId: integer('merchant_id').notNull(),
  payoutDate: date('payout_date', { mode: 'string' }).notNull(),
  returning: boolean('returning').notNull(),
  countBand: smallint('count_band').notNull(),
  amountBand: smallint('amount_band').notNull(),
  ...segmentMeasures(),
}, (t) => [
  primaryKey({ columns: [t.merchantId, t.payoutDate, t.returning, t.countBand, t.amountBand] }),
  index('stat_loan_segment_nr_date_idx').on(t.payoutDate),
]);
