import { bigint, boolean, date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

/** Fact tables of the channel reports (exported through src/server/db/schema.ts; docs/statistics.md "Channels"). */

const count = (name: string) => integer(name).notNull().default(0);
const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const flag = (name: string) => boolean(name).notNull().default(false);

/**
 * Where each customer stands in the acquisition funnel. One row per customer, so the minute refresh recomputes just
 * the customers with an event today and then re-sums only their registration dates into `stat_channel_funnel`
 * (re-deriving a whole registration date from the base tables would touch every customer who ever came back).
 */
export const statChannelCustomer = pgTable('stat_channel_customer', {
  customerId: bigint('customer_id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  /** Business date of the registration (customer.created_at in the merchant's market zone). */
  regDate: date('reg_date', { mode: 'string' }).notNull(),
  /** The registration channel (customer.channel_id; 0 = none). */
  channelId: integer('channel_id').notNull(),
  applied: flag('applied'),
  approved: flag('approved'),
  disbursed: flag('disbursed'),
  /** The first disbursed loan is past its due date (or went overdue): it could default. */
  firstDue: flag('first_due'),
  /** The first disbursed loan went overdue. */
  firstDefault: flag('first_default'),
}, (t) => [index('stat_channel_customer_date_idx').on(t.merchantId, t.regDate)]);

/** The funnel of the customers registered on a business date through a channel: counts of customers. */
export const statChannelFunnel = pgTable('stat_channel_funnel', {
  merchantId: integer('merchant_id').notNull(),
  regDate: date('reg_date', { mode: 'string' }).notNull(),
  channelId: integer('channel_id').notNull(),
  registered: count('registered'),
  applied: count('applied'),
  approved: count('approved'),
  disbursed: count('disbursed'),
  firstDue: count('first_due'),
  firstDefault: count('first_default'),
}, (t) => [primaryKey({ columns: [t.merchantId, t.regDate, t.channelId] })]);

/** The measures of an overdue row, shared by stat_channel_overdue and its roll-up. */
const overdueMeasures = () => ({
  orders: count('orders'),
  amountMinor: money('amount_minor'),
  due0: count('due_0'), dueAmount0: money('due_amount_0'), overdue0: count('overdue_0'), overdueAmount0: money('overdue_amount_0'),
  due1: count('due_1'), dueAmount1: money('due_amount_1'), overdue1: count('overdue_1'), overdueAmount1: money('overdue_amount_1'),
  due7: count('due_7'), dueAmount7: money('due_amount_7'), overdue7: count('overdue_7'), overdueAmount7: money('overdue_amount_7'),
  due30: count('due_30'), dueAmount30: money('due_amount_30'), overdue30: count('overdue_30'), overdueAmount30: money('overdue_amount_30'),
});

/**
 * Overdue at D+k of the loans due on a date (k = 0, 1, 7, 30): `due_<k>` are the loans whose day D+k is over (the
 * only ones that can be judged), `overdue_<k>` those of them not settled by the end of D+k. Which days are over
 * depends on the business date, so the nightly rebuild recomputes every row; during the day nothing can change an
 * over day except what the minute refresh recomputes (the cohorts due from 31 days ago on).
 */
export const statChannelOverdue = pgTable('stat_channel_overdue', {
  merchantId: integer('merchant_id').notNull(),
  dueDate: date('due_date', { mode: 'string' }).notNull(),
  productId: integer('product_id').notNull(),
  channelId: integer('channel_id').notNull(),
  returning: boolean('returning').notNull(),
  ...overdueMeasures(),
}, (t) => [primaryKey({ columns: [t.merchantId, t.dueDate, t.productId, t.channelId, t.returning] })]);

/**
 * stat_channel_overdue summed over product and new/returning, keeping the channel (the engine's `rollup` for
 * OverdueProviderStatistics, `rollupKeeps: ['channel']`): the report groups by channel by default, and by provider (the
 * channel's type, looked up per row at query time), date or merchant without leaving it; only a product or
 * new/returning filter or grouping reads the full table. Rewritten with the table, for the same due dates, in the same
 * transaction.
 */
export const statChannelOverdueCh = pgTable('stat_channel_overdue_ch', {
  merchantId: integer('merchant_id').notNull(),
  dueDate: date('due_date', { mode: 'string' }).notNull(),
  channelId: integer('channel_id').notNull(),
  ...overdueMeasures(),
}, (t) => [primaryKey({ columns: [t.merchantId, t.dueDate, t.channelId] }), index('stat_channel_overdue_ch_date_idx').on(t.dueDate)]);
