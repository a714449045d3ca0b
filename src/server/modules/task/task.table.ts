import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Work tasks of every queue (review stages, customer-service queues, withdrawal, later collection): one row per
 * time an order (or a customer) entered a queue. `status` open → claimed ⇄ open → done | cancelled. While a task is
 * live (open or claimed) it is the only live one of its queue for that order: the partial unique indexes make a
 * second open a no-op, whoever races to open it. Times are business times (the caller's `at`), except updated_at.
 */
export const workTask = pgTable('work_task', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** Queue name, `<area>.<queue>` ('review.first', 'review.cs.first', 'withdrawal.waitFor' …). */
  queue: varchar('queue', { length: 48 }).notNull(),
  orderId: bigint('order_id', { mode: 'number' }),
  customerId: bigint('customer_id', { mode: 'number' }),
  merchantId: integer('merchant_id').notNull(),
  /** open | claimed | done | cancelled */
  status: varchar('status', { length: 12 }).notNull().default('open'),
  assigneeId: integer('assignee_id'),
  claimedAt: ts('claimed_at'),
  openedAt: ts('opened_at').notNull(),
  /** The account that opened it (null: the system). */
  openedBy: integer('opened_by'),
  /** Why it was opened (a reviewer's note to customer service, …). */
  note: varchar('note', { length: 500 }).notNull().default(''),
  closedAt: ts('closed_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('work_task_live_order_uq').on(t.queue, t.orderId).where(sql`status in ('open', 'claimed') and order_id is not null`),
  uniqueIndex('work_task_live_customer_uq').on(t.queue, t.customerId).where(sql`status in ('open', 'claimed') and order_id is null`),
  // FIFO of a queue's open tasks (dispatch) and the customer-service lists (by opened_at).
  index('work_task_queue_idx').on(t.queue, t.status, t.openedAt, t.id),
  // An account's load per queue (dispatch) and "claimed by me".
  index('work_task_assignee_idx').on(t.assigneeId, t.queue, t.status, t.id),
  index('work_task_order_idx').on(t.orderId, t.id),
  // The statistics' minute refresh reads a merchant's claims of today.
  index('work_task_merchant_claimed_idx').on(t.merchantId, t.claimedAt),
]);

export type WorkTask = typeof workTask.$inferSelect;
