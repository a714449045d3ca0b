import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** Collector groups of a merchant: a stage's cases go to the enabled members of its group. */
export const collectorGroup = pgTable('collector_group', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  name: varchar('name', { length: 40 }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('collector_group_merchant_idx').on(t.merchantId, t.id)]);

export const collectorMember = pgTable('collector_member', {
  groupId: integer('group_id').notNull(),
  accountId: integer('account_id').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** New cases per business day; 0 = the stage's cap. */
  dailyCap: integer('daily_cap').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.groupId, t.accountId] }), index('collector_member_account_idx').on(t.accountId)]);

/** /merchant/stage: days relative to the due date (negative before it), non-overlapping per merchant. */
export const collectionStage = pgTable('collection_stage', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  name: varchar('name', { length: 40 }).notNull(),
  minDay: integer('min_day').notNull(),
  maxDay: integer('max_day').notNull(),
  groupId: integer('group_id').notNull(),
  dailyCap: integer('daily_cap').notNull(),
  reassignAfterDays: integer('reassign_after_days').notNull().default(0),
  reminder: boolean('reminder').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('collection_stage_merchant_idx').on(t.merchantId, t.minDay)]);

/**
 * A collection case: one open per order, from the day the order enters a stage until it is repaid or extended
 * (success) or ends otherwise (closed). `collector_id` null = in the claimable pool.
 */
export const collectionCase = pgTable('collection_case', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  merchantId: integer('merchant_id').notNull(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  stageId: integer('stage_id').notNull(),
  collectorId: integer('collector_id'),
  /** open | success | closed */
  status: varchar('status', { length: 8 }).notNull(),
  /** Marked to stay with its collector (no reassignment after N days). */
  stay: boolean('stay').notNull().default(false),
  enteredAt: ts('entered_at').notNull(),
  stageEnteredAt: ts('stage_entered_at').notNull(),
  assignedAt: ts('assigned_at'),
  lastContactAt: ts('last_contact_at'),
  lastResult: varchar('last_result', { length: 40 }).notNull().default(''),
  disposition: varchar('disposition', { length: 40 }).notNull().default(''),
  promiseDate: date('promise_date', { mode: 'string' }),
  promiseMinor: money('promise_minor'),
  /** '' | pending | kept | broken (the latest promise). */
  promiseStatus: varchar('promise_status', { length: 8 }).notNull().default(''),
  /** Repaid on the order since the case opened. */
  recoveredMinor: money('recovered_minor'),
  /** paid_amount of the order when the case opened (what was recovered is measured from it). */
  paidAtEntryMinor: money('paid_at_entry_minor'),
  closedAt: ts('closed_at'),
  closeReason: varchar('close_reason', { length: 40 }).notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('collection_case_open_order_uq').on(t.orderId).where(sql`status = 'open'`),
  index('collection_case_collector_idx').on(t.collectorId, t.status, t.id),
  index('collection_case_stage_idx').on(t.stageId, t.status, t.id),
  index('collection_case_merchant_status_idx').on(t.merchantId, t.status, t.id),
  index('collection_case_order_idx').on(t.orderId, t.id),
  // The pool (collectionRemark), oldest in its stage first.
  index('collection_case_pool_idx').on(t.stageEnteredAt, t.id).where(sql`status = 'open' AND collector_id IS NULL`),
]);

