import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Tables of the forum area (exported through src/server/db/schema.ts); docs/forum.md. */

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A borrower's post in the merchant's app forum. `report_count` and `reply_count` are kept with the writes that change
 * them (one transaction), so the staff list sorts by reports without counting on every read.
 */
export const forumPost = pgTable('forum_post', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  title: varchar('title', { length: 100 }).notNull(),
  body: text('body').notNull(),
  pinned: boolean('pinned').notNull().default(false),
  hidden: boolean('hidden').notNull().default(false),
  reportCount: integer('report_count').notNull().default(0),
  replyCount: integer('reply_count').notNull().default(0),
  hiddenBy: integer('hidden_by'),
  hiddenAt: ts('hidden_at'),
  lastActivityAt: ts('last_activity_at').notNull().defaultNow(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  // The borrower list: visible posts of a merchant, pinned first, newest first.
  index('forum_post_app_idx').on(t.merchantId, t.hidden, t.pinned, t.createdAt, t.id),
  index('forum_post_reports_idx').on(t.reportCount, t.id),
  index('forum_post_created_idx').on(t.createdAt, t.id),
  index('forum_post_activity_idx').on(t.lastActivityAt, t.id),
  index('forum_post_customer_idx').on(t.customerId, t.createdAt),
]);

/** A reply under a post: by a borrower (customer_id) or by staff (account_id), shown in order. */
export const forumReply = pgTable('forum_reply', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  postId: bigint('post_id', { mode: 'number' }).notNull(),
  /** customer | staff */
  author: varchar('author', { length: 8 }).notNull(),
  customerId: bigint('customer_id', { mode: 'number' }),
  accountId: integer('account_id'),
  body: text('body').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('forum_reply_post_idx').on(t.postId, t.id),
  index('forum_reply_customer_idx').on(t.customerId, t.createdAt),
]);

/** A borrower's report of a post: once per customer and post (the unique index decides under concurrency). */
export const forumReport = pgTable('forum_report', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  postId: bigint('post_id', { mode: 'number' }).notNull(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  reason: varchar('reason', { length: 16 }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('forum_report_once_uq').on(t.postId, t.customerId)]);
