import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandContext } from '../../commands';
import { runCommand } from '../../commands/run';
import { REBORROW_DAYS, REPAY_OFFSETS, offsetKey } from '../../src/schemas/reports/repayment';
import { STAT_API, type StatResult } from '../../src/schemas/statistics';
import type { App } from '../../src/server/app';
import type { Db } from '../../src/server/db/client';
import { addDays, dateIn } from '../../src/server/modules/lifecycle/clock';
import { loanOrder } from '../../src/server/modules/order/order.table';
import { disbursedOrder } from '../../src/server/modules/repayment/repayment.fixtures';
import { refreshStatistics } from '../../src/server/modules/statistics/refresh';
import { fundedDemoMerchant, startLiveServer, type LiveServer } from '../support/liveServer';

/**
 * Repayment statistics on the business clock, from loans whose outcomes the test decides: paid out through the
 * sandbox, repaid by reconciliation commands on chosen days, the clock moved and the end of day run by the test
 * screen's commands, a settled customer lent again by the manual-lending command. The minute refresh runs as the job
 * would; the reports are read over HTTP. Every expected figure below follows from the story, not from the engine.
 *
 * Story (business dates of the merchant's market, T = the first day, D = T + 7, every loan disbursed on T):
 *   A 1,100,000 due D   repaid on D−2           → then borrows again on D (2 days after settling)
 *   B 2,200,000 due D   repaid on D
 *   C 3,300,000 due D   repaid on D+3 (with the overdue charges of the end of day)
 *   E 4,400,000 due D   never repaid
 *   G 5,500,000 due D−1 never repaid
 *   F 1,650,000 due D+1 repaid on D (a day early) → borrows again the same day
 * (amounts are contract amounts: loan + interest.)
 */
