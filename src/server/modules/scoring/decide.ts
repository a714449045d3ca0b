import type { MachineDecision, RuleAction, RuleKind } from '../../../schemas/scoring';
import { VARIABLE_TYPES } from '../../../schemas/scoring';
import { compileRule, ExprError, evaluateRule, type Comparator, type Value } from '../../../schemas/scoring-expr';

/** What the engine needs of a rule (a scoring_rule row). */
export interface RuleInput {
  id: number | null;
  kind: RuleKind;
  name: string;
  cloneCode: string;
  leftExpr: string;
  comparator: string;
  rightExpr: string;
  actionHit: string;
  actionMiss: string;
  score: number;
  weight: number;
}

export interface DecidedItem {
  rule: RuleInput;
  leftValue: Value;
  rightValue: Value[];
  held: boolean;
  action: RuleAction;
  contribution: number;
  error: string;
}

export interface Decision {
  result: 'approved' | 'rejected';
  decision: MachineDecision;
  /** Sum of the contributions, 2 decimals. */
  score: number;
  passScore: number | null;
  items: DecidedItem[];
  /** Why, in a few words for the status history ('rule: Blacklisted', 'score 420 < 600'). */
  reason: string;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Runs a merchant's enabled rules (audit rules first, then the scorecard, each in their order) on the variable
 * values of an order and decides:
 * - any rule whose action is `reject` rejects the order;
 * - else, when the merchant has a pass score and the total (Σ score × weight of the rules that added score) is
 *   below it, the order is rejected for a low score — unless a rule's action was `pass` (a fast lane, such as the
 *   whitelist: it overrides the score, never a rejecting rule);
 * - else it is approved: `manual` when a rule asked for manual review (or could not be evaluated), else `pass`.
 * A rule that cannot be evaluated (its text no longer checks against the catalogue) never rejects or passes an
 * order on its own: it asks for manual review and the breakdown carries the reason.
 */
export function decide(rules: readonly RuleInput[], values: ReadonlyMap<string, Value>, passScore: number | null): Decision {
  const items: DecidedItem[] = [];
  let rejectedBy: RuleInput | null = null;
  let manual = false;
  let passed = false;
  let total = 0;
  for (const rule of rules) {
    let item: DecidedItem;
    try {
      const compiled = compileRule({ left: rule.leftExpr, comparator: rule.comparator as Comparator, right: rule.rightExpr }, VARIABLE_TYPES);
      const out = evaluateRule(compiled, values);
      const action = (out.held ? rule.actionHit : rule.actionMiss) as RuleAction;
      const contribution = action === 'add_score' ? round2(rule.score * rule.weight) : 0;
      item = { rule, leftValue: out.left, rightValue: out.right, held: out.held, action, contribution, error: '' };
    } catch (e) {
      if (!(e instanceof ExprError)) throw e;
      item = { rule, leftValue: null, rightValue: [], held: false, action: 'manual', contribution: 0, error: e.id };
    }
    if (item.action === 'reject' && !rejectedBy) rejectedBy = rule;
    if (item.action === 'manual') manual = true;
    if (item.action === 'pass') passed = true;
    total += item.contribution;
    items.push(item);
  }
  const score = round2(total);
  if (rejectedBy) return { result: 'rejected', decision: 'reject', score, passScore, items, reason: `rule: ${rejectedBy.name}` };
  if (passScore !== null && score < passScore && !passed) {
    return { result: 'rejected', decision: 'score_low', score, passScore, items, reason: `score ${score} < ${passScore}` };
  }
  const decision: MachineDecision = manual ? 'manual' : 'pass';
  const reason = passScore === null ? `score ${score}` : score < passScore ? `score ${score} < ${passScore}, passed by rule` : `score ${score} ≥ ${passScore}`;
  return { result: 'approved', decision, score, passScore, items, reason };
}

/** Evaluation order: audit rules, then scoring rules; within a kind by sort order, then id. */
export function ruleOrder(a: { kind: string; sortOrder: number; id: number }, b: { kind: string; sortOrder: number; id: number }): number {
  if (a.kind !== b.kind) return a.kind === 'audit' ? -1 : 1;
  return a.sortOrder - b.sortOrder || a.id - b.id;
}
