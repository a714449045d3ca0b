import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import type { OrderStatus } from '../../../schemas/order';
import { REJECT_REASON_DICT, REVIEW_TASK_QUEUES, SERVICE_QUEUES, STAGE_QUEUES, stagePageOf, type StageQueue } from '../../../schemas/review';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/session';
import { majorUnits } from '../client/client.routes';
import { isUnscoped } from '../empower/scope';
import type { LoanOrderRow } from '../lifecycle/transition';
import { loanOrder, orderStatusHistory } from '../order/order.table';
import { dictItem } from '../system/system.table';
import { claimIn, finishTasks, liveTask, openTask } from '../task/task';
import { reviewRecord } from './review.table';
import { passedBySql } from './reviewers';
import { rowsOf } from '../../db/rows';

/**
 * What every review action shares: the actor's merchant scope, locking the orders acted on, the claim rules, the
 * "same person may not pass two stages" rule, review records and the stage tasks (docs/review.md).
 */

/** The actor's authorised merchants; null = every merchant (admin_y only: no merchants means none). */
export type Scope = readonly number[] | null;
export const scopeOf = (actor: Actor): Scope => (isUnscoped(actor) ? null : actor.merchantIds);

export type Order = LoanOrderRow;

export const orderNotFound = () => new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@lifecycle.order' });

/** Locks an order for the rest of the transaction; one outside the scope answers 40400 like one that does not exist. */
export async function lockOrder(db: DbOrTx, id: number, scope: Scope): Promise<Order> {
  const [o] = await db.select().from(loanOrder).where(eq(loanOrder.id, id)).for('update');
  if (!o || (scope && !scope.includes(o.merchantId))) throw orderNotFound();
  return o;
}

/** Locks several orders in id order (two batches over the same orders cannot deadlock); all must be in scope. */
export async function lockOrders(db: DbOrTx, ids: readonly number[], scope: Scope): Promise<Order[]> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const rows = await db.select().from(loanOrder).where(inArray(loanOrder.id, unique)).orderBy(asc(loanOrder.id)).for('update');
  const found = new Map(rows.filter((o) => !scope || scope.includes(o.merchantId)).map((o) => [o.id, o]));
  if (found.size !== unique.length) throw orderNotFound();
  return unique.map((id) => found.get(id)!);
}

/** 42200: the order is not where the action works ("Order LO… is not in first review: it is pending withdrawal"). */
export function notInStatus(order: Order, expected: OrderStatus): AppError {
  return new AppError(CODE.INVALID_TRANSITION, 'review.notInStage', {
    order: order.orderNo, stage: `@option.status.${expected}`, status: `@option.status.${order.status}`,
  });
}

/** Runs a transition and, when it is refused as invalid, names the order (bulk actions act on many). */
export async function naming<T>(order: Order, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof AppError && e.code === CODE.INVALID_TRANSITION && e.messageId === 'lifecycle.invalidTransition') {
      throw new AppError(CODE.INVALID_TRANSITION, 'review.orderInvalidTransition', { order: order.orderNo, ...e.values });
    }
    throw e;
  }
}

/**
 * Whether an account passed (approved out of) a review stage of the order since the order was last reset to
 * pending review. Read from the status history, which every approval writes with its account, seeded orders too.
 */
export async function passedOtherStage(db: DbOrTx, orderId: number, accountId: number): Promise<boolean> {
  const rows = rowsOf(await db.execute(sql`select ${passedBySql(sql`${orderId}::bigint`, accountId)} as passed`));
  return rows[0]?.passed === true || rows[0]?.passed === 't';
}

/** Orders (of the given ones) that an account passed another stage of: the pairs dispatch must not make. */
export async function passedPairs(db: DbOrTx, orderIds: number[], accountIds: number[]): Promise<Set<string>> {
  if (!orderIds.length || !accountIds.length) return new Set();
  const rows = rowsOf(await db.execute(sql`
    select h.order_id, h.account_id from ${orderStatusHistory} h
    where h.order_id = any(${sql.raw(`array[${orderIds.map(Number).join(',')}]::bigint[]`)})
      and h.account_id = any(${sql.raw(`array[${accountIds.map(Number).join(',')}]::int[]`)})
      and h.from_status in ('first_review', 'second_review', 'pre_review', 'disbursement_review', 'reloan')
      and h.to_status not in ('closed', 'suspended', 'pending_review')
      and h.id > coalesce((select max(r.id) from ${orderStatusHistory} r
                           where r.order_id = h.order_id and r.to_status = 'pending_review' and r.from_status is not null), 0)`));
  return new Set(rows.map((r) => `${r.order_id}:${r.account_id}`));
}


/** The version of an order a decision must carry: its last change, in whole milliseconds. */
export const versionOf = (order: Pick<Order, 'updatedAt'>): string => String(order.updatedAt.getTime());