describe('scenario: repayment statistics on the business clock', () => {
  let app: App;
  let db: Db;
  let server: LiveServer;
  let merchantId: number;
  let admin: CommandContext;
  let merchantOp: CommandContext;
  const tz = 'Asia/Ho_Chi_Minh';
  const loans: Record<string, { orderId: number; customerId: number }> = {};
  let D = '';

  const order = async (id: number) => (await db.select().from(loanOrder).where(eq(loanOrder.id, id)))[0];
  const days = async (n: number) => {
    await runCommand('system.test.moveClock', { advance_days: n }, admin);
    await runCommand('system.test.runEndOfDay', {}, admin);
  };
  const today = () => dateIn(app.deps.clock.now(), tz);
  /** Pays what the order owes now, by the merchant's reconciliation command. */
  const repayAll = async (name: string) => {
    const o = await order(loans[name].orderId);
    await runCommand('repayment.settlement.add', { order_id: o.id, amount: o.remainingDebtMinor, reference: `STAT-${name}` }, merchantOp);
    expect((await order(o.id)).status).toBe('settled');
  };
  /** The settled customer borrows again: a manual loan, by the command staff use. */
  const lendAgain = async (name: string) => {
    const prev = await order(loans[name].orderId);
    await runCommand('withdrawal.manualLending.add', { customer_id: prev.customerId, product_id: prev.productId, amount: 1_000_000, loan_days: 7 }, admin);
  };
  const report = async (id: string, query: Record<string, unknown>) => {
    await refreshStatistics(app.deps, { merchantIds: [merchantId] });
    return admin.call<StatResult>({ method: 'GET', path: STAT_API(id) }, { merchant_id: merchantId, ...query });
  };

  beforeAll(async () => {
    server = await startLiveServer();
    ({ app, db } = server);
    merchantId = await fundedDemoMerchant(db);
    [admin, merchantOp] = await Promise.all([server.signIn('admin'), server.signIn('merchant')]);
    const T = today();
    const terms = { A: [1_000_000, 7], B: [2_000_000, 7], C: [3_000_000, 7], E: [4_000_000, 7], G: [5_000_000, 6], F: [1_500_000, 8] } as const;
    for (const [name, [loan, loanDays]] of Object.entries(terms)) {
      loans[name] = await disbursedOrder(app.deps, merchantId, { loan, interest: loan / 10, loanDays });
    }
    D = addDays(T, 7);
    expect((await order(loans.A.orderId)).dueDate).toBe(D);
    expect((await order(loans.G.orderId)).dueDate).toBe(addDays(D, -1));
    expect((await order(loans.F.orderId)).dueDate).toBe(addDays(D, 1));
  }, 300_000);
  afterAll(() => server?.close());

  it('on D: the last three days are the cohorts due D−1, D and D+1, repaid so far', async () => {
    await days(5);
    expect(today()).toBe(addDays(D, -2));
    await repayAll('A');
    await days(2);
    expect(today()).toBe(D);
    await repayAll('B');
    await repayAll('F');
    await lendAgain('A');
    await lendAgain('F');

    // The range is ignored: "today" is the market's business date of the last refresh.
    const res = await report('repaymentLastThreeDays', { date_from: '2020-01-01', date_to: '2020-01-01' });
    const row = (orders: number, amount: number, repaid: number, repaidAmount: number) => ({
      orders, amount, repaid, repaid_amount: repaidAmount, outstanding: orders - repaid, rate: repaid / orders, amount_rate: repaidAmount / amount,
    });
    expect(res.rows.map((r) => ({ key: r.key, values: r.values }))).toEqual([
      { key: addDays(D, -1), values: row(1, 5_500_000, 0, 0) },
      { key: D, values: row(4, 11_000_000, 2, 3_300_000) },
      { key: addDays(D, 1), values: row(1, 1_650_000, 1, 1_650_000) },
    ]);
    expect(res.totals).toEqual(row(6, 18_150_000, 3, 4_950_000));
  }, 300_000);

  it('on D+3: repaymentStatisticsRecord has the exact rates at every offset, by count and by amount', async () => {
    await days(3);
    expect(today()).toBe(addDays(D, 3));
    await repayAll('C');
    const res = await report('repaymentStatisticsRecord', { date_from: D, date_to: D });
    // Repaid by D+k: A from D−2, B from D, C from D+3; E never.
    const repaidBy = (k: number) => (k >= 3 ? ['A', 'B', 'C'] : k >= 0 ? ['A', 'B'] : ['A']);
    const contract = { A: 1_100_000, B: 2_200_000, C: 3_300_000 } as Record<string, number>;
    const want: Record<string, number> = { orders: 4, amount: 11_000_000 };
    for (const k of REPAY_OFFSETS) {
      const who = repaidBy(k);
      const amount = who.reduce((n, w) => n + contract[w], 0);
      Object.assign(want, {
        [`settled_${offsetKey(k)}`]: who.length, [`settled_amount_${offsetKey(k)}`]: amount,
        [`rate_${offsetKey(k)}`]: who.length / 4, [`amount_rate_${offsetKey(k)}`]: amount / 11_000_000,
      });
    }
    expect(res.rows).toHaveLength(1);
    expect(res.rows[0].key).toBe(D);
    expect(res.rows[0].values).toEqual(want);
    // Spelled out, so a wrong offset table cannot agree with itself: D−2 ¼ and 10 %, D ½ and 30 %, D+3 ¾ and 60 %.
    expect([res.totals.rate_m2, res.totals.rate_m1, res.totals.rate_0, res.totals.rate_p1, res.totals.rate_p3, res.totals.rate_p30]).toEqual([0.25, 0.25, 0.5, 0.5, 0.75, 0.75]);
    expect([res.totals.amount_rate_m2, res.totals.amount_rate_0, res.totals.amount_rate_p3]).toEqual([0.1, 0.3, 0.6]);

    // The summary of the same cohort: one still outstanding (E), its contract amount.
    const summary = await report('repaymentSummary', { date_from: D, date_to: D });
    expect(summary.group_by).toBe('month');
    expect(summary.totals).toMatchObject({ orders: 4, settled_p3: 3, settled_amount_p3: 6_600_000, outstanding: 1, outstanding_amount: 4_400_000, outstanding_rate: 0.25 });

    // New customers only (first loans): on time = by the due date = A and B.
    const combined = await report('repaymentCombined', { date_from: D, date_to: D });
    expect(combined.totals).toMatchObject({
      new_orders: 4, new_ontime: 2, new_rate: 0.5, new_amount: 11_000_000, new_ontime_amount: 3_300_000, new_amount_rate: 0.3,
      returning_orders: 0, returning_ontime: 0, returning_rate: 0,
    });
  }, 300_000);

  it('repaymentReborrow: each settle date with the customers back within 1, 3, 7, 15 and 30 days', async () => {
    const res = await report('repaymentReborrow', { date_from: addDays(D, -2), date_to: addDays(D, 3) });
    const row = (settled: number, offsets: number[]) => {
      const v: Record<string, number> = { settled };
      for (const n of REBORROW_DAYS) v[`reborrow_${n}`] = offsets.filter((o) => o <= n).length;
      for (const n of REBORROW_DAYS) v[`reborrow_rate_${n}`] = v[`reborrow_${n}`] / settled;
      return v;
    };
    expect(res.rows.map((r) => [r.key, r.values])).toEqual([
      // A settled on D−2 and came back on D: within 3 days, not within 1.
      [addDays(D, -2), row(1, [2])],
      // B and F settled on D; F's customer came back the same day.
      [D, row(2, [0])],
      // C settled on D+3 and has not come back.
      [addDays(D, 3), row(1, [])],
    ]);
    expect(res.totals).toMatchObject({ settled: 4, reborrow_1: 1, reborrow_3: 2, reborrow_30: 2, reborrow_rate_1: 0.25, reborrow_rate_3: 0.5 });
  }, 300_000);
});
