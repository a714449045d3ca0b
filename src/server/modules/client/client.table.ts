import { sql } from 'drizzle-orm';
import {
  bigint, bigserial, boolean, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, real, serial, smallint, text,
  timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';

/** A postal address as the customer entered it; `full` is the one-line form shown in lists. */
export interface Address {
  region: string;
  city: string;
  district: string;
  line: string;
  postcode: string;
  full: string;
}

const ts = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * The borrower (spec §3 "Customer"). Belongs to one merchant; `market` decides the formats of names, phones and
 * ID numbers. Dictionary-backed fields (gender, marital_status, education, religion, relative_relation,
 * income_level, company_size) hold the dictionary `value`; the field editor edits them as dictionary choices.
 * Money is minor units of the merchant's currency. Emergency and phone-book contacts, SMS, calls, apps, devices,
 * documents (ID photos, face photos, videos), authentication records, locations, bank cards, labels and comments
 * are child tables below.
 */
export const customer = pgTable('customer', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** Customer code shown to staff and the customer (unique). */
  code: varchar('code', { length: 24 }).notNull(),
  merchantId: integer('merchant_id').notNull(),
  channelId: integer('channel_id'),
  /** vn | cn | tw | eg | th | in | en */
  market: varchar('market', { length: 2 }).notNull(),
  name: varchar('name', { length: 100 }).notNull(),
  phone: varchar('phone', { length: 20 }).notNull(),
  /** android | ios | h5 | offline */
  registrationSource: varchar('registration_source', { length: 16 }).notNull().default(''),
  /** sms_code | password | google | facebook | staff */
  registrationMethod: varchar('registration_method', { length: 16 }).notNull().default(''),
  idFrontUrl: varchar('id_front_url', { length: 300 }).notNull().default(''),
  idBackUrl: varchar('id_back_url', { length: 300 }).notNull().default(''),
  selfieUrl: varchar('selfie_url', { length: 300 }).notNull().default(''),
  idNumber: varchar('id_number', { length: 32 }).notNull().default(''),
  taxId: varchar('tax_id', { length: 32 }).notNull().default(''),
  religion: varchar('religion', { length: 8 }).notNull().default(''),
  relativeName: varchar('relative_name', { length: 100 }).notNull().default(''),
  relativeRelation: varchar('relative_relation', { length: 8 }).notNull().default(''),
  guardianName: varchar('guardian_name', { length: 100 }).notNull().default(''),
  fatherName: varchar('father_name', { length: 100 }).notNull().default(''),
  gender: varchar('gender', { length: 4 }).notNull().default(''),
  birthDate: date('birth_date', { mode: 'string' }),
  maritalStatus: varchar('marital_status', { length: 4 }).notNull().default(''),
  education: varchar('education', { length: 4 }).notNull().default(''),
  childrenCount: smallint('children_count').notNull().default(0),
  /** Months lived at the home address. */
  residenceMonths: smallint('residence_months').notNull().default(0),
  userLevel: smallint('user_level').notNull().default(0),
  /** Device the customer registered on (brand and model). */
  registeredDevice: varchar('registered_device', { length: 100 }).notNull().default(''),
  homeAddress: jsonb('home_address').$type<Address>(),
  workAddress: jsonb('work_address').$type<Address>(),
  idAddress: jsonb('id_address').$type<Address>(),
  companyName: varchar('company_name', { length: 200 }).notNull().default(''),
  companyRegion: varchar('company_region', { length: 100 }).notNull().default(''),
  companyAddress: varchar('company_address', { length: 300 }).notNull().default(''),
  occupation: varchar('occupation', { length: 100 }).notNull().default(''),
  incomeLevel: varchar('income_level', { length: 4 }).notNull().default(''),
  companySize: varchar('company_size', { length: 4 }).notNull().default(''),
  companyPhone: varchar('company_phone', { length: 20 }).notNull().default(''),
  blacklisted: boolean('blacklisted').notNull().default(false),
  /** 0 none, 1 watch, 2 refuse new loans, 3 refuse everything. */
  blacklistLevel: smallint('blacklist_level').notNull().default(0),
  whitelisted: boolean('whitelisted').notNull().default(false),
  loginAllowed: boolean('login_allowed').notNull().default(true),
  machineReviewAt: ts('machine_review_at'),
  /** '' | approved | rejected */
  machineReviewResult: varchar('machine_review_result', { length: 12 }).notNull().default(''),
  /** '' | pending | done | error */
  machineReviewStatus: varchar('machine_review_status', { length: 12 }).notNull().default(''),
  referenceLimitMinor: money('reference_limit_minor').notNull().default(0),
  exclusiveProductId: integer('exclusive_product_id'),
  exclusiveLimitMinor: money('exclusive_limit_minor').notNull().default(0),
  /** Marketing consent: '' (not asked) | agreed | rejected. */
  marketingStatus: varchar('marketing_status', { length: 12 }).notNull().default(''),
  /** In the rotation (re-marketing) pool. */
  rotation: boolean('rotation').notNull().default(false),
  appActiveAt: ts('app_active_at'),
  h5ActiveAt: ts('h5_active_at'),
  /** '' (never) | pending | success | failed */
  carrierAuthStatus: varchar('carrier_auth_status', { length: 12 }).notNull().default(''),
  carrierAuthRemark: varchar('carrier_auth_remark', { length: 200 }).notNull().default(''),
  carrierAuthAt: ts('carrier_auth_at'),
  /** Liveness (face) score 0–100 from the last liveness check. */
  livenessScore: real('liveness_score'),
  watermarkCode: varchar('watermark_code', { length: 32 }).notNull().default(''),
  /** Loans settled so far: a customer with loan_count > 0 is a returning customer. */
  loanCount: integer('loan_count').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('customer_code_uq').on(t.code),
  index('customer_merchant_created_idx').on(t.merchantId, t.createdAt, t.id),
  index('customer_created_idx').on(t.createdAt, t.id),
  index('customer_channel_created_idx').on(t.channelId, t.createdAt, t.id),
  index('customer_phone_idx').on(t.phone, t.id),
  index('customer_id_number_idx').on(t.idNumber, t.id),
  index('customer_name_idx').on(t.name, t.id),
]);

