import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Tables of the SMS area (exported through src/server/db/schema.ts); docs/sms.md. */

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A gateway account for one purpose (spec §3 SMS config). `merchant_id` null: a platform configuration
 * (systemSmsConfig), used by merchants without one of their own for the purpose. The secret is sealed
 * (AES-GCM, like app keys) and never answered; `params` holds only what is not secret.
 */
export const smsConfig = pgTable('sms_config', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id'),
  name: varchar('name', { length: 60 }).notNull(),
  /** sandbox | http */
  provider: varchar('provider', { length: 12 }).notNull(),
  /** verification | reminder | marketing | collection */
  purpose: varchar('purpose', { length: 12 }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  probability: integer('probability').notNull().default(100),
  sortOrder: integer('sort_order').notNull().default(0),
  balance: bigint('balance', { mode: 'number' }).notNull().default(0),
  minBalance: bigint('min_balance', { mode: 'number' }).notNull().default(0),
  alarmThreshold: bigint('alarm_threshold', { mode: 'number' }).notNull().default(0),
  /** Raised when the balance fell to the threshold; cleared when it is topped up above it. */
  alarmRaised: boolean('alarm_raised').notNull().default(false),
  ratePerSecond: integer('rate_per_second').notNull().default(50),
  params: jsonb('params').notNull().default({}),
  secretSealed: text('secret_sealed'),
  secretHint: varchar('secret_hint', { length: 8 }),
  numberPrefix: varchar('number_prefix', { length: 8 }).notNull().default(''),
  text: varchar('text', { length: 40 }).notNull().default(''),
  sent: bigint('sent', { mode: 'number' }).notNull().default(0),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('sms_config_merchant_idx').on(t.merchantId, t.purpose, t.sortOrder, t.id),
  uniqueIndex('sms_config_name_uq').on(sql`coalesce(${t.merchantId}, 0)`, t.name),
]);

/**
 * Every message sent (or to send): its text, the configuration that took it and its delivery status. A message with a
 * `source_ref` (a task's recipient, a withdrawal log row, a reminder of an order on a day) exists once per source and
 * reference, which is what keeps a retried job or a restart from texting anybody twice.
 */
export const smsMessage = pgTable('sms_message', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  configId: integer('config_id'),
  purpose: varchar('purpose', { length: 12 }).notNull(),
  /** task | withdrawal | reminder | test */
  source: varchar('source', { length: 12 }).notNull(),
  sourceRef: varchar('source_ref', { length: 64 }),
  taskId: bigint('task_id', { mode: 'number' }),
  phone: varchar('phone', { length: 24 }).notNull(),
  content: varchar('content', { length: 1000 }).notNull(),
  /** queued | sent | delivered | failed */
  status: varchar('status', { length: 10 }).notNull().default('queued'),
  providerRef: varchar('provider_ref', { length: 80 }),
  attempts: integer('attempts').notNull().default(0),
  error: varchar('error', { length: 200 }).notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  sentAt: ts('sent_at'),
  deliveredAt: ts('delivered_at'),
}, (t) => [
  uniqueIndex('sms_message_source_uq').on(t.source, t.sourceRef).where(sql`source_ref is not null`),
  index('sms_message_created_idx').on(t.createdAt, t.id),
  index('sms_message_merchant_created_idx').on(t.merchantId, t.createdAt, t.id),
  index('sms_message_task_idx').on(t.taskId, t.id).where(sql`task_id is not null`),
  index('sms_message_queued_idx').on(t.id).where(sql`status = 'queued'`),
  index('sms_message_phone_idx').on(t.phone, t.id),
]);

