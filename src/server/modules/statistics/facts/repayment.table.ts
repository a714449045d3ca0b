import { bigint, boolean, date, index, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';

/**
 * Re-borrowing after a settlement (repaymentReborrow, docs/statistics.md), kept at two levels.
 *
 * `stat_reborrow_order`: one row per settled order (`settled` and `settled_at` set): the business date of its
 * settlement and the days until the customer's first order created at or after `settled_at` (`reborrow_offset`: that
 * order's business date − the settle date, 0 … 30; 32767 = no order within 30 days, or none yet). Per order so that
 * the minute refresh recomputes only the settlements an event of today touched, not whole dates.
 */
export const statReborrowOrder = pgTable('stat_reborrow_order', {
  merchantId: integer('merchant_id').notNull(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  settleDate: date('settle_date', { mode: 'string' }).notNull(),
  productId: integer('product_id').notNull(),
  channelId: integer('channel_id').notNull(),
  returning: boolean('returning').notNull(),
  reborrowOffset: smallint('reborrow_offset').notNull(),
}, (t) => [
  primaryKey({ name: 'stat_reborrow_order_pk', columns: [t.merchantId, t.orderId] }),
  index('stat_reborrow_order_date_idx').on(t.merchantId, t.settleDate),
]);

/**
 * What the report reads: those settlements counted by settle date, product, channel, new/returning (of the settled
 * order) and re-borrow offset. "Borrowed again within N days" is the sum over offsets ≤ N: one filtered sum per N.
 */
export const statReborrow = pgTable('stat_reborrow', {
  merchantId: integer('merchant_id').notNull(),
  settleDate: date('settle_date', { mode: 'string' }).notNull(),
  productId: integer('product_id').notNull(),
  channelId: integer('channel_id').notNull(),
  returning: boolean('returning').notNull(),
  reborrowOffset: smallint('reborrow_offset').notNull(),
  settled: integer('settled').notNull().default(0),
}, (t) => [primaryKey({ name: 'stat_reborrow_pk', columns: [t.merchantId, t.settleDate, t.productId, t.channelId, t.returning, t.reborrowOffset] })]);

/**
 * stat_reborrow summed over product, channel and new/returning (a report that neither filters nor groups by them
 * reads it: 300,000 rows → 30,000 at 1M orders), re-summed by `regroup` for exactly the dates it regrouped.
 */
export const statReborrowAll = pgTable('stat_reborrow_all', {
  merchantId: integer('merchant_id').notNull(),
  settleDate: date('settle_date', { mode: 'string' }).notNull(),
  reborrowOffset: smallint('reborrow_offset').notNull(),
  settled: integer('settled').notNull().default(0),
}, (t) => [primaryKey({ name: 'stat_reborrow_all_pk', columns: [t.merchantId, t.settleDate, t.reborrowOffset] }), index('stat_reborrow_all_date_idx').on(t.settleDate)]);
