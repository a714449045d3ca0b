import { eq } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import { REVIEW_STAGE_STATUS, type ManualStage } from '../../../schemas/lifecycle';
import type { OrderStatus } from '../../../schemas/order';
import type { StageQueue } from '../../../schemas/review';
import type { DbOrTx } from '../../db/client';
import { transitionOrder, type LoanOrderPatch } from '../lifecycle/transition';
import { AppError } from '../../errors';
import { moneyUnit, priceLoan } from '../intake/pricing';
import { merchant } from '../merchant/merchant.table';
import { product } from '../merchant/product.table';
import { nextReviewStatus } from './flow';
import {
  checkLimit, holdStageTask, leaveReview, notInStatus, onStageEntered, passedOtherStage, refuseInService, refuseSameReviewer, serviceTask,
  writeRecord, type Order, type Scope,
} from './orders';

/** Who decides, when (business time), within which merchants. */
export interface DecideCtx {
  db: DbOrTx;
  actorId: number;
  scope: Scope;
  at: Date;
}

const STAGE_OF_STATUS = Object.fromEntries(Object.entries(REVIEW_STAGE_STATUS).map(([s, st]) => [st, s])) as Record<string, ManualStage>;

/** The checks before a stage decision: the order is in the stage, not at customer service, and held by the actor. */
async function prepare(c: DecideCtx, q: StageQueue, order: Order): Promise<void> {
  if (order.status !== q.status) throw notInStatus(order, q.status);
  if (await serviceTask(c.db, q, order.id)) throw refuseInService(order);
  await holdStageTask(c.db, q, order, c.actorId, c.at);
}

/**
 * Approves a stage: on to the next stage that applies (nextReviewStatus) or to pending withdrawal. The same person
 * may not pass two stages of one order. An optional review limit (≤ the application amount) is kept on the order.
 */
export async function approveStage(c: DecideCtx, q: StageQueue | 'reloan', order: Order, input: { limit?: number; remark?: string }): Promise<Order> {
  const from: OrderStatus = q === 'reloan' ? 'reloan' : q.status;
  if (order.status !== from) throw notInStatus(order, from);
  checkLimit(order, input.limit);
  if (await passedOtherStage(c.db, order.id, c.actorId)) throw refuseSameReviewer(order);
  if (q !== 'reloan') await prepare(c, q, order);
  const to = await nextReviewStatus(c.db, order, from);
  const stage = q === 'reloan' ? 'reloan' : q.stage;
  const patch: LoanOrderPatch = to === 'withdrawal'
    ? { reviewStage: stage, reviewResult: 'approved' }
    : { reviewStage: STAGE_OF_STATUS[to], reviewResult: 'pending' };
  if (input.limit !== undefined) {
    patch.reviewLimitMinor = input.limit;
    Object.assign(patch, await repriceToLimit(c.db, order, input.limit));
  }
  const row = await transitionOrder(c.db, {
    orderId: order.id, action: 'approve', to, actorId: c.actorId, reason: input.remark, patch, expect: from, at: c.at, merchantIds: c.scope,
  });
  await leaveReview(c.db, order.id, c.at);
  await onStageEntered(c.db, row, c.at);
  await writeRecord(c.db, order, { stage, result: 'approved', remark: input.remark, limit: input.limit ?? null, accountId: c.actorId, at: c.at });
  return row;
}

/**
 * A review limit below the loan amount lends the limit: the loan is priced again on the order's product (interest,
 * fees, what the customer receives and what the contract says), so the payout and the debt follow the decision.
 */
async function repriceToLimit(db: DbOrTx, order: Order, limit: number): Promise<LoanOrderPatch> {
  if (limit >= order.loanAmountMinor) return {};
  const [p] = await db.select().from(product).where(eq(product.id, order.productId));
  const [m] = await db.select({ market: merchant.market }).from(merchant).where(eq(merchant.id, order.merchantId));
  if (!p || !m) return {};
  const price = priceLoan({ ...p, rateBp: order.interestRateBp, interestType: order.interestType, feeTiming: order.feeTiming }, limit, order.loanDays, moneyUnit(m.market));
  if (price.received <= 0) {
    throw new AppError(CODE.VALIDATION, 'validation.limitFeesExceed', {}, 200, [{ path: 'limit', id: 'validation.limitFeesExceed', values: {} }]);
  }
  return {
    loanAmountMinor: price.loan, receivedAmountMinor: price.received, contractAmountMinor: price.contract, interestMinor: price.interest,
    managementFeeMinor: price.managementFee, riskFeeMinor: price.riskFee, paymentFeeMinor: price.paymentFee,
  };
}

/** Rejects a stage (or a re-loan) with a reason from the reject_reason dictionary: the order is closed. */
export async function rejectStage(c: DecideCtx, q: StageQueue | 'reloan', order: Order, input: { reason: string; label: string; remark?: string }): Promise<Order> {
  const from: OrderStatus = q === 'reloan' ? 'reloan' : q.status;
  if (order.status !== from) throw notInStatus(order, from);
  if (q !== 'reloan') await prepare(c, q, order);
  const stage = q === 'reloan' ? 'reloan' : q.stage;
  const text = input.remark ? `${input.label}: ${input.remark}` : input.label;
  const row = await transitionOrder(c.db, {
    orderId: order.id, action: 'reject', to: 'closed', actorId: c.actorId, reason: text, expect: from, at: c.at, merchantIds: c.scope,
    patch: { reviewStage: stage, reviewResult: 'rejected', loanRemark: text.slice(0, 500) },
  });
  await leaveReview(c.db, order.id, c.at);
  await writeRecord(c.db, order, { stage, result: 'rejected', reason: input.reason, remark: input.remark, accountId: c.actorId, at: c.at });
  return row;
}
