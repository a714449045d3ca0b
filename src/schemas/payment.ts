import { z } from 'zod';
import { id, id32 } from './common';
import { filterId, queryFlag } from './client';
import { dateOrTime } from './empower';

/**
 * Payouts (disbursement), transfers and payment channels (docs/payment.md).
 *
 * - A **transfer** is the money one loan order needs to send to the customer's card: created when the withdrawal
 *   is confirmed, it waits in `pending_review` when the merchant's payment config asks for a transfer audit (or has
 *   no channel / automatic payout off), else it is `in_progress` at a channel, and ends `success` or `failure`
 *   (spec §4 "Transfer"). A failed transfer can be sent again (re-transfer) or paid by hand (manual transfer).
 * - A **payment order** is one attempt of a transfer at one channel: our `payment_no`, the provider's reference, the
 *   request, the response and the callback.
 * Money on the wire is integer minor units of the order's currency.
 */

export const TRANSFER_STATUSES = ['pending_review', 'in_progress', 'success', 'failure'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
export const PAYMENT_ORDER_STATUSES = ['in_progress', 'success', 'failure'] as const;
export type PaymentOrderStatus = (typeof PAYMENT_ORDER_STATUSES)[number];
/** Provider kinds of a payment channel: the built-in sandbox, or the generic HTTP adapter. `manual` marks payouts staff made outside any channel. */
export const PROVIDER_KINDS = ['sandbox', 'http'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];
/** Why a transfer waits in the audit queue. */
export const AUDIT_REASONS = ['threshold', 'auto_payout_off', 'no_channel'] as const;
/** What the payout records list (orderRecord) holds: each message exchanged with a channel, and staff decisions. */
export const PAYMENT_EVENT_KINDS = ['request', 'response', 'callback', 'query', 'manual', 'audit', 'reverse'] as const;
/** Cards / accounts customers pay into: repayments (transfer/repaymentPayCard) and collection payments (collectionPayCard). */
export const PAY_CARD_PURPOSES = ['repayment', 'collection'] as const;
export type PayCardPurpose = (typeof PAY_CARD_PURPOSES)[number];
/** Customers an automatic loan rule applies to. */
export const RULE_CUSTOMER_TYPES = ['all', 'new', 'returning'] as const;

/** Minor units; 10^15 is far above any loan and far below 2^53. */
const minor = z.coerce.number().int().min(0).max(1e15);
const text = (max: number) => z.string().trim().max(max);
const reason = z.string().trim().min(2).max(200);

// ------------------------------------------------------------------ channels (/system/bankChannel)

/** Our field names a generic HTTP provider may call differently (field mapping, kept simple: a rename). */
export const HTTP_FIELDS = [
  'merchant_no', 'payment_no', 'amount', 'currency', 'account_no', 'account_name', 'bank_code', 'notify_url',
  'provider_ref', 'status', 'message', 'sign',
] as const;

const url = z.string().trim().max(300).refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), 'validation.invalidFormat');
const valueList = text(200).regex(/^[A-Za-z0-9_,.\- ]*$/, 'validation.invalidFormat');

/**
 * A channel as the form edits it (flat, so the generated form shows one field each). Sandbox settings:
 * latency_ms, failure_rate (percent), seed (same seed → same outcomes). HTTP settings: url (base), merchant_no,
 * api_key, sign_secret (HMAC-SHA256 of the sorted `k=v&…` fields), callback_url (our webhook as the provider
 * reaches it), field_map (our field → theirs), success_values / failure_values (their status words), timeout_ms.
 * Secrets are never sent back; an empty secret on edit keeps the stored one.
 */
export const channelBody = z.object({
  code: z.string().trim().min(2).max(32).regex(/^[A-Za-z0-9_-]+$/, 'validation.invalidFormat'),
  name: z.string().trim().min(2).max(100),
  provider: z.enum(PROVIDER_KINDS).default('sandbox'),
  enabled: z.boolean().default(true),
  is_default: z.boolean().default(false),
  latency_ms: z.coerce.number().int().min(0).max(600_000).default(2000),
  failure_rate: z.coerce.number().min(0).max(100).default(10),
  seed: text(64).default(''),
  url: url.default(''),
  merchant_no: text(64).default(''),
  api_key: text(200).default(''),
  sign_secret: text(200).default(''),
  callback_url: url.default(''),
  field_map: z.partialRecord(z.enum(HTTP_FIELDS), z.string().trim().min(1).max(64)).default({}),
  success_values: valueList.default('SUCCESS'),
  failure_values: valueList.default('FAIL,FAILED'),
  timeout_ms: z.coerce.number().int().min(1000).max(60_000).default(15_000),
  remark: text(200).default(''),
}).superRefine((b, ctx) => {
  if (b.provider === 'http' && !b.url) ctx.addIssue({ code: 'custom', path: ['url'], message: 'validation.required' });
});
export type ChannelBody = z.infer<typeof channelBody>;

