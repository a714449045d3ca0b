import { bigserial, index, integer, jsonb, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Append-only: a trigger (migration 0001) refuses UPDATE and DELETE. */
export const operationLog = pgTable('operation_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: integer('account_id'),
  account: varchar('account', { length: 64 }).notNull().default(''),
  action: varchar('action', { length: 100 }).notNull(),
  targetType: varchar('target_type', { length: 40 }).notNull().default(''),
  targetId: varchar('target_id', { length: 64 }).notNull().default(''),
  before: jsonb('before'),
  after: jsonb('after'),
  ip: varchar('ip', { length: 64 }).notNull().default(''),
  requestId: varchar('request_id', { length: 64 }).notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('operation_log_created_idx').on(t.createdAt, t.id),
  index('operation_log_account_idx').on(t.accountId, t.createdAt, t.id),
  index('operation_log_target_idx').on(t.targetType, t.targetId, t.id),
]);

/** Spec §3 copy/cut audit record. */
export const copyRecord = pgTable('copy_record', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: integer('account_id'),
  pageTitle: varchar('page_title', { length: 200 }).notNull().default(''),
  pageUrl: varchar('page_url', { length: 1000 }).notNull().default(''),
  pageDomain: varchar('page_domain', { length: 200 }).notNull().default(''),
  operationTime: timestamp('operation_time', { withTimezone: true }).notNull().defaultNow(),
  copiedInfo: text('copied_info').notNull(),
  copiedType: smallint('copied_type').notNull(),
  ip: varchar('ip', { length: 64 }).notNull().default(''),
}, (t) => [index('copy_record_time_idx').on(t.operationTime, t.id)]);

/** Errors reported by the console (spec /log/vue_and_query_log). */
export const clientError = pgTable('client_error', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: integer('account_id'),
  message: varchar('message', { length: 1000 }).notNull(),
  url: varchar('url', { length: 1000 }).notNull().default(''),
  detail: jsonb('detail'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** error (window error) | rejection (unhandled promise rejection) | api (a failed API call) | other. */
  kind: varchar('kind', { length: 16 }).notNull().default('error'),
  /** A failed API call's method, path (query string without sensitive keys), HTTP status and the server's request id. */
  method: varchar('method', { length: 10 }).notNull().default(''),
  path: varchar('path', { length: 500 }).notNull().default(''),
  status: integer('status').notNull().default(0),
  requestId: varchar('request_id', { length: 64 }).notNull().default(''),
  userAgent: varchar('user_agent', { length: 500 }).notNull().default(''),
}, (t) => [
  index('client_error_created_idx').on(t.createdAt, t.id),
  index('client_error_account_idx').on(t.accountId, t.createdAt, t.id),
]);

/** Runtime log lines the borrower app sends through the signed intake API (spec /log/app_run_log). */
export const appRunLog = pgTable('app_run_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  appKeyId: integer('app_key_id').notNull(),
  /** The app key's merchant: the line is seen by that merchant's staff. */
  merchantId: integer('merchant_id').notNull(),
  /** The signed-in borrower, when the app says so and the customer belongs to the key's merchants. */
  customerId: integer('customer_id'),
  level: varchar('level', { length: 8 }).notNull(),
  tag: varchar('tag', { length: 64 }).notNull().default(''),
  message: varchar('message', { length: 2000 }).notNull(),
  device: varchar('device', { length: 200 }).notNull().default(''),
  appVersion: varchar('app_version', { length: 40 }).notNull().default(''),
  /** When the app logged the line (its clock), if plausible; else the receive time. */
  loggedAt: timestamp('logged_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('app_run_log_created_idx').on(t.createdAt, t.id),
  index('app_run_log_merchant_idx').on(t.merchantId, t.createdAt, t.id),
]);
