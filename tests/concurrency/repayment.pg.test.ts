import { spawn } from 'node:child_process';
import pgDriver from 'pg';
import { lockKey } from '../../src/server/jobs/lock';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/server/modules/ledger/ledger';
import { ledgerPosting } from '../../src/server/modules/ledger/ledger.table';
import { orderStatusHistory, loanOrder } from '../../src/server/modules/order/order.table';
import { applyMoneyIn } from '../../src/server/modules/repayment/account';
import { END_OF_DAY_JOB, runEndOfDay } from '../../src/server/modules/repayment/endOfDay';
import { createLendingMerchant, disbursedOrder, ledgerOfOrder } from '../../src/server/modules/repayment/repayment.fixtures';
import { endOfDayRun, overdueAccrual, repayment } from '../../src/server/modules/repayment/repayment.table';
import { createTestApp, type TestApp } from '../support/testApp';

/**
 * Repayments and the end-of-day job under concurrency on real PostgreSQL (PGlite runs one transaction at a time, so
 * these could not fail there): concurrent repayments of one order are applied one after the other (the order row
 * lock) and never double-count; the end-of-day job run at once by this process and by two other server processes
 * accrues each day once. Runs with DATABASE_URL (npm run test:pg); skipped otherwise.
 */
const N = 50;
const pg = !!process.env.DATABASE_URL;

describe.skipIf(!pg)('repayment concurrency on PostgreSQL', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t?.close());

  const orderRow = async (id: number) => (await t.db.select().from(loanOrder).where(eq(loanOrder.id, id)))[0];
  const pay = (orderId: number, amount: number, i: number) =>
    t.db.transaction((tx) => applyMoneyIn(tx, t.app.deps, { orderId, amount, type: 'manual', actorId: 1, reference: `c-${i}` }));
  async function consistent(orderId: number) {
    const o = await orderRow(orderId);
    const l = await ledgerOfOrder(t.app.deps, orderId);
    expect(l).toEqual({ debt: o.remainingDebtMinor, credit: o.creditMinor });
    const c = await checkLedger(t.db);
    expect(c.unbalancedPostings).toEqual([]);
    expect(c.driftedAccounts).toEqual([]);
    return o;
  }

  it(`${N} concurrent manual repayments of one order: every one applied once, in turn`, async () => {
    const { merchantId } = await createLendingMerchant(t.app.deps);
    const { orderId } = await disbursedOrder(t.app.deps, merchantId, { loan: 1_000_000, interest: 200_000 });
    const results = await Promise.allSettled(Array.from({ length: N }, (_, i) => pay(orderId, 10_000, i)));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const o = await consistent(orderId);
    expect(o).toMatchObject({ paidAmountMinor: N * 10_000, paidInterestMinor: 200_000, paidPrincipalMinor: N * 10_000 - 200_000, remainingDebtMinor: 1_200_000 - N * 10_000 });
    const rows = await t.db.select().from(repayment).where(eq(repayment.orderId, orderId));
    expect(rows.length).toBe(N);
    expect(rows.reduce((s, r) => s + r.interestMinor + r.principalMinor, 0)).toBe(N * 10_000);
  });

  it(`${N} concurrent repayments that together pay more than owed: settled once, the rest is credit`, async () => {
    const { merchantId } = await createLendingMerchant(t.app.deps);
    const { orderId } = await disbursedOrder(t.app.deps, merchantId, { loan: 1_000_000, interest: 200_000 });
    const results = await Promise.allSettled(Array.from({ length: N }, (_, i) => pay(orderId, 30_000, i)));
    // Once settled, staff money on the order is refused (42200): the order holds exactly what arrived before.
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    expect(ok).toBe(40);
    const o = await consistent(orderId);
    expect(o).toMatchObject({ status: 'settled', remainingDebtMinor: 0, paidAmountMinor: 1_200_000, creditMinor: 0 });
    const settles = await t.db.select({ n: count() }).from(orderStatusHistory).where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, 'settled')));
    expect(settles[0].n).toBe(1);
  });

  it('the end-of-day job started by this process and two other server processes at once accrues each day once', async () => {
    const { merchantId } = await createLendingMerchant(t.app.deps, { grace_days: 0, penalty_rate_bp: 50, penalty_cap_bp: 10_000 });
    const orders = await Promise.all(Array.from({ length: 5 }, () => disbursedOrder(t.app.deps, merchantId, { loan: 1_000_000, loanDays: 2, overdueRateBp: 100 })));
    await t.app.businessClock.advanceDays(5);
    try {
      const url = (t.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
      const child = () => new Promise<string>((resolve, reject) => {
        const p = spawn(process.execPath, ['--import', 'tsx', 'scripts/run-job.ts', 'repayment.endOfDay'], {
          env: { ...process.env, DATABASE_URL: url, SEED_DEMO: 'false', LOG_LEVEL: 'silent' }, stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        let err = '';
        p.stdout.on('data', (d) => (out += d));
        p.stderr.on('data', (d) => (err += d));
        p.on('exit', (code) => (code === 0 ? resolve(out.trim().split('\n').pop() ?? '') : reject(new Error(`job exited ${code}: ${err}`))));
      });
      // While another process holds the job's lock, a server process does not run it…
      const holder = new pgDriver.Client({ connectionString: url });
      await holder.connect();
      await holder.query('SELECT pg_advisory_lock($1::bigint)', [lockKey(END_OF_DAY_JOB).toString()]);
      expect(JSON.parse(await child())).toMatchObject({ ran: false, merchants: [] });
      expect((await t.db.select({ n: count() }).from(overdueAccrual).where(eq(overdueAccrual.orderId, orders[0].orderId)))[0].n).toBe(0);
      await holder.end();
      // …and started by three processes at once, each day is accrued once.
      const [a, b, c] = await Promise.all([child(), child(), runEndOfDay(t.app.deps)]);
      const runs = [JSON.parse(a), JSON.parse(b), c] as Array<{ ran: boolean }>;
      expect(runs.some((r) => r.ran)).toBe(true);
      for (const { orderId } of orders) {
        const o = await consistent(orderId);
        // Due after 2 days, 5 days on: 3 overdue days of 1 % + 0.5 % of 1,000,000.
        expect(o).toMatchObject({ status: 'overdue', overdueDays: 3, overdueInterestMinor: 30_000, overduePenaltyMinor: 15_000 });
        expect((await t.db.select({ n: count() }).from(overdueAccrual).where(eq(overdueAccrual.orderId, orderId)))[0].n).toBe(3);
        expect((await t.db.select({ n: count() }).from(ledgerPosting).where(and(eq(ledgerPosting.orderId, orderId), eq(ledgerPosting.kind, 'overdue_accrual'))))[0].n).toBe(3);
      }
      expect((await t.db.select({ n: count() }).from(endOfDayRun).where(eq(endOfDayRun.merchantId, merchantId)))[0].n).toBe(1);
    } finally {
      await t.app.businessClock.set(null);
    }
  }, 120_000);
});
