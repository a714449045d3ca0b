// Tables of the customerSession area (exported through src/server/db/schema.ts).
import { bigint, bigserial, boolean, doublePrecision, index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A borrower signed in to the app (docs/customerSession.md). The token is opaque and random; only its SHA-256 is
 * stored, so a leaked table signs nobody in. `online_since` starts a continuous-online stretch (a pause longer than
 * ONLINE_GAP_MS starts a new one); a stretch longer than the continuous-online limit ends the session. A session
 * ends once (`ended_at`, `ended_reason`) and never comes back.
 */
export const customerSession = pgTable('customer_session', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tokenHash: varchar('token_hash', { length: 64 }).notNull(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  merchantId: integer('merchant_id').notNull(),
  appKeyId: integer('app_key_id'),
  deviceId: varchar('device_id', { length: 64 }).notNull().default(''),
  /** Brand, model and OS as the app reported them. */
  device: varchar('device', { length: 120 }).notNull().default(''),
  appVersion: varchar('app_version', { length: 16 }).notNull().default(''),
  ip: varchar('ip', { length: 64 }).notNull().default(''),
  gpsLat: doublePrecision('gps_lat'),
  gpsLng: doublePrecision('gps_lng'),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  onlineSince: ts('online_since').notNull().defaultNow(),
  endedAt: ts('ended_at'),
  /** logout | forced | replaced | online_limit | expired | disallowed */
  endedReason: varchar('ended_reason', { length: 16 }),
  /** The staff account that forced it out. */
  endedBy: integer('ended_by'),
}, (t) => [
  uniqueIndex('customer_session_token_uq').on(t.tokenHash),
  index('customer_session_customer_idx').on(t.customerId, t.createdAt, t.id),
  index('customer_session_merchant_idx').on(t.merchantId, t.createdAt, t.id),
  index('customer_session_created_idx').on(t.createdAt, t.id),
]);

/** Every code sent (or refused) and every sign-in attempt of a borrower (spec /log/customer_login). Append-only. */
export const customerLoginLog = pgTable('customer_login_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  /** Null when the phone is not a customer of the merchant. */
  customerId: bigint('customer_id', { mode: 'number' }),
  phone: varchar('phone', { length: 20 }).notNull(),
  /** code | sign_in */
  kind: varchar('kind', { length: 10 }).notNull(),
  success: boolean('success').notNull(),
  reason: varchar('reason', { length: 24 }).notNull().default(''),
  deviceId: varchar('device_id', { length: 64 }).notNull().default(''),
  device: varchar('device', { length: 120 }).notNull().default(''),
  appVersion: varchar('app_version', { length: 16 }).notNull().default(''),
  ip: varchar('ip', { length: 64 }).notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('customer_login_log_created_idx').on(t.createdAt, t.id),
  index('customer_login_log_merchant_idx').on(t.merchantId, t.createdAt, t.id),
  index('customer_login_log_phone_idx').on(t.phone, t.createdAt, t.id),
]);

/** What a borrower did through the app (spec /log/customer_operate). Append-only. */
export const customerOperateLog = pgTable('customer_operate_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  customerId: bigint('customer_id', { mode: 'number' }),
  sessionId: bigint('session_id', { mode: 'number' }),
  phone: varchar('phone', { length: 20 }).notNull(),
  /** register | apply | bind_card | confirm_withdrawal | repay | extension_apply | sign_out */
  kind: varchar('kind', { length: 24 }).notNull(),
  success: boolean('success').notNull(),
  /** The refusal's message id when it failed. */
  reason: varchar('reason', { length: 80 }).notNull().default(''),
  /** The order number it concerned, if any. */
  ref: varchar('ref', { length: 40 }).notNull().default(''),
  /** A few fields of the request (amount, days, method …), never a card number or a secret. */
  detail: jsonb('detail'),
  deviceId: varchar('device_id', { length: 64 }).notNull().default(''),
  ip: varchar('ip', { length: 64 }).notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('customer_operate_log_created_idx').on(t.createdAt, t.id),
  index('customer_operate_log_merchant_idx').on(t.merchantId, t.createdAt, t.id),
  index('customer_operate_log_phone_idx').on(t.phone, t.createdAt, t.id),
  index('customer_operate_log_customer_idx').on(t.customerId, t.createdAt, t.id),
]);
