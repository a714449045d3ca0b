import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const dictItem = pgTable('dict_item', {
  id: serial('id').primaryKey(),
  dictName: varchar('dict_name', { length: 64 }).notNull(),
  value: varchar('value', { length: 64 }).notNull(),
  label: varchar('label', { length: 100 }).notNull(),
  /** The label per language code (zh, zhTW, vi, en, ArEg, ThA, India); a language without one shows `label`. */
  labels: jsonb('labels').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  name: varchar('name', { length: 100 }).notNull().default(''),
  elTagColor: jsonb('el_tag_color').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('dict_item_name_value_uq').on(t.dictName, t.value),
  index('dict_item_list_idx').on(t.dictName, t.sort, t.id),
]);

export const systemConfig = pgTable('system_config', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const uploadedFile = pgTable('uploaded_file', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  storageKey: varchar('storage_key', { length: 200 }).notNull(),
  mime: varchar('mime', { length: 40 }).notNull(),
  bytes: integer('bytes').notNull(),
  signType: varchar('sign_type', { length: 40 }).notNull().default(''),
  uploaderId: integer('uploader_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('uploaded_file_key_uq').on(t.storageKey)]);
