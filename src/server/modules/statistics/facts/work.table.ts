import { bigint, boolean, date, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

/** Fact tables of the work reports (exported through src/server/db/schema.ts; docs/statistics.md "Review and withdrawal"). */

const count = (name: string) => integer(name).notNull().default(0);
/** Every work fact is a merchant's, per business date, product, channel (0 = none), new/returning and staff member. */
const keys = {
  merchantId: integer('merchant_id').notNull(),
  businessDate: date('business_date', { mode: 'string' }).notNull(),
  productId: integer('product_id').notNull(),
  channelId: integer('channel_id').notNull(),
  returning: boolean('returning').notNull(),
  /** The account that did it; 0 = nobody (the customer in the app, the system). */
  staffId: integer('staff_id').notNull(),
};

/**
 * Manual review per reviewer and stage (first | second | pre | disbursement | reloan) on the business date of the
 * event: claims, decisions and the time they took; and, on the approval's date, what became of the approved orders
 * (matured = disbursed and past the due date today; went_overdue = of those, ever moved overdue). The outcome columns
 * change after the approval date: the refresh recomputes the approval dates of orders that changed today.
 */
const reviewMeasures = () => ({
  claimed: count('claimed'),
  approved: count('approved'),
  rejected: count('rejected'),
  /** Seconds from the order entering the stage to the decision, summed over approved + rejected. */
  decideSeconds: bigint('decide_seconds', { mode: 'number' }).notNull().default(0),
  matured: count('matured'),
  wentOverdue: count('went_overdue'),
});

export const statReview = pgTable('stat_review', { ...keys, stage: varchar('stage', { length: 16 }).notNull(), ...reviewMeasures() },
  (t) => [primaryKey({ columns: [t.merchantId, t.businessDate, t.productId, t.channelId, t.returning, t.stage, t.staffId] })]);

/**
 * stat_review summed over product, channel and new/returning, per merchant, date, stage and reviewer: read by the review
 * report when it neither filters nor groups by those slices. Re-summed by the review facts' refresh for every date it
 * recomputed or updated, in its transaction.
 */
export const statReviewAll = pgTable('stat_review_all', {
  merchantId: integer('merchant_id').notNull(),
  businessDate: date('business_date', { mode: 'string' }).notNull(),
  stage: varchar('stage', { length: 16 }).notNull(),
  staffId: integer('staff_id').notNull(),
  ...reviewMeasures(),
}, (t) => [primaryKey({ columns: [t.merchantId, t.businessDate, t.stage, t.staffId] }), index('stat_review_all_date_idx').on(t.businessDate)]);

/**
 * The outcome of each order a reviewer approved, as stat_review counts it now: matured (disbursed, due before the
 * business date of the last rebuild) and went_overdue (matured and ever moved overdue). The minute refresh compares an
 * order whose outcome may have changed today (moved overdue, extended, payout failed) with its row here and adds the
 * difference to its approvals' rows of stat_review, instead of summing every approval of those dates again (a second
 * per refresh for the largest merchant at 1M orders). Written with stat_review, in its transaction.
 */
export const statReviewOutcome = pgTable('stat_review_outcome', {
  orderId: bigint('order_id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  matured: boolean('matured').notNull(),
  wentOverdue: boolean('went_overdue').notNull(),
}, (t) => [index('stat_review_outcome_merchant_idx').on(t.merchantId)]);

/**
 * Pending withdrawal per agent, on the business date of each event: orders entering it (staff 0), confirmations
 * (staff = the agent who confirmed for the customer, 0 = the customer in the app) with the time since entering,
 * closes (expired: system; closed by staff), agents' contacts by result and reminder SMS.
 */
const withdrawalMeasures = () => ({
  entered: count('entered'),
  withdrawn: count('withdrawn'),
  withdrawnAgent: count('withdrawn_agent'),
  within2h: count('within_2h'),
  within24h: count('within_24h'),
  /** Seconds from entering pending withdrawal to the confirmation, summed over `withdrawn`. */
  withdrawSeconds: bigint('withdraw_seconds', { mode: 'number' }).notNull().default(0),
  expired: count('expired'),
  closedStaff: count('closed_staff'),
  contacts: count('contacts'),
  contactReached: count('contact_reached'),
  contactUnreached: count('contact_unreached'),
  contactDeclined: count('contact_declined'),
  reminders: count('reminders'),
});

export const statWithdrawal = pgTable('stat_withdrawal', { ...keys, ...withdrawalMeasures() },
  (t) => [primaryKey({ columns: [t.merchantId, t.businessDate, t.productId, t.channelId, t.returning, t.staffId] })]);

/**
 * stat_withdrawal summed over product, channel and new/returning, per merchant, date and staff member (an eighth of
 * the rows at 1M orders): the withdrawal reports read it when they neither filter nor group by those slices, and the
 * dashboard's approvals. Re-summed by the withdrawal facts' refresh for the dates it recomputed, in its transaction.
 */
export const statWithdrawalAll = pgTable('stat_withdrawal_all', {
  merchantId: integer('merchant_id').notNull(),
  businessDate: date('business_date', { mode: 'string' }).notNull(),
  staffId: integer('staff_id').notNull(),
  ...withdrawalMeasures(),
}, (t) => [primaryKey({ columns: [t.merchantId, t.businessDate, t.staffId] }), index('stat_withdrawal_all_date_idx').on(t.businessDate)]);

/**
 * stat_withdrawal summed over product, channel and staff member, keeping new/returning: per merchant and date, at most
 * two rows. SummaryWithdrawalCustomers groups by new/returning by default and offers no staff filter or grouping, so
 * stat_withdrawal_all (which sums new/returning away and keeps the staff) could not serve it: its default view read
 * the full table (81.7 ms p95 at 1M orders on PostgreSQL). Re-summed with the table, for the same dates, in the same
 * transaction.
 */
export const statWithdrawalNr = pgTable('stat_withdrawal_nr', {
  merchantId: integer('merchant_id').notNull(),
  businessDate: date('business_date', { mode: 'string' }).notNull(),
  returning: boolean('returning').notNull(),
  ...withdrawalMeasures(),
}, (t) => [primaryKey({ columns: [t.merchantId, t.businessDate, t.returning] }), index('stat_withdrawal_nr_date_idx').on(t.businessDate)]);

/**
 * Marketing agents' funnel (contacts → agreed → registered → applied → disbursed). Maintained by the marketing area's
 * builder (src/server/modules/marketing/facts.ts).
 */
export const statMarketing = pgTable('stat_marketing', {
  ...keys,
  contacts: count('contacts'),
  agreed: count('agreed'),
  registered: count('registered'),
  applied: count('applied'),
  disbursed: count('disbursed'),
}, (t) => [primaryKey({ columns: [t.merchantId, t.businessDate, t.productId, t.channelId, t.returning, t.staffId] })]);
