import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import type { AppError } from '../../errors';
import { checkLedger } from '../ledger/ledger';
import { loanOrder } from '../order/order.table';
import { applyMoneyIn, revokeRepayment } from './account';
import { createLendingMerchant, disbursedOrder, ledgerOfOrder } from './repayment.fixtures';

/** Money in and revocation on orders that went through the real payout; after each, the order equals its postings. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const orderRow = async (id: number) => (await t.db.select().from(loanOrder).where(eq(loanOrder.id, id)))[0];
const pay = (orderId: number, amount: number, type: 'manual' | 'reconciliation' | 'link' = 'manual') =>
  t.db.transaction((tx) => applyMoneyIn(tx, t.app.deps, { orderId, amount, type, actorId: 1, reference: `ref-${crypto.randomUUID()}` }));
const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as AppError);

async function consistent(orderId: number) {
  const o = await orderRow(orderId);
  const l = await ledgerOfOrder(t.app.deps, orderId);
  expect(l.debt).toBe(o.remainingDebtMinor);
  expect(l.credit).toBe(o.creditMinor);
  expect(o.dueAmountMinor - o.paidAmountMinor).toBe(o.remainingDebtMinor);
  const c = await checkLedger(t.db);
  expect(c.unbalancedPostings).toEqual([]);
  expect(c.driftedAccounts).toEqual([]);
  return o;
}

describe('money in', () => {
  it('the payout makes the contract owed: principal on loan, interest on receivable', async () => {
    const { merchantId } = await createLendingMerchant(t.app.deps);
    const { orderId } = await disbursedOrder(t.app.deps, merchantId, { loan: 1_000_000, interest: 200_000 });
    const o = await consistent(orderId);
    expect(o.status).toBe('repaying');
    expect(o.remainingDebtMinor).toBe(1_200_000);
  });

  it('partial then full: interest first, then principal; settles at zero', async () => {
    const { merchantId } = await createLendingMerchant(t.app.deps);
    const { orderId } = await disbursedOrder(t.app.deps, merchantId, { loan: 1_000_000, interest: 200_000 });
    const r1 = await pay(orderId, 300_000);
    expect(r1).toMatchObject({ status: 'success', interestMinor: 200_000, principalMinor: 100_000, overpaidMinor: 0 });
    let o = await consistent(orderId);
    expect(o).toMatchObject({ status: 'repaying', paidAmountMinor: 300_000, remainingDebtMinor: 900_000 });
    await pay(orderId, 900_000, 'reconciliation');
    o = await consistent(orderId);
    expect(o).toMatchObject({ status: 'settled', settled: true, remainingDebtMinor: 0, paidAmountMinor: 1_200_000, overContract: false });
  });

  it('overpayment is kept as credit and flagged; revoke takes it back and the order owes again', async () => {
    const { merchantId } = await createLendingMerchant(t.app.deps);
    const { orderId } = await disbursedOrder(t.app.deps, merchantId, { loan: 1_000_000, interest: 200_000 });
    const r = await pay(orderId, 1_250_000);
    expect(r).toMatchObject({ status: 'success', overpaidMinor: 50_000, overContract: true, abnormalReason: 'overpaid' });
    let o = await consistent(orderId);
    expect(o).toMatchObject({ status: 'settled', creditMinor: 50_000, overContract: true });
    await t.db.transaction((tx) => revokeRepayment(tx, t.app.deps, { id: r.id, reason: 'wrong customer', actorId: 1 }));
    o = await consistent(orderId);
    expect(o).toMatchObject({ status: 'repaying', settled: false, creditMinor: 0, paidAmountMinor: 0, remainingDebtMinor: 1_200_000, overContract: false });
    expect((await refusal(t.db.transaction((tx) => revokeRepayment(tx, t.app.deps, { id: r.id, reason: 'again', actorId: 1 }))))?.messageId).toBe('repayment.notRevocable');
  });

  it('staff money on a settled order is refused; provider money is kept as credit (abnormal)', async () => {
    const { merchantId } = await createLendingMerchant(t.app.deps);
    const { orderId } = await disbursedOrder(t.app.deps, merchantId, { loan: 500_000, interest: 0 });
    await pay(orderId, 500_000);
    expect((await refusal(pay(orderId, 1000)))?.messageId).toBe('repayment.orderNotOpen');
    const late = await pay(orderId, 7_000, 'link');
    expect(late).toMatchObject({ status: 'abnormal', abnormalReason: 'order_settled', overpaidMinor: 7_000 });
    const o = await consistent(orderId);
    expect(o.creditMinor).toBe(7_000);
  });
});
