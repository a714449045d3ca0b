import { bigint, boolean, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Main merchants (parent null) and their sub-merchants (spec §3 "Merchant"). Money of a merchant is in its
 * `currency`, as integer minor units (CURRENCY_EXPONENT in src/schemas/merchant.ts). Balances are not columns
 * here: they are `ledger_account` rows (available, frozen, loan, risk).
 */
export const merchant = pgTable('merchant', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull(),
  name: varchar('name', { length: 100 }).notNull(),
  parentId: integer('parent_id'),
  currency: varchar('currency', { length: 3 }).notNull().default('VND'),
  /** Market the merchant lends in (vn | cn | tw | eg | th | in | en): names, phones and ID formats of its customers. */
  market: varchar('market', { length: 2 }).notNull().default('vn'),
  enabled: boolean('enabled').notNull().default(true),
  // Payment config (spec §3): what the platform charges the merchant.
  /** Fee per payout to a new customer, minor units. */
  payoutFeeNewMinor: bigint('payout_fee_new_minor', { mode: 'number' }).notNull().default(0),
  /** Fee per payout to a returning customer, minor units. */
  payoutFeeReturningMinor: bigint('payout_fee_returning_minor', { mode: 'number' }).notNull().default(0),
  /** Fee on each collected repayment, basis points of the amount collected. */
  collectionFeeBp: integer('collection_fee_bp').notNull().default(0),
  /** Fee per risk (credit) report, minor units. */
  riskFeeMinor: bigint('risk_fee_minor', { mode: 'number' }).notNull().default(0),
  /** A risk report stays valid this many hours (re-used instead of bought again). */
  riskValidityHours: integer('risk_validity_hours').notNull().default(72),
  /** Probability, in percent 0–100, that the merchant receives a new / returning customer's application. */
  receiveProbNew: smallint('receive_prob_new').notNull().default(100),
  receiveProbReturning: smallint('receive_prob_returning').notNull().default(100),
  /** Hours an approved single order stays valid for withdrawal before it expires. */
  singleValidHours: integer('single_valid_hours').notNull().default(72),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('merchant_code_uq').on(t.code),
  index('merchant_parent_idx').on(t.parentId, t.id),
]);

/**
 * Merchant balances as ledger accounts: one row per merchant and kind (LEDGER_KINDS: the four balances of spec §3
 * and the income / platform_fee / equity counter-accounts), in the merchant's currency. `balance_minor` is the running
 * balance, moved only by the double-entry postings of src/server/modules/ledger (immutable; corrections are reversals).
 */
export const ledgerAccount = pgTable('ledger_account', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  kind: varchar('kind', { length: 16 }).notNull(),
  currency: varchar('currency', { length: 3 }).notNull(),
  balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('ledger_account_merchant_kind_uq').on(t.merchantId, t.kind)]);
