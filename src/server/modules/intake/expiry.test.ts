import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { merchant } from '../merchant/merchant.table';
import { loanOrder, orderStatusHistory } from '../order/order.table';
import { EXPIRY_LOCK, expireWithdrawals, INTAKE_JOBS } from './expiry';
import { startJobs } from '../../jobs/scheduler';
import { appCall, intakeWorld, orderByNo, registerBody, TO_WITHDRAWAL, vnBorrower, walk, type IntakeWorld } from './intake.fixtures';
import { lockKey } from '../../jobs/lock';

let t: TestApp;
let w: IntakeWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await intakeWorld(t);
}, 60_000);
afterAll(() => t?.close());

/** A new order of the main (or sub) merchant, moved to `withdrawal` now (business time). */
async function approved(sub = false): Promise<number> {
  const app = sub ? w.subApp : w.mainApp;
  const b = vnBorrower();
  await appCall(t, app, 'POST', '/loanapi/app/register', registerBody(b));
  const r = await appCall(t, app, 'POST', '/loanapi/app/apply', { phone: b.phone, product_id: sub ? w.subProduct.id : w.mainProduct.id, amount: 2_000_000, days: 7, device_id: b.device_id });
  expect(r.code, r.msg).toBe(20000);
  const o = await orderByNo(t, r.data.order_no);
  await walk(t, o.id, TO_WITHDRAWAL);
  return o.id;
}

const statusOf = async (id: number) => (await t.db.select({ s: loanOrder.status }).from(loanOrder).where(eq(loanOrder.id, id)))[0].s;

describe('single valid time', () => {
  it('closes orders left in withdrawal past the merchant\'s single_valid_hours of business time, and only those', async () => {
    await t.db.update(merchant).set({ singleValidHours: 72 }).where(eq(merchant.id, w.main.id));
    await t.db.update(merchant).set({ singleValidHours: 120 }).where(eq(merchant.id, w.sub.id));
    const old = await approved();
    const subOld = await approved(true);
    await t.app.businessClock.advanceDays(2);
    const fresh = await approved();
    expect(await expireWithdrawals(t.app.deps)).toEqual({ closed: 0, skipped: false });

    await t.app.businessClock.advanceDays(1); // old: 72 h; subOld: 72 h of 120; fresh: 24 h
    try {
      expect(await expireWithdrawals(t.app.deps)).toEqual({ closed: 1, skipped: false });
      expect([await statusOf(old), await statusOf(subOld), await statusOf(fresh)]).toEqual(['closed', 'withdrawal', 'withdrawal']);
      const [last] = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, old)).orderBy(orderStatusHistory.id).then((h) => h.slice(-1));
      expect(last).toMatchObject({ fromStatus: 'withdrawal', toStatus: 'closed', accountId: null, reason: 'close: expired' });
      expect(Math.abs(last.createdAt.getTime() - t.app.businessClock.now().getTime())).toBeLessThan(5000);
      const [o] = await t.db.select().from(loanOrder).where(eq(loanOrder.id, old));
      expect(o.loanRemark).toBe('Not withdrawn within the valid hours');

      await t.app.businessClock.advanceDays(2); // subOld: 120 h; fresh: 72 h
      expect((await expireWithdrawals(t.app.deps)).closed).toBe(2);
      expect([await statusOf(subOld), await statusOf(fresh)]).toEqual(['closed', 'closed']);
      expect((await expireWithdrawals(t.app.deps)).closed).toBe(0);
    } finally {
      await t.app.businessClock.set(null);
    }
  });

  it('counts from the latest return to withdrawal', async () => {
    const id = await approved();
    await t.app.businessClock.advanceDays(2);
    try {
      await walk(t, id, [['confirm_withdrawal', 'disbursing'], ['payout_failure', 'failed'], ['return_withdrawal', 'withdrawal']]);
      await t.app.businessClock.advanceDays(2); // 4 days since approval, 2 since the return
      expect((await expireWithdrawals(t.app.deps)).closed).toBe(0);
      expect(await statusOf(id)).toBe('withdrawal');
    } finally {
      await t.app.businessClock.set(null);
    }
  });

  it('runs on the shared scheduler', async () => {
    const id = await approved();
    await t.app.businessClock.advanceDays(5);
    const jobs = startJobs(t.app.deps, INTAKE_JOBS.map((j) => ({ ...j, everyMs: 50 })), console);
    try {
      for (let i = 0; i < 100 && (await statusOf(id)) !== 'closed'; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await statusOf(id)).toBe('closed');
    } finally {
      // Waits for a run already started: the next test's two runs would otherwise both find the job taken.
      await jobs.stop();
      await t.app.businessClock.set(null);
    }
  });

  it('offers its jobs to the shared scheduler, each taking its own lock', async () => {
    expect(INTAKE_JOBS.map((j) => j.name)).toEqual(['intake.withdrawalExpiry', 'intake.nonceSweep']);
    expect(INTAKE_JOBS.map((j) => j.name)).not.toContain(EXPIRY_LOCK);
    // Two runs at once in one process: the second finds the lock taken and does nothing.
    const [a, b] = await Promise.all([expireWithdrawals(t.app.deps), expireWithdrawals(t.app.deps)]);
    expect([a.skipped, b.skipped].sort()).toEqual([false, true]);
  });

  // Another server process holding the lock: needs a second connection, so real PostgreSQL (npm run test:pg).
  it.runIf(!!process.env.DATABASE_URL)('skips the run while another process holds the lock', async () => {
    const res = await t.db.execute(/* sql */ (await import('drizzle-orm')).sql`select current_database() as db`);
    const dbName = ((res as unknown as { rows: Array<{ db: string }> }).rows)[0].db;
    const u = new URL(process.env.DATABASE_URL!);
    u.pathname = `/${dbName}`;
    const other = new pg.Client({ connectionString: u.toString() });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock($1::bigint)', [lockKey(EXPIRY_LOCK).toString()]);
      expect(await expireWithdrawals(t.app.deps)).toEqual({ closed: 0, skipped: true });
      await other.query('select pg_advisory_unlock($1::bigint)', [lockKey(EXPIRY_LOCK).toString()]);
      expect((await expireWithdrawals(t.app.deps)).skipped).toBe(false);
    } finally {
      await other.end();
    }
  });
});
