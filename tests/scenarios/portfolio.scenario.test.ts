import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandContext } from '../../commands';
import { runCommand } from '../../commands/run';
import { DEFAULT_DEBT_SETTINGS } from '../../src/schemas/repayment';
import { STAT_API, type StatResult } from '../../src/schemas/statistics';
import type { App } from '../../src/server/app';
import type { Db } from '../../src/server/db/client';
import { addDays } from '../../src/server/modules/lifecycle/clock';
import { loanOrder } from '../../src/server/modules/order/order.table';
import { disbursedOrder } from '../../src/server/modules/repayment/repayment.fixtures';
import { rebuildStatistics } from '../../src/server/modules/statistics/refresh';
import { fundedDemoMerchant, startLiveServer, type LiveServer } from '../support/liveServer';

/**
 * Five loans of the same payout date P (7 days, principal 1,000,000) with outcomes set by the test on the business
 * clock: A repaid early (P+3), B on the due date (P+7), C three days late (P+10), D never, E extended at P+5 by 7
 * days (due P+14) and repaid at P+20. On P+100 the facts are rebuilt and the portfolio reports must show the figures
 * worked out by hand from those outcomes (docs/statistics/portfolio.md).
 */
describe('scenario: overdue buckets, vintage, roll rates and PAR on the business clock', () => {
  let app: App;
  let db: Db;
  let server: LiveServer;
  let m001: number;
  let admin: CommandContext;
  let merchantOp: CommandContext;
  let P = '';

  const on = (ctx: CommandContext, id: number) => ({ ...ctx, selection: [{ id }] });
  const days = (n: number) => runCommand('system.test.moveClock', { advance_days: n }, admin);
  const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(app.deps.clock.now());
  const repayAll = async (orderId: number) => {
    const [o] = await db.select().from(loanOrder).where(eq(loanOrder.id, orderId));
    await runCommand('repayment.settlement.add', { order_id: orderId, amount: o.remainingDebtMinor, reference: `BANK-${orderId}` }, merchantOp);
    const [after] = await db.select().from(loanOrder).where(eq(loanOrder.id, orderId));
    expect(after.status).toBe('settled');
  };
  const report = (id: string, q: Record<string, string>) => admin.call<StatResult>({ method: 'GET', path: STAT_API(id) }, { merchant_id: String(m001), ...q });
  const at = (n: number) => addDays(P, n);

  beforeAll(async () => {
    server = await startLiveServer();
    ({ app, db } = server);
    m001 = await fundedDemoMerchant(db);
    [admin, merchantOp] = await Promise.all([server.signIn('admin'), server.signIn('merchant')]);
    await runCommand('merchant.DebtSettings.edit', {
      ...DEFAULT_DEBT_SETTINGS, merchant_id: m001, extension_fee_type: 'rate', extension_fee_value: 1000, extension_days: 7,
      extension_due_base: 'due_date', extension_max_count: 2,
    }, admin);

    const loan = async () => (await disbursedOrder(app.deps, m001, { loan: 1_000_000, interest: 100_000, loanDays: 7 })).orderId;
    const [a, b, c, d, e] = [await loan(), await loan(), await loan(), await loan(), await loan()];
    void d; // never repaid
    P = today();
    await days(3);
    await repayAll(a);
    await days(2);
    const ext = await runCommand<{ id: number }>('extension.ExhibitionPeriodList.apply', { order_id: e }, admin);
    await runCommand('extension.reviewExhibitionPeriod.pass', {}, on(merchantOp, ext.id));
    await runCommand('extension.ExhibitionPeriodPassedList.pay', { amount: 100_000 }, on(merchantOp, ext.id));
    expect((await db.select().from(loanOrder).where(eq(loanOrder.id, e)))[0].dueDate).toBe(at(14));
    await days(2);
    await repayAll(b);
    await days(3);
    await repayAll(c);
    await days(10);
    await repayAll(e);
    await days(80);
    expect(today()).toBe(at(100));
    await rebuildStatistics(app.deps, { merchantIds: [m001] });
  }, 600_000);
  afterAll(() => server?.close());

  it('overdue buckets and PAR of a date', async () => {
    // P+8: C and D one day past P+7, E current (due P+14); A and B settled.
    const book = await report('OverdueAnals', { date_from: at(8), date_to: at(8) });
    expect(book.totals).toMatchObject({ orders: 3, outstanding: 3_000_000, orders_b0: 1, orders_b1: 2, orders_b2: 0, outstanding_b1: 2_000_000 });
    const byBucket = await report('OverdueAnals', { date_from: at(8), date_to: at(8), group_by: 'bucket' });
    expect(byBucket.rows.map((r) => [r.key, r.values.orders])).toEqual([['0', 1], ['1', 2]]);

    const par = await report('par', { date_from: at(8), date_to: at(15) });
    const byDate = Object.fromEntries(par.rows.map((r) => [r.key, r.values]));
    expect(byDate[at(8)]).toMatchObject({ outstanding: 3_000_000, at_risk_1: 2_000_000, at_risk_7: 0 });
    expect(byDate[at(8)].par1).toBeCloseTo(2 / 3, 12);
    // P+15: D 8 days late, E 1 day late: PAR1 100 %, PAR7 50 %, PAR30 0.
    expect(byDate[at(15)]).toMatchObject({ outstanding: 2_000_000, par1: 1, par7: 0.5, par30: 0 });
    // P+40: only D, 33 days late.
    const late = await report('par', { date_from: at(40), date_to: at(40) });
    expect(late.totals).toMatchObject({ outstanding: 1_000_000, par30: 1 });
  });

  it('the vintage of the payout week', async () => {
    const v = await report('vintage', { date_from: P, date_to: P, group_by: 'week' });
    expect(v.rows).toHaveLength(1);
    // Day 7: B settled that day, C/D due that day, E extended: none late. Day 14: D 7 late. Day 60, 90: D 53, 83 late.
    expect(v.rows[0].values).toMatchObject({
      loans: 5, amount: 5_000_000, reached_7: 5, reached_90: 5,
      od7_at_7: 0, od7_at_14: 1, od30_at_14: 0, od7_at_30: 1, od30_at_30: 0, od30_at_60: 1, od30_at_90: 1,
      rate7_7: 0, rate7_14: 0.2, rate30_30: 0, rate30_60: 0.2,
    });
  });

  it('the roll-rate matrix over the 100 days', async () => {
    const roll = await report('rollRate', { date_from: P, date_to: at(100) });
    const m = Object.fromEntries(roll.rows.map((r) => [r.key, r.values]));
    // Transitions counted by hand from the five loans' days (140 in all: A 3, B 7, C 10, D 100, E 20).
    expect(roll.totals.orders).toBe(140);
    expect(m['0']).toMatchObject({ orders: 41, to_0: 36, to_1: 3, to_7: 2 });
    expect(m['1']).toMatchObject({ orders: 8, to_1: 5, to_2: 2, to_7: 1 });
    expect(m['2']).toMatchObject({ orders: 6, to_2: 4, to_3: 1, to_7: 1 });
    expect(m['3']).toMatchObject({ orders: 8, to_3: 7, to_4: 1 });
    expect(m['4']).toMatchObject({ orders: 15, to_4: 14, to_5: 1 });
    expect(m['5']).toMatchObject({ orders: 30, to_5: 29, to_6: 1 });
    expect(m['6']).toMatchObject({ orders: 32, to_6: 32, rate_6: 1 });
    expect(m['1'].rate_7).toBeCloseTo(1 / 8, 12);
    expect(m['0'].rate_1).toBeCloseTo(3 / 41, 12);
  });

  it('segments: one new first-loan segment and its overdue and default rates', async () => {
    const seg = await report('userLoanAnalysis', { date_from: P, date_to: P });
    expect(seg.rows).toHaveLength(1);
    expect(seg.rows[0].key).toMatch(/^new:1:[1-4]$/);
    // Unpaid a day after the due date: C, D, E (due P+14, repaid P+20); 7 days after: D only (E repaid P+20 < P+21).
    expect(seg.totals).toMatchObject({ loans: 5, matured_1: 5, unpaid_1: 3, unpaid_7: 1, unpaid_30: 1, overdue_rate_1: 0.6, overdue_rate_7: 0.2, default_rate_30: 0.2 });
  });

  it("the business's KPIs by date", async () => {
    const biz = await report('businessAnalysis', { date_from: P, date_to: at(99) });
    const byDate = Object.fromEntries(biz.rows.map((r) => [r.key, r.values]));
    expect(byDate[P]).toMatchObject({ disbursed: 5, decided: 5, approval_rate: 1, principal_out: 5_000_000, net_cash: -5_000_000 });
    expect(byDate[at(3)].money_in).toBe(1_100_000);
    expect(byDate[at(5)].money_in).toBe(100_000);
    // Due P+7: A, B, C, D (E moved to P+14). Unpaid at the end of P+7: C, D; a week later: D.
    expect(byDate[at(7)]).toMatchObject({ due_0: 4, unpaid_0: 2, overdue_rate_0: 0.5, due_7: 4, unpaid_7: 1, overdue_rate_7: 0.25 });
    expect(byDate[at(14)]).toMatchObject({ due_0: 1, overdue_rate_0: 1, overdue_rate_7: 0 });
    expect(byDate[at(15)].par7).toBe(0.5);
    expect(biz.totals.disbursed).toBe(5);
  });
});
