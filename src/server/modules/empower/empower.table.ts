import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const role = pgTable('role', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 40 }).notNull(),
  identifier: varchar('identifier', { length: 32 }).notNull(),
  parentId: integer('parent_id'),
  isTemplate: boolean('is_template').notNull().default(false),
  nodeKeys: text('node_keys').array().notNull().default(sql`'{}'::text[]`),
  remark: varchar('remark', { length: 200 }).notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('role_identifier_uq').on(t.identifier).where(sql`deleted_at is null`),
  index('role_parent_idx').on(t.parentId, t.id),
]);

export const adminAccount = pgTable('admin_account', {
  id: serial('id').primaryKey(),
  account: varchar('account', { length: 32 }).notNull(),
  nickname: varchar('nickname', { length: 40 }).notNull(),
  name: varchar('name', { length: 40 }).notNull(),
  phone: varchar('phone', { length: 20 }).notNull(),
  passwordHash: text('password_hash').notNull(),
  avatar: varchar('avatar', { length: 500 }).notNull().default(''),
  introduction: varchar('introduction', { length: 500 }).notNull().default(''),
  roleId: integer('role_id').notNull(),
  secondaryRoleId: integer('secondary_role_id'),
  workStart: varchar('work_start', { length: 5 }),
  workEnd: varchar('work_end', { length: 5 }),
  allowedTerminals: text('allowed_terminals').array().notNull().default(sql`'{}'::text[]`),
  merchantIds: integer('merchant_ids').array().notNull().default(sql`'{}'::integer[]`),
  privacyProtection: boolean('privacy_protection').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  specialNodes: text('special_nodes').array().notNull().default(sql`'{}'::text[]`),
  organizerId: integer('organizer_id'),
  googleSecret: text('google_secret'),
  googlePendingSecret: text('google_pending_secret'),
  googleBound: boolean('google_bound').notNull().default(false),
  /** Last accepted TOTP time step: a code at or before it is a replay. */
  googleLastStep: integer('google_last_step').notNull().default(0),
  googleSkipUntil: timestamp('google_skip_until', { withTimezone: true }),
  deviceId: varchar('device_id', { length: 64 }),
  activeAt: timestamp('active_at', { withTimezone: true }),
  logoutAt: timestamp('logout_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('admin_account_account_uq').on(t.account).where(sql`deleted_at is null`),
  uniqueIndex('admin_account_phone_uq').on(t.phone).where(sql`deleted_at is null`),
  index('admin_account_role_idx').on(t.roleId, t.id),
]);

/** Per-node switches an administrator sets on the empower screen; the tree itself lives in commands/permissions.ts. */
export const permissionNodeState = pgTable('permission_node_state', {
  key: varchar('key', { length: 64 }).primaryKey(),
  disabled: boolean('disabled').notNull().default(false),
  remark: varchar('remark', { length: 200 }).notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const adminSession = pgTable('admin_session', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tokenHash: varchar('token_hash', { length: 64 }).notNull(),
  accountId: integer('account_id').notNull(),
  ip: varchar('ip', { length: 64 }).notNull().default(''),
  userAgent: varchar('user_agent', { length: 400 }).notNull().default(''),
  terminal: varchar('terminal', { length: 16 }).notNull().default('pc'),
  durable: boolean('durable').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /** logout | forced | replaced | password | disabled | deleted */
  revokedReason: varchar('revoked_reason', { length: 16 }),
}, (t) => [
  uniqueIndex('admin_session_token_uq').on(t.tokenHash),
  index('admin_session_account_idx').on(t.accountId, t.revokedAt, t.id),
  index('admin_session_live_idx').on(t.revokedAt, t.lastSeenAt, t.id),
  index('admin_session_created_idx').on(t.createdAt, t.id),
]);
