import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Tables of the blacklist area (exported through src/server/db/schema.ts); docs/blacklist.md. */

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Internal blacklist (/client blackList). `norm_value` is the identifier in the one form matching compares
 * (phone: local digits of the merchant's market; ID number: upper-case without separators; bank card: digits;
 * device: trimmed). At most one entry per merchant, type and identifier is open at a time (`expired_at` null):
 * the partial unique index makes two concurrent adds of the same person collide instead of both landing.
 * An entry is live while open and its `expires_at` (if any) is in the future; the expiry job closes passed ones.
 */
export const blacklistEntry = pgTable('blacklist_entry', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  /** id_number | phone | device | bank_card */
  type: varchar('type', { length: 12 }).notNull(),
  normValue: varchar('norm_value', { length: 64 }).notNull(),
  /** 1 watch, 2 refuse new loans, 3 refuse everything. */
  level: smallint('level').notNull(),
  /** `blacklist_reason` dictionary value. */
  reason: varchar('reason', { length: 64 }).notNull(),
  /** staff | rule | collection */
  source: varchar('source', { length: 12 }).notNull(),
  remark: varchar('remark', { length: 200 }).notNull().default(''),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at'),
  /** When it stopped being in force: expired by hand (`expired_by` set) or by time (the job, `expired_by` null). */
  expiredAt: ts('expired_at'),
  expiredBy: integer('expired_by'),
}, (t) => [
  uniqueIndex('blacklist_entry_open_uq').on(t.merchantId, t.type, t.normValue).where(sql`expired_at is null`),
  index('blacklist_entry_value_idx').on(t.type, t.normValue, t.id),
  index('blacklist_entry_merchant_created_idx').on(t.merchantId, t.createdAt, t.id),
  index('blacklist_entry_created_idx').on(t.createdAt, t.id),
  index('blacklist_entry_expiry_idx').on(t.expiresAt, t.id).where(sql`expired_at is null and expires_at is not null`),
]);

/**
 * Risk-control blacklist (/client outblackList): what the external risk provider listed, received by the sync job
 * (the provider's feed) or by a re-check of one customer. Read-only for staff. Unique per merchant, provider and the
 * provider's reference, so a feed page delivered twice stores nothing twice.
 */
export const riskBlacklistEntry = pgTable('risk_blacklist_entry', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  provider: varchar('provider', { length: 32 }).notNull(),
  providerRef: varchar('provider_ref', { length: 64 }).notNull(),
  type: varchar('type', { length: 12 }).notNull(),
  normValue: varchar('norm_value', { length: 64 }).notNull(),
  level: smallint('level').notNull(),
  /** The provider's category: court, fraud_consortium, telecom_fraud, multi_lender … */
  source: varchar('source', { length: 32 }).notNull(),
  reason: varchar('reason', { length: 200 }).notNull().default(''),
  /** The customer a re-check received it for; null for feed entries. */
  customerId: bigint('customer_id', { mode: 'number' }),
  /** False once the provider withdrew it (a re-check that no longer hits). */
  active: boolean('active').notNull().default(true),
  listedAt: ts('listed_at').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('risk_blacklist_entry_ref_uq').on(t.merchantId, t.provider, t.providerRef),
  index('risk_blacklist_entry_value_idx').on(t.type, t.normValue, t.id),
  index('risk_blacklist_entry_merchant_received_idx').on(t.merchantId, t.receivedAt, t.id),
  index('risk_blacklist_entry_received_idx').on(t.receivedAt, t.id),
  index('risk_blacklist_entry_customer_idx').on(t.customerId, t.id),
]);

/** Where the sync job stopped in each merchant's feed. */
export const riskBlacklistSync = pgTable('risk_blacklist_sync', {
  merchantId: integer('merchant_id').notNull(),
  provider: varchar('provider', { length: 32 }).notNull(),
  cursor: varchar('cursor', { length: 64 }).notNull().default(''),
  syncedAt: ts('synced_at').notNull().defaultNow(),
  received: integer('received').notNull().default(0),
}, (t) => [primaryKey({ name: 'risk_blacklist_sync_pk', columns: [t.merchantId, t.provider] })]);

/** Every re-check of one customer: who asked, what the provider answered. */
export const riskBlacklistCheck = pgTable('risk_blacklist_check', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  provider: varchar('provider', { length: 32 }).notNull(),
  hit: boolean('hit').notNull(),
  level: smallint('level').notNull().default(0),
  response: jsonb('response'),
  accountId: integer('account_id'),
  checkedAt: ts('checked_at').notNull().defaultNow(),
}, (t) => [index('risk_blacklist_check_customer_idx').on(t.customerId, t.checkedAt, t.id)]);
