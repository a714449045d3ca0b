import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPAYMENT_API } from '../../../schemas/repayment';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { adminAccount } from '../empower/empower.table';
import { checkLedger } from '../ledger/ledger';
import { ledgerEntry } from '../ledger/ledger.table';
import { ledgerAccount } from '../merchant/merchant.table';
import { loanOrder } from '../order/order.table';
import { applyMoneyIn, recordUnmatchedMoney } from './account';
import { createLendingMerchant, disbursedOrder, ledgerOfOrder } from './repayment.fixtures';
import { repayment, repaymentEvent } from './repayment.table';
import { rowsOf } from '../../db/rows';

/**
 * /repayment/abnormal through HTTP: refund, apply to an order that owes, acknowledge; handled once; refusals change
 * nothing. After each step every order's ledger entries equal its remaining debt and credit, and the ledger balances.
 */
let t: TestApp;
let op: string;
let A: number;
let B: number;

const key = () => ({ 'idempotency-key': `k-${crypto.randomUUID()}` });
const orderRow = async (id: number) => (await t.db.select().from(loanOrder).where(eq(loanOrder.id, id)))[0];
const repaymentRow = async (id: number) => (await t.db.select().from(repayment).where(eq(repayment.id, id)))[0];
const handle = (body: Record<string, unknown>, headers = key()) => t.post(op, REPAYMENT_API.abnormalHandle, body, headers);

async function consistent(...orderIds: number[]) {
  for (const id of orderIds) {
    const o = await orderRow(id);
    const l = await ledgerOfOrder(t.app.deps, id);
    expect(l.debt, `order ${id} debt`).toBe(o.remainingDebtMinor);
    expect(l.credit, `order ${id} credit`).toBe(o.creditMinor);
  }
  const c = await checkLedger(t.db);
  expect(c.unbalancedPostings).toEqual([]);
  expect(c.driftedAccounts).toEqual([]);
}

/** Credit held without an order (unmatched money) of a merchant, as its ledger says. */
async function orderlessCredit(merchantId: number): Promise<number> {
  const [r] = rowsOf<{ total: string | null }>(await t.db.execute(sql`
    SELECT sum(e.amount_minor)::text AS total FROM ${ledgerEntry} e JOIN ${ledgerAccount} a ON a.id = e.ledger_account_id
    WHERE e.order_id IS NULL AND a.kind = 'customer_credit' AND a.merchant_id = ${merchantId}`));
  return 0 - Number(r?.total ?? 0);
}

const reconcile = (orderId: number, amount: number) =>
  t.post(op, REPAYMENT_API.reconcile, { order_id: orderId, amount, reference: `R-${crypto.randomUUID().slice(0, 8)}` }, key());

beforeAll(async () => {
  t = await createTestApp();
  ({ merchantId: A } = await createLendingMerchant(t.app.deps));
  ({ merchantId: B } = await createLendingMerchant(t.app.deps));
  await t.db.update(adminAccount).set({ merchantIds: [A] }).where(eq(adminAccount.account, 'merchant'));
  op = await t.login('merchant');
}, 120_000);
afterAll(() => t.close());

