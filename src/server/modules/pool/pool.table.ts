import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Tables of the pool area (docs/pool.md): dormant customers, the public pool, conversions and external sources.
 * Exported through src/server/db/schema.ts.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A merchant's pool rules (one row per merchant; absent: POOL_RULE_DEFAULTS in src/schemas/pool.ts). */
export const poolRule = pgTable('pool_rule', {
  merchantId: integer('merchant_id').primaryKey(),
  /** Days since the last settlement with no live loan before a customer counts as dormant. */
  dormantDays: integer('dormant_days').notNull(),
  /** High-quality: no loan of the customer was ever more than this many days overdue. */
  goodMaxOverdueDays: integer('good_max_overdue_days').notNull(),
  /** High-quality: at least this many settled loans. */
  minSettledLoans: integer('min_settled_loans').notNull(),
  /** Dormant overdue: some loan was at least this many days overdue (and everything is settled). */
  overdueMinDays: integer('overdue_min_days').notNull(),
  /** Registrations with no application for this many hours enter the public pool. */
  unclaimedHours: integer('unclaimed_hours').notNull(),
  /** Claims go back to the pool after this many days. */
  claimDays: integer('claim_days').notNull(),
  /** Live claims one agent may hold. */
  agentCap: integer('agent_cap').notNull(),
  /** Dormant customers are also offered in the public pool. */
  poolDormant: boolean('pool_dormant').notNull(),
  /** Claims given back (or expired) are offered in the public pool. */
  poolReturned: boolean('pool_returned').notNull(),
  /** Default offer: exclusive product and limit (minor units), the promotion link base. */
  offerProductId: integer('offer_product_id'),
  offerLimitMinor: bigint('offer_limit_minor', { mode: 'number' }).notNull().default(0),
  promoUrl: varchar('promo_url', { length: 300 }).notNull().default(''),
  updatedBy: integer('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * One customer (or external lead) offered to agents: a dormant customer, a dormant overdue customer, an unclaimed
 * registration, a lead. `status` open → claimed ⇄ open → closed. While an entry is live (open or claimed) it is the
 * only live one of its customer (or lead) for the merchant: the partial unique indexes make the refresh job
 * idempotent and a claim exclusive (one guarded UPDATE … WHERE status = 'open').
 */
export const poolEntry = pgTable('pool_entry', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  customerId: bigint('customer_id', { mode: 'number' }),
  leadId: bigint('lead_id', { mode: 'number' }),
  phone: varchar('phone', { length: 20 }).notNull(),
  name: varchar('name', { length: 100 }).notNull().default(''),
  /** dormant | overdue | registration | lead */
  segment: varchar('segment', { length: 12 }).notNull(),
  /** Offered in the public pool (/highSeas/highSeasList). */
  inPool: boolean('in_pool').notNull().default(false),
  /** open | claimed | closed */
  status: varchar('status', { length: 12 }).notNull().default('open'),
  holderId: integer('holder_id'),
  claimedAt: ts('claimed_at'),
  expiresAt: ts('expires_at'),
  /** Times it was given back or expired (a returned entry). */
  returns: integer('returns').notNull().default(0),
  /** '' | agreed | rejected | no_answer | reapplied (spec §4 "marketing agreed/rejected"). */
  outcome: varchar('outcome', { length: 12 }).notNull().default(''),
  outcomeAt: ts('outcome_at'),
  note: varchar('note', { length: 500 }).notNull().default(''),
  calls: integer('calls').notNull().default(0),
  lastCallAt: ts('last_call_at'),
  offerProductId: integer('offer_product_id'),
  offerLimitMinor: bigint('offer_limit_minor', { mode: 'number' }).notNull().default(0),
  offerLink: varchar('offer_link', { length: 400 }).notNull().default(''),
  offerSentAt: ts('offer_sent_at'),
  /** When the customer's last loan was settled (dormant segments), for the lists. */
  lastSettledAt: ts('last_settled_at'),
  settledLoans: integer('settled_loans').notNull().default(0),
  maxOverdueDays: integer('max_overdue_days').notNull().default(0),
  /** Business time it entered (or re-entered) the lists. */
  enteredAt: ts('entered_at').notNull(),
  closedAt: ts('closed_at'),
  /** '' | converted | ineligible | removed */
  closeReason: varchar('close_reason', { length: 16 }).notNull().default(''),
  /** Bumped by every change: decisions carry the version the agent saw. */
  version: integer('version').notNull().default(1),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('pool_entry_live_customer_uq').on(t.merchantId, t.customerId).where(sql`status <> 'closed' and customer_id is not null`),
  uniqueIndex('pool_entry_live_lead_uq').on(t.leadId).where(sql`status <> 'closed' and lead_id is not null`),
  // The dormant lists (segment, live) and the pool (in_pool, open), newest first by keyset.
  index('pool_entry_segment_idx').on(t.segment, t.status, t.enteredAt, t.id),
  index('pool_entry_pool_idx').on(t.inPool, t.status, t.enteredAt, t.id),
  index('pool_entry_merchant_idx').on(t.merchantId, t.status, t.enteredAt, t.id),
  // The supervisor's unfiltered view, newest first.
  index('pool_entry_entered_idx').on(t.enteredAt, t.id),
  // "My customers" and an agent's load (cap, dispatch).
  index('pool_entry_holder_idx').on(t.holderId, t.status, t.claimedAt, t.id),
  // The expiry job: claims whose time is up.
  index('pool_entry_expiry_idx').on(t.status, t.expiresAt),
  // Conversion matching at registration (a lead's phone) and application (the customer).
  index('pool_entry_phone_idx').on(t.merchantId, t.phone),
  index('pool_entry_customer_idx').on(t.customerId, t.id),
]);

/** What happened to an entry: claim, give back, expire, call, note, result, offer, dispatch, convert. */
export const poolEvent = pgTable('pool_event', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  entryId: bigint('entry_id', { mode: 'number' }).notNull(),
  /** claim | giveBack | expire | call | note | result | offer | dispatch | convert */
  kind: varchar('kind', { length: 12 }).notNull(),
  accountId: integer('account_id'),
  outcome: varchar('outcome', { length: 12 }).notNull().default(''),
  note: varchar('note', { length: 500 }).notNull().default(''),
  createdAt: ts('created_at').notNull(),
}, (t) => [index('pool_event_entry_idx').on(t.entryId, t.id)]);

/**
 * A conversion: the customer an agent held registered (a lead) or applied (a registration, a dormant customer),
 * credited to the agent holding the entry at that moment. At most one per entry and kind.
 */
export const poolConversion = pgTable('pool_conversion', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  entryId: bigint('entry_id', { mode: 'number' }).notNull(),
  merchantId: integer('merchant_id').notNull(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  orderId: bigint('order_id', { mode: 'number' }),
  agentId: integer('agent_id').notNull(),
  /** registration | application */
  kind: varchar('kind', { length: 12 }).notNull(),
  segment: varchar('segment', { length: 12 }).notNull(),
  phone: varchar('phone', { length: 20 }).notNull(),
  createdAt: ts('created_at').notNull(),
}, (t) => [
  uniqueIndex('pool_conversion_entry_kind_uq').on(t.entryId, t.kind),
  index('pool_conversion_created_idx').on(t.createdAt, t.id),
  index('pool_conversion_agent_idx').on(t.agentId, t.createdAt, t.id),
  index('pool_conversion_merchant_idx').on(t.merchantId, t.createdAt, t.id),
]);

/** A partner that sends external customers (leads): by file or by the signed API with its own sealed secret. */
export const poolSource = pgTable('pool_source', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  code: varchar('code', { length: 32 }).notNull(),
  name: varchar('name', { length: 100 }).notNull(),
  /** Where new leads go: pool (the public pool) | marketing (left for the marketing whitelist). */
  routeTo: varchar('route_to', { length: 12 }).notNull().default('pool'),
  /** An existing lead with the phone: skip | refresh (name and time updated). */
  onDuplicate: varchar('on_duplicate', { length: 12 }).notNull().default('skip'),
  enabled: boolean('enabled').notNull().default(true),
  /** The API key (public) and the sealed HMAC secret (intake/secrets.ts). */
  apiKey: varchar('api_key', { length: 40 }).notNull(),
  secretSealed: varchar('secret_sealed', { length: 300 }).notNull(),
  secretHint: varchar('secret_hint', { length: 8 }).notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('pool_source_code_uq').on(t.merchantId, t.code),
  uniqueIndex('pool_source_key_uq').on(t.apiKey),
]);

