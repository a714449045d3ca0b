import { channelStages } from '../channel/rules';
import { coDebtForcesReview } from '../coDebt/check';
import { eq, inArray } from 'drizzle-orm';
import { MANUAL_STAGES, REVIEW_STAGE_STATUS, type ManualStage } from '../../../schemas/lifecycle';
import type { OrderStatus } from '../../../schemas/order';
import { DEFAULT_FLOW } from '../../../schemas/review';
import type { DbOrTx } from '../../db/client';
import { reviewFlow } from './review.table';

/** The merchant id of the default flow row. */
export const DEFAULT_FLOW_MERCHANT = 0;

export interface Flow {
  new: ManualStage[];
  returning: ManualStage[];
}

const clean = (a: readonly string[]): ManualStage[] => MANUAL_STAGES.filter((s) => a.includes(s));

/** The flow a merchant follows: its own row, else the default row, else DEFAULT_FLOW. */
export async function flowOf(db: DbOrTx, merchantId: number): Promise<Flow & { own: boolean }> {
  const rows = await db.select().from(reviewFlow).where(inArray(reviewFlow.merchantId, [merchantId, DEFAULT_FLOW_MERCHANT]));
  const row = rows.find((r) => r.merchantId === merchantId) ?? rows.find((r) => r.merchantId === DEFAULT_FLOW_MERCHANT);
  if (!row) return { ...DEFAULT_FLOW, own: false };
  return { new: clean(row.newStages), returning: clean(row.returningStages), own: row.merchantId === merchantId && merchantId !== DEFAULT_FLOW_MERCHANT };
}

/** Sets a merchant's flow (or the default); `null` drops a merchant's own flow so it follows the default again. */
export async function setFlow(db: DbOrTx, merchantId: number, flow: Flow | null, accountId: number): Promise<void> {
  if (!flow) {
    await db.delete(reviewFlow).where(eq(reviewFlow.merchantId, merchantId));
    return;
  }
  const values = { newStages: clean(flow.new), returningStages: clean(flow.returning), updatedBy: accountId, updatedAt: new Date() };
  await db.insert(reviewFlow).values({ merchantId, ...values }).onConflictDoUpdate({ target: reviewFlow.merchantId, set: values });
}

/** The stages after `from` that apply, in order; from machine review or a re-loan every stage that applies. */
export function stagesAfter(stages: readonly ManualStage[], from: OrderStatus): ManualStage[] {
  const at = MANUAL_STAGES.findIndex((s) => REVIEW_STAGE_STATUS[s] === from);
  return stages.filter((s) => MANUAL_STAGES.indexOf(s) > at);
}

/**
 * Which manual stages an order goes through (returning customers may skip stages by rule).
 * CONTRACT (owned by the review area): the status an order moves to when it passes `from`
 * (machine_review / reloan / a review status): the next stage that applies, or 'withdrawal' when none is left.
 */
export async function nextReviewStatus(db: DbOrTx, order: { id?: number; merchantId: number; isReturning: boolean; channelId?: number | null }, from: OrderStatus): Promise<OrderStatus> {
  const flow = await flowOf(db, order.merchantId);
  // The order's channel may skip stages of the flow or add some (its audit rule, /merchant/channelAuditRule).
  const stages = await channelStages(db, order.channelId, order.isReturning ? flow.returning : flow.new);
  // An application intake let through on a co-debt rule's `review` effect never passes on the machine alone (docs/coDebt.md).
  if (!stages.length && order.id !== undefined && (from === 'machine_review' || from === 'reloan') && await coDebtForcesReview(db, order.id)) stages.push(MANUAL_STAGES[0]);
  const next = stagesAfter(stages, from)[0];
  return next ? REVIEW_STAGE_STATUS[next] : 'withdrawal';
}
