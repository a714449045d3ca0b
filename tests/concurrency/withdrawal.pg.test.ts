import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transfer } from '../../src/server/modules/payment/payment.table';
import { paymentRuntime } from '../../src/server/modules/payment/runtime';
import { workTask } from '../../src/server/modules/task/task.table';
import { createQueueOrder, createWithdrawalWorld, type WithdrawalWorld } from '../../src/server/modules/withdrawal/withdrawal.fixtures';
import { withdrawalContact } from '../../src/server/modules/withdrawal/withdrawal.table';
import { createTestApp, type TestApp } from '../support/testApp';

/**
 * The withdrawal queues under concurrent agents on real PostgreSQL (PGlite runs one transaction at a time): two
 * agents claiming one pool order many times at once get one holder; an agent confirming one order 20 times at once,
 * with one key or with 20 keys, makes one payout and one consent record. Runs with DATABASE_URL; skipped otherwise.
 */
const pg = !!process.env.DATABASE_URL;
const N = 20;

describe.skipIf(!pg)('withdrawal queues concurrency on PostgreSQL', () => {
  let t: TestApp;
  let w: WithdrawalWorld;
  const tok: Record<string, string> = {};
  const ago = (h: number) => new Date(t.app.businessClock.now().getTime() - h * 3_600_000);

  beforeAll(async () => {
    t = await createTestApp();
    paymentRuntime(t.app.deps).delivery = 'manual';
    w = await createWithdrawalWorld(t.db);
    tok.a = await t.login('wdA');
    tok.b = await t.login('wdA2');
  }, 120_000);
  afterAll(() => t?.close());

  it('concurrent claims of one order by two agents: one holder, one live task', async () => {
    const o = await createQueueOrder(t.db, { merchantId: w.a, enteredAt: ago(1) });
    const res = await Promise.all(Array.from({ length: N }, (_, i) => t.post(i % 2 ? tok.a : tok.b, '/loanapi/withdrawal/waitFor/claim', { id: o.id })));
    expect(res.some((r) => r.code === 20000)).toBe(true);
    expect(res.every((r) => r.code === 20000 || r.code === 40900)).toBe(true);
    const live = await t.db.select().from(workTask).where(and(eq(workTask.orderId, o.id), inArray(workTask.status, ['open', 'claimed'])));
    expect(live).toHaveLength(1);
    expect(live[0].status).toBe('claimed');
    // Every success went to the one holder (a repeated claim of one's own task is a success).
    const holderToken = live[0].assigneeId === w.accounts.wdA ? tok.a : tok.b;
    const otherToken = holderToken === tok.a ? tok.b : tok.a;
    expect((await t.post(otherToken, '/loanapi/withdrawal/waitFor/claim', { id: o.id })).code).toBe(40900);
  });

  it.each([['one key', true], ['a key each', false]])('concurrent confirmations with %s: one payout, one consent', async (_name, shared) => {
    const o = await createQueueOrder(t.db, { merchantId: w.a, enteredAt: ago(1) });
    expect((await t.post(tok.a, '/loanapi/withdrawal/waitFor/claim', { id: o.id })).code).toBe(20000);
    const key = `pg-${crypto.randomUUID()}`;
    const res = await Promise.all(Array.from({ length: N }, () => t.post(tok.a, '/loanapi/withdrawal/MywaitForOrder/confirmWithdrawal',
      { id: o.id, note: 'asked on the phone' }, { 'idempotency-key': shared ? key : `pg-${crypto.randomUUID()}` })));
    expect(res.some((r) => r.code === 20000)).toBe(true);
    expect(res.every((r) => [20000, 40901, 42200].includes(r.code))).toBe(true);
    expect(await t.db.select().from(transfer).where(eq(transfer.orderId, o.id))).toHaveLength(1);
    expect(await t.db.select().from(withdrawalContact).where(eq(withdrawalContact.orderId, o.id))).toHaveLength(1);
  });
});
