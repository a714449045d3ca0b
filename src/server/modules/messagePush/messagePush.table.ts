import { bigint, bigserial, boolean, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Tables of the message-push area (exported through src/server/db/schema.ts); docs/messagePush.md. */

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A push configuration of a merchant's borrower app: the provider (the sandbox), its app id and sealed secret, and
 * the sandbox's simulated failure rate. Messages are sent through one configuration.
 */
export const pushConfig = pgTable('push_config', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  name: varchar('name', { length: 64 }).notNull(),
  /** sandbox */
  provider: varchar('provider', { length: 12 }).notNull().default('sandbox'),
  appId: varchar('app_id', { length: 64 }).notNull().default(''),
  secretSealed: varchar('secret_sealed', { length: 600 }),
  secretHint: varchar('secret_hint', { length: 8 }).notNull().default(''),
  /** Sandbox: percent of pushes it reports as failed (0–100). */
  failureRate: smallint('failure_rate').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  remark: varchar('remark', { length: 200 }).notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('push_config_name_uq').on(t.merchantId, t.name)]);

/**
 * A message to borrower-app users: the audience (all customers of the merchant, due today, overdue by exactly N
 * days, a whitelist group), sent now or at `scheduled_at` by the push job. Counts are kept on the row.
 */
export const pushMessage = pgTable('push_message', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  configId: integer('config_id').notNull(),
  title: varchar('title', { length: 100 }).notNull(),
  body: varchar('body', { length: 1000 }).notNull(),
  /** Optional link opened by the push (a short link made for the `promotion` purpose). */
  linkUrl: varchar('link_url', { length: 500 }).notNull().default(''),
  /** all | due_today | overdue | group */
  audience: varchar('audience', { length: 12 }).notNull(),
  overdueDays: integer('overdue_days'),
  groupId: integer('group_id'),
  /** scheduled | sending | sent | cancelled */
  status: varchar('status', { length: 12 }).notNull(),
  scheduledAt: ts('scheduled_at'),
  targeted: integer('targeted').notNull().default(0),
  sent: integer('sent').notNull().default(0),
  delivered: integer('delivered').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  sentAt: ts('sent_at'),
  cancelledAt: ts('cancelled_at'),
  cancelledBy: integer('cancelled_by'),
}, (t) => [
  index('push_message_merchant_idx').on(t.merchantId, t.createdAt, t.id),
  index('push_message_created_idx').on(t.createdAt, t.id),
  index('push_message_due_idx').on(t.status, t.scheduledAt),
]);

/** One customer a message went to: unique per message, so a message reaches a customer once. */
export const pushDelivery = pgTable('push_delivery', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  messageId: bigint('message_id', { mode: 'number' }).notNull(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  /** delivered | failed */
  status: varchar('status', { length: 12 }).notNull(),
  at: ts('at').notNull().defaultNow(),
}, (t) => [uniqueIndex('push_delivery_uq').on(t.messageId, t.customerId)]);
