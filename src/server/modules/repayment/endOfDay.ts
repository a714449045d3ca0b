import { and, asc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../../schemas/order';
import type { Deps } from '../../deps';
import { withJobLock } from '../../jobs/lock';
import type { JobDef } from '../../jobs/scheduler';
import { post } from '../ledger/ledger';
import { addDays, daysBetween } from '../lifecycle/clock';
import { transitionOrder } from '../lifecycle/transition';
import { merchant } from '../merchant/merchant.table';
import { loanOrder } from '../order/order.table';
import { figuresPatch, lockOrder } from './account';
import { merchantMarket } from '../merchant/market';
import { dayAccrual } from './money';
import { endOfDayRun, overdueAccrual, reduction, repayment } from './repayment.table';
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
const BATCH = 500;

export interface EndOfDayResult {
  /** false: another process was running it. */
  ran: boolean;
  merchants: Array<{ merchantId: number; businessDate: string; overdueMoved: number; accrued: number; writtenOff: number; expired: number; skipped: boolean }>;
}

export async function runEndOfDay(deps: Deps, opts: { merchantIds?: number[]; force?: boolean } = {}): Promise<EndOfDayResult> {
  const out: EndOfDayResult = { ran: false, merchants: [] };
  out.ran = await withJobLock(deps.db, END_OF_DAY_JOB, async () => {
    const merchants = await deps.db.select({ id: merchant.id }).from(merchant)
      .where(opts.merchantIds ? inArray(merchant.id, opts.merchantIds) : undefined).orderBy(asc(merchant.id));
    for (const m of merchants) out.merchants.push(await runMerchant(deps, m.id, opts.force ?? false));
  });
  return out;
}

async function runMerchant(deps: Deps, merchantId: number, force: boolean) {
  const { timeZone, unit } = await merchantMarket(deps.db, merchantId);
  const today = deps.clock.today(timeZone);
  const res = { merchantId, businessDate: today, overdueMoved: 0, accrued: 0, writtenOff: 0, expired: 0, skipped: false };
  const [done] = await deps.db.select({ finishedAt: endOfDayRun.finishedAt }).from(endOfDayRun)
    .where(and(eq(endOfDayRun.merchantId, merchantId), eq(endOfDayRun.businessDate, today)));
  if (done?.finishedAt && !force) return { ...res, skipped: true };
  await deps.db.insert(endOfDayRun).values({ merchantId, businessDate: today }).onConflictDoNothing();
  const settings = await debtSettings(deps.db, merchantId);
  const now = deps.clock.now();

  // 1. Past the due date → overdue.
  for (;;) {
    const due = await deps.db.select({ id: loanOrder.id, status: loanOrder.status }).from(loanOrder)
      .where(and(eq(loanOrder.merchantId, merchantId), inArray(loanOrder.status, ['repaying', 'extended']), lt(loanOrder.dueDate, today)))
      .orderBy(asc(loanOrder.id)).limit(BATCH);
    if (!due.length) break;
    for (const o of due) {
      const extended = o.status === 'extended';
      await transitionOrder(deps.db, {
        orderId: o.id, action: extended ? 'extension_overdue' : 'overdue', to: 'overdue', actorId: null, at: now, expect: o.status as OrderStatus,
        reason: 'end of day',
      });
      res.overdueMoved++;
    }
  }

  // 2. Accrue every overdue day not accrued yet; 3. write off.
  let after = 0;
  for (;;) {
    const batch = await deps.db.select({ id: loanOrder.id }).from(loanOrder)
      .where(and(eq(loanOrder.merchantId, merchantId), inArray(loanOrder.status, ['overdue', 'bad_debt']), gt(loanOrder.id, after),
        or(isNull(loanOrder.accruedThrough), lt(loanOrder.accruedThrough, today), lt(loanOrder.overdueDays, sql`(${today}::date - ${loanOrder.dueDate})`))))
      .orderBy(asc(loanOrder.id)).limit(BATCH);
    if (!batch.length) break;
    after = batch[batch.length - 1].id;
    for (const { id } of batch) {
      const r = await deps.db.transaction(async (tx) => {
        const o = await lockOrder(tx, id);
        if (!o.dueDate || !['overdue', 'bad_debt'].includes(o.status)) return { accrued: 0, writtenOff: 0 };
        const overdueDays = Math.max(0, daysBetween(o.dueDate, today));
        let from = o.accruedThrough && o.accruedThrough > o.dueDate ? addDays(o.accruedThrough, 1) : addDays(o.dueDate, 1);
        let interest = o.overdueInterestMinor;
        let penalty = o.overduePenaltyMinor;
        let days = 0;
        for (; from <= today; from = addDays(from, 1)) {
          const day = daysBetween(o.dueDate, from);
          const a = dayAccrual({ loan: o.loanAmountMinor, overdueRateBp: o.overdueRateBp, settings, unit }, day, interest + penalty);
          const ins = await tx.insert(overdueAccrual).values({ orderId: o.id, businessDate: from, overdueDay: day, interestMinor: a.interest, penaltyMinor: a.penalty })
            .onConflictDoNothing().returning({ orderId: overdueAccrual.orderId });
          if (!ins.length) continue; // this day was accrued already (a repeated run)
          days++;
          if (a.interest + a.penalty > 0) {
            const postingId = await post(tx, {
              merchantId: o.merchantId, kind: 'overdue_accrual', orderId: o.id, ref: `${o.orderNo}:${from}`, businessAt: now,
              memo: `overdue day ${day}`,
              lines: [{ account: 'receivable', amount: a.interest + a.penalty }, { account: 'income', amount: -(a.interest + a.penalty) }],
            });
            await tx.update(overdueAccrual).set({ postingId }).where(and(eq(overdueAccrual.orderId, o.id), eq(overdueAccrual.businessDate, from)));
          }
          interest += a.interest;
          penalty += a.penalty;
        }
        const next = { ...o, overdueInterestMinor: interest, overduePenaltyMinor: penalty };
        const patch = { overdueInterestMinor: interest, overduePenaltyMinor: penalty, overdueDays, accruedThrough: today, ...figuresPatch(next) };
        if (o.status === 'overdue' && overdueDays >= settings.bad_debt_days) {
          await transitionOrder(tx, { orderId: o.id, action: 'write_off', to: 'bad_debt', actorId: null, at: now, expect: 'overdue', reason: `${overdueDays} days overdue`, patch });
          return { accrued: days ? 1 : 0, writtenOff: 1 };
        }
        await tx.update(loanOrder).set({ ...patch, updatedAt: sql`now()` }).where(eq(loanOrder.id, o.id));
        return { accrued: days ? 1 : 0, writtenOff: 0 };
      });
      res.accrued += r.accrued;
      res.writtenOff += r.writtenOff;
    }
  }

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
