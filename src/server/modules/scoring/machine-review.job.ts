import { asc, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CODE } from '../../../schemas/common';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { withJobLock } from '../../jobs/lock';
import type { JobDef } from '../../jobs/scheduler';
import { loanOrder } from '../order/order.table';
import { MACHINE_REVIEW_SOURCES, runMachineReview } from './machine-review';

export const MACHINE_REVIEW_JOB = 'scoring.machine_review';

export interface BatchResult {
  /** Another process held the job's lock: nothing was done here. */
  skipped: boolean;
  approved: number;
  rejected: number;
  /** Orders another worker (or a reviewer) moved first. */
  moved: number;
  failed: number;
}

/**
 * Machine-reviews up to `limit` orders waiting in pending_review or reloan, oldest first (the (status, created_at,
 * id) index). One order failing does not stop the others; an order moved by someone else meanwhile is counted and
 * skipped (runMachineReview refuses it with 42200 and writes nothing).
 */
async function reviewWaiting(deps: Deps, limit: number, log?: Pick<FastifyBaseLogger, 'error'>): Promise<Omit<BatchResult, 'skipped'>> {
  const out = { approved: 0, rejected: 0, moved: 0, failed: 0 };
  const waiting = await deps.db.select({ id: loanOrder.id }).from(loanOrder)
    .where(inArray(loanOrder.status, [...MACHINE_REVIEW_SOURCES]))
    .orderBy(asc(loanOrder.createdAt), asc(loanOrder.id)).limit(limit);
  for (const { id } of waiting) {
    try {
      const r = await runMachineReview(deps, id);
      out[r.result]++;
    } catch (err) {
      if (err instanceof AppError && (err.code === CODE.INVALID_TRANSITION || err.code === CODE.NOT_FOUND)) out.moved++;
      else {
        out.failed++;
        log?.error({ err, orderId: id }, 'machine review failed');
      }
    }
  }
  return out;
}

/** One batch under the job's advisory lock (tests call this; so may an operator's "run now"). */
export async function runMachineReviewBatch(deps: Deps, limit = 200, log?: Pick<FastifyBaseLogger, 'error'>): Promise<BatchResult> {
  let res: Omit<BatchResult, 'skipped'> = { approved: 0, rejected: 0, moved: 0, failed: 0 };
  const ran = await withJobLock(deps.db, MACHINE_REVIEW_JOB, async () => {
    await deps.clock.refresh(true);
    res = await reviewWaiting(deps, limit, log);
  });
  return { skipped: !ran, ...res };
}

/** The job for src/server/jobs: a locked batch every 15 seconds. */
export const machineReviewJob: JobDef = {
  name: MACHINE_REVIEW_JOB,
  everyMs: 15_000,
  run: (deps) => runMachineReviewBatch(deps, 200, console),
};
