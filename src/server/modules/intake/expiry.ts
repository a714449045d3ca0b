import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { withJobLock } from '../../jobs/lock';
import type { JobDef } from '../../jobs/scheduler';
import { sweepNonces } from './auth';
import { expireOrder } from './withdraw';
import { rowsOf } from '../../db/rows';

/** Advisory lock names (src/server/jobs/lock.ts) of the intake jobs' bodies. */
export const EXPIRY_LOCK = 'intake.expireWithdrawals';
export const NONCE_LOCK = 'intake.sweepNonces';

/** Orders closed per batch, and batches per run: one run stays short even after a long outage. */
const BATCH = 200;
const MAX_BATCHES = 25;

export interface ExpiryRun {
  closed: number;
  /** Another process (or run) held the lock: this one did nothing. */
  skipped: boolean;
}

/**
 * Single valid time (spec §3): an order approved into `withdrawal` that the customer has not confirmed within its
 * merchant's single_valid_hours of business time is closed (transition `close`, reason "expired"). The time it
 * became withdrawable is its last history row into `withdrawal` (an order returned to withdrawal after a failed
 * payout starts a new period). Each order closes in its own guarded transition, so a confirmation racing the job
 * wins or loses cleanly. Runs under the job's advisory lock: with several server processes it runs once.
 */
export async function expireWithdrawals(deps: Deps): Promise<ExpiryRun> {
  let closed = 0;
  const ran = await withJobLock(deps.db, EXPIRY_LOCK, async () => {
    await deps.clock.refresh(true);
    const now = deps.clock.now();
    for (let i = 0; i < MAX_BATCHES; i++) {
      const res = await deps.db.execute(sql`
        select o.id from loan_order o join merchant m on m.id = o.merchant_id
        where o.status = 'withdrawal'
          and coalesce((select max(h.created_at) from order_status_history h where h.order_id = o.id and h.to_status = 'withdrawal'), o.updated_at)
              + make_interval(hours => m.single_valid_hours) <= ${now.toISOString()}::timestamptz
        order by o.id limit ${BATCH}`);
      const rows = rowsOf<{ id: string | number }>(res);
      for (const r of rows) if (await expireOrder(deps.db, Number(r.id), now)) closed++;
      if (rows.length < BATCH) break;
    }
  });
  return { closed, skipped: !ran };
}

/** Forgets spent nonces older than the signature window, under its own lock. */
export async function sweepIntakeNonces(deps: Deps): Promise<number> {
  let n = 0;
  await withJobLock(deps.db, NONCE_LOCK, async () => {
    n = await sweepNonces(deps.db, deps.now());
  });
  return n;
}

/**
 * The intake jobs for src/server/jobs (JOBS). Their `run` takes its own lock; the job names differ from the lock
 * names so that a scheduler that also locks around `run` (by job name) does not find the lock already held.
 */
export const INTAKE_JOBS: JobDef[] = [
  { name: 'intake.withdrawalExpiry', everyMs: 60_000, run: (deps) => expireWithdrawals(deps) },
  { name: 'intake.nonceSweep', everyMs: 5 * 60_000, run: (deps) => sweepIntakeNonces(deps) },
];
