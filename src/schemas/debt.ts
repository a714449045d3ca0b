import { z } from 'zod';
import { id, id32 } from './common';
import { filterId, queryFlag } from './client';
import { REDUCTION_STATUSES, reductionDecideBody, reductionQuery, type DebtPart, type DebtSettings, type Parts, type ReductionStatus } from './repayment';

/**
 * Contracts of the debt area beside those of src/schemas/repayment.ts (which holds the bodies of debt settings,
 * products, discount rules and reductions): list filters, the extra routes of the screens, and the rows they read.
 * Money on the wire is integer minor units of the merchant's currency; rates are basis points (100 bp = 1 %).
 */

export const DEBT_EXTRA_API = {
  /** The merchants of the actor's scope with their currency and money unit (the three merchant screens' pickers). */
  merchants: '/loanapi/debt/merchants',
  productEnable: '/loanapi/product/enable',
  productDisable: '/loanapi/product/disable',
  /** What an order owes, the discount rule matching it and the largest reduction that rule allows. */
  reductionQuote: '/loanapi/reduction/quote',
} as const;

const text = (max: number) => z.string().trim().max(max);

export const settingsGetQuery = z.object({ merchant_id: id32 });

export const productListQuery = z.object({
  merchant_id: filterId.optional(),
  enabled: queryFlag.optional(),
  name: text(100).optional(),
});

export const discountRuleListQuery = z.object({
  merchant_id: filterId.optional(),
  enabled: queryFlag.optional(),
});

/**
 * The reductions list's filters: reductionQuery, except that one status in the URL (`status=pending`, which the
 * query-string parser hands over as a string, not a one-element array) is accepted too.
 */
export const reductionListQuery = reductionQuery.extend({
  status: z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(z.enum(REDUCTION_STATUSES)).max(REDUCTION_STATUSES.length)).optional(),
});

/** Reject a reduction: the remark (why) is required. */
export const reductionRejectBody = reductionDecideBody.extend({ remark: z.string().trim().min(2).max(200) });

/** Look an order up for a reduction request: its number (or external number), or its id. */
export const reductionQuoteQuery = z.object({
  order_no: text(64).optional(),
  order_id: filterId.optional(),
}).refine((q) => !!q.order_no || q.order_id !== undefined, { path: ['order_no'], message: 'validation.required' });

// ------------------------------------------------------------------------------------------------ rows

export interface DebtMerchant {
  id: number;
  name: string;
  code: string;
  currency: string;
  market: string;
  /** Amounts are rounded to this many minor units (1,000 đồng in Vietnam, 1 cent elsewhere). */
  money_unit: number;
}

export interface DebtSettingsView {
  merchant_id: number;
  currency: string;
  /** false: the merchant saved none; `settings` are the defaults. */
  saved: boolean;
  settings: DebtSettings;
  defaults: DebtSettings;
  updated_at: string | null;
  updated_by: string | null;
}

export interface ProductRow {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  currency: string | null;
  money_unit: number;
  name: string;
  term: number;
  cycle: number;
  min_days: number;
  max_days: number;
  min_amount: number;
  max_amount: number;
  rate_bp: number;
  interest_type: 'daily' | 'flat';
  management_fee_bp: number;
  risk_fee_bp: number;
  payment_fee_bp: number;
  fee_timing: 'upfront' | 'maturity';
  overdue_rate_bp: number;
  white_household_exclusive: boolean;
  universal: boolean;
  purpose: string;
  enabled: boolean;
  sort: number;
  /** Orders were made with this product: it cannot be deleted (disable it instead). */
  in_use: boolean;
  created_at: string;
  updated_at: string;
}

export interface DiscountRuleRow {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  name: string;
  min_overdue_days: number;
  max_overdue_days: number;
  max_penalty_bp: number;
  max_interest_bp: number;
  max_principal_bp: number;
  enabled: boolean;
  created_at: string;
  updated_at: string;
}

export interface ReductionRow {
  id: number;
  order_id: number;
  order_no: string | null;
  merchant_id: number;
  merchant_name: string | null;
  customer_name: string | null;
  phone: string | null;
  currency: string | null;
  status: ReductionStatus;
  amount: number;
  penalty: number;
  interest: number;
  fee: number;
  principal: number;
  reason: string;
  requested_by: number | null;
  requested_by_name: string | null;
  decided_by_name: string | null;
  decide_remark: string;
  expires_at: string;
  decided_at: string | null;
  created_at: string;
}

/** A discount rule as the quote shows it. */
export interface DiscountRuleInfo {
  id: number;
  name: string;
  min_overdue_days: number;
  max_overdue_days: number;
  max_penalty_bp: number;
  max_interest_bp: number;
  max_principal_bp: number;
}

export interface ReductionQuote {
  order_id: number;
  order_no: string;
  merchant_id: number;
  currency: string;
  status: string;
  customer_name: string | null;
  overdue_days: number;
  charged: Parts;
  reduced: Parts;
  owed: Parts;
  owed_total: number;
  /** The enabled rule of the merchant whose overdue-day range holds the order; null: no reduction possible. */
  rule: DiscountRuleInfo | null;
  /** The largest amount a reduction may have now (0 without a rule). */
  max_amount: number;
  /** How much more of each part the rule still allows (after earlier reductions). */
  room: Parts;
  /** A pending request of the order (a second one is refused until it is decided or expires). */
  pending_id: number | null;
}

export type { DebtPart };
