import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { REPAYMENT_API } from '../../../schemas/repayment';
import { operationLog } from '../log/log.table';
import { paymentRuntime } from '../payment/runtime';
import { applyMoneyIn } from './account';
import { waitForCardBatch } from './cardBatch';
import { createLendingMerchant, disbursedOrder } from './repayment.fixtures';
import { repaymentCard, repaymentCardBatch } from './repayment.table';

/**
 * Virtual-account cards: issuing (the previous card of the customer expires), the list, and the reset batch that
 * re-issues the cards of every customer of a merchant with an open order, reporting its progress.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  paymentRuntime(t.app.deps).delivery = 'manual';
  admin = await t.login('admin');
}, 60_000);
afterAll(() => t.close());

const cardsOf = (merchantId: number, customerId: number) =>
  t.db.select().from(repaymentCard).where(and(eq(repaymentCard.merchantId, merchantId), eq(repaymentCard.customerId, customerId))).orderBy(repaymentCard.id);

describe('virtual-account cards', () => {
  it('issuing again expires the previous card; one active card per customer and merchant; the list shows both', async () => {
    const { merchantId } = await createLendingMerchant(t.app.deps);
    const { customerId } = await disbursedOrder(t.app.deps, merchantId);
    const first = await t.post(admin, REPAYMENT_API.cardIssue, { customer_id: customerId, merchant_id: merchantId });
    expect(first.code, first.msg).toBe(20000);
    const second = await t.post(admin, REPAYMENT_API.cardIssue, { customer_id: customerId, merchant_id: merchantId });
    expect(second.data).toMatchObject({ status: 'active', expired_id: first.data.id });
    expect(second.data.va_number).not.toBe(first.data.va_number);
    const cards = await cardsOf(merchantId, customerId);
    expect(cards.map((c) => c.status)).toEqual(['expired', 'active']);
    expect(cards[0].expiredAt).not.toBeNull();
    const list = await t.get(admin, REPAYMENT_API.cardList, { merchant_id: merchantId });
    expect(list.code).toBe(20000);
    expect(list.data.rows.map((r: { status: string }) => r.status)).toEqual(['active', 'expired']);
    expect(list.data.rows[0]).toMatchObject({ customer_id: customerId, va_number: second.data.va_number, bank_name: 'Sandbox Bank' });
    const active = await t.get(admin, REPAYMENT_API.cardList, { va_number: first.data.va_number, status: 'active' });
    expect(active.data.rows).toHaveLength(0);
    const logs = await t.db.select().from(operationLog).where(eq(operationLog.action, 'repayment.issueCard'));
    expect(logs.length).toBeGreaterThanOrEqual(2);
  });

  it('a customer of another merchant is not found', async () => {
    const a = await createLendingMerchant(t.app.deps);
    const b = await createLendingMerchant(t.app.deps);
    const { customerId } = await disbursedOrder(t.app.deps, a.merchantId);
    const r = await t.post(admin, REPAYMENT_API.cardIssue, { customer_id: customerId, merchant_id: b.merchantId });
    expect(r.code).toBe(40400);
  });
});

describe('reset all cards', () => {
  it('re-issues the card of every customer with an open order, in the background, and reports its progress', async () => {
    const { merchantId } = await createLendingMerchant(t.app.deps);
    const open = [];
    for (let i = 0; i < 3; i++) open.push((await disbursedOrder(t.app.deps, merchantId)).customerId);
    const settled = await disbursedOrder(t.app.deps, merchantId, { loan: 100_000, interest: 0 });
    await t.db.transaction((tx) => applyMoneyIn(tx, t.app.deps, { orderId: settled.orderId, amount: 100_000, type: 'manual', actorId: 1 }));
    const old = await t.post(admin, REPAYMENT_API.cardIssue, { customer_id: open[0], merchant_id: merchantId });

    const started = await t.post(admin, REPAYMENT_API.resetCards, { merchant_id: merchantId, remark: 'new bank' });
    expect(started.code, started.msg).toBe(20000);
    expect(started.data).toMatchObject({ status: 'running', total: 3, merchant_id: merchantId, remark: 'new bank' });
    await waitForCardBatch(t.app.deps, started.data.id);

    const batches = await t.get(admin, REPAYMENT_API.resetCardBatches, { merchant_id: merchantId });
    expect(batches.data.rows).toHaveLength(1);
    expect(batches.data.rows[0]).toMatchObject({ id: started.data.id, status: 'done', total: 3, done: 3, failed: 0, remark: 'new bank' });
    expect(batches.data.rows[0].finished_at).not.toBeNull();
    for (const c of open) {
      const cards = await cardsOf(merchantId, c);
      const active = cards.filter((x) => x.status === 'active');
      expect(active).toHaveLength(1);
      expect(active[0].batchId).toBe(started.data.id);
    }
    expect((await cardsOf(merchantId, open[0])).find((c) => c.id === old.data.id)?.status).toBe('expired');
    expect(await cardsOf(merchantId, settled.customerId)).toHaveLength(0);
  });

  it('a second batch for a merchant while one runs is refused (40900)', async () => {
    const { merchantId } = await createLendingMerchant(t.app.deps);
    await t.db.insert(repaymentCardBatch).values({ merchantId, status: 'running', total: 10, createdAt: t.app.deps.now() });
    const r = await t.post(admin, REPAYMENT_API.resetCards, { merchant_id: merchantId });
    expect(r.code).toBe(40900);
    // One another process left long ago is taken as interrupted.
    await t.db.update(repaymentCardBatch).set({ createdAt: new Date(t.app.deps.now().getTime() - 3600_000) }).where(eq(repaymentCardBatch.merchantId, merchantId));
    const again = await t.post(admin, REPAYMENT_API.resetCards, { merchant_id: merchantId });
    expect(again.code, again.msg).toBe(20000);
    await waitForCardBatch(t.app.deps, again.data.id);
    const rows = await t.db.select().from(repaymentCardBatch).where(eq(repaymentCardBatch.merchantId, merchantId)).orderBy(repaymentCardBatch.id);
    expect(rows.map((b) => [b.status, b.error])).toEqual([['failed', 'interrupted'], ['done', '']]);
  });
});
