import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Tables of the marketing area (exported through src/server/db/schema.ts; docs/marketing.md). */

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A whitelist group (MarketingService): numbers imported together, with the exclusive product and limit a number of
 * the group gets when it registers, until the group expires.
 */
export const marketingGroup = pgTable('marketing_group', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  name: varchar('name', { length: 60 }).notNull(),
  /** Exclusive product offered to the group's numbers; null: the merchant's usual products. */
  productId: integer('product_id'),
  /** Exclusive limit in minor units; 0: none. */
  limitMinor: bigint('limit_minor', { mode: 'number' }).notNull().default(0),
  /** After this the offer no longer applies (registrations still credit the agent). */
  expiresAt: ts('expires_at'),
  enabled: boolean('enabled').notNull().default(true),
  remark: varchar('remark', { length: 200 }).notNull().default(''),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('marketing_group_name_uq').on(t.merchantId, t.name),
  index('marketing_group_merchant_idx').on(t.merchantId, t.id),
]);

/**
 * One whitelisted phone number (marketingList). A merchant holds a number once (normalised): the unique index is what
 * keeps two concurrent imports from both inserting it. The agent it was dispatched to works it (myMarketingList); the
 * registration hook fills `customer_id` and credits `credited_agent_id`.
 */
export const marketingEntry = pgTable('marketing_entry', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  groupId: integer('group_id').notNull(),
  phone: varchar('phone', { length: 20 }).notNull(),
  importId: bigint('import_id', { mode: 'number' }),
  agentId: integer('agent_id'),
  dispatchedAt: ts('dispatched_at'),
  /** '' (not called yet) | agreed | rejected | no_answer | wrong_number */
  result: varchar('result', { length: 16 }).notNull().default(''),
  resultAt: ts('result_at'),
  note: varchar('note', { length: 500 }).notNull().default(''),
  /** Results recorded on the number (calls made). */
  contacts: integer('contacts').notNull().default(0),
  smsCount: integer('sms_count').notNull().default(0),
  lastSmsAt: ts('last_sms_at'),
  /** The promotion link last sent to the number: a registration of the number counts for it. */
  linkId: integer('link_id'),
  customerId: bigint('customer_id', { mode: 'number' }),
  registeredAt: ts('registered_at'),
  /** The agent holding the number when it registered (0 rows: nobody held it). */
  creditedAgentId: integer('credited_agent_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('marketing_entry_phone_uq').on(t.merchantId, t.phone),
  index('marketing_entry_group_idx').on(t.groupId, t.id),
  index('marketing_entry_merchant_idx').on(t.merchantId, t.id),
  index('marketing_entry_agent_idx').on(t.agentId, t.id),
  index('marketing_entry_registered_idx').on(t.merchantId, t.id).where(sql`customer_id is not null`),
  index('marketing_entry_customer_idx').on(t.customerId),
  index('marketing_entry_link_idx').on(t.linkId).where(sql`link_id is not null`),
]);

/** Every result, note and SMS on a number (the audit trail of myMarketingList, and the facts' contacts). */
export const marketingContact = pgTable('marketing_contact', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  entryId: bigint('entry_id', { mode: 'number' }).notNull(),
  accountId: integer('account_id').notNull(),
  /** result | note | sms */
  kind: varchar('kind', { length: 8 }).notNull(),
  result: varchar('result', { length: 16 }).notNull().default(''),
  note: varchar('note', { length: 500 }).notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('marketing_contact_entry_idx').on(t.entryId, t.id),
  index('marketing_contact_merchant_idx').on(t.merchantId, t.createdAt, t.id),
]);

/**
 * The marketing SMS outbox: no SMS table of the product takes messages to numbers that are not customers yet
 * (withdrawal_sms_log needs a customer), so the promotion links sent go here. `status` stays `logged` until a gateway
 * adapter picks the rows up.
 */
export const marketingSms = pgTable('marketing_sms', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  entryId: bigint('entry_id', { mode: 'number' }).notNull(),
  phone: varchar('phone', { length: 20 }).notNull(),
  linkId: integer('link_id'),
  content: varchar('content', { length: 500 }).notNull(),
  status: varchar('status', { length: 12 }).notNull().default('logged'),
  accountId: integer('account_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('marketing_sms_entry_idx').on(t.entryId, t.id),
  index('marketing_sms_merchant_idx').on(t.merchantId, t.createdAt, t.id),
]);

/** Refused row of an import: its row number in the file, what it held, and why (a message id suffix). */
export interface ImportRefusal {
  row: number;
  value: string;
  reason: 'invalid' | 'duplicate_in_file' | 'duplicate';
}

/**
 * An import of numbers into a group (like export_job: in the database so any process can answer the poll). The
 * counts are exact; `refused` keeps the first IMPORT_LIMITS.reportRows refused rows with their reasons.
 */
export const marketingImport = pgTable('marketing_import', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: integer('account_id').notNull(),
  merchantId: integer('merchant_id').notNull(),
  groupId: integer('group_id').notNull(),
  /** csv | xlsx | text */
  source: varchar('source', { length: 8 }).notNull(),
  fileName: varchar('file_name', { length: 200 }).notNull().default(''),
  /** running | done | failed */
  status: varchar('status', { length: 12 }).notNull().default('running'),
  rowsTotal: integer('rows_total').notNull().default(0),
  rowsDone: integer('rows_done').notNull().default(0),
  inserted: integer('inserted').notNull().default(0),
  invalid: integer('invalid').notNull().default(0),
  duplicates: integer('duplicates').notNull().default(0),
  refused: jsonb('refused').$type<ImportRefusal[]>().notNull().default(sql`'[]'::jsonb`),
  error: varchar('error', { length: 500 }),
  createdAt: ts('created_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
}, (t) => [
  index('marketing_import_account_idx').on(t.accountId, t.id),
  index('marketing_import_group_idx').on(t.groupId, t.id),
]);

/** H5 landing pages (H5UrlList): one per channel and template, at a URL; disabled pages are not linked to. */
export const marketingLanding = pgTable('marketing_landing', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  channelId: integer('channel_id').notNull(),
  /** H5_TEMPLATES */
  template: varchar('template', { length: 16 }).notNull(),
  title: varchar('title', { length: 100 }).notNull(),
  url: varchar('url', { length: 300 }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('marketing_landing_merchant_idx').on(t.merchantId, t.id)]);

/**
 * Promotion links (promotionLinkList): a short code per channel (and agent) that /p/<code> redirects to the landing
 * page, counting the click. Registrations and applications are counted from the numbers the link was sent to.
 */
export const marketingLink = pgTable('marketing_link', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  channelId: integer('channel_id').notNull(),
  landingId: integer('landing_id'),
  agentId: integer('agent_id'),
  code: varchar('code', { length: 16 }).notNull(),
  /** Where the link lands (the landing page's URL when it has one, with the channel and the code). */
  targetUrl: varchar('target_url', { length: 400 }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  clicks: integer('clicks').notNull().default(0),
  lastClickAt: ts('last_click_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('marketing_link_code_uq').on(t.code),
  index('marketing_link_merchant_idx').on(t.merchantId, t.id),
  index('marketing_link_agent_idx').on(t.agentId, t.id),
]);
