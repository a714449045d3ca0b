import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { adminAccount } from '../empower/empower.table';
import { workTask, type WorkTask } from './task.table';

/**
 * Work tasks shared by every queue (review stages, customer-service queues, withdrawal queues, later collection):
 * one open task per (queue, order); claimed by one account at a time (exclusive, race-safe on PostgreSQL),
 * released back, finished. CONTRACT (owned by the review area; other areas call it, never edit it):
 */
export interface TaskRow {
  id: number;
  queue: string;
  orderId: number | null;
  customerId: number | null;
  merchantId: number;
  /** open | claimed | done | cancelled */
  status: string;
  assigneeId: number | null;
  claimedAt: Date | null;
}

/** Statuses of a live task: at most one per (queue, order). */
export const LIVE_TASK_STATUSES = ['open', 'claimed'] as const;
const live = () => inArray(workTask.status, [...LIVE_TASK_STATUSES]);

/** The live task of an order (or, with no order, of a customer) in a queue. */
export async function liveTask(db: DbOrTx, queue: string, ref: { orderId?: number | null; customerId?: number | null }): Promise<WorkTask | undefined> {
  const who = ref.orderId != null ? eq(workTask.orderId, ref.orderId) : and(isNull(workTask.orderId), eq(workTask.customerId, ref.customerId!));
  const [row] = await db.select().from(workTask).where(and(eq(workTask.queue, queue), who, live())).limit(1);
  return row;
}

/** Opens a task for an order in a queue (no-op if one is already open or claimed there). */
export async function openTask(db: DbOrTx, input: {
  queue: string; orderId?: number | null; customerId?: number | null; merchantId: number; at: Date;
  /** Why (shown to whoever works the queue). */
  note?: string;
  /** The account opening it; null or absent: the system. */
  openedBy?: number | null;
}): Promise<TaskRow & WorkTask> {
  if (input.orderId == null && input.customerId == null) throw new Error('openTask: an order or a customer is required');
  // ON CONFLICT against the partial unique indexes: of two concurrent opens, the second inserts nothing.
  const [row] = await db.insert(workTask).values({
    queue: input.queue, orderId: input.orderId ?? null, customerId: input.customerId ?? null, merchantId: input.merchantId,
    status: 'open', openedAt: input.at, openedBy: input.openedBy ?? null, note: (input.note ?? '').slice(0, 500),
  }).onConflictDoNothing().returning();
  if (row) return row;
  const existing = await liveTask(db, input.queue, input);
  if (!existing) throw new AppError(CODE.CONFLICT, 'task.openFailed');
  return existing;
}

async function accountName(db: DbOrTx, id: number | null): Promise<string> {
  if (id == null) return '-';
  const [a] = await db.select({ name: adminAccount.name }).from(adminAccount).where(eq(adminAccount.id, id)).limit(1);
  return a?.name ?? `#${id}`;
}

const scoped = (merchantIds: readonly number[] | null | undefined): SQL | undefined =>
  merchantIds && merchantIds.length ? inArray(workTask.merchantId, [...merchantIds]) : merchantIds ? sql`false` : undefined;

/** Why a claim or release did not apply: not found (or outside the scope), closed, or someone else's. */
async function refusal(db: DbOrTx, taskId: number, accountId: number, merchantIds: readonly number[] | null | undefined, notHolderId: string): Promise<AppError | WorkTask> {
  const [t] = await db.select().from(workTask).where(and(eq(workTask.id, taskId), scoped(merchantIds))).limit(1);
  if (!t) return new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@task.task' });
  if (t.status === 'done' || t.status === 'cancelled') return new AppError(CODE.INVALID_TRANSITION, 'task.closed');
  if (t.status === 'claimed' && t.assigneeId !== accountId) return new AppError(CODE.CONFLICT, notHolderId, { name: await accountName(db, t.assigneeId) });
  return t;
}

/**
 * The claim itself, usable inside a caller's transaction: one guarded UPDATE … WHERE status = 'open' RETURNING.
 * Under PostgreSQL's READ COMMITTED, concurrent claims of one task queue on its row lock; once the first commits,
 * the others re-check the WHERE against the claimed row and update nothing, so exactly one account wins.
 */
export async function claimIn(db: DbOrTx, input: { taskId: number; accountId: number; at: Date; merchantIds?: readonly number[] | null }): Promise<TaskRow & WorkTask> {
  const [row] = await db.update(workTask)
    .set({ status: 'claimed', assigneeId: input.accountId, claimedAt: input.at, updatedAt: sql`now()` })
    .where(and(eq(workTask.id, input.taskId), eq(workTask.status, 'open'), scoped(input.merchantIds)))
    .returning();
  if (row) return row;
  const r = await refusal(db, input.taskId, input.accountId, input.merchantIds, 'task.alreadyClaimed');
  if (r instanceof AppError) throw r;
  // Already the caller's (a repeated claim): the same answer as the first.
  if (r.status === 'claimed') return r;
  throw new AppError(CODE.CONFLICT, 'task.alreadyClaimed', { name: '-' });
}

/** Claims a task exclusively; 40900 (task.alreadyClaimed) when someone else holds it. */
export async function claimTask(db: Db, input: { taskId: number; accountId: number; at: Date; merchantIds?: readonly number[] | null }): Promise<TaskRow> {
  return claimIn(db, input);
}

