import { z } from 'zod';
import { id, id32, money } from './common';
import { filterId } from './client';
import { dateOrTime } from './empower';

/**
 * Contracts of the repayment area (/repayment, /review/manualRepayment, /merchant/DebtSettings, /merchant/product,
 * /merchant/repaymentDiscountRule, reductions), shared by the server, the commands and the console. Money on the wire
 * is integer minor units of the order's currency; docs/repayment.md explains the money rules and postings.
 */

// ------------------------------------------------------------------------------------------------ money parts

/** What a customer owes, by part; repayments are allocated over them in the merchant's configured order. */
export const DEBT_PARTS = ['penalty', 'interest', 'fee', 'principal'] as const;
export type DebtPart = (typeof DEBT_PARTS)[number];
export type Parts = Record<DebtPart, number>;
export const ZERO_PARTS: Parts = { penalty: 0, interest: 0, fee: 0, principal: 0 };

// ------------------------------------------------------------------------------------------------ repayments

/**
 * How money came in: app (the borrower app through the provider), link / qr / va (virtual account card) / card
 * (deduction from a bound card) through the provider, manual (staff, with a voucher), reconciliation (settlement:
 * staff balancing money seen on the merchant's account), extension (an extension fee payment).
 */
export const REPAYMENT_TYPES = ['app', 'link', 'qr', 'va', 'card', 'manual', 'reconciliation', 'extension'] as const;
export type RepaymentType = (typeof REPAYMENT_TYPES)[number];
/** Types a person records by hand (no provider). */
export const MANUAL_REPAYMENT_TYPES = ['manual', 'reconciliation'] as const satisfies readonly RepaymentType[];
/** Types that go through the payment provider (a pending row until its callback). */
export const PROVIDER_REPAYMENT_TYPES = ['app', 'link', 'qr', 'va', 'card'] as const satisfies readonly RepaymentType[];

/**
 * pending: created at the provider, not paid yet; success: applied to the order; failed: the provider said no;
 * expired: a link nobody paid; revoked: undone by a reversal posting; abnormal: money the system could not apply on
 * its own (unknown order, order already settled, amount mismatch) — waits on /repayment/abnormal.
 */
export const REPAYMENT_STATUSES = ['pending', 'success', 'failed', 'expired', 'revoked', 'abnormal'] as const;
export type RepaymentStatus = (typeof REPAYMENT_STATUSES)[number];

/** Why a repayment sits on /repayment/abnormal. */
export const ABNORMAL_REASONS = ['unknown_order', 'order_settled', 'amount_mismatch', 'over_contract', 'overpaid'] as const;
export type AbnormalReason = (typeof ABNORMAL_REASONS)[number];
/** How an abnormal repayment was handled. */
export const ABNORMAL_RESOLUTIONS = ['applied', 'refunded', 'ignored'] as const;

/** Voucher (repayment proof) kinds and review results (spec §3 "repayment proof"). */
export const PROOF_TYPES = ['transfer_receipt', 'bank_statement', 'cash_receipt', 'other'] as const;
export const PROOF_RESULTS = ['accepted', 'revoked'] as const;

const text = (max: number) => z.string().trim().max(max);
const reason = z.string().trim().min(2).max(200);

/**
 * A money amount in minor units: an integer above 0. "12.5" minor units (too many decimals for the currency: the
 * console converts what the user types with the currency's digits) and 0 or negatives are refused with their own
 * messages (spec §5: amount must be greater than 0).
 */
export const amountMinor = z.coerce.number()
  .refine((n) => Number.isFinite(n) && Number.isInteger(n), 'validation.amountDecimals')
  .refine((n) => n > 0, 'validation.amountPositive')
  .refine((n) => n <= 1e15, 'validation.amountTooLarge');

const idempotencyKey = z.string().trim().min(8).max(100).optional();

/** /review/manualRepayment add: money the customer paid outside the system, with its voucher. */
export const manualRepaymentBody = z.object({
  order_id: id,
  amount: amountMinor,
  /** Uploaded voucher files (POST /loanapi/repayment/proof/upload). */
  proof_ids: z.array(id).min(1).max(5),
  paid_at: dateOrTime.optional(),
  remark: text(500).optional(),
  idempotency_key: idempotencyKey,
});

/** /repayment/settlement add: manual reconciliation (balancing) of money seen on the merchant's account. */
export const reconciliationBody = z.object({
  order_id: id,
  amount: amountMinor,
  /** The bank statement line / reference it balances. */
  reference: z.string().trim().min(2).max(100),
  remark: text(500).optional(),
  idempotency_key: idempotencyKey,
});

