// Tables of the channel area beyond the channel itself (merchant/channel.table.ts), exported through src/server/db/schema.ts.
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The secrets of a channel (communication private key, tracking-provider secret, access token), sealed like app keys
 * (intake/secrets.ts: AES-256-GCM under a key-encryption key that is not in the database). They live here rather than
 * in `channel` (another area's table) so that the plain columns there stay empty; `*_hint` is the last 4 characters,
 * which is all a list ever shows.
 */
export const channelSecret = pgTable('channel_secret', {
  channelId: integer('channel_id').primaryKey(),
  privateKeySealed: text('private_key_sealed'),
  privateKeyHint: varchar('private_key_hint', { length: 8 }).notNull().default(''),
  trackingSecretSealed: text('tracking_secret_sealed'),
  trackingSecretHint: varchar('tracking_secret_hint', { length: 8 }).notNull().default(''),
  accessTokenSealed: text('access_token_sealed'),
  accessTokenHint: varchar('access_token_hint', { length: 8 }).notNull().default(''),
  rotatedAt: ts('rotated_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * /merchant/virtualChannel: another code for a channel. A registration under the alias counts for the channel it
 * routes to; an alias may route to another alias of the same merchant (a chain, never a cycle).
 */
export const virtualChannel = pgTable('virtual_channel', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  code: varchar('code', { length: 32 }).notNull(),
  name: varchar('name', { length: 100 }).notNull(),
  /** Exactly one of the two targets is set. */
  targetChannelId: integer('target_channel_id'),
  targetVirtualId: integer('target_virtual_id'),
  enabled: boolean('enabled').notNull().default(true),
  note: varchar('note', { length: 200 }).notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('virtual_channel_code_uq').on(t.code),
  index('virtual_channel_merchant_idx').on(t.merchantId, t.id),
  index('virtual_channel_created_idx').on(t.createdAt, t.id),
]);

/**
 * /merchant/channelAuditRule: how the orders of one channel are reviewed — manual stages skipped or added to the
 * merchant's flow, manual review forced (no order of the channel passes on the machine alone), and limits on what the
 * channel may apply for (largest loan, applications per business day). One rule per channel.
 */
export const channelAuditRule = pgTable('channel_audit_rule', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  channelId: integer('channel_id').notNull(),
  skipStages: text('skip_stages').array().notNull().default([]),
  addStages: text('add_stages').array().notNull().default([]),
  forceManual: boolean('force_manual').notNull().default(false),
  /** Largest loan applied for through the channel, minor units; null: no limit. */
  maxAmountMinor: bigint('max_amount_minor', { mode: 'number' }),
  /** Applications per business day through the channel; null: no limit. */
  dailyCap: integer('daily_cap'),
  enabled: boolean('enabled').notNull().default(true),
  note: varchar('note', { length: 200 }).notNull().default(''),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('channel_audit_rule_channel_uq').on(t.channelId),
  index('channel_audit_rule_merchant_idx').on(t.merchantId, t.id),
  index('channel_audit_rule_created_idx').on(t.createdAt, t.id),
]);

/**
 * /merchant/channelProvider: a tracking provider that receives the merchant's conversion events (registration,
 * application, payout) — the sandbox, or any HTTP endpoint (JSON body signed with HMAC-SHA256 under its secret).
 * `channel_ids` empty: every channel of the merchant.
 */
export const channelProvider = pgTable('channel_provider', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  name: varchar('name', { length: 60 }).notNull(),
  /** sandbox | http */
  kind: varchar('kind', { length: 10 }).notNull(),
  url: varchar('url', { length: 300 }).notNull().default(''),
  secretSealed: text('secret_sealed').notNull(),
  secretHint: varchar('secret_hint', { length: 8 }).notNull().default(''),
  events: text('events').array().notNull().default([]),
  channelIds: integer('channel_ids').array().notNull().default([]),
  /** Sandbox only: share of deliveries it refuses (0–100), to see retries work. */
  failureRate: smallint('failure_rate').notNull().default(0),
  timeoutMs: integer('timeout_ms').notNull().default(5000),
  maxAttempts: smallint('max_attempts').notNull().default(6),
  enabled: boolean('enabled').notNull().default(true),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('channel_provider_merchant_idx').on(t.merchantId, t.id),
  index('channel_provider_created_idx').on(t.createdAt, t.id),
]);

/**
 * The outbox of conversion events: one row per provider and event, written in the transaction of what happened
 * (registration, application, payout) and delivered by the `channel.deliver` job with retries and backoff.
 * `event_key` makes an event reach a provider once however often it is emitted.
 */
export const channelConversion = pgTable('channel_conversion', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  providerId: integer('provider_id').notNull(),
  merchantId: integer('merchant_id').notNull(),
  channelId: integer('channel_id').notNull(),
  /** registration | application | payout */
  kind: varchar('kind', { length: 16 }).notNull(),
  eventKey: varchar('event_key', { length: 80 }).notNull(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  orderId: bigint('order_id', { mode: 'number' }),
  occurredAt: ts('occurred_at').notNull(),
  payload: jsonb('payload').notNull(),
  /** pending | delivered | failed */
  status: varchar('status', { length: 10 }).notNull().default('pending'),
  attempts: smallint('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
  lastCode: integer('last_code'),
  deliveredAt: ts('delivered_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('channel_conversion_event_uq').on(t.providerId, t.eventKey),
  index('channel_conversion_due_idx').on(t.status, t.nextAttemptAt, t.id),
  index('channel_conversion_provider_idx').on(t.providerId, t.createdAt, t.id),
  index('channel_conversion_merchant_idx').on(t.merchantId, t.createdAt, t.id),
]);

/** Every delivery attempt of a conversion: when, what came back, how long it took. */
export const channelDeliveryAttempt = pgTable('channel_delivery_attempt', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  conversionId: bigint('conversion_id', { mode: 'number' }).notNull(),
  providerId: integer('provider_id').notNull(),
  attempt: smallint('attempt').notNull(),
  /** ok | error | refused (the address is not allowed) */
  status: varchar('status', { length: 10 }).notNull(),
  responseCode: integer('response_code'),
  error: varchar('error', { length: 300 }).notNull().default(''),
  durationMs: integer('duration_ms').notNull().default(0),
  at: ts('at').notNull().defaultNow(),
}, (t) => [
  index('channel_delivery_attempt_conv_idx').on(t.conversionId, t.id),
  index('channel_delivery_attempt_provider_idx').on(t.providerId, t.at, t.id),
]);

/**
 * `POST /loanapi/admin_binding_channel/edit`: the channels a staff account works (a marketing agent sees the customers
 * of its channels). Account and channel belong to the same merchant.
 */
export const channelBinding = pgTable('channel_binding', {
  accountId: integer('account_id').notNull(),
  channelId: integer('channel_id').notNull(),
  merchantId: integer('merchant_id').notNull(),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.accountId, t.channelId] }),
  index('channel_binding_channel_idx').on(t.channelId, t.accountId),
]);
