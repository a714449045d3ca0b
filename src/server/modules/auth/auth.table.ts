import { bigint, bigserial, boolean, check, index, integer, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const captcha = pgTable('captcha', {
  id: varchar('id', { length: 40 }).primaryKey(),
  answerHash: varchar('answer_hash', { length: 64 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Every login attempt (spec /log/admin_login); also what login throttling counts. */
export const loginLog = pgTable('login_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  account: varchar('account', { length: 64 }).notNull(),
  accountId: integer('account_id'),
  ip: varchar('ip', { length: 64 }).notNull(),
  userAgent: varchar('user_agent', { length: 400 }).notNull().default(''),
  success: boolean('success').notNull(),
  reason: varchar('reason', { length: 40 }).notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('login_log_account_idx').on(t.account, t.createdAt, t.id),
  index('login_log_ip_idx').on(t.ip, t.createdAt, t.id),
  index('login_log_created_idx').on(t.createdAt, t.id),
]);

/**
 * Sign-in attempts counted before the password is checked (DESIGN §6c): one row per bucket (`a:<account>` or
 * `i:<ip>`), incremented by one atomic upsert, so that concurrent guesses can't exceed the limit in a window.
 */
export const loginAttempt = pgTable('login_attempt', {
  bucket: varchar('bucket', { length: 120 }).primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
});

/**
 * One row: bumped by triggers (migration auth_epoch) in the transaction of every change that can refuse a session or
 * change what it may do. The session check's cache (sessionCache.ts) holds an entry while this value is unchanged.
 */
export const authEpoch = pgTable('auth_epoch', {
  id: smallint('id').primaryKey().default(1),
  v: bigint('v', { mode: 'number' }).notNull().default(0),
}, (t) => [check('auth_epoch_one_row', sql`${t.id} = 1`)]);