export const channelEditBody = z.object({
  id: id32,
  name: z.string().trim().min(2).max(100).optional(),
  enabled: z.boolean().optional(),
  is_default: z.boolean().optional(),
  latency_ms: z.coerce.number().int().min(0).max(600_000).optional(),
  failure_rate: z.coerce.number().min(0).max(100).optional(),
  seed: text(64).optional(),
  url: url.optional(),
  merchant_no: text(64).optional(),
  api_key: text(200).optional(),
  sign_secret: text(200).optional(),
  callback_url: url.optional(),
  field_map: z.partialRecord(z.enum(HTTP_FIELDS), z.string().trim().min(1).max(64)).optional(),
  success_values: valueList.optional(),
  failure_values: valueList.optional(),
  timeout_ms: z.coerce.number().int().min(1000).max(60_000).optional(),
  remark: text(200).optional(),
});

export const channelListQuery = z.object({
  keyword: text(64).optional(),
  provider: z.enum(PROVIDER_KINDS).optional(),
  enabled: queryFlag.optional(),
});

/** The settings of a channel kept in its `config` (secrets are columns of their own and never listed). */
export interface ChannelConfig {
  latency_ms: number;
  failure_rate: number;
  seed: string;
  url: string;
  merchant_no: string;
  callback_url: string;
  field_map: Partial<Record<(typeof HTTP_FIELDS)[number], string>>;
  success_values: string;
  failure_values: string;
  timeout_ms: number;
}

export type ChannelRow = {
  id: number;
  code: string;
  name: string;
  provider: ProviderKind;
  enabled: boolean;
  is_default: boolean;
  config: ChannelConfig;
  has_api_key: boolean;
  has_sign_secret: boolean;
  remark: string;
  last_test_at: string | null;
  last_test_ok: boolean | null;
  last_test_message: string;
  created_at: string;
  updated_at: string;
};

/** The secure operation key (reverse a successful loan): set by an administrator; changing it needs the current one. */
export const secureKeyBody = z.object({
  current_password: z.string().max(64).optional(),
  new_password: z.string().min(8).max(64),
});

// ------------------------------------------------------------------ merchant payment config (/merchant/autoPaymentConfig)

/**
 * One merchant's payout settings: which channel pays out (null: the default channel), automatic payout on/off
 * (off: every transfer waits in the audit queue), transfer audit above an amount (audit_enabled; transfers whose
 * amount is above audit_above wait in /transfer/orderAudit unless an automatic loan rule exempts them), and the
 * per-payout limits (0: no limit; outside them a withdrawal is refused).
 */
export const paymentConfigBody = z.object({
  id: id32,
  payout_channel_id: id32.nullable().default(null),
  auto_payout: z.boolean().default(true),
  audit_enabled: z.boolean().default(false),
  audit_above: minor.default(0),
  min_payout: minor.default(0),
  max_payout: minor.default(0),
}).refine((b) => b.max_payout === 0 || b.max_payout >= b.min_payout, { path: ['max_payout'], message: 'validation.maxBelowMin' });

export const paymentConfigListQuery = z.object({
  merchant_id: filterId.optional(),
  keyword: text(64).optional(),
});

export type PaymentConfigRow = {
  id: number;
  merchant_code: string;
  merchant_name: string;
  currency: string;
  payout_channel_id: number | null;
  channel_name: string | null;
  auto_payout: boolean;
  audit_enabled: boolean;
  audit_above: number;
  min_payout: number;
  max_payout: number;
  payout_fee_new: number;
  payout_fee_returning: number;
  updated_at: string | null;
};

// ------------------------------------------------------------------ automatic loan rules (/merchant/autoLoanRule)

/**
 * An order that matches an enabled rule of its merchant is paid out without the transfer audit (the amount
 * threshold of the payment config). A rule matches: customer type (all / new / returning), the amount at most
 * max_amount (0: any), and the customer's settled loans at least min_settled_loans.
 */
export const autoLoanRuleBody = z.object({
  merchant_id: id32,
  name: z.string().trim().min(2).max(100),
  customer_type: z.enum(RULE_CUSTOMER_TYPES).default('all'),
  max_amount: minor.default(0),
  min_settled_loans: z.coerce.number().int().min(0).max(1000).default(0),
  enabled: z.boolean().default(true),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
});
export const autoLoanRuleEditBody = autoLoanRuleBody.omit({ merchant_id: true }).partial().extend({ id: id32 });

export const autoLoanRuleListQuery = z.object({
  merchant_id: filterId.optional(),
  enabled: queryFlag.optional(),
});

export type AutoLoanRuleRow = {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  currency: string | null;
  name: string;
  customer_type: (typeof RULE_CUSTOMER_TYPES)[number];
  max_amount: number;
  min_settled_loans: number;
  enabled: boolean;
  sort: number;
  created_at: string;
  updated_at: string;
};

// ------------------------------------------------------------------ pay cards (/transfer/repaymentPayCard, collectionPayCard)

/**
 * A card or account customers pay into, per merchant: repayments or collection payments, shown to the customer
 * (repayment link) and to collectors. A managed list: add, edit (including enabled), delete.
 */
