import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/errors';
import { checkLedger } from '../../src/server/modules/ledger/ledger';
import { ledgerPosting } from '../../src/server/modules/ledger/ledger.table';
import { loanOrder } from '../../src/server/modules/order/order.table';
import { confirmWithdrawal } from '../../src/server/modules/payment/disburse';
import { createMerchant, createOrder, createSandboxChannel, setChannelFailureRate } from '../../src/server/modules/payment/payment.fixtures';
import { merchantPaymentConfig, paymentOrder, transfer } from '../../src/server/modules/payment/payment.table';
import { paymentRuntime, type PaymentRuntime } from '../../src/server/modules/payment/runtime';
import { RECHECK_JOB, recheckStalePayouts } from '../../src/server/modules/payment/jobs';
import { lockKey } from '../../src/server/jobs/lock';
import { createTestApp, type TestApp } from '../support/testApp';

/**
 * Concurrency of payouts on real PostgreSQL (PGlite runs one transaction at a time, so these could not fail there):
 * 50 concurrent confirmations of one order, with one key and with 50 keys, 50 concurrent re-transfers and 50
 * concurrent deliveries of one callback each produce exactly one payout and one set of postings.
 * Runs with DATABASE_URL (npm run test:pg); skipped otherwise.
 */
const N = 50;
const pg = !!process.env.DATABASE_URL;

describe.skipIf(!pg)('payout concurrency on PostgreSQL', () => {
  let t: TestApp;
  let rt: PaymentRuntime;
  let admin: string;
  let merchantId: number;
  let channelId: number;

  beforeAll(async () => {
    t = await createTestApp();
    rt = paymentRuntime(t.app.deps);
    rt.delivery = 'manual';
    admin = await t.login('admin');
    merchantId = await createMerchant(t.db, { available: 500_000_000 });
    const ch = await createSandboxChannel(t.db, { failureRate: 0 });
    channelId = ch.id;
    await t.db.insert(merchantPaymentConfig).values({ merchantId, payoutChannelId: ch.id });
  }, 120_000);
  afterAll(() => t?.close());

  const confirm = (orderId: number, key: string) =>
    confirmWithdrawal(t.app.deps, { orderId, actorId: null, withdrawalType: 'auto', idempotencyKey: key, merchantIds: null });
  const countWhere = async (table: typeof transfer | typeof paymentOrder | typeof ledgerPosting, orderId: number) =>
    (await t.db.select({ n: count() }).from(table).where(eq(table.orderId, orderId)))[0].n;
  const codes = (results: PromiseSettledResult<unknown>[]) => results.map((r) => (r.status === 'fulfilled' ? 20000 : (r.reason as AppError).code ?? -1));
  async function ledgerOk() {
    const c = await checkLedger(t.db);
    expect(c.unbalancedPostings).toEqual([]);
    expect(c.driftedAccounts).toEqual([]);
  }

  it(`${N} concurrent confirmations under one key: one payout, one freeze; the others replay it or see it in progress`, async () => {
    rt.pending.length = 0;
    const { orderId } = await createOrder(t.db, { merchantId });
    const key = `same-${crypto.randomUUID()}`;
    const results = await Promise.allSettled(Array.from({ length: N }, () => confirm(orderId, key)));
    const ok = results.filter((r): r is PromiseFulfilledResult<Awaited<ReturnType<typeof confirm>>> => r.status === 'fulfilled');
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.value.transfer_id)).size).toBe(1);
    expect(codes(results).filter((c) => c !== 20000).every((c) => c === 40901)).toBe(true);
    expect(await countWhere(transfer, orderId)).toBe(1);
    expect(await countWhere(paymentOrder, orderId)).toBe(1);
    expect(await countWhere(ledgerPosting, orderId)).toBe(1);
    expect(rt.pending).toHaveLength(1);
    await ledgerOk();
  }, 60_000);

  it(`${N} concurrent confirmations under ${N} keys: exactly one goes through, the others are 42200`, async () => {
    rt.pending.length = 0;
    const { orderId } = await createOrder(t.db, { merchantId });
    const results = await Promise.allSettled(Array.from({ length: N }, (_, i) => confirm(orderId, `diff-${i}-${crypto.randomUUID()}`)));
    const c = codes(results);
    expect(c.filter((x) => x === 20000)).toHaveLength(1);
    expect(c.filter((x) => x !== 20000).every((x) => x === 42200)).toBe(true);
    expect(await countWhere(transfer, orderId)).toBe(1);
    expect(await countWhere(paymentOrder, orderId)).toBe(1);
    expect(await countWhere(ledgerPosting, orderId)).toBe(1);
    expect(rt.pending).toHaveLength(1);

    // 50 deliveries of its callback at once: one success posting.
    const [cb] = rt.pending.splice(0);
    const answers = await Promise.all(Array.from({ length: N }, () => rt.deliver(cb)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => (a.body as { data: { duplicate: boolean } }).data.duplicate === false)).toHaveLength(1);
    expect(await countWhere(ledgerPosting, orderId)).toBe(2);
    expect((await t.db.select().from(loanOrder).where(eq(loanOrder.id, orderId)))[0].status).toBe('repaying');
    await ledgerOk();
  }, 60_000);

  it(`${N} concurrent re-transfers of a failed payout (${N} keys): one new attempt, one new freeze`, async () => {
    rt.pending.length = 0;
    await setChannelFailureRate(t.db, channelId, 100);
    const { orderId } = await createOrder(t.db, { merchantId });
    const view = await confirm(orderId, `rt-${crypto.randomUUID()}`);
    await rt.flush();
    expect((await t.db.select().from(loanOrder).where(eq(loanOrder.id, orderId)))[0].status).toBe('failed');
    await setChannelFailureRate(t.db, channelId, 0);
    const results = await Promise.all(Array.from({ length: N }, (_, i) =>
      t.post(admin, '/loanapi/transfer/retransfer', { id: view.transfer_id }, { 'idempotency-key': `re-${i}-${crypto.randomUUID()}` })));
    const c = results.map((r) => r.code);
    expect(c.filter((x) => x === 20000)).toHaveLength(1);
    expect(c.filter((x) => x !== 20000).every((x) => x === 42200)).toBe(true);
    expect(await countWhere(paymentOrder, orderId)).toBe(2);
    // freeze, release, freeze again
    expect(await countWhere(ledgerPosting, orderId)).toBe(3);
    expect(rt.pending).toHaveLength(1);
    await ledgerOk();
  }, 60_000);

  it('the re-check job runs in one process at a time (advisory lock)', async () => {
    const pool = (t.db as unknown as { $client: { connect(): Promise<{ query(q: string, v?: unknown[]): Promise<unknown>; release(): void }> } }).$client;
    const other = await pool.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1::bigint)', [lockKey(RECHECK_JOB).toString()]);
      expect((await recheckStalePayouts(t.app.deps)).ran).toBe(false);
      await other.query('SELECT pg_advisory_unlock($1::bigint)', [lockKey(RECHECK_JOB).toString()]);
      expect((await recheckStalePayouts(t.app.deps)).ran).toBe(true);
    } finally {
      other.release();
    }
  });
});
