import { z } from 'zod';
import { id32, id64, MONEY_MAX } from './common';
import { filterId, queryFlag } from './client';
import { dateOrTime } from './empower';
import { BALANCE_KINDS } from './merchant';

/**
 * Contracts of the merchant-money area (spec §2 /merchant MerchantBalance group, §3 "Merchant" and "Balance change
 * task"): balances per merchant read from the ledger, the low-balance alert, the ledger movements on a merchant's
 * accounts, top-ups and withdrawals from balance, balance-change tasks (four eyes, Idempotency-Key) and the merchant's
 * payment settings. Money is in minor units of the merchant's currency (docs/merchantMoney.md).
 */

export const MERCHANT_MONEY_API = {
  balances: '/loanapi/merchant_balance/list',
  setAlert: '/loanapi/merchant_balance/set_alert',
  editSettings: '/loanapi/merchant_balance/edit_settings',
  changes: '/loanapi/merchant_balance/change_list',
  increases: '/loanapi/merchant_balance/increase_list',
  decreases: '/loanapi/merchant_balance/decrease_list',
  tasks: '/loanapi/balance_change_task/list',
  request: '/loanapi/balance_change_task/request',
  confirm: '/loanapi/balance_change_task/confirm',
  reject: '/loanapi/balance_change_task/reject',
} as const;

export const CHANGE_TYPES = ['increase', 'decrease'] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

/** Processing status of a balance-change task. */
export const TASK_STATUSES = ['pending', 'posted', 'rejected', 'failed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Ledger posting kinds a merchant's movements can have (ledger.ts LEDGER_POSTING_KINDS), for the movement filter. */
export const MOVEMENT_KINDS = [
  'opening', 'disburse_freeze', 'disburse_release', 'disburse_success', 'reversal', 'risk_fee', 'repayment', 'reduction',
  'extension_fee', 'balance_increase', 'balance_decrease', 'contract_accrual', 'overdue_accrual', 'refund', 'credit_transfer',
] as const;

/** Printable text without control characters (the input guard already refuses NUL bytes and lone surrogates). */
const text = (max: number) => z.string().trim().max(max).refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'validation.invalidFormat');

/** A positive amount in minor units. */
const amountMinor = z.coerce.number()
  .refine((n) => Number.isFinite(n) && Number.isInteger(n), 'validation.amountDecimals')
  .refine((n) => n > 0, 'validation.amountPositive')
  .refine((n) => n <= MONEY_MAX, 'validation.amountTooLarge');

// ------------------------------------------------------------------------------------------------ BalanceInfo

export const balanceListQuery = z.object({
  merchant_id: filterId.optional(),
  /** Only merchants whose available balance is below their alert threshold. */
  low: queryFlag.optional(),
  /** Only main merchants (no parent). */
  main_only: queryFlag.optional(),
});

export interface BalanceRow {
  id: number;
  code: string;
  name: string;
  parent_id: number | null;
  parent_name: string | null;
  currency: string;
  enabled: boolean;
  available: number;
  frozen: number;
  loan: number;
  risk: number;
  /** Sub-merchants of a main merchant. */
  sub_count: number;
  /** A main merchant with its sub-merchants (null on a sub-merchant, or when some sub is outside the account's merchants). */
  group_available: number | null;
  group_frozen: number | null;
  group_loan: number | null;
  group_risk: number | null;
  /** Low-balance alert threshold (0: none) and whether the available balance is below it. */
  alert_threshold: number;
  low: boolean;
  // Payment settings (spec §3), so that the edit form opens filled.
  payout_fee_new: number;
  payout_fee_returning: number;
  collection_fee_bp: number;
  risk_fee: number;
  risk_validity_hours: number;
  receive_prob_new: number;
  receive_prob_returning: number;
  single_valid_hours: number;
}

export const setAlertBody = z.object({
  id: id32,
  /** Minor units; 0 turns the alert off. */
  alert_threshold: z.coerce.number().int('validation.amountDecimals').min(0).max(MONEY_MAX),
});