/** An alarm: a configuration's balance fell to its threshold (shown on the configuration screens). */
export const smsAlert = pgTable('sms_alert', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  configId: integer('config_id').notNull(),
  merchantId: integer('merchant_id'),
  balance: bigint('balance', { mode: 'number' }).notNull(),
  threshold: bigint('threshold', { mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('sms_alert_created_idx').on(t.createdAt, t.id)]);

/** A merchant's own wording of a template kind (the default is the locale catalogue's `sms.template.<kind>`). */
export const smsTemplate = pgTable('sms_template', {
  merchantId: integer('merchant_id').notNull(),
  kind: varchar('kind', { length: 24 }).notNull(),
  content: varchar('content', { length: 500 }).notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [primaryKey({ name: 'sms_template_pk', columns: [t.merchantId, t.kind] })]);

/** An SMS task (smsSendTask, spec §3). Counters are kept by the sending job; the recipients hold the truth. */
export const smsTask = pgTable('sms_task', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  /** marketing | reminder | collection | notice */
  type: varchar('type', { length: 12 }).notNull(),
  name: varchar('name', { length: 60 }).notNull(),
  content: varchar('content', { length: 500 }).notNull(),
  /** The short link `{link}` stands for, made when the task is created. */
  link: varchar('link', { length: 500 }).notNull().default(''),
  /** file | group | customers */
  source: varchar('source', { length: 12 }).notNull(),
  sourceDetail: varchar('source_detail', { length: 120 }).notNull().default(''),
  dupCode: varchar('dup_code', { length: 32 }).notNull().default(''),
  /** draft | running | paused | finished */
  status: varchar('status', { length: 10 }).notNull().default('draft'),
  numberCount: integer('number_count').notNull().default(0),
  sentCount: integer('sent_count').notNull().default(0),
  successCount: integer('success_count').notNull().default(0),
  failedCount: integer('failed_count').notNull().default(0),
  skippedCount: integer('skipped_count').notNull().default(0),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  startedAt: ts('started_at'),
  pausedAt: ts('paused_at'),
  finishedAt: ts('finished_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('sms_task_merchant_created_idx').on(t.merchantId, t.createdAt, t.id),
  index('sms_task_created_idx').on(t.createdAt, t.id),
  index('sms_task_running_idx').on(t.id).where(sql`status = 'running'`),
]);

/**
 * One number of a task. Unique per task and number; the sending job claims pending rows in batches (`sending`, with
 * their message rows, in one transaction), so a number is handed to a gateway under one message id only, whatever
 * restarts happen (a gateway is told our message id and sees a repeat as the same message).
 */
export const smsTaskRecipient = pgTable('sms_task_recipient', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  taskId: bigint('task_id', { mode: 'number' }).notNull(),
  phone: varchar('phone', { length: 24 }).notNull(),
  name: varchar('name', { length: 100 }).notNull().default(''),
  /** pending | sending | sent | delivered | failed | skipped */
  status: varchar('status', { length: 10 }).notNull().default('pending'),
  messageId: bigint('message_id', { mode: 'number' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('sms_task_recipient_uq').on(t.taskId, t.phone),
  index('sms_task_recipient_status_idx').on(t.taskId, t.status, t.id),
  index('sms_task_recipient_message_idx').on(t.messageId).where(sql`message_id is not null`),
]);

/** Numbers that got a message under a duplicate-check code: the same content never reaches a number twice. */
export const smsDupGuard = pgTable('sms_dup_guard', {
  merchantId: integer('merchant_id').notNull(),
  dupCode: varchar('dup_code', { length: 32 }).notNull(),
  phone: varchar('phone', { length: 24 }).notNull(),
  taskId: bigint('task_id', { mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [primaryKey({ name: 'sms_dup_guard_pk', columns: [t.merchantId, t.dupCode, t.phone] })]);

/**
 * What the sandbox gateway received: its own memory, kept in the database so that it survives a restart as a real
 * gateway's would. Unique by our message id: a message handed over twice is received once (`repeats` counts the rest).
 */
export const smsSandboxInbox = pgTable('sms_sandbox_inbox', {
  messageId: bigint('message_id', { mode: 'number' }).primaryKey(),
  configId: integer('config_id').notNull(),
  phone: varchar('phone', { length: 24 }).notNull(),
  content: varchar('content', { length: 1000 }).notNull(),
  providerRef: varchar('provider_ref', { length: 80 }).notNull(),
  /** delivered | failed: what its delivery report says. */
  outcome: varchar('outcome', { length: 10 }).notNull(),
  repeats: integer('repeats').notNull().default(0),
  receivedAt: ts('received_at').notNull().defaultNow(),
}, (t) => [index('sms_sandbox_inbox_phone_idx').on(t.phone)]);