/**
 * A decision is taken on the order the caller saw: the version it carries must be the order's current one, else 40900
 * review.orderChanged (it moved on, or another order was meant). `required` false: checked only when given.
 */
export function checkVersion(order: Order, version: string | undefined, required = true): void {
  if (version === undefined && !required) return;
  if (version !== versionOf(order)) throw new AppError(CODE.CONFLICT, 'review.orderChanged', { order: order.orderNo });
}

export const refuseSameReviewer = (order: Order) => new AppError(CODE.FORBIDDEN, 'review.sameReviewer', { order: order.orderNo });

/**
 * The stage task of an order for the acting reviewer: opened if the order entered the stage without one, claimed
 * for the actor when unclaimed (deciding an unclaimed order claims it), refused with 40900 when someone else holds it.
 */
export async function holdStageTask(db: DbOrTx, q: StageQueue, order: Order, accountId: number, at: Date) {
  const task = (await liveTask(db, q.queue, { orderId: order.id }))
    ?? (await openTask(db, { queue: q.queue, orderId: order.id, customerId: order.customerId, merchantId: order.merchantId, at }));
  if (task.status === 'claimed' && task.assigneeId === accountId) return task;
  try {
    return await claimIn(db, { taskId: task.id, accountId, at });
  } catch (e) {
    if (e instanceof AppError && e.messageId === 'task.alreadyClaimed') throw new AppError(CODE.CONFLICT, 'review.claimedByOther', { order: order.orderNo, name: e.values.name });
    throw e;
  }
}

/** The live customer-service task of an order of this stage, if it is at customer service. */
export async function serviceTask(db: DbOrTx, q: StageQueue, orderId: number) {
  return q.service ? liveTask(db, SERVICE_QUEUES[q.service].queue, { orderId }) : undefined;
}

export const refuseInService = (order: Order) => new AppError(CODE.CONFLICT, 'review.inService', { order: order.orderNo });

/**
 * The hook for every way an order enters a manual stage (approval, release, switch to manual review, re-loan
 * review, and machine review in the scoring area): opens the stage's task so the order can be claimed and
 * dispatched. Orders that entered a stage without it still get one when first claimed or dispatched.
 */
export async function onStageEntered(db: DbOrTx, order: { id: number; merchantId: number; customerId: number; status: string }, at: Date): Promise<void> {
  const page = stagePageOf(order.status);
  if (!page) return;
  await openTask(db, { queue: STAGE_QUEUES[page].queue, orderId: order.id, customerId: order.customerId, merchantId: order.merchantId, at });
}

/** The order left manual review (decided, closed, intercepted, reset): its review tasks are closed. */
export async function leaveReview(db: DbOrTx, orderId: number, at: Date, status: 'done' | 'cancelled' = 'done'): Promise<void> {
  await finishTasks(db, { orderId, queues: [...REVIEW_TASK_QUEUES], at, status });
}

export interface RecordInput {
  stage: string;
  result: string;
  reason?: string;
  remark?: string;
  limit?: number | null;
  accountId: number | null;
  at: Date;
}

export async function writeRecord(db: DbOrTx, order: Pick<Order, 'id' | 'customerId' | 'merchantId'>, r: RecordInput): Promise<void> {
  await db.insert(reviewRecord).values({
    orderId: order.id, customerId: order.customerId, merchantId: order.merchantId, stage: r.stage, result: r.result,
    reason: (r.reason ?? '').slice(0, 64), remark: (r.remark ?? '').slice(0, 500), limitMinor: r.limit ?? null, accountId: r.accountId, createdAt: r.at,
  });
}

/** The label of an enabled reject reason; 40000 naming the field when the value is not one. */
export async function rejectReasonLabel(db: DbOrTx, value: string): Promise<string> {
  const [item] = await db.select({ label: dictItem.label }).from(dictItem)
    .where(and(eq(dictItem.dictName, REJECT_REASON_DICT), eq(dictItem.value, value), eq(dictItem.enabled, true))).limit(1);
  if (!item) throw new AppError(CODE.VALIDATION, 'validation.rejectReasonUnknown', {}, 200, [{ path: 'reason', id: 'validation.rejectReasonUnknown', values: {} }]);
  return item.label;
}

/** A review limit may not exceed what the customer applied for. */
export function checkLimit(order: Order, limit: number | undefined): void {
  if (limit === undefined || limit <= order.applicationAmountMinor) return;
  const max = `${majorUnits(order.applicationAmountMinor, order.currency)} ${order.currency}`;
  throw new AppError(CODE.VALIDATION, 'validation.limitAboveApplication', { max }, 200, [{ path: 'limit', id: 'validation.limitAboveApplication', values: { max } }]);
}
