import { bigint, bigserial, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Low-balance alert of a merchant (docs/merchantMoney.md): BalanceInfo shows the merchant in a warning state while
 * its available balance (read from the ledger) is below `threshold_minor`. One row per merchant; no row = no alert.
 */
export const merchantBalanceAlert = pgTable('merchant_balance_alert', {
  merchantId: integer('merchant_id').primaryKey(),
  /** Minor units of the merchant's currency; 0 turns the alert off. */
  thresholdMinor: bigint('threshold_minor', { mode: 'number' }).notNull().default(0),
  updatedBy: integer('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * A balance-change task (spec §3 "Balance change task", /merchant BalanceChangeTaskRecord): a top-up (increase) or a
 * withdrawal from the balance (decrease) of a merchant's available balance, requested by one account and confirmed or
 * rejected by another (four eyes). Confirmation posts one balanced ledger posting (available against equity) in the
 * transaction that marks the task posted; `posting_id` names it. Status: pending → posted | rejected | failed.
 */
export const balanceChangeTask = pgTable('balance_change_task', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  /** increase | decrease */
  changeType: varchar('change_type', { length: 8 }).notNull(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  currency: varchar('currency', { length: 3 }).notNull(),
  remark: varchar('remark', { length: 200 }).notNull().default(''),
  /** pending | posted | rejected | failed */
  status: varchar('status', { length: 8 }).notNull().default('pending'),
  requestedBy: integer('requested_by').notNull(),
  requestedAt: ts('requested_at').notNull(),
  /** Who confirmed (posted) or rejected it, when, and their remark. */
  confirmedBy: integer('confirmed_by'),
  confirmedAt: ts('confirmed_at'),
  decideRemark: varchar('decide_remark', { length: 200 }).notNull().default(''),
  /** Why a task failed (a message id), e.g. the merchant was disabled before confirmation. */
  failReason: varchar('fail_reason', { length: 64 }).notNull().default(''),
  postingId: bigint('posting_id', { mode: 'number' }),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('balance_change_task_merchant_idx').on(t.merchantId, t.createdAt, t.id),
  index('balance_change_task_status_idx').on(t.status, t.createdAt, t.id),
  index('balance_change_task_created_idx').on(t.createdAt, t.id),
  index('balance_change_task_posting_idx').on(t.postingId),
]);
