import { bigint, bigserial, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

// Tables of the withdrawal area (exported through src/server/db/schema.ts). Times are business-clock times
// (deps.clock), like the status history they are compared with.

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * What an agent got when they contacted a customer about an order of a withdrawal queue: who, when, a result from
 * the `withdrawal_contact_result` dictionary, and a note. The confirm and close actions write one too (the
 * customer's consent or refusal), so an order's history of calls explains every decision taken for the customer.
 */
export const withdrawalContact = pgTable('withdrawal_contact', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  /** Work-task queue the contact was made from (WITHDRAWAL_QUEUES). */
  queue: varchar('queue', { length: 48 }).notNull(),
  taskId: bigint('task_id', { mode: 'number' }),
  accountId: integer('account_id'),
  result: varchar('result', { length: 64 }).notNull(),
  note: varchar('note', { length: 500 }).notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('withdrawal_contact_order_idx').on(t.orderId, t.id),
  index('withdrawal_contact_account_idx').on(t.accountId, t.createdAt, t.id),
  // The statistics' minute refresh reads a merchant's contacts of today.
  index('withdrawal_contact_merchant_created_idx').on(t.merchantId, t.createdAt),
]);

/**
 * Every SMS this area sends (reminders, payout notices, card-fix requests, dormant invitations), in the customer's
 * market language. The row is the message: /log/WithdrawalSMS lists this table. No gateway is wired yet, so
 * `status` is `logged`; a gateway adapter would pick rows up and move them on (sent / failed).
 */
export const withdrawalSmsLog = pgTable('withdrawal_sms_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  orderId: bigint('order_id', { mode: 'number' }),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  phone: varchar('phone', { length: 20 }).notNull(),
  /** Locale code the text was written in (zh zhTW vi en ArEg ThA India). */
  lang: varchar('lang', { length: 8 }).notNull(),
  /** SMS_KINDS */
  kind: varchar('kind', { length: 20 }).notNull(),
  content: varchar('content', { length: 1000 }).notNull(),
  status: varchar('status', { length: 12 }).notNull().default('logged'),
  /** Staff member who sent it; null for the system. */
  accountId: integer('account_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('withdrawal_sms_log_created_idx').on(t.createdAt, t.id),
  index('withdrawal_sms_log_merchant_created_idx').on(t.merchantId, t.createdAt, t.id),
  index('withdrawal_sms_log_order_idx').on(t.orderId, t.kind, t.id),
  index('withdrawal_sms_log_phone_idx').on(t.phone, t.id),
]);

/** The customer was told their money arrived (MyPaymentNoticeOrder): once per order. */
export const withdrawalNotice = pgTable('withdrawal_notice', {
  orderId: bigint('order_id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  accountId: integer('account_id'),
  /** NOTICE_CHANNELS */
  channel: varchar('channel', { length: 8 }).notNull(),
  note: varchar('note', { length: 500 }).notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Orders put on the market (MarketWaitTakeOrder) by hand, or taken from it: a taken order stays a market order, so
 * it is listed in its taker's MyTakeConfirmOrder rather than MywaitForOrder. Orders also reach the market by time
 * (WITHDRAWAL_RULES.marketAfter*) without a row here.
 */
export const withdrawalMarket = pgTable('withdrawal_market', {
  orderId: bigint('order_id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  /** Who put it there (or took it from the market); null for the system. */
  accountId: integer('account_id'),
  note: varchar('note', { length: 500 }).notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
});
