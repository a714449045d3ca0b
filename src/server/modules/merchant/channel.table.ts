import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Registration channels and promotion links (spec §3 "Channel and promotion link"). A customer registers through
 * one channel; `customer.channel_id` and `loan_order.channel_id` point here.
 */
export const channel = pgTable('channel', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  code: varchar('code', { length: 32 }).notNull(),
  name: varchar('name', { length: 100 }).notNull(),
  /** organic | facebook | google | tiktok | affiliate | sms | offline */
  type: varchar('type', { length: 16 }).notNull().default('organic'),
  openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  /** Null: no expiry. */
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  /** How many more times the link may be extended past its expiry. */
  extendableQuantity: integer('extendable_quantity').notNull().default(0),
  /** Fixed identifier carried in the promotion link (`?ch=`). */
  fixedIdentifier: varchar('fixed_identifier', { length: 64 }).notNull().default(''),
  /** Tag given to customers registering through this channel. */
  initialTag: varchar('initial_tag', { length: 40 }).notNull().default(''),
  /** Communication key pair with the channel partner (PEM). */
  publicKey: text('public_key').notNull().default(''),
  privateKey: text('private_key').notNull().default(''),
  /** Tracking provider (appsflyer | adjust | facebook | tiktok | none), its app/account id and secret. */
  trackingProvider: varchar('tracking_provider', { length: 16 }).notNull().default(''),
  trackingId: varchar('tracking_id', { length: 100 }).notNull().default(''),
  trackingSecret: varchar('tracking_secret', { length: 200 }).notNull().default(''),
  pixelId: varchar('pixel_id', { length: 100 }).notNull().default(''),
  accessToken: varchar('access_token', { length: 300 }).notNull().default(''),
  /** Forward registrations to this URL (postback); '' when off. */
  forwardingUrl: varchar('forwarding_url', { length: 300 }).notNull().default(''),
  /** Promotion link the channel is bound to, and the product it promotes. */
  promotionUrl: varchar('promotion_url', { length: 300 }).notNull().default(''),
  promotionProductId: integer('promotion_product_id'),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('channel_code_uq').on(t.code),
  index('channel_merchant_idx').on(t.merchantId, t.id),
]);
