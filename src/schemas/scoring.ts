import { z } from 'zod';
import { id, idsBody, id32 } from './common';
import { filterId, queryFlag } from './client';
import { COMPARATORS, type Comparator, type ValueType, type Value } from './scoring-expr';

/**
 * Contracts of the scoring area (spec §3 "Scoring rule"; docs/scoring.md): the two rule screens of the merchant
 * group, /merchant/autoAuditRule (kind `audit`: machine-review decision rules) and /merchant/orderScoringRule (kind
 * `score`: scorecard rules whose contributions add up to the order's score, against a pass score per merchant),
 * the variable catalogue the expressions read, and the machine-review breakdown.
 */

export { COMPARATORS, type Comparator } from './scoring-expr';

export const RULE_KINDS = ['audit', 'score'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

/**
 * What a rule does when it holds (`action_hit`) or not (`action_miss`):
 * - none: nothing;
 * - pass: the order passes machine review even with a score below the pass score (a fast lane: a rejecting rule
 *   still rejects it);
 * - manual: the order goes on to manual review, and the breakdown says which rule asked for it;
 * - reject: machine review rejects the order (closed);
 * - add_score: adds score × weight to the order's total.
 */
export const RULE_ACTIONS = ['none', 'pass', 'manual', 'reject', 'add_score'] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];

/** Which part of the customer or the order a variable comes from (the editor groups them). */
export const VARIABLE_GROUPS = ['profile', 'history', 'phone', 'order'] as const;
export type VariableGroup = (typeof VARIABLE_GROUPS)[number];

export interface VariableDef {
  type: ValueType;
  group: VariableGroup;
  /** An example a rule may compare it with (the editor shows it). */
  example: string;
}

/**
 * The variables rule expressions may read, computed per order at machine review
 * (src/server/modules/scoring/variables.ts). Titles are `scoring.var.<name>` in the catalogues. Dictionary codes are
 * strings ('1' male, '2' female); income and education levels are their dictionary numbers (1 low … 5 high).
 * Amounts are in the merchant's currency in major units (1,500,000 ₫; 120.50 $).
 */
export const VARIABLES = {
  age: { type: 'number', group: 'profile', example: '18, 60' },
  gender: { type: 'string', group: 'profile', example: "'1'" },
  marital_status: { type: 'string', group: 'profile', example: "'2'" },
  education_level: { type: 'number', group: 'profile', example: '3' },
  income_level: { type: 'number', group: 'profile', example: '3' },
  children_count: { type: 'number', group: 'profile', example: '2' },
  residence_months: { type: 'number', group: 'profile', example: '12' },
  user_level: { type: 'number', group: 'profile', example: '1' },
  days_since_registration: { type: 'number', group: 'profile', example: '7' },
  registration_source: { type: 'string', group: 'profile', example: "'android', 'ios'" },
  occupation: { type: 'string', group: 'profile', example: "'driver'" },
  blacklisted: { type: 'boolean', group: 'profile', example: 'true' },
  blacklist_level: { type: 'number', group: 'profile', example: '2' },
  whitelisted: { type: 'boolean', group: 'profile', example: 'true' },
  liveness_score: { type: 'number', group: 'profile', example: '70' },
  carrier_auth: { type: 'string', group: 'profile', example: "'success'" },
  bank_card_bound: { type: 'boolean', group: 'profile', example: 'true' },
  loan_count: { type: 'number', group: 'history', example: '1' },
  settled_count: { type: 'number', group: 'history', example: '2' },
  open_loan_count: { type: 'number', group: 'history', example: '0' },
  max_overdue_days: { type: 'number', group: 'history', example: '30' },
  rejected_count: { type: 'number', group: 'history', example: '2' },
  applications_30d: { type: 'number', group: 'history', example: '3' },
  contacts_count: { type: 'number', group: 'phone', example: '30' },
  emergency_contacts_count: { type: 'number', group: 'phone', example: '2' },
  sms_count: { type: 'number', group: 'phone', example: '50' },
  calls_count: { type: 'number', group: 'phone', example: '20' },
  apps_count: { type: 'number', group: 'phone', example: '15' },
  loan_apps_count: { type: 'number', group: 'phone', example: '5' },
  device_changes: { type: 'number', group: 'phone', example: '2' },
  shared_device_customers: { type: 'number', group: 'phone', example: '2' },
  application_amount: { type: 'number', group: 'order', example: '2000000' },
  product_days: { type: 'number', group: 'order', example: '7, 14' },
  is_returning: { type: 'boolean', group: 'order', example: 'true' },
  order_type: { type: 'string', group: 'order', example: "'reloan'" },
  apply_hour: { type: 'number', group: 'order', example: '0, 5' },
} as const satisfies Record<string, VariableDef>;
export type VariableName = keyof typeof VARIABLES;
export const VARIABLE_NAMES = Object.keys(VARIABLES) as VariableName[];

/** Name → type, as the expression checker takes it. */
export const VARIABLE_TYPES: ReadonlyMap<string, ValueType> = new Map(VARIABLE_NAMES.map((n) => [n, VARIABLES[n].type]));

// ------------------------------------------------------------------------------------------------ bodies

/** Spec §5 "enter score and weight": both are asked for on every rule (the form starts them at 0 and 1). */
const scoreField = z.number({ error: 'validation.enterScoreWeight' }).int().min(-10_000).max(10_000);
const weightField = z.number({ error: 'validation.enterScoreWeight' }).min(0).max(100);

const expr = z.string().trim().min(1).max(500);

/** A clone identifier: letters, digits, _ . - (empty on add: the server makes one). */
export const cloneCode = z.string().trim().max(32).regex(/^[A-Za-z0-9_.-]*$/, 'validation.cloneCode');