/** Revoke a repayment or a reconciliation: reversal postings, the order's figures go back. */
export const revokeBody = z.object({ id, reason, idempotency_key: idempotencyKey });

/** A repayment link / QR code / card deduction through the provider, for what is still owed (or less). */
export const COLLECT_METHODS = ['link', 'qr', 'card'] as const;
export const collectBody = z.object({
  order_id: id,
  method: z.enum(COLLECT_METHODS),
  /** Default: the remaining debt. */
  amount: amountMinor.optional(),
  /** card: which bound card (default: the order's card). */
  bank_card_id: id.optional(),
  idempotency_key: idempotencyKey,
});

/** Handle a row of /repayment/abnormal. */
export const abnormalBody = z.object({
  id,
  resolution: z.enum(ABNORMAL_RESOLUTIONS),
  /** applied: the order to apply unknown-order money to. */
  order_id: id.optional(),
  remark: reason,
  idempotency_key: idempotencyKey,
});

/** Re-check a pending provider repayment (asks the provider, applies what it says). */
export const recheckBody = z.object({ id });

/** Voucher upload (multipart field `file`, plus these fields). */
export const proofUploadFields = z.object({ proof_type: z.enum(PROOF_TYPES).default('transfer_receipt') });

// ------------------------------------------------------------------------------------------------ repayment cards

/** Virtual-account cards customers pay into (spec /repayment/repaymentCardList), one active per customer and merchant. */
export const REPAYMENT_CARD_STATUSES = ['active', 'expired'] as const;
export const repaymentCardQuery = z.object({
  merchant_id: filterId.optional(),
  phone: text(20).optional(),
  customer_name: text(100).optional(),
  va_number: text(40).optional(),
  status: z.enum(REPAYMENT_CARD_STATUSES).optional(),
});
/** Issue (or re-issue) one customer's card. */
export const repaymentCardIssueBody = z.object({ customer_id: id, merchant_id: id32 });
/** resetAllRepaymentCards: re-apply every open-loan customer's card of a merchant, as a background batch. */
export const resetCardsBody = z.object({ merchant_id: id32, remark: text(200).optional() });
export const RESET_BATCH_STATUSES = ['running', 'done', 'failed'] as const;

// ------------------------------------------------------------------------------------------------ list filters

export const repaymentListQuery = z.object({
  serial_no: text(40).optional(),
  order_no: text(64).optional(),
  phone: text(20).optional(),
  customer_name: text(100).optional(),
  merchant_id: filterId.optional(),
  type: z.array(z.enum(REPAYMENT_TYPES)).max(REPAYMENT_TYPES.length).optional(),
  status: z.array(z.enum(REPAYMENT_STATUSES)).max(REPAYMENT_STATUSES.length).optional(),
  channel_id: filterId.optional(),
  amount_min: money.optional(),
  amount_max: money.optional(),
  created_from: dateOrTime.optional(),
  created_to: dateOrTime.optional(),
  over_contract: z.enum(['1', '0']).optional(),
});
export const abnormalQuery = repaymentListQuery.extend({
  reason: z.enum(ABNORMAL_REASONS).optional(),
  handled: z.enum(['1', '0']).optional(),
});

// ------------------------------------------------------------------------------------------------ reductions

/**
 * Reductions (waivers): requested by one person, approved or rejected by another; a pending request expires after
 * the merchant's reduction_expiry_hours. Applied penalty first, then interest, fees, principal, never above what is
 * owed, and within the merchant's repayment discount rules.
 */
export const REDUCTION_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export type ReductionStatus = (typeof REDUCTION_STATUSES)[number];
export const reductionRequestBody = z.object({ order_id: id, amount: amountMinor, reason, idempotency_key: idempotencyKey });
export const reductionDecideBody = z.object({ id, remark: text(200).optional(), idempotency_key: idempotencyKey });
export const reductionQuery = z.object({
  order_no: text(64).optional(),
  merchant_id: filterId.optional(),
  status: z.array(z.enum(REDUCTION_STATUSES)).max(REDUCTION_STATUSES.length).optional(),
  created_from: dateOrTime.optional(),
  created_to: dateOrTime.optional(),
});

