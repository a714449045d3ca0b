import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pageKey, GROUPS } from '../../../../commands/permissions';
import {
  breakdownQuery, COMPARATORS, type BreakdownItem, type BreakdownRun, type MachineDecision, type OrderBreakdown, type RuleAction, type RuleKind,
  type ScorecardRule,
} from '../../../schemas/scoring';
import { COMPARATOR_SYMBOLS, type Comparator } from '../../../schemas/scoring-expr';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import { route } from '../../http';
import { loanOrder } from '../order/order.table';
import { merchantInScope } from './rules.service';
import { backfillRun } from './backfill';
import { machineReviewItem, machineReviewRun } from './scoring.table';

/**
 * Who may read an order's machine-review breakdown: the review pages (queues, details panel, all orders) and the
 * customer list (the customer detail's scorecard section). Merchant scope applies as everywhere.
 */
export const BREAKDOWN_PAGES: readonly string[] = [
  ...GROUPS.find((g) => g.key === 'review')!.pages.map((p) => pageKey('review', p)),
  pageKey('client', 'clientUser'),
];

type ItemRecord = typeof machineReviewItem.$inferSelect;
type RunRecord = typeof machineReviewRun.$inferSelect;

function itemOut(i: ItemRecord): BreakdownItem {
  return {
    id: i.id, rule_id: i.ruleId, kind: i.kind as RuleKind, rule: i.ruleName, clone_code: i.cloneCode, left_expr: i.leftExpr,
    comparator: (COMPARATORS as readonly string[]).includes(i.comparator) ? (i.comparator as Comparator) : 'eq', right_expr: i.rightExpr,
    left_value: i.leftValue ?? null, right_value: i.rightValue ?? [], held: i.held, action: i.action as RuleAction, score: i.score,
    weight: Number(i.weight), contribution: Number(i.contribution), error: i.error,
  };
}

function runOut(r: RunRecord): BreakdownRun {
  return {
    id: r.id, result: r.result as BreakdownRun['result'], decision: r.decision as MachineDecision, score: Number(r.score), pass_score: r.passScore,
    reason: r.reason, reviewed_at: r.reviewedAt.toISOString(), variables: r.variables ?? {},
  };
}

/** The latest run of an order and its items, and the earlier runs (newest first). */
export async function orderRuns(db: DbOrTx, orderId: number): Promise<{ run: BreakdownRun | null; items: BreakdownItem[]; history: OrderBreakdown['history'] }> {
  const runs = await db.select().from(machineReviewRun).where(eq(machineReviewRun.orderId, orderId)).orderBy(desc(machineReviewRun.id)).limit(20);
  if (!runs.length) return { run: null, items: [], history: [] };
  const items = await db.select().from(machineReviewItem).where(eq(machineReviewItem.runId, runs[0].id)).orderBy(asc(machineReviewItem.id));
  return {
    run: runOut(runs[0]),
    items: items.map(itemOut),
    history: runs.map((r) => ({ id: r.id, result: r.result as BreakdownRun['result'], decision: r.decision as MachineDecision, score: Number(r.score), reviewed_at: r.reviewedAt.toISOString() })),
  };
}

/** The scorecard lines of the customer detail view: the latest machine review of an order. */
export async function scorecardRules(db: DbOrTx, orderId: number | null | undefined): Promise<ScorecardRule[]> {
  if (!orderId) return [];
  const { items } = await orderRuns(db, orderId);
  return items.map((i) => ({
    rule: i.rule, hit: i.held, score: i.score, weight: i.weight, kind: i.kind,
    expression: `${i.left_expr} ${COMPARATOR_SYMBOLS[i.comparator]} ${i.right_expr}`,
    left_value: i.left_value, right_value: i.right_value, action: i.action, contribution: i.contribution,
  }));
}

export function breakdownRoutes(app: FastifyInstance, d: Deps): void {
  route(app, { method: 'GET', url: '/loanapi/scoring/order_breakdown', permission: [...BREAKDOWN_PAGES], query: breakdownQuery }, async ({ req, query }): Promise<OrderBreakdown> => {
    const [o] = await d.db.select({
      id: loanOrder.id, order_no: loanOrder.orderNo, merchant_id: loanOrder.merchantId, status: loanOrder.status,
      machine_review_result: loanOrder.machineReviewResult, machine_review_score: loanOrder.machineReviewScore,
    }).from(loanOrder).where(eq(loanOrder.id, query.order_id));
    if (!o || !merchantInScope(req.actor!, o.merchant_id)) throw notFound('@lifecycle.order');
    let runs = await orderRuns(d.db, o.id);
    // An order that shows a machine score always shows how it was made, also one scored without a stored run.
    if (!runs.run && (o.machine_review_score !== null || o.machine_review_result !== '') && (await backfillRun(d.db, o.id, d.clock.now()))) {
      runs = await orderRuns(d.db, o.id);
      const [again] = await d.db.select({ s: loanOrder.machineReviewScore }).from(loanOrder).where(eq(loanOrder.id, o.id));
      o.machine_review_score = again.s;
    }
    return { order: o, ...runs };
  });
}