/** Emergency contacts (kind `emergency`, with a relation) and the phone book (kind `phonebook`). */
export const customerContact = pgTable('customer_contact', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  /** emergency | phonebook */
  kind: varchar('kind', { length: 12 }).notNull(),
  name: varchar('name', { length: 100 }).notNull(),
  /** Dictionary `relation` value for emergency contacts; '' in the phone book. */
  relation: varchar('relation', { length: 8 }).notNull().default(''),
  phone: varchar('phone', { length: 20 }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('customer_contact_customer_idx').on(t.customerId, t.kind, t.id),
  index('customer_contact_phone_idx').on(t.phone, t.id),
]);

/** SMS records read from the customer's phone. */
export const customerSms = pgTable('customer_sms', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  phone: varchar('phone', { length: 32 }).notNull(),
  /** in | out */
  direction: varchar('direction', { length: 4 }).notNull(),
  content: text('content').notNull(),
  sentAt: ts('sent_at').notNull(),
}, (t) => [index('customer_sms_customer_idx').on(t.customerId, t.sentAt, t.id)]);

/** Call records read from the customer's phone. */
export const customerCall = pgTable('customer_call', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  phone: varchar('phone', { length: 32 }).notNull(),
  name: varchar('name', { length: 100 }).notNull().default(''),
  /** in | out | missed */
  direction: varchar('direction', { length: 8 }).notNull(),
  durationSeconds: integer('duration_seconds').notNull().default(0),
  calledAt: ts('called_at').notNull(),
}, (t) => [index('customer_call_customer_idx').on(t.customerId, t.calledAt, t.id)]);

/** Apps installed on the customer's phone. */
export const customerApp = pgTable('customer_app', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  appName: varchar('app_name', { length: 100 }).notNull(),
  packageName: varchar('package_name', { length: 200 }).notNull(),
  version: varchar('version', { length: 32 }).notNull().default(''),
  installedAt: ts('installed_at'),
}, (t) => [index('customer_app_customer_idx').on(t.customerId, t.id)]);

/** Device info captured at registration and at each application (spec §3: brand … GPS). */
export const customerDevice = pgTable('customer_device', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  /** Stable device identifier (Android ID / IDFV); shared devices reveal co-debtors. */
  deviceId: varchar('device_id', { length: 64 }).notNull().default(''),
  brand: varchar('brand', { length: 40 }).notNull().default(''),
  model: varchar('model', { length: 60 }).notNull().default(''),
  os: varchar('os', { length: 16 }).notNull().default(''),
  osVersion: varchar('os_version', { length: 16 }).notNull().default(''),
  appVersion: varchar('app_version', { length: 16 }).notNull().default(''),
  browser: varchar('browser', { length: 60 }).notNull().default(''),
  ip: varchar('ip', { length: 64 }).notNull().default(''),
  mac: varchar('mac', { length: 17 }).notNull().default(''),
  ssid: varchar('ssid', { length: 64 }).notNull().default(''),
  resolution: varchar('resolution', { length: 16 }).notNull().default(''),
  gpsLat: doublePrecision('gps_lat'),
  gpsLng: doublePrecision('gps_lng'),
  capturedAt: ts('captured_at').notNull().defaultNow(),
}, (t) => [
  index('customer_device_customer_idx').on(t.customerId, t.id),
  index('customer_device_device_idx').on(t.deviceId, t.id),
]);

/** Uploaded originals: ID front/back, selfie, face photos, videos (the detail view's "original documents"). */
export const customerDocument = pgTable('customer_document', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  /** id_front | id_back | selfie | face | video */
  kind: varchar('kind', { length: 12 }).notNull(),
  url: varchar('url', { length: 300 }).notNull(),
  uploadedAt: ts('uploaded_at').notNull().defaultNow(),
  /** `customer`, or the staff account that uploaded it. */
  uploader: varchar('uploader', { length: 64 }).notNull().default('customer'),
}, (t) => [index('customer_document_customer_idx').on(t.customerId, t.kind, t.id)]);

