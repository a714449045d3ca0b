import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { withJobLock } from '../../jobs/lock';
import type { JobDef } from '../../jobs/scheduler';
import { merchant } from '../merchant/merchant.table';
import { merchantMarket } from '../merchant/market';
import { accruePerOrder, overduePerOrder, type EodContext } from './endOfDayPerOrder';
import { accrueSetBased, overdueSetBased } from './endOfDaySetBased';
import { endOfDayRun, reduction, repayment } from './repayment.table';
import { debtSettings } from './settings';

/**
 * The end-of-day job (docs/repayment.md "End of day"): for each merchant, once per business date of its market,
 *  1. orders past their due date go overdue (`overdue` from repaying, `extension_overdue` from extended);
 *  2. overdue orders accrue the overdue interest and penalty of every day not accrued yet (a day is one
 *     overdue_accrual row, unique per order and date, and one `overdue_accrual` posting: receivable +, income −),
 *     so a run repeated, late or on two processes accrues each day once;
 *  3. overdue orders reaching the merchant's bad-debt days are written off (`write_off`, still payable);
 *  4. pending reductions and unpaid repayment links past their time expire.
 * The run holds the job lock (one process at a time) and records itself in end_of_day_run.
 */
export const END_OF_DAY_JOB = 'repayment.endOfDay';

export interface EndOfDayResult {
  /** false: another process was running it. */
  ran: boolean;
  merchants: Array<{ merchantId: number; businessDate: string; overdueMoved: number; accrued: number; writtenOff: number; expired: number; skipped: boolean }>;
}

/**
 * `setBased` (the default): batches of orders, one statement per kind of change (endOfDaySetBased.ts). `perOrder`:
 * the former run, one transaction per order and one posting per day (endOfDayPerOrder.ts), kept as the reference
 * that the set-based run is compared with.
 */
export type EndOfDayMode = 'setBased' | 'perOrder';

export async function runEndOfDay(deps: Deps, opts: { merchantIds?: number[]; force?: boolean; mode?: EndOfDayMode } = {}): Promise<EndOfDayResult> {
  const out: EndOfDayResult = { ran: false, merchants: [] };
  out.ran = await withJobLock(deps.db, END_OF_DAY_JOB, async () => {
    const merchants = await deps.db.select({ id: merchant.id }).from(merchant)
      .where(opts.merchantIds ? inArray(merchant.id, opts.merchantIds) : undefined).orderBy(asc(merchant.id));
    for (const m of merchants) out.merchants.push(await runMerchantEndOfDay(deps, m.id, opts.force ?? false, opts.mode));
  });
  return out;
}

/**
 * One merchant's run for its business date, without the job lock (runEndOfDay takes it): exported so that tests can
 * start two at once and see the row locks, not the job lock, keep each day accrued once.
 */
export async function runMerchantEndOfDay(deps: Deps, merchantId: number, force: boolean, mode: EndOfDayMode = 'setBased') {
  const { timeZone, unit } = await merchantMarket(deps.db, merchantId);
  const today = deps.clock.today(timeZone);
  const res = { merchantId, businessDate: today, overdueMoved: 0, accrued: 0, writtenOff: 0, expired: 0, skipped: false };
  const [done] = await deps.db.select({ finishedAt: endOfDayRun.finishedAt }).from(endOfDayRun)
    .where(and(eq(endOfDayRun.merchantId, merchantId), eq(endOfDayRun.businessDate, today)));
  if (done?.finishedAt && !force) return { ...res, skipped: true };
  await deps.db.insert(endOfDayRun).values({ merchantId, businessDate: today }).onConflictDoNothing();
  const settings = await debtSettings(deps.db, merchantId);
  const now = deps.clock.now();
  const c: EodContext = { deps, merchantId, today, now, settings, unit };

  // 1. Past the due date → overdue. 2. Accrue every overdue day not accrued yet; 3. write off.
  res.overdueMoved = mode === 'perOrder' ? await overduePerOrder(c) : await overdueSetBased(c);
  const a = mode === 'perOrder' ? await accruePerOrder(c) : await accrueSetBased(c);
  res.accrued = a.accrued;
  res.writtenOff = a.writtenOff;

  // 4. Expiries (business time).
  const expiredReductions = await deps.db.update(reduction).set({ status: 'expired', decidedAt: now })
    .where(and(eq(reduction.merchantId, merchantId), eq(reduction.status, 'pending'), lte(reduction.expiresAt, now))).returning({ id: reduction.id });
  const expiredLinks = await deps.db.update(repayment).set({ status: 'expired', updatedAt: deps.now() })
    .where(and(eq(repayment.merchantId, merchantId), eq(repayment.status, 'pending'), lte(repayment.expiresAt, now))).returning({ id: repayment.id });
  res.expired = expiredReductions.length + expiredLinks.length;

  await deps.db.update(endOfDayRun).set({
    overdueMoved: res.overdueMoved, accrued: res.accrued, writtenOff: res.writtenOff, expired: res.expired, finishedAt: deps.now(),
  }).where(and(eq(endOfDayRun.merchantId, merchantId), eq(endOfDayRun.businessDate, today)));
  return res;
}

/** Every few minutes: a merchant whose business date changed gets its run (the others are skipped in one query). */
export const endOfDayJob: JobDef = { name: END_OF_DAY_JOB, everyMs: 5 * 60_000, run: (deps) => runEndOfDay(deps) };
