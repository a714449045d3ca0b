import { and, eq } from 'drizzle-orm';
import type { OrderStatus } from '../../../schemas/order';
import type { RuleKind } from '../../../schemas/scoring';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { CODE } from '../../../schemas/common';
import { customer } from '../client/client.table';
import { invalidTransition, transitionOrder } from '../lifecycle/transition';
import { loanOrder } from '../order/order.table';
import { nextReviewStatus } from '../review/flow';
import { onStageEntered } from '../review/orders';
import { decide, ruleOrder, type Decision, type RuleInput } from './decide';
import { machineReviewItem, machineReviewRun, scoringRule, scoringSetting } from './scoring.table';
import { computeVariables } from './variables';

export interface MachineReviewResult {
  result: 'approved' | 'rejected';
  score: number;
  /** The order's status after machine review. */
  status: OrderStatus;
}

/** Statuses machine review starts from. */
export const MACHINE_REVIEW_SOURCES: readonly OrderStatus[] = ['pending_review', 'reloan'];

/** A merchant's enabled rules in evaluation order, and its pass score (only when it has scoring rules). */
export async function merchantRules(db: DbOrTx, merchantId: number): Promise<{ rules: RuleInput[]; passScore: number | null }> {
  const rows = await db.select().from(scoringRule).where(and(eq(scoringRule.merchantId, merchantId), eq(scoringRule.enabled, true)));
  rows.sort(ruleOrder);
  const rules = rows.map((r) => ({
    id: r.id, kind: r.kind as RuleKind, name: r.name, cloneCode: r.cloneCode, leftExpr: r.leftExpr, comparator: r.comparator,
    rightExpr: r.rightExpr, actionHit: r.actionHit, actionMiss: r.actionMiss, score: r.score, weight: Number(r.weight),
  }));
  // A pass score without any scorecard rule would reject every order for a total of 0: it applies with the scorecard.
  const hasScorecard = rules.some((r) => r.kind === 'score');
  const [setting] = hasScorecard ? await db.select().from(scoringSetting).where(eq(scoringSetting.merchantId, merchantId)) : [];
  return { rules, passScore: setting ? setting.passScore : null };
}

/** Stores a run and its per-rule lines; answers the run's id. */
export async function storeRun(tx: DbOrTx, order: { id: number; merchantId: number; customerId: number }, d: Decision, variables: Record<string, unknown>, at: Date): Promise<number> {
  const [run] = await tx.insert(machineReviewRun).values({
    orderId: order.id, merchantId: order.merchantId, customerId: order.customerId, result: d.result, decision: d.decision,
    score: d.score, passScore: d.passScore, reason: d.reason.slice(0, 200), variables: variables as never, reviewedAt: at,
  }).returning({ id: machineReviewRun.id });
  if (d.items.length) {
    await tx.insert(machineReviewItem).values(d.items.map((i) => ({
      runId: run.id, orderId: order.id, ruleId: i.rule.id, kind: i.rule.kind, ruleName: i.rule.name, cloneCode: i.rule.cloneCode,
      leftExpr: i.rule.leftExpr, comparator: i.rule.comparator, rightExpr: i.rule.rightExpr, leftValue: i.leftValue, rightValue: i.rightValue,
      held: i.held, action: i.action, score: i.rule.score, weight: i.rule.weight, contribution: i.contribution, error: i.error,
    })));
  }
  return run.id;
}

/**
 * CONTRACT (owned by the scoring area): runs the scoring rules on an order in pending_review or reloan: moves it
 * to machine_review, evaluates every enabled rule of its merchant, stores the per-rule breakdown, and moves it on
 * (nextReviewStatus) or to closed (machine_reject), all through transitionOrder.
 *
 * An order in any other status is refused with 42200 before anything is written. The customer's machine-review
 * status is `pending` while the rules run and `done` after; if the evaluation itself fails (a database error), the
 * order stays in machine_review with the customer's status `error`, where a reviewer can switch it to manual review.
 */
export async function runMachineReview(deps: Deps, orderId: number): Promise<MachineReviewResult> {
  const { db } = deps;
  const [o] = await db.select({ id: loanOrder.id, status: loanOrder.status, merchantId: loanOrder.merchantId, customerId: loanOrder.customerId, isReturning: loanOrder.isReturning, channelId: loanOrder.channelId })
    .from(loanOrder).where(eq(loanOrder.id, orderId));
  if (!o) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@lifecycle.order' });
  if (!MACHINE_REVIEW_SOURCES.includes(o.status as OrderStatus)) throw invalidTransition(o.status as OrderStatus, 'machine_review');

  const started = deps.clock.now();
  await db.transaction(async (tx) => {
    await transitionOrder(tx, {
      orderId, action: 'machine_start', to: 'machine_review', actorId: null, at: started, expect: MACHINE_REVIEW_SOURCES,
      patch: { reviewStage: 'machine', reviewResult: 'pending' },
    });
    await tx.update(customer).set({ machineReviewStatus: 'pending', updatedAt: deps.now() }).where(eq(customer.id, o.customerId));
  });

  try {
    const at = deps.clock.now();
    const values = await computeVariables(db, orderId, at);
    if (!values) throw new Error(`order ${orderId} has no customer`);
    const { rules, passScore } = await merchantRules(db, o.merchantId);
    const d = decide(rules, new Map(Object.entries(values)), passScore);
    const score = Math.round(d.score);
    return await db.transaction(async (tx) => {
      await storeRun(tx, o, d, values, at);
      const patch = { machineReviewResult: d.result, machineReviewScore: score, reviewStage: 'machine', reviewResult: d.result };
      let status: OrderStatus;
      if (d.result === 'rejected') {
        await transitionOrder(tx, {
          orderId, action: 'machine_reject', to: 'closed', actorId: null, at, expect: 'machine_review', reason: d.reason,
          patch: { ...patch, loanRemark: `Machine review: ${d.reason}`.slice(0, 500) },
        });
        status = 'closed';
      } else {
        const to = await nextReviewStatus(tx, { id: orderId, merchantId: o.merchantId, isReturning: o.isReturning, channelId: o.channelId }, 'machine_review');
        await transitionOrder(tx, { orderId, action: 'machine_pass', to, actorId: null, at, expect: 'machine_review', reason: d.reason, patch });
        // The review area's hook: the stage's task opens, so the order can be claimed and dispatched at once.
        await onStageEntered(tx, { id: orderId, merchantId: o.merchantId, customerId: o.customerId, status: to }, at);
        status = to;
      }
      await tx.update(customer).set({ machineReviewAt: at, machineReviewResult: d.result, machineReviewStatus: 'done', updatedAt: deps.now() })
        .where(eq(customer.id, o.customerId));
      return { result: d.result, score, status };
    });
  } catch (err) {
    await db.update(customer).set({ machineReviewStatus: 'error', updatedAt: deps.now() }).where(eq(customer.id, o.customerId)).catch(() => undefined);
    throw err;
  }
}