/** Authentication records: ID card OCR, face match, liveness, carrier, bank card, contacts authorisation. */
export const customerAuthRecord = pgTable('customer_auth_record', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  /** id_card | face | liveness | carrier | bank_card | contacts */
  kind: varchar('kind', { length: 16 }).notNull(),
  /** success | failed | pending */
  status: varchar('status', { length: 12 }).notNull(),
  provider: varchar('provider', { length: 40 }).notNull().default(''),
  /** Provider score where it gives one (face similarity, liveness). */
  score: real('score'),
  remark: varchar('remark', { length: 200 }).notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('customer_auth_record_customer_idx').on(t.customerId, t.id)]);

/** Locations reported by the app (GPS) or derived from the IP. */
export const customerLocation = pgTable('customer_location', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  address: varchar('address', { length: 300 }).notNull().default(''),
  /** gps | ip */
  source: varchar('source', { length: 8 }).notNull().default('gps'),
  capturedAt: ts('captured_at').notNull().defaultNow(),
}, (t) => [index('customer_location_customer_idx').on(t.customerId, t.id)]);

/** Banks of each market, for card binding and the bank auto-match screen (card number prefix → bank). */
export const bank = pgTable('bank', {
  id: serial('id').primaryKey(),
  market: varchar('market', { length: 2 }).notNull(),
  /** Bank code as payment channels know it (NAPAS short name, CNAPS, IFSC prefix, ABA routing …). */
  code: varchar('code', { length: 20 }).notNull(),
  name: varchar('name', { length: 100 }).notNull(),
  /** Card number prefixes (BIN) issued by the bank. */
  bins: text('bins').array().notNull().default(sql`'{}'::text[]`),
  enabled: boolean('enabled').notNull().default(true),
  /** Order in bank pickers (system bank screen, docs/bank.md). */
  sort: smallint('sort').notNull().default(0),
}, (t) => [uniqueIndex('bank_market_code_uq').on(t.market, t.code)]);

/** A customer's bank cards (spec §3: bank name, code, card number, cardholder; bound or pending binding). */
export const bankCard = pgTable('bank_card', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  /** Copied from the customer so the bank-card list is scoped to merchants without a join. */
  merchantId: integer('merchant_id').notNull(),
  bankName: varchar('bank_name', { length: 100 }).notNull(),
  bankCode: varchar('bank_code', { length: 20 }).notNull(),
  cardNumber: varchar('card_number', { length: 32 }).notNull(),
  cardholder: varchar('cardholder', { length: 100 }).notNull(),
  /** bound | pending */
  status: varchar('status', { length: 8 }).notNull().default('pending'),
  /** The card payouts go to. */
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('bank_card_customer_idx').on(t.customerId, t.id),
  index('bank_card_merchant_created_idx').on(t.merchantId, t.createdAt, t.id),
  index('bank_card_status_created_idx').on(t.status, t.createdAt, t.id),
  index('bank_card_created_idx').on(t.createdAt, t.id),
  index('bank_card_number_idx').on(t.cardNumber, t.id),
]);

/** Customer labels (tags) with their colour (spec §3 "Customer label": label_name, mark_color). */
export const customerLabel = pgTable('customer_label', {
  id: serial('id').primaryKey(),
  labelName: varchar('label_name', { length: 40 }).notNull(),
  /** CSS colour, e.g. #e03131. */
  markColor: varchar('mark_color', { length: 16 }).notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('customer_label_name_uq').on(t.labelName)]);

/** Labels attached to a customer. */
export const customerLabelLink = pgTable('customer_label_link', {
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  labelId: integer('label_id').notNull(),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ name: 'customer_label_link_pk', columns: [t.customerId, t.labelId] }),
  index('customer_label_link_label_idx').on(t.labelId, t.customerId),
]);

/** Staff comments on a customer (spec `customer_comment`: add, list, sign, essence, delete — soft). */
export const customerComment = pgTable('customer_comment', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  accountId: integer('account_id').notNull(),
  content: text('content').notNull(),
  signed: boolean('signed').notNull().default(false),
  essence: boolean('essence').notNull().default(false),
  deletedAt: ts('deleted_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('customer_comment_customer_idx').on(t.customerId, t.createdAt, t.id)]);

/** Login (verification) codes sent to customers by SMS: the customer_sms_log screen. */
export const customerLoginCode = pgTable('customer_sms_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  /** Null when the phone has not registered yet. */
  customerId: bigint('customer_id', { mode: 'number' }),
  phone: varchar('phone', { length: 20 }).notNull(),
  code: varchar('code', { length: 8 }).notNull(),
  /** login | register | reset_password */
  purpose: varchar('purpose', { length: 16 }).notNull().default('login'),
  ip: varchar('ip', { length: 64 }).notNull().default(''),
  sentAt: ts('sent_at').notNull().defaultNow(),
  usedAt: ts('used_at'),
}, (t) => [
  index('customer_sms_log_sent_idx').on(t.sentAt, t.id),
  index('customer_sms_log_merchant_sent_idx').on(t.merchantId, t.sentAt, t.id),
  index('customer_sms_log_phone_idx').on(t.phone, t.sentAt, t.id),
]);
