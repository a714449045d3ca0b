import { bigint, boolean, date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

const count = (name: string) => integer(name).notNull().default(0);
const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * Collection facts (docs/statistics.md "Collection"): what happened on collection cases on one business date of the
 * merchant's market, per stage (the case's stage at the time), the stage's collector group, collector (the one acting
 * or holding the case; 0 = none), product, channel (0 = none) and new/returning. Every column is an event of that
 * date, so today's rows are recomputed from today's events alone and a rebuild gives the same rows.
 */
export const statCollection = pgTable('stat_collection', {
  merchantId: integer('merchant_id').notNull(),
  businessDate: date('business_date', { mode: 'string' }).notNull(),
  stageId: integer('stage_id').notNull(),
  groupId: integer('group_id').notNull(),
  collectorId: integer('collector_id').notNull(),
  productId: integer('product_id').notNull(),
  channelId: integer('channel_id').notNull(),
  returning: boolean('returning').notNull(),
  /** Cases that entered the stage (a new case, or a case moved from another stage); collector 0. */
  entered: count('entered'),
  /** What those cases owed on entering: contract amount less principal, interest and fees repaid before. */
  owedMinor: money('owed_minor'),
  /** Cases given to the collector (allocated, assigned by hand or claimed). */
  held: count('held'),
  /** What those cases owed when given. */
  heldOwedMinor: money('held_owed_minor'),
  /** Distinct cases the collector acted on that date (call, result, promise, note). */
  worked: count('worked'),
  calls: count('calls'),
  /** Contact outcomes recorded (call results, reminder results). */
  results: count('results'),
  promises: count('promises'),
  /** Promises resolved as kept that date, by who made them and the stage they were made in. */
  kept: count('kept'),
  /** Repaid on a case while it was open (principal, interest, fee, penalty), by the stage and holder at payment. */
  recoveredMinor: money('recovered_minor'),
  /** Cases closed as a success (settled or extended) in the stage, by their holder then. */
  cured: count('cured'),
}, (t) => [primaryKey({ name: 'stat_collection_pk', columns: [t.merchantId, t.businessDate, t.stageId, t.groupId, t.collectorId, t.productId, t.channelId, t.returning] })]);