const ruleFields = {
  name: z.string().trim().min(2).max(40),
  clone_code: cloneCode.optional(),
  left_expr: expr,
  comparator: z.enum(COMPARATORS),
  right_expr: expr,
  action_hit: z.enum(RULE_ACTIONS),
  action_miss: z.enum(RULE_ACTIONS).default('none'),
  score: scoreField,
  weight: weightField,
  /** Evaluation order within the merchant's rules of the kind (ascending). */
  sort_order: z.number().int().min(0).max(9999).default(100),
  enabled: z.boolean().default(true),
};

/** POST /loanapi/{auto_audit_rule|order_scoring_rule}/add */
export const ruleAddBody = z.object({ merchant_id: id32, ...ruleFields });
export type RuleAddBody = z.infer<typeof ruleAddBody>;

/**
 * POST …/edit: the whole rule again (no defaults, so that leaving a field out never re-enables or reorders a rule);
 * the merchant of a rule never changes (clone it instead).
 */
export const ruleEditBody = z.object({
  id: id32, ...ruleFields, action_miss: z.enum(RULE_ACTIONS), sort_order: z.number().int().min(0).max(9999), enabled: z.boolean(),
});
export type RuleEditBody = z.infer<typeof ruleEditBody>;

/** POST …/enable and …/disable: the selected rules. */
export const ruleToggleBody = idsBody;

/** POST …/del */
export const ruleDelBody = idsBody;

/**
 * POST …/clone: copies the selected rules to other merchants. A merchant that already has a rule of the same clone
 * identifier gets it updated instead of a second copy, so cloning again keeps the merchants in step.
 */
export const ruleCloneBody = idsBody.extend({ merchant_ids: z.array(id32).min(1).max(200) });

/** POST …/clone_set: copies every rule of one merchant (and, for scoring rules, its pass score) to others. */
export const ruleCloneSetBody = z.object({ from_merchant_id: id32, merchant_ids: z.array(id32).min(1).max(200) });

/** POST /loanapi/order_scoring_rule/threshold: the pass score of a merchant's scorecard. */
export const thresholdBody = z.object({ merchant_id: id32, pass_score: z.number({ error: 'validation.required' }).int().min(-1_000_000).max(1_000_000) });
export const thresholdQuery = z.object({ merchant_id: filterId });

/** Rule list filters (GET …/list). */
export const ruleListQuery = z.object({
  merchant_id: filterId.optional(),
  enabled: queryFlag.optional(),
  /** Name or clone identifier (substring, any case). */
  keyword: z.string().trim().max(60).optional(),
  clone_code: z.string().trim().max(32).optional(),
});

/** GET /loanapi/scoring/order_breakdown */
export const breakdownQuery = z.object({ order_id: filterId });

// ------------------------------------------------------------------------------------------------ rows

export interface RuleRow {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  kind: RuleKind;
  name: string;
  clone_code: string;
  left_expr: string;
  comparator: Comparator;
  right_expr: string;
  action_hit: RuleAction;
  action_miss: RuleAction;
  score: number;
  weight: number;
  sort_order: number;
  enabled: boolean;
  updated_at: string;
  created_at: string;
}

export interface ThresholdRow {
  merchant_id: number;
  /** null: no pass score (the total is informative only). */
  pass_score: number | null;
  updated_at: string | null;
}

/** Machine-review results stored on an order and a customer. */
export const MACHINE_RESULTS = ['approved', 'rejected'] as const;
/** How the decision came about: a rule rejected it, the score fell short, a rule asked for manual review, or it passed. */
export const MACHINE_DECISIONS = ['pass', 'manual', 'reject', 'score_low'] as const;
export type MachineDecision = (typeof MACHINE_DECISIONS)[number];

/** One rule's line of an order's machine review (spec §3: the per-rule breakdown). */
export interface BreakdownItem {
  id: number;
  rule_id: number | null;
  kind: RuleKind;
  rule: string;
  clone_code: string;
  left_expr: string;
  comparator: Comparator;
  right_expr: string;
  left_value: Value;
  right_value: Value[];
  held: boolean;
  /** The action taken (the hit or miss action; `manual` when the rule could not be evaluated). */
  action: RuleAction;
  score: number;
  weight: number;
  /** score × weight when the action added score, else 0. */
  contribution: number;
  /** Why the rule could not be evaluated (a message id), or ''. */
  error: string;
}

export interface BreakdownRun {
  id: number;
  result: (typeof MACHINE_RESULTS)[number];
  decision: MachineDecision;
  /** Sum of the contributions. */
  score: number;
  pass_score: number | null;
  reason: string;
  reviewed_at: string;
  /** The variable values the rules read. */
  variables: Record<string, Value>;
}

/** GET /loanapi/scoring/order_breakdown: the latest machine review of an order, and the earlier ones. */
export interface OrderBreakdown {
  order: { id: number; order_no: string; merchant_id: number; status: string; machine_review_result: string; machine_review_score: number | null };
  run: BreakdownRun | null;
  items: BreakdownItem[];
  history: Array<Pick<BreakdownRun, 'id' | 'result' | 'decision' | 'score' | 'reviewed_at'>>;
}

/** A line of the customer detail's scorecard (the latest machine review of the customer's latest scored order). */
export interface ScorecardRule {
  rule: string;
  hit: boolean;
  score: number;
  weight: number;
  kind: RuleKind;
  expression: string;
  left_value: Value;
  right_value: Value[];
  action: RuleAction;
  contribution: number;
}

/** How a rule reads in one line: `age between 18, 60`. */
export function ruleText(r: { left_expr: string; comparator: Comparator; right_expr: string }, symbols: Record<Comparator, string>): string {
  return `${r.left_expr} ${symbols[r.comparator]} ${r.right_expr}`;
}
