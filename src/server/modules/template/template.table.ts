import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Tables of the template area (exported through src/server/db/schema.ts); docs/template.md. */

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * /system template: H5 landing pages and SMS texts with `{variable}` places, per merchant (null: global, used by
 * merchants without their own). At most one enabled template per merchant, kind and language — the partial unique
 * index holds it under concurrency; enabling one switches the previous one off in the same transaction.
 */
export const template = pgTable('template', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id'),
  /** h5_landing | sms */
  kind: varchar('kind', { length: 16 }).notNull(),
  lang: varchar('lang', { length: 8 }).notNull(),
  title: varchar('title', { length: 100 }).notNull(),
  body: text('body').notNull(),
  enabled: boolean('enabled').notNull().default(false),
  createdBy: integer('created_by'),
  updatedBy: integer('updated_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('template_merchant_idx').on(t.merchantId, t.id),
  index('template_updated_idx').on(t.updatedAt, t.id),
  uniqueIndex('template_enabled_uq').on(sql`coalesce(${t.merchantId}, 0)`, t.kind, t.lang).where(sql`${t.enabled}`),
]);
