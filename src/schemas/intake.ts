import { z } from 'zod';
import { id, id32 } from './common';

/**
 * Contracts of the intake area (docs/intake.md): the borrower app's signed API (/loanapi/app/*), the merchant app
 * keys (/merchant/account) and the loan rules (/merchant/loanRuleConfig, /merchant/loanRestrictionRule).
 * Money is in minor units of the merchant's currency, like everywhere else.
 */

// ---------------------------------------------------------------------------------------------------------------
// Signed requests

/** Request headers of the signature scheme. */
export const INTAKE_HEADERS = { key: 'x-app-key', timestamp: 'x-timestamp', nonce: 'x-nonce', signature: 'x-signature' } as const;
/** A request whose x-timestamp is further than this from the server's time is refused. */
export const SIGNATURE_WINDOW_MS = 5 * 60_000;
/** x-nonce: 8 to 64 URL-safe characters, unique per app key within the window. */
export const NONCE_RE = /^[A-Za-z0-9_-]{8,64}$/;

// ---------------------------------------------------------------------------------------------------------------
// Borrower app API

/** Shapes only: the market's phone and ID formats are checked by the server once it knows the merchant. */
const phone = z.string().trim().min(6).max(20);
/** Spec §5: names 2 to 20 characters. */
const personName = z.string().trim().min(2).max(20);
const deviceId = z.string().trim().min(4).max(64).regex(/^[A-Za-z0-9._:-]+$/, 'validation.intakeDevice');

const level = z.enum(['1', '2', '3', '4', '5']);
/** Dictionary codes as in the customer record: marital_status 1 single, 2 married, 3 divorced, 4 widowed; levels 1–5. */
export const appProfile = z.object({
  marital_status: z.enum(['1', '2', '3', '4']).optional(),
  education: level.optional(),
  income_level: level.optional(),
  children_count: z.number().int().min(0).max(20).optional(),
  residence_months: z.number().int().min(0).max(1200).optional(),
  company_name: z.string().trim().max(200).optional(),
  occupation: z.string().trim().max(100).optional(),
  /** Score 0–100 from the app's liveness SDK. */
  liveness_score: z.number().min(0).max(100).optional(),
}).strict();
export type AppProfile = z.infer<typeof appProfile>;

export const appRegisterBody = z.object({
  phone,
  name: personName,
  id_number: z.string().trim().min(4).max(32),
  birth_date: z.iso.date(),
  /** Dictionary `gender`: 1 male, 2 female. */
  gender: z.enum(['1', '2']).optional(),
  device_id: deviceId,
  device: z.object({
    brand: z.string().trim().max(40).optional(),
    model: z.string().trim().max(60).optional(),
    os: z.enum(['android', 'ios']).optional(),
    os_version: z.string().trim().max(16).optional(),
    app_version: z.string().trim().max(16).optional(),
  }).strict().optional(),
  source: z.enum(['android', 'ios', 'h5']).default('android'),
  /** Registration channel code of the merchant (promotion link); optional. */
  channel_code: z.string().trim().max(32).optional(),
  /** What the app's KYC form and liveness check collected; machine review scores on it (a thin file scores low). */
  profile: appProfile.optional(),
}).strict();
export type AppRegisterBody = z.infer<typeof appRegisterBody>;

export const appApplyBody = z.object({
  phone,
  /** Required with a merchant key; with a platform key, omit it to let the platform choose the merchant. */
  product_id: id32.optional(),
  /** Minor units. */
  amount: z.number().int().positive().max(1e13),
  days: z.number().int().min(1).max(3650),
  device_id: deviceId,
}).strict();
export type AppApplyBody = z.infer<typeof appApplyBody>;

export const appBindCardBody = z.object({
  phone,
  bank_code: z.string().trim().min(2).max(20),
  card_number: z.string().trim().regex(/^\d{8,24}$/, 'validation.intakeCard'),
  cardholder: personName,
  make_default: z.boolean().default(true),
}).strict();
export type AppBindCardBody = z.infer<typeof appBindCardBody>;

/** The Idempotency-Key header (or `idempotency_key` here) is required: a confirmation moves money. */
export const appConfirmBody = z.object({
  phone,
  order_no: z.string().trim().min(4).max(32),
  device_id: deviceId,
  idempotency_key: z.string().optional(),
}).strict();
export type AppConfirmBody = z.infer<typeof appConfirmBody>;

export const appOrderStatusQuery = z.object({
  phone,
  order_no: z.string().trim().min(4).max(32).optional(),
}).strict();

export interface AppProduct {
  product_id: number;
  merchant_code: string;
  name: string;
  min_amount: number;
  max_amount: number;
  min_days: number;
  max_days: number;
  rate_bp: number;
  interest_type: string;
  fee_timing: string;
}

export interface AppProducts {
  merchant_code: string;
  market: string;
  currency: string;
  platform: boolean;
  products: AppProduct[];
}

export interface AppCustomer {
  customer_id: number;
  customer_code: string;
  merchant_code: string;
  is_new: boolean;
  is_returning: boolean;
}

