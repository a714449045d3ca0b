import { bigserial, boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Tables of the config area (exported through src/server/db/schema.ts); docs/config.md. */

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A system setting's value once someone changed it (declared in src/schemas/config.ts SETTINGS; a key without a row is
 * at its default). `value` holds the typed value as JSON; a secret holds `sealed` (AES-GCM, intake/secrets) and the
 * last 4 characters in `hint` instead, never its clear text.
 */
export const configSetting = pgTable('config_setting', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value'),
  sealed: text('sealed'),
  hint: varchar('hint', { length: 8 }),
  updatedBy: integer('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Every change of a setting: who, when, old → new (as text); a secret's change is recorded without either value. */
export const configHistory = pgTable('config_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  key: varchar('key', { length: 64 }).notNull(),
  oldValue: text('old_value'),
  newValue: text('new_value'),
  secret: boolean('secret').notNull().default(false),
  accountId: integer('account_id'),
  changedAt: ts('changed_at').notNull().defaultNow(),
}, (t) => [index('config_history_key_idx').on(t.key, t.changedAt, t.id), index('config_history_changed_idx').on(t.changedAt, t.id)]);

/** Quick replies: canned texts staff insert into notes and SMS, by purpose and language (/system quick). */
export const quickReply = pgTable('quick_reply', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  purpose: varchar('purpose', { length: 16 }).notNull(),
  language: varchar('language', { length: 8 }).notNull(),
  title: varchar('title', { length: 60 }).notNull(),
  content: text('content').notNull(),
  sort: smallint('sort').notNull().default(0),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('quick_reply_purpose_idx').on(t.purpose, t.language, t.sort, t.id), index('quick_reply_updated_idx').on(t.updatedAt, t.id)]);