/**
 * An external customer received from a source. `status` says what the routing rules did with it: pool (an entry
 * was opened), marketing (left for marketing), customer (the phone is already a customer of the merchant: not a
 * lead), registered (it became a customer later). One lead per merchant and phone.
 */
export const poolLead = pgTable('pool_lead', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  sourceId: integer('source_id').notNull(),
  phone: varchar('phone', { length: 20 }).notNull(),
  name: varchar('name', { length: 100 }).notNull().default(''),
  remark: varchar('remark', { length: 200 }).notNull().default(''),
  status: varchar('status', { length: 12 }).notNull(),
  customerId: bigint('customer_id', { mode: 'number' }),
  /** file | api */
  via: varchar('via', { length: 8 }).notNull(),
  receivedAt: ts('received_at').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('pool_lead_phone_uq').on(t.merchantId, t.phone),
  index('pool_lead_received_idx').on(t.receivedAt, t.id),
  index('pool_lead_source_idx').on(t.sourceId, t.receivedAt, t.id),
  index('pool_lead_merchant_idx').on(t.merchantId, t.receivedAt, t.id),
]);

/** Nonces of signed source requests within the timestamp window: a second use is a replay. */
export const poolSourceNonce = pgTable('pool_source_nonce', {
  sourceId: integer('source_id').notNull(),
  nonce: varchar('nonce', { length: 64 }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.sourceId, t.nonce] }),
  index('pool_source_nonce_created_idx').on(t.createdAt),
]);

export type PoolEntryRow = typeof poolEntry.$inferSelect;
