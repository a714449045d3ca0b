import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../../schemas/order';
import { rowsOf } from '../../db/rows';
import { postMany, type PostInput } from '../ledger/ledger';
import { addDays, daysBetween } from '../lifecycle/clock';
import { patchOrders, transitionOrders, type LoanOrderPatch, type LoanOrderRow, type TransitionInput } from '../lifecycle/transition';
import { loanOrder } from '../order/order.table';
import { figuresPatch } from './account';
import { accrualCandidates, accrueOneOrder, type EodContext } from './endOfDayPerOrder';
import { dayAccrual } from './money';

/**
 * The end of day set-based (docs/repayment.md "End of day"): per merchant, batches of at most BATCH orders, each
 * batch one transaction that locks its orders (FOR UPDATE, in id order: a concurrent repayment waits for the batch,
 * and a second run finds the days accrued) and writes with one statement per kind of change — the transitions and
 * their history rows, the accrual rows, the postings and their entries, the orders' figures. The amounts come from
 * the same `dayAccrual` as the per-order run, day by day in the same order, so both give the same minor units.
 */
export const BATCH = 2000;

/** Orders past their due date → overdue (`overdue` from repaying, `extension_overdue` from extended). */
export async function overdueSetBased(c: EodContext): Promise<number> {
  let moved = 0;
  for (;;) {
    const n = await c.deps.db.transaction(async (tx) => {
      const due = await tx.select({ id: loanOrder.id, status: loanOrder.status }).from(loanOrder)
        .where(and(eq(loanOrder.merchantId, c.merchantId), inArray(loanOrder.status, ['repaying', 'extended']), lt(loanOrder.dueDate, c.today)))
        .orderBy(asc(loanOrder.id)).limit(BATCH).for('update');
      await transitionOrders(tx, due.map((o): TransitionInput => ({
        orderId: o.id, action: o.status === 'extended' ? 'extension_overdue' : 'overdue', to: 'overdue', actorId: null, at: c.now,
        expect: o.status as OrderStatus, reason: 'end of day',
      })));
      return due.length;
    });
    moved += n;
    if (n < BATCH) break; // a short batch was the last: no query for an empty one
  }
  return moved;
}

/** The columns the accrual reads: the money parts (orderFigures) and the dates, not the whole wide row. */
const ACCRUAL_COLUMNS = {
  id: loanOrder.id, merchantId: loanOrder.merchantId, orderNo: loanOrder.orderNo, status: loanOrder.status, dueDate: loanOrder.dueDate,
  accruedThrough: loanOrder.accruedThrough, overdueRateBp: loanOrder.overdueRateBp, loanAmountMinor: loanOrder.loanAmountMinor,
  contractAmountMinor: loanOrder.contractAmountMinor, interestMinor: loanOrder.interestMinor, managementFeeMinor: loanOrder.managementFeeMinor,
  riskFeeMinor: loanOrder.riskFeeMinor, paymentFeeMinor: loanOrder.paymentFeeMinor, feeTiming: loanOrder.feeTiming,
  overdueInterestMinor: loanOrder.overdueInterestMinor, overduePenaltyMinor: loanOrder.overduePenaltyMinor,
  paidPenaltyMinor: loanOrder.paidPenaltyMinor, paidInterestMinor: loanOrder.paidInterestMinor, paidFeeMinor: loanOrder.paidFeeMinor,
  paidPrincipalMinor: loanOrder.paidPrincipalMinor, reducedPenaltyMinor: loanOrder.reducedPenaltyMinor, reducedInterestMinor: loanOrder.reducedInterestMinor,
  reducedFeeMinor: loanOrder.reducedFeeMinor, reducedPrincipalMinor: loanOrder.reducedPrincipalMinor,
};

/** An accrual row found where the batch did not expect one: the batch is redone order by order. */
class UnexpectedAccrual extends Error {}

