import { char, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Idempotency keys of money writes (DESIGN §5, §6c). A key's row is written in the transaction of its write and
 * commits `done` with the stored response, or not at all (a refused or crashed write leaves no row). A repeat with
 * the same payload gets the stored response; a different payload is refused (40901). `pending` is only ever seen on
 * rows left by the earlier two-step scheme.
 */
export const idempotencyKey = pgTable('idempotency_key', {
  /** The write it protects (e.g. order.disburse), so that one key cannot collide across kinds of write. */
  scope: varchar('scope', { length: 48 }).notNull(),
  /** Who used the key (`a:<account id>`, `app:<app key id>`, `sys`): a key is only ever answered to its owner. */
  owner: varchar('owner', { length: 40 }).notNull().default(''),
  key: varchar('key', { length: 100 }).notNull(),
  /** SHA-256 of the canonical JSON payload. */
  requestHash: char('request_hash', { length: 64 }).notNull(),
  /** pending | done */
  status: varchar('status', { length: 8 }).notNull(),
  response: jsonb('response'),
  accountId: integer('account_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
}, (t) => [primaryKey({ columns: [t.scope, t.owner, t.key] })]);
