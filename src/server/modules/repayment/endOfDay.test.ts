import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { checkLedger } from '../ledger/ledger';
import { ledgerPosting } from '../ledger/ledger.table';
import { loanOrder } from '../order/order.table';
import { applyMoneyIn } from './account';
import { runEndOfDay } from './endOfDay';
import { orderFigures } from './money';
import { createLendingMerchant, disbursedOrder, ledgerOfOrder } from './repayment.fixtures';
import { endOfDayRun, overdueAccrual, reduction, repayment } from './repayment.table';
import { extension } from '../extension/extension.table';

/**
 * The end-of-day job on the business clock: due → overdue, the overdue interest and penalty of each day (grace days,
 * cap), write-off, a repeated run accruing nothing more, a late run catching up every missed day; and the seeded
 * demo orders, whose part columns must agree with their figures (the job starts from them).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ business: { orders: 300 } });
}, 120_000);
afterAll(() => t.close());

const orderRow = async (id: number) => (await t.db.select().from(loanOrder).where(eq(loanOrder.id, id)))[0];
const eod = (merchantId: number) => runEndOfDay(t.app.deps, { merchantIds: [merchantId] });
const days = (n: number) => t.app.businessClock.advanceDays(n);
const accrualDays = async (orderId: number) => (await t.db.select({ n: count() }).from(overdueAccrual).where(eq(overdueAccrual.orderId, orderId)))[0].n;
const accrualPostings = async (orderId: number) =>
  (await t.db.select({ n: count() }).from(ledgerPosting).where(and(eq(ledgerPosting.orderId, orderId), eq(ledgerPosting.kind, 'overdue_accrual'))))[0].n;

async function consistent(orderId: number) {
  const o = await orderRow(orderId);
  expect((await ledgerOfOrder(t.app.deps, orderId)).debt).toBe(o.remainingDebtMinor);
  expect(orderFigures(o).remaining).toBe(o.remainingDebtMinor);
  const c = await checkLedger(t.db);
  expect(c.unbalancedPostings).toEqual([]);
  expect(c.driftedAccounts).toEqual([]);
  return o;
}

describe('end of day', () => {
  it('overdue day 1, 3, 7, 30: grace, daily charges, the cap, write-off; repeated runs accrue once', async () => {
    await t.app.businessClock.set(null);
    // 1,000,000 đồng; overdue interest 1 %/day + penalty 0.5 %/day after 1 grace day, capped at 10 % of the principal.
    const { merchantId } = await createLendingMerchant(t.app.deps, { grace_days: 1, penalty_rate_bp: 50, penalty_cap_bp: 1000, bad_debt_days: 30 });
    const { orderId } = await disbursedOrder(t.app.deps, merchantId, { loan: 1_000_000, interest: 70_000, loanDays: 7, overdueRateBp: 100 });
    try {
      await days(7);
      await eod(merchantId);
      expect((await orderRow(orderId)).status).toBe('repaying'); // the due date itself is not overdue

      await days(1);
      await eod(merchantId);
      let o = await consistent(orderId);
      expect(o).toMatchObject({ status: 'overdue', overdueDays: 1, overdueInterestMinor: 0, overduePenaltyMinor: 0, remainingDebtMinor: 1_070_000 });

      await days(2);
      await eod(merchantId);
      o = await consistent(orderId);
      expect(o).toMatchObject({ overdueDays: 3, overdueInterestMinor: 20_000, overduePenaltyMinor: 10_000, remainingDebtMinor: 1_100_000 });
      expect(await accrualDays(orderId)).toBe(3);
      expect(await accrualPostings(orderId)).toBe(2); // no posting for the grace day

      // The same business date again (another tick, a restart, a second process): nothing more.
      await eod(merchantId);
      await runEndOfDay(t.app.deps, { merchantIds: [merchantId], force: true });
      o = await consistent(orderId);
      expect(o.overdueInterestMinor + o.overduePenaltyMinor).toBe(30_000);
      expect(await accrualDays(orderId)).toBe(3);

      // A late run (the job did not run for 4 days) catches up every day.
      await days(4);
      await eod(merchantId);
      o = await consistent(orderId);
      expect(o).toMatchObject({ overdueDays: 7, overdueInterestMinor: 60_000, overduePenaltyMinor: 30_000 });
      expect(await accrualDays(orderId)).toBe(7);

      await days(23);
      await eod(merchantId);
      o = await consistent(orderId);
      expect(o.overdueInterestMinor + o.overduePenaltyMinor).toBe(100_000); // the cap: 10 % of the principal
      expect(o).toMatchObject({ status: 'bad_debt', overdueDays: 30, remainingDebtMinor: 1_170_000 });

      // Bad debt stays payable: full repayment settles it.
      await t.db.transaction((tx) => applyMoneyIn(tx, t.app.deps, { orderId, amount: 1_170_000, type: 'reconciliation', actorId: 1, reference: 'late' }));
      o = await consistent(orderId);
      expect(o).toMatchObject({ status: 'settled', remainingDebtMinor: 0, paidPenaltyMinor: 100_000, paidInterestMinor: 70_000, paidPrincipalMinor: 1_000_000 });
      const runs = await t.db.select().from(endOfDayRun).where(eq(endOfDayRun.merchantId, merchantId));
      expect(runs.length).toBe(5);
      expect(runs.every((r) => r.finishedAt !== null)).toBe(true);
    } finally {
      await t.app.businessClock.set(null);
    }
  });

  it('an extended order whose new due date passes goes overdue again (extension_overdue)', async () => {
    const { merchantId } = await createLendingMerchant(t.app.deps, { grace_days: 0 });
    const { orderId } = await disbursedOrder(t.app.deps, merchantId, { loanDays: 3 });
    const o = await orderRow(orderId);
    await t.db.update(loanOrder).set({ status: 'extended', extensionCount: 1 }).where(eq(loanOrder.id, orderId));
    try {
      await days(4);
      await eod(merchantId);
      expect((await orderRow(orderId))).toMatchObject({ status: 'overdue', overdueDays: 1, dueDate: o.dueDate });
    } finally {
      await t.app.businessClock.set(null);
    }
  });

  it('two runs at once in one process: one runs, the other reports the lock taken', async () => {
    const { merchantId } = await createLendingMerchant(t.app.deps);
    const [a, b] = await Promise.all([eod(merchantId), eod(merchantId)]);
    expect([a.ran, b.ran].sort()).toEqual([false, true]);
  });

  it('the demo repayment history: every kind of row, through the real services', async () => {
    const reps = await t.db.select().from(repayment);
    expect(new Set(reps.map((r) => r.type)).size).toBeGreaterThanOrEqual(4);
    expect(reps.some((r) => r.status === 'abnormal' && r.abnormalReason === 'unknown_order')).toBe(true);
    const reds = await t.db.select().from(reduction);
    expect(new Set(reds.map((r) => r.status))).toEqual(new Set(['pending', 'approved']));
    const exts = await t.db.select().from(extension);
    expect(new Set(exts.map((e) => e.status))).toEqual(new Set(['under_review', 'passed', 'rejected']));
  });

  it('seeded orders: parts agree with the figures, so the job starts from them', async () => {
    const rows = await t.db.select().from(loanOrder).where(inArray(loanOrder.status, ['repaying', 'overdue', 'extended', 'bad_debt', 'settled']));
    expect(rows.length).toBeGreaterThan(20);
    for (const o of rows) {
      const f = orderFigures(o);
      expect({ id: o.id, due: f.due, paid: f.paid, remaining: f.remaining }).toEqual({ id: o.id, due: o.dueAmountMinor, paid: o.paidAmountMinor, remaining: o.remainingDebtMinor });
    }
    const overdue = rows.filter((o) => o.status === 'overdue');
    expect(overdue.length).toBeGreaterThan(0);
    for (const o of overdue) expect(o.accruedThrough).not.toBeNull();
  });
});

