// Tables of the review area (exported through src/server/db/schema.ts).
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Review records (spec §3 "review record"): every manual-review event of an order — a stage approved or rejected,
 * a hand-over to customer service and its return, an interception and its release, an all-orders action — with
 * who, when and why. The order's status history says where it went; this says what the reviewer decided.
 */
export const reviewRecord = pgTable('review_record', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  merchantId: integer('merchant_id').notNull(),
  /** first | second | pre | disbursement | reloan | interception | order (all-orders actions) */
  stage: varchar('stage', { length: 16 }).notNull(),
  /** approved | rejected | to_service | service_returned | intercepted | released | closed | reset | returned_withdrawal | switched_manual */
  result: varchar('result', { length: 24 }).notNull(),
  /** A reject_reason dictionary value, or a contact result. */
  reason: varchar('reason', { length: 64 }).notNull().default(''),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  /** Review limit granted with an approval, minor units of the order's currency. */
  limitMinor: bigint('limit_minor', { mode: 'number' }),
  /** Null: the system. */
  accountId: integer('account_id'),
  /** Business time. */
  createdAt: ts('created_at').notNull(),
}, (t) => [
  index('review_record_order_idx').on(t.orderId, t.id),
  index('review_record_account_idx').on(t.accountId, t.createdAt, t.id),
]);

/**
 * Which manual stages apply (/merchant/loanConfig), per merchant and customer kind; merchant 0 is the default for
 * every merchant without a row. Stages are kept in their own order (first, second, pre, disbursement).
 */
export const reviewFlow = pgTable('review_flow', {
  merchantId: integer('merchant_id').primaryKey(),
  newStages: text('new_stages').array().notNull(),
  returningStages: text('returning_stages').array().notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: ts('updated_at').notNull().default(sql`now()`),
});
