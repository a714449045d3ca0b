import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** Tables of the co-debt area (docs/coDebt.md). */

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A merchant's co-debt rule (/merchant/coDebtRule): how a person's open debts at other merchants — sister merchants
 * of the same main merchant, or every merchant — count at intake and in collection. One rule per merchant. A null
 * threshold is not checked.
 */
export const coDebtRule = pgTable('co_debt_rule', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  /** family (sister merchants of the same main merchant) | all */
  scope: varchar('scope', { length: 8 }).notNull(),
  /** Subset of id_number, phone, device. */
  matchKeys: text('match_keys').array().notNull().default(sql`'{}'::text[]`),
  maxOpenLoans: integer('max_open_loans'),
  maxOverdueDays: integer('max_overdue_days'),
  /** In the merchant's currency, minor units; debts in other currencies are not summed into it. */
  maxOutstandingMinor: bigint('max_outstanding_minor', { mode: 'number' }),
  /** reject | review | none */
  intakeEffect: varchar('intake_effect', { length: 8 }).notNull(),
  /** Show a co-debt flag on the merchant's collection cases of people over a threshold. */
  collectionFlag: boolean('collection_flag').notNull().default(true),
  enabled: boolean('enabled').notNull().default(true),
  note: varchar('note', { length: 200 }).notNull().default(''),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('co_debt_rule_merchant_uq').on(t.merchantId)]);

/**
 * An application that went over a co-debt threshold and was let through to manual review (effect `review`): what was
 * found, so review and the customer detail can see why. Refused applications leave no row (nothing of them is kept).
 */
export const coDebtHit = pgTable('co_debt_hit', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  effect: varchar('effect', { length: 8 }).notNull(),
  /** {open_loans, max_overdue_days, outstanding_minor, currency, over: [...]} */
  found: jsonb('found').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('co_debt_hit_order_idx').on(t.orderId, t.id), index('co_debt_hit_customer_idx').on(t.customerId, t.id)]);
