import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Tables of the short-link area (exported through src/server/db/schema.ts); docs/shortLink.md. */

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * DomainList: the host names short links are issued on. Only `active` domains are used; `blocked` (flagged by a
 * carrier or browser) and `checking` (being verified) are skipped, so links fall back to the product's own address.
 */
export const shortLinkDomain = pgTable('short_link_domain', {
  id: serial('id').primaryKey(),
  /** Lower-case host name (validated: labels of letters, digits and hyphens, a dot, no port, no path). */
  host: varchar('host', { length: 253 }).notNull(),
  /** active | blocked | checking */
  state: varchar('state', { length: 12 }).notNull().default('checking'),
  https: boolean('https').notNull().default(true),
  remark: varchar('remark', { length: 200 }).notNull().default(''),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('short_link_domain_host_uq').on(t.host)]);

/**
 * ServiceProvider: external short-link providers (the sandbox, or a generic HTTP adapter). The secret is sealed
 * (intake/secrets.ts) and only its last 4 characters are ever shown back.
 */
export const shortLinkProvider = pgTable('short_link_provider', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  /** sandbox | http */
  kind: varchar('kind', { length: 12 }).notNull(),
  /** http: the endpoint the long link is POSTed to (JSON `{ [urlField]: long }`). */
  endpoint: varchar('endpoint', { length: 400 }).notNull().default(''),
  urlField: varchar('url_field', { length: 64 }).notNull().default('url'),
  /** http: dotted path of the short link in the JSON answer. */
  resultField: varchar('result_field', { length: 64 }).notNull().default('short_url'),
  /** http: header carrying the secret (`Authorization` sends `Bearer <secret>`). */
  authHeader: varchar('auth_header', { length: 64 }).notNull().default('Authorization'),
  secretSealed: varchar('secret_sealed', { length: 600 }),
  secretHint: varchar('secret_hint', { length: 8 }).notNull().default(''),
  timeoutMs: integer('timeout_ms').notNull().default(3000),
  enabled: boolean('enabled').notNull().default(true),
  remark: varchar('remark', { length: 200 }).notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('short_link_provider_name_uq').on(t.name)]);

/**
 * LinkUseChannel: which purpose (and channel) uses which domain and provider, for one merchant or for every
 * merchant (`merchant_id` null). A merchant's own row wins over the platform row of the same purpose and channel.
 */
export const shortLinkUse = pgTable('short_link_use', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id'),
  /** sms_reminder | marketing | collection | promotion */
  purpose: varchar('purpose', { length: 16 }).notNull(),
  /** sms | push | web */
  channel: varchar('channel', { length: 8 }).notNull(),
  domainId: integer('domain_id'),
  /** null: the built-in service only. */
  providerId: integer('provider_id'),
  enabled: boolean('enabled').notNull().default(true),
  remark: varchar('remark', { length: 200 }).notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('short_link_use_uq').on(sql`coalesce(${t.merchantId}, 0)`, t.purpose, t.channel),
]);

/** DomainLinkLog: every short link made (built-in code, long link, the address given out, clicks). */
export const shortLink = pgTable('short_link', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  /** Crypto-random base62, 10 characters; /s/<code> redirects to `long_url`. */
  code: varchar('code', { length: 16 }).notNull(),
  longUrl: varchar('long_url', { length: 2000 }).notNull(),
  purpose: varchar('purpose', { length: 16 }).notNull(),
  channel: varchar('channel', { length: 8 }).notNull(),
  domainId: integer('domain_id'),
  providerId: integer('provider_id'),
  /** The address handed out (the provider's link, or <domain>/s/<code>). */
  shortUrl: varchar('short_url', { length: 500 }).notNull(),
  /** Why the provider was not used (failed, disabled), when it was configured. */
  providerError: varchar('provider_error', { length: 200 }),
  clicks: integer('clicks').notNull().default(0),
  lastClickAt: ts('last_click_at'),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('short_link_code_uq').on(t.code),
  index('short_link_merchant_idx').on(t.merchantId, t.id),
  index('short_link_created_idx').on(t.createdAt, t.id),
]);

/** One click on a short link: time, a hash of the address (never the address itself), the user agent. */
export const shortLinkClick = pgTable('short_link_click', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  linkId: bigint('link_id', { mode: 'number' }).notNull(),
  at: ts('at').notNull().defaultNow(),
  ipHash: varchar('ip_hash', { length: 64 }).notNull(),
  userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
}, (t) => [index('short_link_click_link_idx').on(t.linkId, t.at)]);
