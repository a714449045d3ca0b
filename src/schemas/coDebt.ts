import { z } from 'zod';
import { id32, MONEY_MAX } from './common';
import { filterId, queryFlag } from './client';

/**
 * Contracts of the co-debt area (docs/coDebt.md): /merchant/coDebtRule — per merchant, how a person's open debts at
 * other merchants (sister merchants of the same main merchant, or all) count at intake and in collection.
 */

export const CO_DEBT_API = {
  list: '/loanapi/co_debt_rule/list',
  add: '/loanapi/co_debt_rule/add',
  edit: '/loanapi/co_debt_rule/edit',
  del: '/loanapi/co_debt_rule/del',
} as const;

export const CO_DEBT_SCOPES = ['family', 'all'] as const;
export type CoDebtScope = (typeof CO_DEBT_SCOPES)[number];
export const CO_DEBT_KEYS = ['id_number', 'phone', 'device'] as const;
export type CoDebtKey = (typeof CO_DEBT_KEYS)[number];
export const CO_DEBT_EFFECTS = ['reject', 'review', 'none'] as const;
export type CoDebtEffect = (typeof CO_DEBT_EFFECTS)[number];
/** The thresholds, as the refusal reason and the detail name them. */
export const CO_DEBT_THRESHOLDS = ['max_open_loans', 'max_overdue_days', 'max_outstanding'] as const;
export type CoDebtThreshold = (typeof CO_DEBT_THRESHOLDS)[number];

const optInt = (max: number) => z.coerce.number().int().min(0).max(max).nullable().optional();

const ruleFields = {
  scope: z.enum(CO_DEBT_SCOPES),
  match_keys: z.array(z.enum(CO_DEBT_KEYS)).min(1, 'coDebt.validation.keys').max(3)
    .refine((a) => new Set(a).size === a.length, 'coDebt.validation.keysRepeated'),
  max_open_loans: optInt(1000),
  max_overdue_days: optInt(3650),
  max_outstanding: optInt(MONEY_MAX),
  intake_effect: z.enum(CO_DEBT_EFFECTS),
  collection_flag: z.boolean().default(true),
  enabled: z.boolean().default(true),
  note: z.string().trim().max(200).refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'validation.invalidFormat').default(''),
};
/** A rule without a threshold would flag nobody: at least one is required unless the rule only watches (effect none, no flag). */
const hasThreshold = (b: { max_open_loans?: number | null; max_overdue_days?: number | null; max_outstanding?: number | null }) =>
  b.max_open_loans != null || b.max_overdue_days != null || b.max_outstanding != null;
const thresholdMsg = { message: 'coDebt.validation.threshold', path: ['max_open_loans'] };

export const coDebtRuleAddBody = z.object({ merchant_id: id32, ...ruleFields }).refine(hasThreshold, thresholdMsg);
export const coDebtRuleEditBody = z.object({ id: id32, ...ruleFields }).refine(hasThreshold, thresholdMsg);
export const coDebtRuleIdBody = z.object({ id: id32 });
export const coDebtRuleListQuery = z.object({ merchant_id: filterId.optional(), enabled: queryFlag.optional(), intake_effect: z.enum(CO_DEBT_EFFECTS).optional() });

export interface CoDebtRuleRow {
  id: number; merchant_id: number; merchant_name: string | null; currency: string | null; scope: CoDebtScope; match_keys: CoDebtKey[];
  max_open_loans: number | null; max_overdue_days: number | null; max_outstanding: number | null; intake_effect: CoDebtEffect;
  collection_flag: boolean; enabled: boolean; note: string; updated_at: string;
}

/** What a co-debt check found for one person (intake, customer detail). */
export interface CoDebtFinding {
  open_loans: number;
  max_overdue_days: number;
  /** Outstanding in the rule merchant's currency, minor units. */
  outstanding_minor: number;
  currency: string;
  /** Thresholds exceeded. */
  over: CoDebtThreshold[];
}