/** Gives a claimed task back to its queue (by its holder, or by a supervisor). */
export async function releaseTask(db: DbOrTx, input: { taskId: number; accountId: number; at: Date; force?: boolean; merchantIds?: readonly number[] | null }): Promise<TaskRow & WorkTask> {
  const [row] = await db.update(workTask)
    .set({ status: 'open', assigneeId: null, claimedAt: null, updatedAt: sql`now()` })
    .where(and(
      eq(workTask.id, input.taskId), eq(workTask.status, 'claimed'), scoped(input.merchantIds),
      input.force ? undefined : eq(workTask.assigneeId, input.accountId),
    ))
    .returning();
  if (row) return row;
  const r = await refusal(db, input.taskId, input.accountId, input.merchantIds, 'task.notHolder');
  if (r instanceof AppError) throw r;
  if (r.status === 'open') throw new AppError(CODE.INVALID_TRANSITION, 'task.notClaimed');
  return r;
}

/** Finishes the open or claimed task of an order in a queue (the order left the queue). */
export async function finishTasks(db: DbOrTx, input: { orderId: number; queues?: string[]; at: Date; status?: 'done' | 'cancelled' }): Promise<void> {
  await db.update(workTask)
    .set({ status: input.status ?? 'done', closedAt: input.at, updatedAt: sql`now()` })
    .where(and(eq(workTask.orderId, input.orderId), live(), input.queues ? inArray(workTask.queue, input.queues) : undefined));
}

/** Closes a customer's live tasks (tasks keyed by customer, not order) in the given queues. */
export async function finishCustomerTasks(db: DbOrTx, input: { customerId: number; queues: string[]; at: Date; status?: 'done' | 'cancelled' }): Promise<void> {
  await db.update(workTask)
    .set({ status: input.status ?? 'done', closedAt: input.at, updatedAt: sql`now()` })
    .where(and(isNull(workTask.orderId), eq(workTask.customerId, input.customerId), live(), inArray(workTask.queue, input.queues)));
}

/** Claimed tasks per account in a queue (the load dispatch balances). */
export async function queueLoad(db: DbOrTx, queue: string, accountIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>(accountIds.map((a) => [a, 0]));
  if (!accountIds.length) return out;
  const rows = await db.select({ a: workTask.assigneeId, n: count() }).from(workTask)
    .where(and(inArray(workTask.assigneeId, accountIds), eq(workTask.queue, queue), eq(workTask.status, 'claimed')))
    .groupBy(workTask.assigneeId);
  for (const r of rows) if (r.a != null) out.set(r.a, Number(r.n));
  return out;
}

/** Open tasks dispatch looks at in one run (oldest first); the rest wait for the next run. */
const DISPATCH_BATCH = 5000;

/**
 * Auto-dispatch: assigns open tasks of a queue to the least-loaded eligible accounts, each under `cap` claimed tasks.
 * Oldest task first; an account is eligible for a task when it is enabled and its authorised merchants cover the
 * task's merchant (no merchants: none), and `skip` (optional: e.g. the reviewer passed another stage of that order)
 * does not exclude it. Each assignment is the same guarded claim as claimTask, so a task claimed meanwhile is skipped.
 */
export async function dispatchQueue(db: Db, input: {
  queue: string; accountIds: number[]; cap: number; at: Date; merchantIds?: readonly number[] | null;
  skip?: (task: TaskRow, accountId: number) => boolean;
}): Promise<{ assigned: number; unassigned: number }> {
  const ids = [...new Set(input.accountIds)];
  const accounts = ids.length
    ? await db.select({ id: adminAccount.id, merchantIds: adminAccount.merchantIds }).from(adminAccount)
      .where(and(inArray(adminAccount.id, ids), eq(adminAccount.enabled, true), isNull(adminAccount.deletedAt)))
    : [];
  const load = await queueLoad(db, input.queue, accounts.map((a) => a.id));
  let assigned = 0;
  if (accounts.some((a) => (load.get(a.id) ?? 0) < input.cap)) {
    const open = await db.select().from(workTask)
      .where(and(eq(workTask.queue, input.queue), eq(workTask.status, 'open'), scoped(input.merchantIds)))
      .orderBy(asc(workTask.openedAt), asc(workTask.id)).limit(DISPATCH_BATCH);
    for (const task of open) {
      let best: { id: number; n: number } | null = null;
      for (const a of accounts) {
        const n = load.get(a.id) ?? 0;
        if (n >= input.cap) continue;
        // An account takes tasks of its authorised merchants only; none authorised means none (fails closed).
        if (!a.merchantIds.includes(task.merchantId)) continue;
        if (input.skip?.(task, a.id)) continue;
        if (!best || n < best.n || (n === best.n && a.id < best.id)) best = { id: a.id, n };
      }
      if (!best) {
        if (accounts.every((a) => (load.get(a.id) ?? 0) >= input.cap)) break;
        continue;
      }
      const [row] = await db.update(workTask)
        .set({ status: 'claimed', assigneeId: best.id, claimedAt: input.at, updatedAt: sql`now()` })
        .where(and(eq(workTask.id, task.id), eq(workTask.status, 'open')))
        .returning({ id: workTask.id });
      if (!row) continue;
      load.set(best.id, best.n + 1);
      assigned++;
    }
  }
  const [{ n }] = await db.select({ n: count() }).from(workTask)
    .where(and(eq(workTask.queue, input.queue), eq(workTask.status, 'open'), scoped(input.merchantIds)));
  return { assigned, unassigned: Number(n) };
}
