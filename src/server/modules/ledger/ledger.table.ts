import { bigint, bigserial, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A balanced double-entry posting (DESIGN §5): a set of ledger_entry rows on one merchant's accounts whose
 * amounts sum to zero. Postings and entries are immutable (append-only triggers); a correction is a new posting
 * with `reverses_id` set and every amount negated. Accounts are `ledger_account` rows (src/server/modules/merchant).
 */
export const ledgerPosting = pgTable('ledger_posting', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  /** What moved the money: opening | disburse_freeze | disburse_release | disburse_success | reversal | … (LEDGER_POSTING_KINDS). */
  kind: varchar('kind', { length: 32 }).notNull(),
  orderId: bigint('order_id', { mode: 'number' }),
  /** The business record behind it (transfer id, repayment id, balance-change task id), for tracing. */
  ref: varchar('ref', { length: 64 }).notNull().default(''),
  /** The posting this one reverses (at most one reversal per posting). */
  reversesId: bigint('reverses_id', { mode: 'number' }),
  memo: varchar('memo', { length: 200 }).notNull().default(''),
  /** Staff account that caused it; null = system (callback, job). */
  accountId: integer('account_id'),
  /** Business-clock time of the movement (reports by business date). */
  businessAt: ts('business_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('ledger_posting_merchant_idx').on(t.merchantId, t.id),
  index('ledger_posting_order_idx').on(t.orderId, t.id),
  uniqueIndex('ledger_posting_reverses_uq').on(t.reversesId),
]);

/** One line of a posting: a signed amount (minor units of the merchant's currency) on one account. */
export const ledgerEntry = pgTable('ledger_entry', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  postingId: bigint('posting_id', { mode: 'number' }).notNull(),
  ledgerAccountId: integer('ledger_account_id').notNull(),
  orderId: bigint('order_id', { mode: 'number' }),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('ledger_entry_posting_idx').on(t.postingId, t.id),
  index('ledger_entry_account_idx').on(t.ledgerAccountId, t.id),
  index('ledger_entry_order_idx').on(t.orderId, t.id),
]);