/** /merchant/repaymentDiscountRule: what a reduction may waive for orders in an overdue-day range. */
export const discountRuleBody = z.object({
  merchant_id: id32,
  name: z.string().trim().min(2).max(60),
  min_overdue_days: z.coerce.number().int().min(0).max(3650),
  max_overdue_days: z.coerce.number().int().min(0).max(3650),
  /** Share of the penalty (overdue interest and penalty) that may be waived, basis points (10000 = all). */
  max_penalty_bp: z.coerce.number().int().min(0).max(10_000),
  /** Share of interest and fees that may be waived. */
  max_interest_bp: z.coerce.number().int().min(0).max(10_000),
  /** Share of the principal (0: never). */
  max_principal_bp: z.coerce.number().int().min(0).max(10_000).default(0),
  enabled: z.boolean().default(true),
}).refine((r) => r.max_overdue_days >= r.min_overdue_days, { path: ['max_overdue_days'], message: 'validation.rangeOrder' });
export const discountRuleEditBody = z.object({ id: id32 }).and(discountRuleBody);

// ------------------------------------------------------------------------------------------------ debt settings

export const EXTENSION_FEE_TYPES = ['fixed', 'rate'] as const;
/** From where an extension's new due date counts: always the old due date, or today when the order is overdue. */
export const EXTENSION_DUE_BASES = ['due_date', 'today_if_overdue'] as const;
/** What happens to money paid above an extension's fee: kept as the customer's credit (refundable), or repaid. */
export const OVERPAYMENT_HANDLING = ['credit', 'to_debt'] as const;

/** /merchant/DebtSettings: a merchant's overdue, extension and reduction rules. */
export const debtSettingsBody = z.object({
  merchant_id: id32,
  /** Overdue days without penalty (the penalty of those days is never charged). */
  grace_days: z.coerce.number().int().min(0).max(60),
  /** Daily penalty, basis points of the principal (on top of the product's overdue interest). */
  penalty_rate_bp: z.coerce.number().int().min(0).max(10_000),
  /** Overdue interest + penalty never exceed this share of the principal, basis points (10000 = 100 %). */
  penalty_cap_bp: z.coerce.number().int().min(0).max(100_000),
  /** An order this many days overdue is written off as bad debt (still payable). */
  bad_debt_days: z.coerce.number().int().min(1).max(3650),
  /** Order repayments pay the parts in; each part once. */
  allocation_order: z.array(z.enum(DEBT_PARTS)).length(4).refine((a) => new Set(a).size === 4, 'validation.allocationOrder'),
  extension_fee_type: z.enum(EXTENSION_FEE_TYPES),
  /** fixed: minor units; rate: basis points of the principal. */
  extension_fee_value: z.coerce.number().int().min(0).max(1e15),
  extension_days: z.coerce.number().int().min(1).max(365),
  extension_due_base: z.enum(EXTENSION_DUE_BASES),
  extension_max_count: z.coerce.number().int().min(0).max(50),
  extension_overpayment: z.enum(OVERPAYMENT_HANDLING),
  reduction_expiry_hours: z.coerce.number().int().min(1).max(720),
});
export type DebtSettings = Omit<z.infer<typeof debtSettingsBody>, 'merchant_id'>;

export const DEFAULT_DEBT_SETTINGS: DebtSettings = {
  grace_days: 1, penalty_rate_bp: 50, penalty_cap_bp: 5000, bad_debt_days: 90,
  allocation_order: ['penalty', 'interest', 'fee', 'principal'],
  extension_fee_type: 'rate', extension_fee_value: 1000, extension_days: 7, extension_due_base: 'today_if_overdue',
  extension_max_count: 3, extension_overpayment: 'to_debt', reduction_expiry_hours: 24,
};

// ------------------------------------------------------------------------------------------------ products

export const INTEREST_TYPES = ['daily', 'flat'] as const;
export const FEE_TIMINGS = ['upfront', 'maturity'] as const;
const bp = z.coerce.number().int().min(0).max(10_000);
/** /merchant/product add (edit adds id). */
export const productBody = z.object({
  merchant_id: id32,
  name: z.string().trim().min(2).max(100),
  term: z.coerce.number().int().min(1).max(36).default(1),
  cycle: z.coerce.number().int().min(1).max(365),
  min_days: z.coerce.number().int().min(1).max(3650),
  max_days: z.coerce.number().int().min(1).max(3650),
  min_amount: z.coerce.number().int().min(0).max(1e15),
  max_amount: z.coerce.number().int().min(0).max(1e15),
  rate_bp: bp,
  interest_type: z.enum(INTEREST_TYPES),
  management_fee_bp: bp,
  risk_fee_bp: bp,
  payment_fee_bp: bp,
  fee_timing: z.enum(FEE_TIMINGS),
  overdue_rate_bp: bp,
  white_household_exclusive: z.boolean().default(false),
  universal: z.boolean().default(true),
  purpose: text(100).default(''),
  enabled: z.boolean().default(true),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
}).refine((p) => p.max_days >= p.min_days, { path: ['max_days'], message: 'validation.rangeOrder' })
  .refine((p) => p.max_amount === 0 || p.max_amount >= p.min_amount, { path: ['max_amount'], message: 'validation.rangeOrder' });