/** Every overdue day not accrued yet, the orders' figures, and the write-offs. */
export async function accrueSetBased(c: EodContext): Promise<{ accrued: number; writtenOff: number }> {
  const out = { accrued: 0, writtenOff: 0 };
  let after = 0;
  for (;;) {
    let ids: number[] = [];
    let r: { accrued: number; writtenOff: number };
    try {
      r = await c.deps.db.transaction(async (tx) => {
        const orders = await tx.select(ACCRUAL_COLUMNS).from(loanOrder).where(and(accrualCandidates(c), gt(loanOrder.id, after)))
          .orderBy(asc(loanOrder.id)).limit(BATCH).for('update');
        ids = orders.map((o) => o.id);
        if (!orders.length) return { accrued: 0, writtenOff: 0 };
        // Days already in overdue_accrual past an order's accrued_through: the per-order run skips them (and leaves
        // them out of the running total that the cap reads), so this run must know them before it computes.
        const existing = new Set(rowsOf<{ k: string }>(await tx.execute(sql`
          SELECT a.order_id || ':' || to_char(a.business_date, 'YYYY-MM-DD') AS k FROM overdue_accrual a JOIN loan_order o ON o.id = a.order_id
          WHERE o.id = ANY(${`{${ids.join(',')}}`}::bigint[]) AND a.business_date > greatest(o.accrued_through, o.due_date)
            AND a.business_date <= ${c.today}::date`)).map((x) => x.k));

        const accruals: Array<{ order_id: number; business_date: string; overdue_day: number; interest_minor: number; penalty_minor: number; posting: number | null }> = [];
        const postings: PostInput[] = [];
        const patches: Array<{ id: number; patch: LoanOrderPatch }> = [];
        const writeOffs: TransitionInput[] = [];
        let accrued = 0;
        for (const o of orders) {
          if (!o.dueDate || !['overdue', 'bad_debt'].includes(o.status)) continue;
          const overdueDays = Math.max(0, daysBetween(o.dueDate, c.today));
          let interest = o.overdueInterestMinor;
          let penalty = o.overduePenaltyMinor;
          let days = 0;
          for (let from = addDays(o.accruedThrough && o.accruedThrough > o.dueDate ? o.accruedThrough : o.dueDate, 1); from <= c.today; from = addDays(from, 1)) {
            if (existing.has(`${o.id}:${from}`)) continue;
            const day = daysBetween(o.dueDate, from);
            const a = dayAccrual({ loan: o.loanAmountMinor, overdueRateBp: o.overdueRateBp, settings: c.settings, unit: c.unit }, day, interest + penalty);
            days++;
            let posting: number | null = null;
            if (a.interest + a.penalty > 0) {
              posting = postings.length;
              postings.push({
                merchantId: o.merchantId, kind: 'overdue_accrual', orderId: o.id, ref: `${o.orderNo}:${from}`, businessAt: c.now, memo: `overdue day ${day}`,
                lines: [{ account: 'receivable', amount: a.interest + a.penalty }, { account: 'income', amount: -(a.interest + a.penalty) }],
              });
            }
            accruals.push({ order_id: o.id, business_date: from, overdue_day: day, interest_minor: a.interest, penalty_minor: a.penalty, posting });
            interest += a.interest;
            penalty += a.penalty;
          }
          if (days) accrued++;
          // figuresPatch reads the money parts only (orderFigures), which ACCRUAL_COLUMNS holds.
          const next = { ...o, overdueInterestMinor: interest, overduePenaltyMinor: penalty } as LoanOrderRow;
          const patch: LoanOrderPatch = { overdueInterestMinor: interest, overduePenaltyMinor: penalty, overdueDays, accruedThrough: c.today, ...figuresPatch(next) };
          if (o.status === 'overdue' && overdueDays >= c.settings.bad_debt_days) {
            writeOffs.push({ orderId: o.id, action: 'write_off', to: 'bad_debt', actorId: null, at: c.now, expect: 'overdue', reason: `${overdueDays} days overdue`, patch });
          } else {
            patches.push({ id: o.id, patch });
          }
        }

        const postingIds = await postMany(tx, postings);
        if (accruals.length) {
          const rows = accruals.map(({ posting, ...a }) => ({ ...a, posting_id: posting === null ? null : postingIds[posting] }));
          const inserted = rowsOf(await tx.execute(sql`
            INSERT INTO overdue_accrual (order_id, business_date, overdue_day, interest_minor, penalty_minor, posting_id)
            SELECT order_id, business_date, overdue_day, interest_minor, penalty_minor, posting_id
            FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(order_id bigint, business_date date, overdue_day smallint,
              interest_minor bigint, penalty_minor bigint, posting_id bigint)
            ON CONFLICT DO NOTHING RETURNING order_id`));
          // Not possible while every writer of overdue_accrual holds the order's lock; if it happens, nothing of
          // this batch is kept and the per-order run, which skips such days one by one, does it.
          if (inserted.length !== rows.length) throw new UnexpectedAccrual(`${rows.length - inserted.length} accrual days existed`);
        }
        await patchOrders(tx, patches);
        await transitionOrders(tx, writeOffs);
        return { accrued, writtenOff: writeOffs.length };
      });
    } catch (err) {
      if (!(err instanceof UnexpectedAccrual)) throw err;
      r = { accrued: 0, writtenOff: 0 };
      for (const id of ids) {
        const one = await accrueOneOrder(c, id);
        r.accrued += one.accrued;
        r.writtenOff += one.writtenOff;
      }
    }
    out.accrued += r.accrued;
    out.writtenOff += r.writtenOff;
    if (ids.length < BATCH) break;
    after = ids[ids.length - 1];
  }
  return out;
}