/** The merchant's payment settings (spec §3): fees ≥ 0, probabilities 0–100 %, hours > 0. */
export const paymentSettingsBody = z.object({
  id: id32,
  payout_fee_new: z.coerce.number().int('validation.amountDecimals').min(0).max(MONEY_MAX),
  payout_fee_returning: z.coerce.number().int('validation.amountDecimals').min(0).max(MONEY_MAX),
  /** Basis points of the amount collected (100 bp = 1 %), at most 100 %. */
  collection_fee_bp: z.coerce.number().int().min(0).max(10_000),
  risk_fee: z.coerce.number().int('validation.amountDecimals').min(0).max(MONEY_MAX),
  risk_validity_hours: z.coerce.number().int().min(1).max(8760),
  receive_prob_new: z.coerce.number().int().min(0).max(100),
  receive_prob_returning: z.coerce.number().int().min(0).max(100),
  single_valid_hours: z.coerce.number().int().min(1).max(8760),
});
export type PaymentSettingsBody = z.infer<typeof paymentSettingsBody>;
export const PAYMENT_SETTING_FIELDS = [
  'payout_fee_new', 'payout_fee_returning', 'collection_fee_bp', 'risk_fee', 'risk_validity_hours', 'receive_prob_new',
  'receive_prob_returning', 'single_valid_hours',
] as const;

// ------------------------------------------------------------------------------------------------ movements

export const changeListQuery = z.object({
  merchant_id: filterId.optional(),
  account: z.enum(BALANCE_KINDS).optional(),
  kind: z.enum(MOVEMENT_KINDS).optional(),
  order_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  date_from: dateOrTime.optional(),
  date_to: dateOrTime.optional(),
});

/** One ledger entry on a merchant's balance account, with the posting behind it. */
export interface ChangeRow {
  id: number;
  posting_id: number;
  merchant_id: number;
  merchant_name: string | null;
  currency: string;
  account: string;
  /** Signed: + into the account, − out of it. */
  amount: number;
  kind: string;
  order_id: number | null;
  order_no: string | null;
  ref: string;
  memo: string;
  reverses_id: number | null;
  account_name: string | null;
  business_at: string;
  created_at: string;
}

export const topupListQuery = z.object({
  merchant_id: filterId.optional(),
  date_from: dateOrTime.optional(),
  date_to: dateOrTime.optional(),
});

/** A top-up or withdrawal from balance: a posting of kind balance_increase / balance_decrease. */
export interface TopupRow {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  currency: string;
  /** Always positive: the amount added to (or taken from) the available balance. */
  amount: number;
  memo: string;
  task_id: number | null;
  remark: string | null;
  requested_by_name: string | null;
  confirmed_by_name: string | null;
  business_at: string;
  created_at: string;
}

// ------------------------------------------------------------------------------------------------ tasks

export const taskListQuery = z.object({
  merchant_id: filterId.optional(),
  change_type: z.enum(CHANGE_TYPES).optional(),
  status: z.enum(TASK_STATUSES).optional(),
  date_from: dateOrTime.optional(),
  date_to: dateOrTime.optional(),
});

export interface TaskRow {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  change_type: ChangeType;
  amount: number;
  currency: string;
  remark: string;
  status: TaskStatus;
  requested_by: number;
  requested_by_name: string | null;
  requested_at: string;
  confirmed_by: number | null;
  confirmed_by_name: string | null;
  confirmed_at: string | null;
  decide_remark: string;
  fail_reason: string;
  posting_id: number | null;
  created_at: string;
}

export const taskRequestBody = z.object({
  merchant_id: id32,
  change_type: z.enum(CHANGE_TYPES),
  amount: amountMinor,
  remark: text(200).min(1),
});
export type TaskRequestBody = z.infer<typeof taskRequestBody>;

/** The decision's own remark (`decide_remark`, not the task's `remark`: a form opened on a task row starts empty). */
export const taskConfirmBody = z.object({ id: id64, decide_remark: text(200).default('') });
export const taskRejectBody = z.object({ id: id64, decide_remark: text(200).min(1) });

/** What a confirmation, a rejection or a request answers: the task as it is now, with the merchant's balances. */
export interface TaskView {
  id: number;
  merchant_id: number;
  change_type: ChangeType;
  amount: number;
  currency: string;
  status: TaskStatus;
  remark: string;
  requested_by: number;
  confirmed_by: number | null;
  confirmed_at: string | null;
  posting_id: number | null;
  available: number;
}
