import { bigint, boolean, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Loan products of a merchant (spec §3 "Product"). Rates and fees are integer basis points (1 bp = 0.01 %):
 * - `rate_bp`: with interest_type `daily`, per day of the loan (10 = 0.10 %/day); with `flat`, per term
 *   (1500 = 15 % for the whole term);
 * - `management_fee_bp`, `risk_fee_bp`, `payment_fee_bp`: of the loan amount, once per loan;
 * - `overdue_rate_bp`: overdue interest per day past the due date, of the loan amount.
 * `fee_timing` upfront deducts the fees from the payout (received = loan − fees); maturity adds them to what is
 * due. A loan lasts `term` instalments of `cycle` days (term 1 = one repayment at the end), within
 * [min_days, max_days]. Amounts are minor units of the merchant's currency.
 */
export const product = pgTable('product', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  name: varchar('name', { length: 100 }).notNull(),
  /** Number of instalments; 1 = single repayment at maturity. */
  term: integer('term').notNull().default(1),
  /** Days of one instalment period. */
  cycle: integer('cycle').notNull().default(7),
  minDays: integer('min_days').notNull().default(7),
  maxDays: integer('max_days').notNull().default(30),
  minAmountMinor: bigint('min_amount_minor', { mode: 'number' }).notNull().default(0),
  maxAmountMinor: bigint('max_amount_minor', { mode: 'number' }).notNull().default(0),
  rateBp: integer('rate_bp').notNull().default(0),
  /** flat | daily */
  interestType: varchar('interest_type', { length: 8 }).notNull().default('daily'),
  managementFeeBp: integer('management_fee_bp').notNull().default(0),
  riskFeeBp: integer('risk_fee_bp').notNull().default(0),
  paymentFeeBp: integer('payment_fee_bp').notNull().default(0),
  /** upfront | maturity */
  feeTiming: varchar('fee_timing', { length: 10 }).notNull().default('upfront'),
  overdueRateBp: integer('overdue_rate_bp').notNull().default(0),
  /** Only for white-household (whitelisted, trusted returning) customers. */
  whiteHouseholdExclusive: boolean('white_household_exclusive').notNull().default(false),
  /** Offered to every customer of the merchant (not only through exclusive assignment). */
  universal: boolean('universal').notNull().default(true),
  purpose: varchar('purpose', { length: 100 }).notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('product_merchant_idx').on(t.merchantId, t.sort, t.id)]);
