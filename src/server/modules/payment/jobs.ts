import { and, asc, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { withJobLock } from '../../jobs/lock';
import type { JobDef } from '../../jobs/scheduler';
import { recheckPayment } from './dispatch';
import { paymentOrder } from './payment.table';
import { STALE_MS } from './transfer.service';

/** Name of the payout re-check job; its advisory lock key is lockKey(RECHECK_JOB). */
export const RECHECK_JOB = 'payment.recheck';

export interface RecheckJobOptions {
  /** An attempt without a result this long after it was sent (or last checked) is asked about. */
  staleMs?: number;
  /** Attempts per run. */
  limit?: number;
}

export interface RecheckRun {
  /** false: another process holds the lock. */
  ran: boolean;
  checked: number;
  resolved: number;
  errors: number;
}

/** One run of the job: payouts still in progress with no callback after `staleMs` are re-checked at their provider. */
export async function recheckStalePayouts(deps: Deps, opts: RecheckJobOptions = {}): Promise<RecheckRun> {
  const staleMs = opts.staleMs ?? STALE_MS;
  const out: RecheckRun = { ran: false, checked: 0, resolved: 0, errors: 0 };
  out.ran = await withJobLock(deps.db, RECHECK_JOB, async () => {
    const before = new Date(deps.now().getTime() - staleMs);
    const due = await deps.db.select().from(paymentOrder)
      .where(and(eq(paymentOrder.status, 'in_progress'), ne(paymentOrder.provider, 'manual'), lt(paymentOrder.createdAt, before),
        or(isNull(paymentOrder.checkedAt), lt(paymentOrder.checkedAt, before))))
      .orderBy(asc(paymentOrder.createdAt), asc(paymentOrder.id)).limit(opts.limit ?? 100);
    for (const po of due) {
      out.checked++;
      try {
        const r = await recheckPayment(deps, po, { actorId: null, notFoundAfterMs: staleMs });
        if (r.changed) out.resolved++;
      } catch {
        out.errors++; // recorded on the attempt; tried again next run
      }
    }
  });
  return out;
}

/** The re-check job for the scheduler (src/server/jobs). */
export const paymentRecheckJob: JobDef = { name: RECHECK_JOB, everyMs: 60_000, run: (deps) => recheckStalePayouts(deps) };
