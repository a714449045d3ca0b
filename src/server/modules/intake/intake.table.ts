// Tables of the intake area (exported through src/server/db/schema.ts).
import { bigint, bigserial, boolean, date, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * App credentials of a merchant (/merchant/account): the borrower app signs every intake request with the secret
 * of its key (docs/intake.md). The secret must be readable by the server to check an HMAC, so it is stored sealed
 * (AES-256-GCM under a key-encryption key that is not in this table), never in clear; `secret_hint` is its last
 * 4 characters for recognising it on screen. A rotation keeps the previous secret valid until
 * `prev_valid_until`, so apps in the field can move over without an outage. A disabled key never comes back.
 */
export const merchantAppKey = pgTable('merchant_app_key', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  /** Public identifier sent as x-app-key. */
  appKey: varchar('app_key', { length: 48 }).notNull(),
  /** What the key is for ("Android app", "H5 landing page"). */
  name: varchar('name', { length: 60 }).notNull(),
  /** Platform key of a main merchant: applications are distributed to its family by receiving probability. */
  platform: boolean('platform').notNull().default(false),
  /** enabled | disabled */
  status: varchar('status', { length: 10 }).notNull().default('enabled'),
  secretSealed: text('secret_sealed').notNull(),
  secretHint: varchar('secret_hint', { length: 8 }).notNull().default(''),
  prevSecretSealed: text('prev_secret_sealed'),
  prevValidUntil: ts('prev_valid_until'),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  rotatedAt: ts('rotated_at'),
  disabledAt: ts('disabled_at'),
  lastUsedAt: ts('last_used_at'),
}, (t) => [
  uniqueIndex('merchant_app_key_key_uq').on(t.appKey),
  index('merchant_app_key_merchant_created_idx').on(t.merchantId, t.createdAt, t.id),
  index('merchant_app_key_created_idx').on(t.createdAt, t.id),
]);

/**
 * Nonces of signed intake requests seen within the timestamp window: a second request with the same nonce is a
 * replay. Rows older than the window are useless (the timestamp check refuses those requests) and are swept.
 */
export const intakeNonce = pgTable('intake_nonce', {
  appKeyId: integer('app_key_id').notNull(),
  nonce: varchar('nonce', { length: 64 }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.appKeyId, t.nonce] }),
  index('intake_nonce_created_idx').on(t.createdAt),
]);

/**
 * Accepted applications and withdrawal confirmations from the app, by business date: the daily limits of the loan
 * rules (per phone, device, ID number; withdrawals per day) count these rows.
 */
export const intakeEvent = pgTable('intake_event', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** apply | withdrawal */
  kind: varchar('kind', { length: 12 }).notNull(),
  merchantId: integer('merchant_id').notNull(),
  appKeyId: integer('app_key_id'),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  orderId: bigint('order_id', { mode: 'number' }),
  phone: varchar('phone', { length: 20 }).notNull(),
  idNumber: varchar('id_number', { length: 32 }).notNull().default(''),
  deviceId: varchar('device_id', { length: 64 }).notNull().default(''),
  /** Business date in the merchant's market calendar. */
  businessDate: date('business_date', { mode: 'string' }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('intake_event_phone_idx').on(t.kind, t.phone, t.businessDate, t.id),
  index('intake_event_id_number_idx').on(t.kind, t.idNumber, t.businessDate, t.id),
  index('intake_event_device_idx').on(t.kind, t.deviceId, t.businessDate, t.id),
]);

/**
 * Loan rule configuration of a merchant (/merchant/loanRuleConfig): the numeric limits the intake API applies.
 * NULL means no limit. A sub-merchant without its own row follows its main merchant's.
 */
export const loanRuleConfig = pgTable('loan_rule_config', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  /** Open loans (any status but settled or closed) one person may have at once. */
  maxActiveLoans: smallint('max_active_loans'),
  /** Days a person waits after a rejection before applying again. */
  rejectCooldownDays: smallint('reject_cooldown_days'),
  maxDailyApplyPhone: smallint('max_daily_apply_phone'),
  maxDailyApplyDevice: smallint('max_daily_apply_device'),
  maxDailyApplyId: smallint('max_daily_apply_id'),
  minAge: smallint('min_age'),
  maxAge: smallint('max_age'),
  /** Withdrawals a person may confirm per business day. */
  maxDailyWithdrawals: smallint('max_daily_withdrawals'),
  enabled: boolean('enabled').notNull().default(true),
  remark: varchar('remark', { length: 200 }).notNull().default(''),
  updatedBy: integer('updated_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('loan_rule_config_merchant_uq').on(t.merchantId),
  index('loan_rule_config_updated_idx').on(t.updatedAt, t.id),
]);

/**
 * Loan and withdrawal restriction rules (/merchant/loanRestrictionRule): named patterns (`*` any run, `?` one
 * character) on the ID number, phone or device of an application or a withdrawal. A main merchant's rules also
 * apply to its sub-merchants.
 */
export const loanRestrictionRule = pgTable('loan_restriction_rule', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  name: varchar('name', { length: 60 }).notNull(),
  /** id_number | phone | device_id */
  target: varchar('target', { length: 12 }).notNull(),
  pattern: varchar('pattern', { length: 40 }).notNull(),
  /** apply | withdrawal | both */
  appliesTo: varchar('applies_to', { length: 12 }).notNull().default('both'),
  enabled: boolean('enabled').notNull().default(true),
  remark: varchar('remark', { length: 200 }).notNull().default(''),
  updatedBy: integer('updated_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('loan_restriction_rule_merchant_idx').on(t.merchantId, t.id),
  index('loan_restriction_rule_created_idx').on(t.createdAt, t.id),
]);