export const payCardBody = z.object({
  merchant_id: id32,
  channel_id: id32.nullable().default(null),
  bank_name: z.string().trim().min(2).max(100),
  account_name: z.string().trim().min(2).max(100),
  account_number: z.string().trim().min(4).max(40).regex(/^[A-Za-z0-9 -]+$/, 'validation.invalidFormat'),
  enabled: z.boolean().default(true),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
  remark: text(200).default(''),
});
export const payCardEditBody = payCardBody.omit({ merchant_id: true }).partial().extend({ id: id32 });

export const payCardListQuery = z.object({
  merchant_id: filterId.optional(),
  enabled: queryFlag.optional(),
  keyword: text(64).optional(),
});

export type PayCardRow = {
  id: number;
  purpose: PayCardPurpose;
  merchant_id: number;
  merchant_name: string | null;
  channel_id: number | null;
  channel_name: string | null;
  bank_name: string;
  account_name: string;
  account_number: string;
  enabled: boolean;
  sort: number;
  remark: string;
  created_at: string;
  updated_at: string;
};

// ------------------------------------------------------------------ transfers and payment orders

export const transferListQuery = z.object({
  transfer_no: text(40).optional(),
  order_no: text(64).optional(),
  phone: text(20).optional(),
  merchant_id: filterId.optional(),
  channel_id: filterId.optional(),
  status: z.enum(TRANSFER_STATUSES).optional(),
  manual: queryFlag.optional(),
  reversed: queryFlag.optional(),
  created_from: dateOrTime.optional(),
  created_to: dateOrTime.optional(),
  amount_min: minor.optional(),
  amount_max: minor.optional(),
});

export type TransferRow = {
  id: number;
  transfer_no: string;
  order_id: number;
  order_no: string | null;
  merchant_id: number;
  merchant_name: string | null;
  customer_id: number;
  customer_name: string | null;
  phone: string | null;
  currency: string;
  amount: number;
  fee: number;
  loan_amount: number;
  status: TransferStatus;
  manual: boolean;
  channel_id: number | null;
  channel_name: string | null;
  provider_ref: string;
  attempts: number;
  audit_required: boolean;
  audit_reason: string;
  audited_at: string | null;
  audit_remark: string;
  failure_reason: string;
  manual_reference: string;
  manual_proof_url: string;
  reversed: boolean;
  reverse_reason: string;
  withdrawal_type: string;
  created_at: string;
  sent_at: string | null;
  completed_at: string | null;
};

export const paymentOrderListQuery = z.object({
  payment_no: text(40).optional(),
  provider_ref: text(64).optional(),
  order_no: text(64).optional(),
  merchant_id: filterId.optional(),
  channel_id: filterId.optional(),
  status: z.enum(PAYMENT_ORDER_STATUSES).optional(),
  created_from: dateOrTime.optional(),
  created_to: dateOrTime.optional(),
});

export type PaymentOrderRow = {
  id: number;
  payment_no: string;
  transfer_id: number;
  transfer_no: string | null;
  order_id: number;
  order_no: string | null;
  merchant_id: number;
  merchant_name: string | null;
  channel_id: number | null;
  channel_name: string | null;
  provider: string;
  currency: string;
  amount: number;
  status: PaymentOrderStatus;
  provider_ref: string;
  failure_reason: string;
  check_count: number;
  checked_at: string | null;
  callback_at: string | null;
  created_at: string;
  completed_at: string | null;
};

export const paymentEventListQuery = z.object({
  payment_no: text(40).optional(),
  order_no: text(64).optional(),
  merchant_id: filterId.optional(),
  kind: z.enum(PAYMENT_EVENT_KINDS).optional(),
  created_from: dateOrTime.optional(),
  created_to: dateOrTime.optional(),
});

export type PaymentEventRow = {
  id: number;
  kind: (typeof PAYMENT_EVENT_KINDS)[number];
  payment_order_id: number | null;
  payment_no: string | null;
  transfer_id: number;
  transfer_no: string | null;
  order_id: number;
  order_no: string | null;
  merchant_id: number;
  merchant_name: string | null;
  status: string;
  provider_ref: string;
  body: unknown;
  account_id: number | null;
  created_at: string;
};

// ------------------------------------------------------------------ actions

export const transferIdBody = z.object({ id });
export const auditApproveBody = z.object({ id, channel_id: id32.optional(), remark: text(200).default('') });
export const auditRejectBody = z.object({ id, reason });
export const retransferBody = z.object({ id, channel_id: id32.optional() });
export const manualTransferBody = z.object({
  id,
  reference: z.string().trim().min(3).max(64),
  proof_url: text(500).default(''),
  remark: text(200).default(''),
});
/** `secure_password`: the secure operation key (named so that forms mask it and logs redact it). */
export const reverseBody = z.object({ id, secure_password: z.string().min(1).max(64), reason });

/** What a money action answers: the transfer as it stands after it. */
export interface TransferView {
  transfer_id: number;
  transfer_no: string;
  order_id: number;
  /** pending_review | in_progress | success | failure (spec §4 "Transfer") */
  status: TransferStatus;
  amount_minor: number;
  fee_minor: number;
  provider_ref: string;
  payment_no: string | null;
}

export interface ChannelTestResult {
  ok: boolean;
  latency_ms: number;
  message: string;
}
