import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandContext } from '../../commands';
import { runCommand } from '../../commands/run';
import { DEFAULT_DEBT_SETTINGS } from '../../src/schemas/repayment';
import type { App } from '../../src/server/app';
import type { Db } from '../../src/server/db/client';
import { fundedDemoMerchant, startLiveServer, type LiveServer } from '../support/liveServer';
import { checkLedger } from '../../src/server/modules/ledger/ledger';
import { loanOrder, orderStatusHistory } from '../../src/server/modules/order/order.table';
import { orderFigures } from '../../src/server/modules/repayment/money';
import { disbursedOrder, ledgerOfOrder } from '../../src/server/modules/repayment/repayment.fixtures';

/**
 * A loan's life after the payout, driven the way staff drive it: commands through the palette's runner against a live
 * server, the business clock moved by the test screen's command and the end of day run by its command. On-time
 * repayment, partial then full, overdue day 1 → 3 → 7 → 30 with the daily charges, the cap and the write-off,
 * extensions before and after the due date, reductions approved and rejected, a revoked settlement. Every road ends
 * with the ledger balanced and the order's figures equal to the sum of its postings.
 */
describe('scenario: repayment by commands, on the business clock', () => {
  let app: App;
  let db: Db;
  let server: LiveServer;
  let m001: number;
  let admin: CommandContext;
  let merchantOp: CommandContext;

  const on = (ctx: CommandContext, id: number) => ({ ...ctx, selection: [{ id }] });
  const order = async (id: number) => (await db.select().from(loanOrder).where(eq(loanOrder.id, id)))[0];
  const days = (n: number) => runCommand('system.test.moveClock', { advance_days: n }, admin);
  const endOfDay = () => runCommand('system.test.runEndOfDay', {}, admin);
  const loan = (terms: Parameters<typeof disbursedOrder>[2] = {}) => disbursedOrder(app.deps, m001, { loan: 1_000_000, interest: 100_000, loanDays: 7, overdueRateBp: 100, ...terms });
  const reconcile = (orderId: number, amount: number, ctx = merchantOp) =>
    runCommand<{ id: number; status: string }>('repayment.settlement.add', { order_id: orderId, amount, reference: `BANK-${orderId}-${amount}` }, ctx);

  /** The end of every road: the book balances and the order is exactly what its postings say. */
  async function balanced(orderId: number) {
    const o = await order(orderId);
    const l = await ledgerOfOrder(app.deps, orderId);
    expect(l).toEqual({ debt: o.remainingDebtMinor, credit: o.creditMinor });
    const f = orderFigures(o);
    expect({ due: f.due, paid: f.paid, remaining: f.remaining }).toEqual({ due: o.dueAmountMinor, paid: o.paidAmountMinor, remaining: o.remainingDebtMinor });
    const c = await checkLedger(db);
    expect(c.unbalancedPostings).toEqual([]);
    expect(c.driftedAccounts).toEqual([]);
    return o;
  }

  beforeAll(async () => {
    // Accounts and merchants only: the jobs then work on this test's loans alone.
    server = await startLiveServer();
    ({ app, db } = server);
    m001 = await fundedDemoMerchant(db);
    [admin, merchantOp] = await Promise.all([server.signIn('admin'), server.signIn('merchant')]);
    // The merchant's rules, by the DebtSettings command: 1 grace day, 0.5 %/day penalty (+ the product's 1 %/day
    // overdue interest), capped at 10 % of the principal, written off after 30 days; extension 10 % for 7 days.
    await runCommand('merchant.DebtSettings.edit', {
      ...DEFAULT_DEBT_SETTINGS, merchant_id: m001, grace_days: 1, penalty_rate_bp: 50, penalty_cap_bp: 1000, bad_debt_days: 30,
      extension_fee_type: 'rate', extension_fee_value: 1000, extension_days: 7, extension_due_base: 'today_if_overdue', extension_max_count: 2,
    }, admin);
    await runCommand('merchant.repaymentDiscountRule.add', {
      merchant_id: m001, name: 'Overdue waiver', min_overdue_days: 0, max_overdue_days: 60, max_penalty_bp: 10_000, max_interest_bp: 5000, max_principal_bp: 0, enabled: true,
    }, admin);
  }, 120_000);
  afterAll(() => server?.close());

  it('on time: repaid on the due date in one reconciliation; settled', async () => {
    const { orderId } = await loan();
    await days(7);
    await endOfDay();
    expect((await order(orderId)).status).toBe('repaying');
    await reconcile(orderId, 1_100_000);
    const o = await balanced(orderId);
    expect(o).toMatchObject({ status: 'settled', paidInterestMinor: 100_000, paidPrincipalMinor: 1_000_000, overdueDays: 0 });
  });

  it('partial then full; a revoked settlement owes again, by its dates', async () => {
    const { orderId } = await loan();
    const first = await reconcile(orderId, 300_000);
    let o = await balanced(orderId);
    expect(o).toMatchObject({ status: 'repaying', paidInterestMinor: 100_000, paidPrincipalMinor: 200_000, remainingDebtMinor: 800_000 });
    const last = await reconcile(orderId, 800_000);
    expect((await balanced(orderId)).status).toBe('settled');
    await runCommand('repayment.repaymentList.revoke', { reason: 'Bank returned the transfer' }, on(merchantOp, last.id));
    o = await balanced(orderId);
    expect(o).toMatchObject({ status: 'repaying', settled: false, remainingDebtMinor: 800_000 });
    const history = await db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId));
    expect(history.map((h) => h.toStatus).slice(-2)).toEqual(['settled', 'repaying']);
    expect(first.status).toBe('success');
    await reconcile(orderId, 800_000);
    expect((await balanced(orderId)).status).toBe('settled');
  });

  it('overdue day 1, 3, 7, 30: grace, the daily charges, the cap, bad debt; still payable', async () => {
    const { orderId } = await loan();
    await days(8);
    await endOfDay();
    let o = await balanced(orderId);
    expect(o).toMatchObject({ status: 'overdue', overdueDays: 1, overdueInterestMinor: 0, overduePenaltyMinor: 0 });
    await days(2);
    await endOfDay();
    o = await balanced(orderId);
    expect(o).toMatchObject({ overdueDays: 3, overdueInterestMinor: 20_000, overduePenaltyMinor: 10_000 });
    await endOfDay(); // the same business date again: nothing more
    expect((await balanced(orderId)).overduePenaltyMinor).toBe(10_000);
    await days(4);
    await endOfDay();
    o = await balanced(orderId);
    expect(o).toMatchObject({ overdueDays: 7, overdueInterestMinor: 60_000, overduePenaltyMinor: 30_000 });
    await days(23);
    await endOfDay();
    o = await balanced(orderId);
    expect(o.overdueInterestMinor + o.overduePenaltyMinor).toBe(100_000);
    expect(o).toMatchObject({ status: 'bad_debt', overdueDays: 30, remainingDebtMinor: 1_200_000 });
    await reconcile(orderId, 1_200_000);
    expect(await balanced(orderId)).toMatchObject({ status: 'settled', paidPenaltyMinor: 100_000 });
  });

  it('extensions: before the due date (from the old date) and after it (from today, with the penalty)', async () => {
    const { orderId } = await loan();
    const dueBefore = (await order(orderId)).dueDate!;
    const apply = () => runCommand<{ id: number }>('extension.ExhibitionPeriodList.apply', { order_id: orderId }, admin);
    let ext = await apply();
    await runCommand('extension.reviewExhibitionPeriod.pass', {}, on(merchantOp, ext.id));
    const short = await runCommand('extension.ExhibitionPeriodPassedList.pay', { amount: 99_999 }, on(merchantOp, ext.id)).catch((e: Error) => e);
    expect(String(short)).toMatch(/insufficient payment for extension/);
    await runCommand('extension.ExhibitionPeriodPassedList.pay', { amount: 100_000 }, on(merchantOp, ext.id));
    let o = await balanced(orderId);
    const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    expect(o).toMatchObject({ status: 'extended', extensionCount: 1, extensionFeeMinor: 100_000, dueDate: addDays(dueBefore, 7), remainingDebtMinor: 1_100_000 });

    // 4 days after the new due date: 3 charged days (1 grace), then extended from today with the penalty paid.
    await days(7 + 7 + 4);
    await endOfDay();
    o = await balanced(orderId);
    expect(o).toMatchObject({ status: 'overdue', overdueDays: 4, overdueInterestMinor: 30_000, overduePenaltyMinor: 15_000 });
    ext = await apply();
    await runCommand('extension.reviewExhibitionPeriod.pass', {}, on(merchantOp, ext.id));
    await runCommand('extension.ExhibitionPeriodPassedList.pay', { amount: 145_000 }, on(merchantOp, ext.id));
    o = await balanced(orderId);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(app.deps.clock.now());
    expect(o).toMatchObject({ status: 'extended', extensionCount: 2, dueDate: addDays(today, 7), paidPenaltyMinor: 45_000, remainingDebtMinor: 1_100_000 });
    // The merchant allows two: a third is refused.
    const third = await apply().catch((e: Error) => e);
    expect(String(third)).toMatch(/extension/i);
    await reconcile(orderId, 1_100_000);
    expect((await balanced(orderId)).status).toBe('settled');
  });

  it('reductions: one requests, another approves (penalty first) or rejects; the requester may not approve', async () => {
    const { orderId } = await loan();
    await days(10);
    await endOfDay();
    let o = await balanced(orderId);
    const penalty = o.overdueInterestMinor + o.overduePenaltyMinor;
    expect(penalty).toBeGreaterThan(0);

    const request = (amount: number) => runCommand<{ id: number }>('merchant.repaymentDiscountRule.requestReduction', { order_id: orderId, amount, reason: 'Hardship, agreed by phone' }, admin);
    const rejected = await request(penalty);
    await runCommand('merchant.repaymentDiscountRule.rejectReduction', { remark: 'Not this month' }, on(merchantOp, rejected.id));
    expect((await balanced(orderId)).reductionTotalMinor).toBe(0);

    const r = await request(penalty + 20_000);
    const self = await runCommand('merchant.repaymentDiscountRule.approveReduction', {}, on(admin, r.id)).catch((e: Error) => e);
    expect(self).toBeInstanceOf(Error);
    await runCommand('merchant.repaymentDiscountRule.approveReduction', {}, on(merchantOp, r.id));
    o = await balanced(orderId);
    expect(o).toMatchObject({ reducedPenaltyMinor: penalty, reducedInterestMinor: 20_000, reductionTotalMinor: penalty + 20_000, remainingDebtMinor: 1_080_000 });
    await reconcile(orderId, 1_080_000);
    expect((await balanced(orderId)).status).toBe('settled');
  });

  it('bad input changes nothing: zero, negative, too many decimals, unknown order, a settled order', async () => {
    const { orderId } = await loan();
    await reconcile(orderId, 1_100_000);
    const before = await balanced(orderId);
    for (const [id, amount] of [[orderId, 0], [orderId, -5], [orderId, 12.5], [999_999_999, 1000], [orderId, 1000]] as const) {
      const e = await reconcile(id, amount).catch((err: Error) => err);
      expect(e).toBeInstanceOf(Error);
    }
    expect(await balanced(orderId)).toEqual(before);
  });
});
