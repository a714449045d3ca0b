import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../../schemas/order';
import type { DebtSettings } from '../../../schemas/repayment';
import type { Deps } from '../../deps';
import { post } from '../ledger/ledger';
import { addDays, daysBetween } from '../lifecycle/clock';
import { transitionOrder } from '../lifecycle/transition';
import { loanOrder } from '../order/order.table';
import { figuresPatch, lockOrder } from './account';
import { dayAccrual } from './money';
import { overdueAccrual } from './repayment.table';

/** What a merchant's end-of-day steps share: the business date and time, the merchant's debt settings and unit. */
export interface EodContext {
  deps: Deps;
  merchantId: number;
  today: string;
  now: Date;
  settings: DebtSettings;
  unit: number;
}

const BATCH = 500;

/**
 * The end of day order by order (docs/repayment.md "End of day", before the set-based run): one transition, one
 * transaction per order and one posting per day. Kept as the reference the set-based run is compared with
 * (endOfDay.compare.test.ts) and as its fallback for a batch that meets an accrual it did not expect.
 */
export async function overduePerOrder(c: EodContext): Promise<number> {
  let moved = 0;
  for (;;) {
    const due = await c.deps.db.select({ id: loanOrder.id, status: loanOrder.status }).from(loanOrder)
      .where(and(eq(loanOrder.merchantId, c.merchantId), inArray(loanOrder.status, ['repaying', 'extended']), lt(loanOrder.dueDate, c.today)))
      .orderBy(asc(loanOrder.id)).limit(BATCH);
    if (!due.length) break;
    for (const o of due) {
      const extended = o.status === 'extended';
      await transitionOrder(c.deps.db, {
        orderId: o.id, action: extended ? 'extension_overdue' : 'overdue', to: 'overdue', actorId: null, at: c.now, expect: o.status as OrderStatus,
        reason: 'end of day',
      });
      moved++;
    }
  }
  return moved;
}

/** Overdue and bad-debt orders with a day left to accrue or an overdue-day count to move (both runs select so). */
export const accrualCandidates = (c: EodContext) => and(
  eq(loanOrder.merchantId, c.merchantId), inArray(loanOrder.status, ['overdue', 'bad_debt']),
  or(isNull(loanOrder.accruedThrough), lt(loanOrder.accruedThrough, c.today), lt(loanOrder.overdueDays, sql`(${c.today}::date - ${loanOrder.dueDate})`)));

export async function accruePerOrder(c: EodContext): Promise<{ accrued: number; writtenOff: number }> {
  const out = { accrued: 0, writtenOff: 0 };
  let after = 0;
  for (;;) {
    const batch = await c.deps.db.select({ id: loanOrder.id }).from(loanOrder)
      .where(and(accrualCandidates(c), gt(loanOrder.id, after))).orderBy(asc(loanOrder.id)).limit(BATCH);
    if (!batch.length) break;
    after = batch[batch.length - 1].id;
    for (const { id } of batch) {
      const r = await accrueOneOrder(c, id);
      out.accrued += r.accrued;
      out.writtenOff += r.writtenOff;
    }
  }
  return out;
}

/** One order's days not accrued yet, its figures and its write-off, in one transaction. */
export async function accrueOneOrder(c: EodContext, id: number): Promise<{ accrued: number; writtenOff: number }> {
  const { settings, unit, today, now } = c;
  return c.deps.db.transaction(async (tx) => {
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
}
