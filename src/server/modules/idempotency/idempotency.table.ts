import { char, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Idempotency keys of money writes (DESIGN §5). The first request under a key inserts its row as `pending`;
 * a repeat with the same payload gets the stored response once `done`, a different payload or a repeat while
 * the first is still pending is refused (40901). A failed attempt removes its row so that it may be retried.
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