export interface AppOrder {
  order_no: string;
  merchant_code: string;
  product_name: string;
  status: string;
  application_amount: number;
  loan_amount: number;
  received_amount: number;
  contract_amount: number;
  interest: number;
  fees: number;
  fee_timing: string;
  loan_days: number;
  currency: string;
  is_returning: boolean;
  created_at: string;
  /** While in `withdrawal`: the time after which the approved loan expires unless confirmed. */
  withdraw_before: string | null;
}

export interface AppCard {
  card_id: number;
  bank_code: string;
  bank_name: string;
  card_last4: string;
  is_default: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// Merchant app keys (/merchant/account)

export const APP_KEY_STATUSES = ['enabled', 'disabled'] as const;

export const appKeyAddBody = z.object({
  merchant_id: id32,
  name: z.string().trim().min(2).max(40),
  /** Only for a main merchant: applications are distributed to it and its sub-merchants. */
  platform: z.boolean().default(false),
});

export const appKeyListQuery = z.object({
  merchant_id: id32.optional(),
  status: z.enum(APP_KEY_STATUSES).optional(),
  keyword: z.string().trim().max(64).optional(),
});

export interface AppKeyRow {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  merchant_code: string | null;
  app_key: string;
  name: string;
  platform: boolean;
  status: string;
  secret_hint: string;
  created_at: string;
  rotated_at: string | null;
  prev_valid_until: string | null;
  last_used_at: string | null;
  disabled_at: string | null;
}

/** Answer of add and rotate: the secret, shown this once. */
export interface AppKeySecret {
  row: AppKeyRow;
  secret: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Loan rule configuration (/merchant/loanRuleConfig)

const limit = (min: number, max: number) => z.number().int().min(min).max(max).nullable().default(null);

/** The numeric limits; null means no limit. */
export const ruleConfigFields = {
  max_active_loans: limit(1, 20),
  reject_cooldown_days: limit(1, 365),
  max_daily_apply_phone: limit(1, 1000),
  max_daily_apply_device: limit(1, 1000),
  max_daily_apply_id: limit(1, 1000),
  min_age: limit(16, 100),
  max_age: limit(16, 100),
  max_daily_withdrawals: limit(1, 1000),
  enabled: z.boolean().default(true),
  remark: z.string().trim().max(200).default(''),
};
export const RULE_LIMIT_KEYS = ['max_active_loans', 'reject_cooldown_days', 'max_daily_apply_phone', 'max_daily_apply_device',
  'max_daily_apply_id', 'min_age', 'max_age', 'max_daily_withdrawals'] as const;
export type RuleLimitKey = (typeof RULE_LIMIT_KEYS)[number];

export const ruleConfigAddBody = z.object({ merchant_id: id32, ...ruleConfigFields });
export const ruleConfigEditBody = z.object({ id: id32, ...ruleConfigFields });
export const ruleConfigListQuery = z.object({ merchant_id: id32.optional() });

export interface RuleConfigRow extends Record<RuleLimitKey, number | null> {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  enabled: boolean;
  remark: string;
  updated_at: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Restriction rules (/merchant/loanRestrictionRule)

export const RESTRICTION_TARGETS = ['id_number', 'phone', 'device_id'] as const;
export type RestrictionTarget = (typeof RESTRICTION_TARGETS)[number];
export const RESTRICTION_APPLIES = ['apply', 'withdrawal', 'both'] as const;
export type RestrictionApplies = (typeof RESTRICTION_APPLIES)[number];

const restrictionFields = {
  name: z.string().trim().min(2).max(40),
  target: z.enum(RESTRICTION_TARGETS),
  /** Letters, digits and '-', with the wildcards * (any run) and ? (one character); matched case-insensitively. */
  pattern: z.string().trim().min(1).max(32).regex(/^[A-Za-z0-9*?-]+$/, 'validation.intakePattern'),
  applies_to: z.enum(RESTRICTION_APPLIES).default('both'),
  enabled: z.boolean().default(true),
  remark: z.string().trim().max(200).default(''),
};
export const restrictionAddBody = z.object({ merchant_id: id32, ...restrictionFields });
export const restrictionEditBody = z.object({ id: id32, ...restrictionFields });
export const restrictionListQuery = z.object({
  merchant_id: id32.optional(),
  target: z.enum(RESTRICTION_TARGETS).optional(),
  keyword: z.string().trim().max(40).optional(),
});

export interface RestrictionRow {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  name: string;
  target: RestrictionTarget;
  pattern: string;
  applies_to: RestrictionApplies;
  enabled: boolean;
  remark: string;
  updated_at: string;
}

/** The borrower app after the payout: what is owed, a repayment link / QR code / card deduction, an extension. */
export const appRepaymentInfoQuery = z.object({ phone, order_no: z.string().trim().min(4).max(32) });
export const appRepayBody = z.object({
  phone,
  order_no: z.string().trim().min(4).max(32),
  method: z.enum(['link', 'qr', 'card']),
  /** Default: everything still owed. */
  amount: z.coerce.number().int().positive().optional(),
  idempotency_key: z.string().optional(),
});
export const appExtensionBody = z.object({ phone, order_no: z.string().trim().min(4).max(32), remark: z.string().trim().max(500).optional() });
