import { bigint, bigserial, boolean, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { Value } from '../../../schemas/scoring-expr';

// Tables of the scoring area (exported through src/server/db/schema.ts). docs/scoring.md explains the model.

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A scoring rule (spec §3: name, clone identifier, left and right expression, comparator, actions when it holds or
 * not, score, weight) of one merchant. `kind` tells the two screens apart: `audit` (/merchant/autoAuditRule, the
 * machine-review decision rules) and `score` (/merchant/orderScoringRule, the scorecard); both are evaluated by one
 * engine. Copies of a rule at other merchants share its `clone_code`, at most one per merchant and kind.
 */
export const scoringRule = pgTable('scoring_rule', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  /** audit | score */
  kind: varchar('kind', { length: 8 }).notNull(),
  name: varchar('name', { length: 40 }).notNull(),
  cloneCode: varchar('clone_code', { length: 32 }).notNull(),
  leftExpr: text('left_expr').notNull(),
  /** COMPARATORS of src/schemas/scoring-expr.ts */
  comparator: varchar('comparator', { length: 10 }).notNull(),
  rightExpr: text('right_expr').notNull(),
  /** RULE_ACTIONS: what happens when the comparison holds / does not. */
  actionHit: varchar('action_hit', { length: 10 }).notNull(),
  actionMiss: varchar('action_miss', { length: 10 }).notNull().default('none'),
  score: integer('score').notNull().default(0),
  weight: numeric('weight', { precision: 8, scale: 2, mode: 'number' }).notNull().default(1),
  /** Evaluation order among the merchant's rules of the kind (ascending, then id). */
  sortOrder: integer('sort_order').notNull().default(100),
  enabled: boolean('enabled').notNull().default(true),
  createdBy: integer('created_by'),
  updatedBy: integer('updated_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('scoring_rule_clone_uq').on(t.merchantId, t.kind, t.cloneCode),
  // The rule screens: one kind, one merchant or all, in evaluation order or by last change.
  index('scoring_rule_kind_merchant_order_idx').on(t.kind, t.merchantId, t.sortOrder, t.id),
  index('scoring_rule_kind_order_idx').on(t.kind, t.sortOrder, t.id),
  index('scoring_rule_kind_updated_idx').on(t.kind, t.updatedAt, t.id),
  index('scoring_rule_kind_clone_idx').on(t.kind, t.cloneCode, t.id),
]);

/** Per merchant: the pass score of its order scoring rules (null row: no pass score, the total is informative). */
export const scoringSetting = pgTable('scoring_setting', {
  merchantId: integer('merchant_id').primaryKey(),
  passScore: integer('pass_score').notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * One machine review of an order: the decision, the total score against the pass score, and the variable values
 * the rules read (so that a later change of the customer's data does not rewrite why the order was decided).
 * An order reset to pending review is reviewed again: a new run; the latest run is the one shown.
 */
export const machineReviewRun = pgTable('machine_review_run', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  merchantId: integer('merchant_id').notNull(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  /** approved | rejected */
  result: varchar('result', { length: 12 }).notNull(),
  /** MACHINE_DECISIONS: pass | manual | reject | score_low */
  decision: varchar('decision', { length: 12 }).notNull(),
  score: numeric('score', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  passScore: integer('pass_score'),
  reason: varchar('reason', { length: 200 }).notNull().default(''),
  variables: jsonb('variables').$type<Record<string, Value>>().notNull(),
  /** Business time of the review. */
  reviewedAt: ts('reviewed_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('machine_review_run_order_idx').on(t.orderId, t.id)]);

/**
 * The per-rule breakdown of a run (order, rule, left value, right value, held, action taken, score, weight,
 * contribution). The rule's text is copied: rules are edited and deleted, the breakdown must still read.
 */
export const machineReviewItem = pgTable('machine_review_item', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  runId: bigint('run_id', { mode: 'number' }).notNull(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  ruleId: integer('rule_id'),
  kind: varchar('kind', { length: 8 }).notNull(),
  ruleName: varchar('rule_name', { length: 40 }).notNull(),
  cloneCode: varchar('clone_code', { length: 32 }).notNull().default(''),
  leftExpr: text('left_expr').notNull(),
  comparator: varchar('comparator', { length: 10 }).notNull(),
  rightExpr: text('right_expr').notNull(),
  leftValue: jsonb('left_value').$type<Value>(),
  rightValue: jsonb('right_value').$type<Value[]>().notNull(),
  held: boolean('held').notNull(),
  action: varchar('action', { length: 10 }).notNull(),
  score: integer('score').notNull(),
  weight: numeric('weight', { precision: 8, scale: 2, mode: 'number' }).notNull(),
  contribution: numeric('contribution', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  /** Message id when the rule could not be evaluated (it then asks for manual review). */
  error: varchar('error', { length: 80 }).notNull().default(''),
}, (t) => [index('machine_review_item_run_idx').on(t.runId, t.id)]);