/** Everything that happened to a case (CASE_EVENTS); allocation events carry the reason (ALLOCATION_REASONS). */
export const collectionEvent = pgTable('collection_event', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  caseId: bigint('case_id', { mode: 'number' }).notNull(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  merchantId: integer('merchant_id').notNull(),
  kind: varchar('kind', { length: 16 }).notNull(),
  fromStageId: integer('from_stage_id'),
  toStageId: integer('to_stage_id'),
  fromCollectorId: integer('from_collector_id'),
  toCollectorId: integer('to_collector_id'),
  reason: varchar('reason', { length: 40 }).notNull().default(''),
  note: varchar('note', { length: 1000 }).notNull().default(''),
  detail: jsonb('detail'),
  actorId: integer('actor_id'),
  businessAt: ts('business_at').notNull(),
  /** Business date in the merchant's market (daily caps count a collector's new cases per date). */
  businessDate: date('business_date', { mode: 'string' }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('collection_event_case_idx').on(t.caseId, t.id),
  index('collection_event_kind_idx').on(t.kind, t.businessAt, t.id),
  index('collection_event_to_collector_idx').on(t.toCollectorId, t.businessDate),
  index('collection_event_merchant_idx').on(t.merchantId, t.businessAt, t.id),
]);

export const collectionPromise = pgTable('collection_promise', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  caseId: bigint('case_id', { mode: 'number' }).notNull(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  promiseDate: date('promise_date', { mode: 'string' }).notNull(),
  amountMinor: money('amount_minor'),
  /** The order's paid amount when the promise was made: it is kept when paid − this ≥ amount by the date. */
  paidBeforeMinor: money('paid_before_minor'),
  status: varchar('status', { length: 8 }).notNull(),
  note: varchar('note', { length: 500 }).notNull().default(''),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  resolvedAt: ts('resolved_at'),
}, (t) => [index('collection_promise_case_idx').on(t.caseId, t.id), index('collection_promise_pending_idx').on(t.status, t.promiseDate),
  // The statistics' minute refresh reads the promises resolved today.
  index('collection_promise_resolved_idx').on(t.resolvedAt)]);

/** A call made from a case (softphone link opened by the console), logged on the case. */
export const collectionCall = pgTable('collection_call', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  caseId: bigint('case_id', { mode: 'number' }).notNull(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  accountId: integer('account_id').notNull(),
  phone: varchar('phone', { length: 30 }).notNull(),
  contactName: varchar('contact_name', { length: 60 }).notNull().default(''),
  relation: varchar('relation', { length: 30 }).notNull().default(''),
  configId: integer('config_id'),
  link: varchar('link', { length: 400 }).notNull().default(''),
  result: varchar('result', { length: 40 }).notNull().default(''),
  durationSeconds: integer('duration_seconds'),
  startedAt: ts('started_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('collection_call_case_idx').on(t.caseId, t.id), index('collection_call_account_idx').on(t.accountId, t.startedAt)]);

/** Capacity ran out: how many cases of a stage were left unassigned on a business date. */
export const collectionAlert = pgTable('collection_alert', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  stageId: integer('stage_id').notNull(),
  businessDate: date('business_date', { mode: 'string' }).notNull(),
  unassigned: integer('unassigned').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('collection_alert_merchant_idx').on(t.merchantId, t.businessDate)]);

/** One collection day per merchant and business date (re-staging, promises, reassignment, allocation). */
export const collectionRun = pgTable('collection_run', {
  merchantId: integer('merchant_id').notNull(),
  businessDate: date('business_date', { mode: 'string' }).notNull(),
  entered: integer('entered').notNull().default(0),
  restaged: integer('restaged').notNull().default(0),
  assigned: integer('assigned').notNull().default(0),
  unassigned: integer('unassigned').notNull().default(0),
  promisesBroken: integer('promises_broken').notNull().default(0),
  startedAt: ts('started_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
}, (t) => [primaryKey({ columns: [t.merchantId, t.businessDate] })]);

/** /empower/outbound: external-call (softphone) settings (spec §7 call info). */
export const externalCall = pgTable('external_call', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id'),
  name: varchar('name', { length: 40 }).notNull(),
  /** sip | url */
  type: varchar('type', { length: 8 }).notNull(),
  url: varchar('url', { length: 300 }).notNull(),
  aText: varchar('a_text', { length: 60 }).notNull().default(''),
  onlyNo: boolean('only_no').notNull().default(false),
  sipText: varchar('sip_text', { length: 60 }).notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
  sort: smallint('sort').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
