import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { customer } from '../client/client.table';
import { extension } from '../extension/extension.table';
import { loanOrder } from '../order/order.table';
import { createSandboxChannel, topUp } from '../payment/payment.fixtures';
import { merchantPaymentConfig } from '../payment/payment.table';
import { paymentRuntime } from '../payment/runtime';
import { disbursedOrder, ledgerOfOrder } from '../repayment/repayment.fixtures';
import { repayment } from '../repayment/repayment.table';
import { appCall, intakeWorld, type IntakeWorld } from './intake.fixtures';

/**
 * The borrower app after the payout, over the signed API: what is owed, a repayment link (pending at the merchant's
 * channel until the customer pays on it), an extension application (shown as applied by the app), and the refusals
 * (another customer's phone, no idempotency key).
 */
let t: TestApp;
let w: IntakeWorld;
let orderNo: string;
let phone: string;
let orderId: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await intakeWorld(t);
  const ch = await createSandboxChannel(t.db, { failureRate: 0, latencyMs: 0 });
  await t.db.insert(merchantPaymentConfig).values({ merchantId: w.main.id, payoutChannelId: ch.id })
    .onConflictDoUpdate({ target: merchantPaymentConfig.merchantId, set: { payoutChannelId: ch.id } });
  await topUp(t.db, w.main.id, 100_000_000);
  paymentRuntime(t.app.deps).delivery = 'manual';
  const d = await disbursedOrder(t.app.deps, w.main.id, { loan: 1_000_000, interest: 100_000 });
  orderId = d.orderId;
  const [o] = await t.db.select().from(loanOrder).where(eq(loanOrder.id, orderId));
  const [c] = await t.db.select().from(customer).where(eq(customer.id, d.customerId));
  orderNo = o.orderNo;
  phone = c.phone;
}, 60_000);
afterAll(() => t?.close());

describe('the borrower app after the payout', () => {
  it('reads what is owed, asks for a repayment link for part of it, and applies for an extension', async () => {
    const info = await appCall(t, w.mainApp, 'GET', `/loanapi/app/repayment_info?phone=${phone}&order_no=${orderNo}`);
    expect(info.code, info.msg).toBe(20000);
    expect(info.data).toMatchObject({ order_no: orderNo, remaining_debt: 1_100_000, owed: { interest: 100_000, principal: 1_000_000 } });

    const noKey = await appCall(t, w.mainApp, 'POST', '/loanapi/app/repay', { phone, order_no: orderNo, method: 'link', amount: 400_000 });
    expect(noKey.code).toBe(40000);
    const pay = await appCall(t, w.mainApp, 'POST', '/loanapi/app/repay', { phone, order_no: orderNo, method: 'link', amount: 400_000 }, { headers: { 'idempotency-key': 'app-repay-0001' } });
    expect(pay.code, pay.msg).toBe(20000);
    expect(pay.data.link_url).toBeTruthy();
    const [row] = await t.db.select().from(repayment).where(eq(repayment.orderId, orderId));
    expect(row).toMatchObject({ status: 'pending', type: 'link', operatorId: null, requestedMinor: 400_000 });

    const ext = await appCall(t, w.mainApp, 'POST', '/loanapi/app/extension_apply', { phone, order_no: orderNo, remark: 'Salary is late' });
    expect(ext.code, ext.msg).toBe(20000);
    const [e] = await t.db.select().from(extension).where(eq(extension.orderId, orderId));
    expect(e).toMatchObject({ status: 'under_review', applicantId: null, remark: 'Salary is late' });

    const other = await appCall(t, w.mainApp, 'GET', `/loanapi/app/repayment_info?phone=0912345678&order_no=${orderNo}`);
    expect(other.code).not.toBe(20000);
    const l = await ledgerOfOrder(t.app.deps, orderId);
    expect(l.debt).toBe(1_100_000);
  });
});
