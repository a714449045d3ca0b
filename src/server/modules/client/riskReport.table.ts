import { bigint, bigserial, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Provider reports fetched for a customer (customer detail: risk report, multi-lender report), each kept with the time
 * it was fetched; the newest of a kind is the one shown, older ones stay as history. docs/customer-detail.md.
 */
export const customerRiskReport = pgTable('customer_risk_report', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  merchantId: integer('merchant_id').notNull(),
  /** risk | multi_lender */
  kind: varchar('kind', { length: 16 }).notNull(),
  provider: varchar('provider', { length: 32 }).notNull(),
  /** Risk score 0–1000 (risk); null for multi-lender. */
  score: integer('score'),
  /** A–E (risk); '' for multi-lender. */
  grade: varchar('grade', { length: 2 }).notNull().default(''),
  /** The report as the provider answered it (RiskReport or MultiLenderReport of blacklist/risk/types.ts). */
  body: jsonb('body').notNull(),
  accountId: integer('account_id'),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
}, (t) => [index('customer_risk_report_customer_idx').on(t.customerId, t.kind, t.fetchedAt, t.id)]);
