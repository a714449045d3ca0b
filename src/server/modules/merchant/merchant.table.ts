import { boolean, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Main merchants (parent null) and their sub-merchants. Balances and payment config arrive with the money issues. */
export const merchant = pgTable('merchant', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull(),
  name: varchar('name', { length: 100 }).notNull(),
  parentId: integer('parent_id'),
  currency: varchar('currency', { length: 3 }).notNull().default('VND'),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('merchant_code_uq').on(t.code),
  index('merchant_parent_idx').on(t.parentId, t.id),
]);
