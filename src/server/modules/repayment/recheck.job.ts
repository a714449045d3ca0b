import { and, asc, eq, lt } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { withJobLock } from '../../jobs/lock';
import type { JobDef } from '../../jobs/scheduler';
import { recheckRepayment } from './collect';
import { repayment } from './repayment.table';

/**
 * Card deductions are settled by the provider on its own time; when the callback does not come, this job asks (the
 * same re-check staff run from /repayment/repaymentList) once a deduction is older than `olderThanMs`. Links and QR
 * codes wait for the customer and expire at the end of day; they are not asked about.
 */
export const REPAYMENT_RECHECK_JOB = 'repayment.recheck';
const SYSTEM = { actorId: null, merchantIds: null, log: async () => {} };

export async function recheckPendingDeductions(deps: Deps, opts: { olderThanMs?: number; limit?: number } = {}) {
  const out = { ran: false, checked: 0, resolved: 0, errors: 0 };
  out.ran = await withJobLock(deps.db, REPAYMENT_RECHECK_JOB, async () => {
    const before = new Date(deps.now().getTime() - (opts.olderThanMs ?? 2 * 60_000));
    const due = await deps.db.select({ id: repayment.id }).from(repayment)
      .where(and(eq(repayment.status, 'pending'), eq(repayment.type, 'card'), lt(repayment.createdAt, before)))
      .orderBy(asc(repayment.id)).limit(opts.limit ?? 100);
    for (const { id } of due) {
      out.checked++;
      try {
        if ((await recheckRepayment(deps, SYSTEM, id)).changed) out.resolved++;
      } catch {
        out.errors++; // recorded on the repayment's events; asked again next run
      }
    }
  });
  return out;
}

export const repaymentRecheckJob: JobDef = { name: REPAYMENT_RECHECK_JOB, everyMs: 60_000, run: (deps) => recheckPendingDeductions(deps) };
