import type { Db, DbOrTx } from '../../db/client';

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

/** Opens a task for an order in a queue (no-op if one is already open or claimed there). */
export async function openTask(_db: DbOrTx, _input: { queue: string; orderId?: number | null; customerId?: number | null; merchantId: number; at: Date }): Promise<TaskRow> {
  throw new Error('openTask: not implemented yet');
}

/** Claims a task exclusively; 40900 (task.alreadyClaimed) when someone else holds it. */
export async function claimTask(_db: Db, _input: { taskId: number; accountId: number; at: Date; merchantIds?: readonly number[] | null }): Promise<TaskRow> {
  throw new Error('claimTask: not implemented yet');
}

/** Gives a claimed task back to its queue (by its holder, or by a supervisor). */
export async function releaseTask(_db: DbOrTx, _input: { taskId: number; accountId: number; at: Date; force?: boolean }): Promise<TaskRow> {
  throw new Error('releaseTask: not implemented yet');
}

/** Finishes the open or claimed task of an order in a queue (the order left the queue). */
export async function finishTasks(_db: DbOrTx, _input: { orderId: number; queues?: string[]; at: Date; status?: 'done' | 'cancelled' }): Promise<void> {
  throw new Error('finishTasks: not implemented yet');
}

/** Auto-dispatch: assigns open tasks of a queue to the least-loaded eligible accounts, each under `cap` claimed tasks. */
export async function dispatchQueue(_db: Db, _input: { queue: string; accountIds: number[]; cap: number; at: Date; merchantIds?: readonly number[] | null }): Promise<{ assigned: number; unassigned: number }> {
  throw new Error('dispatchQueue: not implemented yet');
}
