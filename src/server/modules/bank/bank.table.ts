import { boolean, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Tables of the bank area (docs/bank.md). The banks themselves are `bank` in client.table.ts (bank cards name them). */

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A card number prefix (BIN, 6–8 digits) issued by a bank, with the card type. The market is copied from the bank so
 * that one prefix names one bank per market (unique index) and a lookup by card number reads one index. The enabled
 * prefixes of a bank are mirrored into `bank.bins`, which the bank auto-match list reads.
 */
export const bankBin = pgTable('bank_bin', {
  id: serial('id').primaryKey(),
  bankId: integer('bank_id').notNull(),
  market: varchar('market', { length: 2 }).notNull(),
  prefix: varchar('prefix', { length: 8 }).notNull(),
  /** debit | credit | prepaid */
  cardType: varchar('card_type', { length: 8 }).notNull().default('debit'),
  enabled: boolean('enabled').notNull().default(true),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('bank_bin_market_prefix_uq').on(t.market, t.prefix),
  index('bank_bin_bank_idx').on(t.bankId, t.id),
  index('bank_bin_prefix_idx').on(t.prefix, t.id),
]);