describe('abnormal repayments', () => {
  it('lists an overpayment as abnormal; refund pays the credit back; handled once', async () => {
    const { orderId } = await disbursedOrder(t.app.deps, A, { loan: 1_000_000, interest: 200_000 });
    const r = await reconcile(orderId, 1_250_000);
    expect(r.data).toMatchObject({ abnormal_reason: 'overpaid', allocated: { overpaid: 50_000 } });
    await consistent(orderId);
    const no = (await orderRow(orderId)).orderNo;
    const open = await t.get(op, REPAYMENT_API.abnormal, { order_no: no, handled: '0' });
    expect(open.data.rows.map((x: any) => [x.id, x.abnormal_reason, x.resolution])).toEqual([[r.data.id, 'overpaid', '']]);

    const k = key();
    const h = await handle({ id: r.data.id, resolution: 'refunded', remark: 'paid back by transfer' }, k);
    expect(h.code, h.msg).toBe(20000);
    expect(h.data).toMatchObject({ resolution: 'refunded', amount: 50_000, posting_id: expect.any(Number), applied: null });
    const o = await orderRow(orderId);
    expect(o).toMatchObject({ status: 'settled', creditMinor: 0 });
    await consistent(orderId);
    expect(await repaymentRow(r.data.id)).toMatchObject({ resolution: 'refunded', resolvedBy: expect.any(Number), resolvedAt: expect.any(Date) });

    // The same key answers the same; a new request is refused: handled already.
    expect((await handle({ id: r.data.id, resolution: 'refunded', remark: 'paid back by transfer' }, k)).data).toEqual(h.data);
    expect((await handle({ id: r.data.id, resolution: 'ignored', remark: 'once more' })).code).toBe(40900);
    expect(await t.db.select().from(repaymentEvent).where(and(eq(repaymentEvent.repaymentId, r.data.id), eq(repaymentEvent.kind, 'handled')))).toHaveLength(1);
    expect((await t.get(op, REPAYMENT_API.abnormal, { order_no: no, handled: '1' })).data.rows).toHaveLength(1);
    expect((await t.get(op, REPAYMENT_API.abnormal, { order_no: no, handled: '0' })).data.rows).toHaveLength(0);
    // The refunded credit cannot be revoked with its repayment any more.
    expect((await t.post(op, REPAYMENT_API.revoke, { id: r.data.id, reason: 'too late now' }, key())).code).toBe(40900);
    await consistent(orderId);
  });

  it('applies money that reached a settled order to another order that owes; both orders keep equalling their entries', async () => {
    const { orderId: x } = await disbursedOrder(t.app.deps, A, { loan: 500_000, interest: 0 });
    const { orderId: y } = await disbursedOrder(t.app.deps, A, { loan: 800_000, interest: 100_000 });
    await reconcile(x, 500_000);
    // A provider payment after the settlement: kept as credit, abnormal (order_settled).
    const late = await t.db.transaction((tx) => applyMoneyIn(tx, t.app.deps, { orderId: x, amount: 70_000, type: 'link', actorId: null }));
    expect(late).toMatchObject({ status: 'abnormal', abnormalReason: 'order_settled' });
    await consistent(x, y);

    const h = await handle({ id: late.id, resolution: 'applied', order_id: y, remark: 'customer paid the wrong loan' });
    expect(h.code, h.msg).toBe(20000);
    expect(h.data.applied).toMatchObject({ type: 'reconciliation', status: 'success', amount: 70_000, order: { id: y, remaining_debt: 830_000 } });
    expect(await orderRow(x)).toMatchObject({ status: 'settled', creditMinor: 0 });
    expect(await orderRow(y)).toMatchObject({ remainingDebtMinor: 830_000, paidAmountMinor: 70_000 });
    await consistent(x, y);
    expect((await repaymentRow(h.data.applied.id)).reference).toBe(late.serialNo);
  });

  it('applies unmatched money (no order) to an order; the orderless credit returns to zero', async () => {
    const { orderId: z } = await disbursedOrder(t.app.deps, A, { loan: 400_000, interest: 40_000 });
    const u = await t.db.transaction((tx) => recordUnmatchedMoney(tx, t.app.deps, { merchantId: A, currency: 'VND', amount: 440_000, type: 'va', vaNumber: '9704000001' }));
    expect(await orderlessCredit(A)).toBe(440_000);
    const h = await handle({ id: u.id, resolution: 'applied', order_id: z, remark: 'matched by the VA number' });
    expect(h.code, h.msg).toBe(20000);
    expect(await orderRow(z)).toMatchObject({ status: 'settled', remainingDebtMinor: 0, creditMinor: 0 });
    expect(await orderlessCredit(A)).toBe(0);
    await consistent(z);
  });

  it('refuses a target that owes nothing, another merchant’s order, or no order — and changes nothing', async () => {
    const { orderId: src } = await disbursedOrder(t.app.deps, A, { loan: 300_000, interest: 0 });
    const { orderId: done } = await disbursedOrder(t.app.deps, A, { loan: 300_000, interest: 0 });
    const { orderId: foreign } = await disbursedOrder(t.app.deps, B, { loan: 300_000, interest: 0 });
    const over = await reconcile(src, 320_000);
    await reconcile(done, 300_000);
    const srcBefore = await orderRow(src);
    const doneBefore = await orderRow(done);

    const notOpen = await handle({ id: over.data.id, resolution: 'applied', order_id: done, remark: 'into a settled loan' });
    expect(notOpen.code).toBe(42200);
    expect(notOpen.msg).not.toBe('');
    const noOrder = await handle({ id: over.data.id, resolution: 'applied', remark: 'where to?' });
    expect(noOrder.code).toBe(40000);
    expect(noOrder.data.issues[0]).toMatchObject({ path: 'order_id' });
    expect((await handle({ id: over.data.id, resolution: 'applied', order_id: foreign, remark: 'another merchant' })).code).toBe(40400);
    expect((await handle({ id: over.data.id, resolution: 'bogus', remark: 'bad resolution' })).code).toBe(40000);
    expect((await handle({ id: 987_654_321, resolution: 'ignored', remark: 'no such row' })).code).toBe(40400);

    expect(await orderRow(src)).toEqual(srcBefore);
    expect(await orderRow(done)).toEqual(doneBefore);
    expect((await repaymentRow(over.data.id)).resolution).toBe('');
    await consistent(src, done, foreign);

    // Acknowledged: the money stays as the customer's credit.
    const ign = await handle({ id: over.data.id, resolution: 'ignored', remark: 'customer will borrow again' });
    expect(ign.code, ign.msg).toBe(20000);
    expect(ign.data).toMatchObject({ resolution: 'ignored', amount: 0, posting_id: null });
    expect((await orderRow(src)).creditMinor).toBe(20_000);
    await consistent(src);
  });

  it('a normal repayment is not abnormal; a revoked abnormal one cannot be handled', async () => {
    const { orderId } = await disbursedOrder(t.app.deps, A, { loan: 300_000, interest: 0 });
    const normal = await reconcile(orderId, 100_000);
    expect((await handle({ id: normal.data.id, resolution: 'ignored', remark: 'nothing wrong' })).code).toBe(42200);
    const over = await reconcile(orderId, 250_000);
    expect(over.data.abnormal_reason).toBe('overpaid');
    expect((await t.post(op, REPAYMENT_API.revoke, { id: over.data.id, reason: 'entered twice' }, key())).code).toBe(20000);
    expect((await handle({ id: over.data.id, resolution: 'refunded', remark: 'refund it' })).code).toBe(40900);
    await consistent(orderId);
    const [none] = await t.db.select().from(repayment).where(and(eq(repayment.id, over.data.id), isNull(repayment.resolvedAt)));
    expect(none).toBeDefined();
  });
});