export const productEditBody = z.object({ id: id32 }).and(productBody);

// ------------------------------------------------------------------------------------------------ API paths

export const REPAYMENT_API = {
  list: '/loanapi/repayment/list',
  abnormal: '/loanapi/repayment/abnormal/list',
  abnormalHandle: '/loanapi/repayment/abnormal/handle',
  settlementList: '/loanapi/repayment/settlement/list',
  reconcile: '/loanapi/repayment/settlement/add',
  manualList: '/loanapi/repayment/manual/list',
  manualAdd: '/loanapi/repayment/manual/add',
  proofUpload: '/loanapi/repayment/proof/upload',
  proofList: '/loanapi/repayment/proof/list',
  revoke: '/loanapi/repayment/revoke',
  recheck: '/loanapi/repayment/recheck',
  collect: '/loanapi/repayment/collect',
  cardList: '/loanapi/repayment/card/list',
  cardIssue: '/loanapi/repayment/card/issue',
  payCardList: '/loanapi/repayment/pay_card/list',
  resetCards: '/loanapi/repayment/card/reset_all',
  resetCardBatches: '/loanapi/repayment/card/reset_batches',
  orderMoney: '/loanapi/repayment/order_money',
  /** Provider callbacks of money coming in: /loanapi/repayment/notify/<channel code>. */
  notify: '/loanapi/repayment/notify',
} as const;

export const REDUCTION_API = {
  list: '/loanapi/reduction/list',
  request: '/loanapi/reduction/request',
  approve: '/loanapi/reduction/approve',
  reject: '/loanapi/reduction/reject',
} as const;

export const DEBT_API = {
  settingsGet: '/loanapi/debt_settings/get',
  settingsSave: '/loanapi/debt_settings/save',
  discountList: '/loanapi/repayment_discount_rule/list',
  discountAdd: '/loanapi/repayment_discount_rule/add',
  discountEdit: '/loanapi/repayment_discount_rule/edit',
  discountDel: '/loanapi/repayment_discount_rule/del',
  productList: '/loanapi/product/list',
  productAdd: '/loanapi/product/add',
  productEdit: '/loanapi/product/edit',
  productDel: '/loanapi/product/del',
  /** Run the end-of-day job now for the current business date (system.test screen; audited). */
  runEndOfDay: '/loanapi/debt/run_end_of_day',
} as const;

// ------------------------------------------------------------------------------------------------ rows

/** An order's money as /repayment/order_money and the detail sections show it (minor units of `currency`). */
export interface OrderMoney {
  order_id: number;
  order_no: string;
  currency: string;
  status: string;
  loan_amount: number;
  contract_amount: number;
  due_amount: number;
  paid_amount: number;
  remaining_debt: number;
  due_date: string | null;
  overdue_days: number;
  overdue_interest: number;
  overdue_penalty: number;
  reduction_total: number;
  extension_fee: number;
  extension_count: number;
  credit: number;
  over_contract: boolean;
  /** Still owed, by part. */
  owed: Parts;
  paid: Parts;
  reduced: Parts;
}

export interface RepaymentRow {
  id: number;
  serial_no: string;
  order_id: number | null;
  order_no: string | null;
  merchant_id: number;
  merchant_name: string | null;
  customer_id: number | null;
  customer_name: string | null;
  phone: string | null;
  currency: string;
  type: RepaymentType;
  status: RepaymentStatus;
  requested_amount: number;
  success_amount: number;
  allocated: Parts & { overpaid: number };
  channel_name: string | null;
  card_no: string;
  link_url: string;
  qr_payload: string;
  va_number: string;
  reference: string;
  agreed_amount: number;
  over_contract: boolean;
  abnormal_reason: string;
  resolution: string;
  operator: string | null;
  remark: string;
  created_at: string;
  paid_at: string | null;
  revoked_at: string | null;
  revoke_reason: string;
}
