import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Tables of the content area (exported through src/server/db/schema.ts); docs/content.md. */

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** /merchant banner: the app's carousel, per merchant; shown while enabled and inside its schedule, by `sort`. */
export const contentBanner = pgTable('content_banner', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  title: varchar('title', { length: 100 }).notNull(),
  /** Stored upload path `/files/<month>/<uuid>.<ext>` (signed on the way out). */
  image: varchar('image', { length: 200 }).notNull(),
  linkUrl: varchar('link_url', { length: 500 }).notNull().default(''),
  sort: smallint('sort').notNull().default(0),
  startsAt: ts('starts_at'),
  endsAt: ts('ends_at'),
  enabled: boolean('enabled').notNull().default(true),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('content_banner_merchant_idx').on(t.merchantId, t.sort, t.id)]);

/**
 * /AppConfig App_Update: released app versions. The version code rises per merchant and platform: the unique index
 * makes two concurrent releases of one code collide, and the insert checks it is above the highest so far.
 */
export const contentAppVersion = pgTable('content_app_version', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  /** android | ios */
  platform: varchar('platform', { length: 8 }).notNull(),
  versionCode: integer('version_code').notNull(),
  versionName: varchar('version_name', { length: 32 }).notNull(),
  force: boolean('force').notNull().default(false),
  downloadUrl: varchar('download_url', { length: 500 }).notNull(),
  /** Release notes by language code. */
  notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('content_app_version_code_uq').on(t.merchantId, t.platform, t.versionCode)]);

/** /AppConfig App_Help: help articles per merchant and language. */
export const contentHelp = pgTable('content_help', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  lang: varchar('lang', { length: 8 }).notNull(),
  category: varchar('category', { length: 16 }).notNull(),
  title: varchar('title', { length: 150 }).notNull(),
  body: text('body').notNull(),
  sort: smallint('sort').notNull().default(0),
  published: boolean('published').notNull().default(true),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('content_help_merchant_lang_idx').on(t.merchantId, t.lang, t.sort, t.id)]);

/** /AppConfig App_Message: in-app messages to all of a merchant's borrowers or to one customer, shown from `publish_at`. */
export const contentMessage = pgTable('content_message', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  title: varchar('title', { length: 150 }).notNull(),
  body: text('body').notNull(),
  /** all | customer */
  audience: varchar('audience', { length: 10 }).notNull(),
  customerId: bigint('customer_id', { mode: 'number' }),
  publishAt: ts('publish_at').notNull(),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('content_message_merchant_idx').on(t.merchantId, t.publishAt, t.id),
  index('content_message_customer_idx').on(t.customerId, t.publishAt, t.id),
]);
