import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { bankCard, customer } from '../client/client.table';
import { merchant } from '../merchant/merchant.table';
import { product } from '../merchant/product.table';
import { loanOrder, orderStatusHistory } from '../order/order.table';
import { appCall, intakeWorld, orderByNo, registerBody, TO_WITHDRAWAL, vnBorrower, walk, type IntakeWorld } from './intake.fixtures';
import type { SyntheticBorrower } from './borrowers';

// The payment area implements confirmWithdrawal; here only the call the intake API makes is checked.
const confirmCalls = vi.hoisted(() => [] as Array<Record<string, unknown>>);
vi.mock('../payment/disburse', () => ({
  confirmWithdrawal: vi.fn(async (_deps: unknown, input: Record<string, unknown>) => {
    confirmCalls.push(input);
    return { transfer_id: 900 + confirmCalls.length, order_id: input.orderId, status: 'in_progress', amount_minor: 1, provider_ref: 'SBX-1' };
  }),
}));

let t: TestApp;
let w: IntakeWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await intakeWorld(t);
}, 60_000);
afterAll(() => t?.close());
beforeEach(() => {
  confirmCalls.length = 0;
});

async function registered(app = w.mainApp, over: Partial<SyntheticBorrower> = {}): Promise<SyntheticBorrower & { customerId: number }> {
  const b = vnBorrower(over);
  const r = await appCall(t, app, 'POST', '/loanapi/app/register', registerBody(b));
  expect(r.code, r.msg).toBe(20000);
  return { ...b, customerId: r.data.customer_id };
}

const apply = (b: SyntheticBorrower, over: Record<string, unknown> = {}, app = w.mainApp) =>
  appCall(t, app, 'POST', '/loanapi/app/apply', { phone: b.phone, product_id: w.mainProduct.id, amount: 2_000_000, days: 7, device_id: b.device_id, ...over });

describe('apply', () => {
  it('creates the order in pending_review with its amounts priced from the product, and its creation in the history', async () => {
    const b = await registered();
    const r = await apply(b);
    expect(r.code, r.msg).toBe(20000);
    // 2,000,000 ₫ for 7 days at 0.5 %/day; fees 8 + 3 + 2 % taken from the payout.
    expect(r.data).toMatchObject({
      status: 'pending_review', merchant_code: 'M001', product_name: 'Vay Nhanh', application_amount: 2_000_000, loan_amount: 2_000_000,
      received_amount: 1_740_000, contract_amount: 2_070_000, interest: 70_000, fees: 260_000, loan_days: 7, currency: 'VND', is_returning: false,
      withdraw_before: null,
    });
    expect(r.data.order_no).toMatch(/^LO\d{6}\d{9}$/);
    const o = await orderByNo(t, r.data.order_no);
    expect(o).toMatchObject({
      merchantId: w.main.id, customerId: b.customerId, productId: w.mainProduct.id, status: 'pending_review', orderType: 'normal',
      interestRateBp: 50, interestType: 'daily', feeTiming: 'upfront', overdueRateBp: 100, managementFeeMinor: 160_000, riskFeeMinor: 60_000,
      paymentFeeMinor: 40_000, dueAmountMinor: 0, bankCardId: null,
    });
    const h = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, o.id));
    expect(h).toHaveLength(1);
    expect(h[0]).toMatchObject({ fromStatus: null, toStatus: 'pending_review', accountId: null, reason: `apply: app ${w.mainApp.appKey}` });
    expect(Math.abs(h[0].createdAt.getTime() - t.app.businessClock.now().getTime())).toBeLessThan(5000);
  });

  it('files a returning customer\'s application as a re-loan', async () => {
    const b = await registered();
    await t.db.update(customer).set({ loanCount: 1 }).where(eq(customer.id, b.customerId));
    const r = await apply(b);
    expect(r.data).toMatchObject({ status: 'reloan', is_returning: true });
    expect(await orderByNo(t, r.data.order_no)).toMatchObject({ orderType: 'reloan', isReturning: true });
  });

  it('counts a settled order as returning too', async () => {
    const b = await registered();
    const first = await apply(b);
    const o = await orderByNo(t, first.data.order_no);
    await t.db.update(loanOrder).set({ status: 'settled' }).where(eq(loanOrder.id, o.id));
    expect((await apply(b)).data.status).toBe('reloan');
  });

  it.each([
    ['an amount below the product minimum', { amount: 999_999 }, 'amount', 'intake.amountRange'],
    ['an amount above the product maximum', { amount: 10_000_001 }, 'amount', 'intake.amountRange'],
    ['days below the product minimum', { days: 6 }, 'days', 'intake.daysRange'],
    ['days above the product maximum', { days: 31 }, 'days', 'intake.daysRange'],
    // (The shared error plugin words wrong types as "required": fastify's validation errors do not carry the input.)
    ['a fractional amount', { amount: 1_500_000.5 }, 'amount', expect.stringMatching(/^validation\./)],
    ['an amount sent as text', { amount: '2000000' }, 'amount', expect.stringMatching(/^validation\./)],
    ['no product with a merchant key', { product_id: undefined }, 'product_id', 'validation.required'],
    ['a product of another merchant', { product_id: -1 }, 'product_id', 'validation.tooSmall'],
  ])('refuses %s with 40000 and creates no order', async (_what, over, path, id) => {
    const b = await registered();
    const body = { phone: b.phone, product_id: w.mainProduct.id, amount: 2_000_000, days: 7, device_id: b.device_id, ...over };
    const r = await appCall(t, w.mainApp, 'POST', '/loanapi/app/apply', body);
    expect(r.code).toBe(40000);
    expect(r.data.issues[0]).toMatchObject({ path, id });
    expect(await t.db.select().from(loanOrder).where(eq(loanOrder.customerId, b.customerId))).toHaveLength(0);
  });

  it('names the product limits in the refusal', async () => {
    const b = await registered();
    const r = await apply(b, { amount: 500 });
    expect(r.msg).toBe('The amount must be between 1000000 and 10000000 (minor units).');
  });

  it('refuses the product of a merchant the key does not reach, and a disabled or exclusive product', async () => {
    const b = await registered();
    expect((await apply(b, { product_id: w.subProduct.id })).data.issues[0]).toMatchObject({ path: 'product_id', id: 'intake.productUnavailable' });
    const [off] = await t.db.insert(product).values({ merchantId: w.main.id, name: 'Off', enabled: false, minAmountMinor: 1, maxAmountMinor: 1e9, minDays: 1, maxDays: 90 }).returning();
    expect((await apply(b, { product_id: off.id })).data.issues[0].id).toBe('intake.productUnavailable');
    const [white] = await t.db.insert(product).values({ merchantId: w.main.id, name: 'White', whiteHouseholdExclusive: true, minAmountMinor: 1, maxAmountMinor: 1e9, minDays: 1, maxDays: 90 }).returning();
    expect((await apply(b, { product_id: white.id })).data.issues[0].id).toBe('intake.productUnavailable');
    await t.db.update(customer).set({ whitelisted: true }).where(eq(customer.id, b.customerId));
    expect((await apply(b, { product_id: white.id })).code).toBe(20000);
  });

  it("caps the amount on the customer's exclusive product at the offer's limit", async () => {
    const b = await registered();
    const [vip] = await t.db.insert(product).values({ merchantId: w.main.id, name: 'VIP', universal: false, minAmountMinor: 1_000_000, maxAmountMinor: 1e9, minDays: 1, maxDays: 90 }).returning();
    await t.db.update(customer).set({ exclusiveProductId: vip.id, exclusiveLimitMinor: 3_000_000 }).where(eq(customer.id, b.customerId));
    const over = await apply(b, { product_id: vip.id, amount: 3_500_000 });
    expect(over.data.issues[0]).toMatchObject({ path: 'amount', id: 'intake.amountRange' });
    expect(over.msg).toContain('3000000');
    expect((await apply(b, { product_id: vip.id, amount: 3_000_000 })).code).toBe(20000);
  });

  it('refuses a phone that never registered (40400), blacklisted and login-disallowed customers (40300)', async () => {
    const stranger = vnBorrower();
    const r = await apply(stranger);
    expect([r.code, r.data.issues[0].id]).toEqual([40400, 'intake.customerUnknown']);

    const b = await registered();
    await t.db.update(customer).set({ blacklisted: true, blacklistLevel: 1 }).where(eq(customer.id, b.customerId));
    const bl = await apply(b);
    expect([bl.code, bl.data.issues[0].id]).toEqual([40300, 'intake.blacklisted']);

    const c = await registered();
    await t.db.update(customer).set({ loginAllowed: false }).where(eq(customer.id, c.customerId));
    const locked = await apply(c);
    expect([locked.code, locked.data.issues[0].id]).toEqual([40300, 'intake.loginDisallowed']);
    expect(await t.db.select().from(loanOrder).where(eq(loanOrder.customerId, c.customerId))).toHaveLength(0);
  });

  it('refuses the same person blacklisted under another record of the family (same ID number)', async () => {
    const b = await registered();
    const sub = await appCall(t, w.subApp, 'POST', '/loanapi/app/register', registerBody(b));
    await t.db.update(customer).set({ blacklisted: true }).where(eq(customer.id, sub.data.customer_id));
    expect((await apply(b)).data.issues[0].id).toBe('intake.blacklisted');
  });

  it('returns the stored answer for a repeated Idempotency-Key instead of a second order', async () => {
    const b = await registered();
    const body = { phone: b.phone, product_id: w.mainProduct.id, amount: 3_000_000, days: 14, device_id: b.device_id };
    const first = await appCall(t, w.mainApp, 'POST', '/loanapi/app/apply', body, { headers: { 'idempotency-key': 'apply-key-0001' } });
    const again = await appCall(t, w.mainApp, 'POST', '/loanapi/app/apply', body, { headers: { 'idempotency-key': 'apply-key-0001' } });
    expect(again.data.order_no).toBe(first.data.order_no);
    const other = await appCall(t, w.mainApp, 'POST', '/loanapi/app/apply', { ...body, amount: 4_000_000 }, { headers: { 'idempotency-key': 'apply-key-0001' } });
    expect(other.code).toBe(40901);
    expect(await t.db.select().from(loanOrder).where(eq(loanOrder.customerId, b.customerId))).toHaveLength(1);
  });
});

describe('distribution of platform applications', () => {
  const setProb = (id: number, probNew: number, probReturning: number) =>
    t.db.update(merchant).set({ receiveProbNew: probNew, receiveProbReturning: probReturning }).where(eq(merchant.id, id));

  it('gives a new customer to the merchant that receives new customers, with a record and card of its own', async () => {
    await setProb(w.main.id, 0, 100);
    await setProb(w.sub.id, 100, 0);
    const b = await registered(w.platformApp);
    const card = await appCall(t, w.platformApp, 'POST', '/loanapi/app/bind_card', { phone: b.phone, bank_code: b.bank.code, card_number: b.card_number, cardholder: b.name });
    expect(card.code, card.msg).toBe(20000);
    const r = await appCall(t, w.platformApp, 'POST', '/loanapi/app/apply', { phone: b.phone, amount: 2_000_000, days: 10, device_id: b.device_id });
    expect(r.code, r.msg).toBe(20000);
    expect(r.data).toMatchObject({ merchant_code: 'M001-01', product_name: 'Vay Hà Nội', status: 'pending_review' });
    const o = await orderByNo(t, r.data.order_no);
    const [owner] = await t.db.select().from(customer).where(eq(customer.id, o.customerId));
    expect(owner).toMatchObject({ merchantId: w.sub.id, phone: b.phone, idNumber: b.id_number, name: b.name });
    expect(owner.id).not.toBe(b.customerId);
    const [c] = await t.db.select().from(bankCard).where(eq(bankCard.id, o.bankCardId!));
    expect(c).toMatchObject({ customerId: owner.id, merchantId: w.sub.id, cardNumber: b.card_number, status: 'bound' });
    // The app sees the order through the platform key.
    const st = await appCall(t, w.platformApp, 'GET', `/loanapi/app/order_status?phone=${b.phone}`);
    expect(st.data.orders.map((x: any) => x.order_no)).toEqual([r.data.order_no]);
  });

  it('gives a returning customer by receive_prob_returning', async () => {
    await setProb(w.main.id, 0, 100);
    await setProb(w.sub.id, 100, 0);
    const b = await registered(w.platformApp);
    await t.db.update(customer).set({ loanCount: 2 }).where(eq(customer.id, b.customerId));
    const r = await appCall(t, w.platformApp, 'POST', '/loanapi/app/apply', { phone: b.phone, amount: 2_000_000, days: 10, device_id: b.device_id });
    expect(r.data).toMatchObject({ merchant_code: 'M001', status: 'reloan' });
  });

  it('refuses when no merchant receives this kind of customer, or no product fits', async () => {
    await setProb(w.main.id, 0, 100);
    await setProb(w.sub.id, 0, 100);
    const b = await registered(w.platformApp);
    const r = await appCall(t, w.platformApp, 'POST', '/loanapi/app/apply', { phone: b.phone, amount: 2_000_000, days: 10, device_id: b.device_id });
    expect([r.code, r.data.issues[0]]).toEqual([40300, expect.objectContaining({ path: 'distribution', id: 'intake.noMerchant' })]);
    await setProb(w.main.id, 100, 100);
    const none = await appCall(t, w.platformApp, 'POST', '/loanapi/app/apply', { phone: b.phone, amount: 2_000_000, days: 90, device_id: b.device_id });
    expect(none.data.issues[0].id).toBe('intake.noMerchant');
    await setProb(w.sub.id, 100, 100);
  });

  it('lets a platform app name a product of the family, which fixes the merchant', async () => {
    const b = await registered(w.platformApp);
    const r = await appCall(t, w.platformApp, 'POST', '/loanapi/app/apply', { phone: b.phone, product_id: w.subProduct.id, amount: 2_000_000, days: 10, device_id: b.device_id });
    expect(r.data.merchant_code).toBe('M001-01');
  });
});

describe('bind card', () => {
  const bind = (b: SyntheticBorrower, over: Record<string, unknown> = {}) =>
    appCall(t, w.mainApp, 'POST', '/loanapi/app/bind_card', { phone: b.phone, bank_code: b.bank.code, card_number: b.card_number, cardholder: b.name, ...over });

  it('binds a card as the default payout card, also of the open orders', async () => {
    const b = await registered();
    const order = await apply(b);
    const r = await bind(b);
    expect(r.code, r.msg).toBe(20000);
    expect(r.data).toMatchObject({ bank_code: b.bank.code, bank_name: b.bank.name, card_last4: b.card_number.slice(-4), is_default: true });
    expect((await orderByNo(t, order.data.order_no)).bankCardId).toBe(r.data.card_id);
    const again = await bind(b);
    expect(again.data.card_id).toBe(r.data.card_id);
    expect(await t.db.select().from(bankCard).where(eq(bankCard.customerId, b.customerId))).toHaveLength(1);
  });

  it('moves the default to a newer card', async () => {
    const b = await registered();
    await bind(b);
    const second = vnBorrower();
    const r = await bind(b, { bank_code: second.bank.code, card_number: second.card_number });
    const cards = await t.db.select().from(bankCard).where(eq(bankCard.customerId, b.customerId)).orderBy(asc(bankCard.id));
    expect(cards.map((c) => c.isDefault)).toEqual([false, true]);
    expect(r.data.card_id).toBe(cards[1].id);
  });

  it.each([
    ['a bank of another market', { bank_code: 'ICBC' }, 'bank_code', 'intake.bankUnknown'],
    ['a wrong check digit', 'luhn', 'card_number', 'intake.cardInvalid'],
    ['another bank\'s prefix', { card_number: '4111111111111111' }, 'card_number', 'intake.cardInvalid'],
    ['letters in the number', { card_number: '9704A6' }, 'card_number', 'validation.intakeCard'],
    ['someone else\'s name', { cardholder: 'Tran Van Khac' }, 'cardholder', 'intake.cardholderMismatch'],
  ])('refuses %s with 40000', async (_what, over, path, id) => {
    const b = await registered();
    const change: Record<string, unknown> = over === 'luhn' ? { card_number: b.card_number.slice(0, -1) + ((Number(b.card_number.slice(-1)) + 1) % 10) } : over as Record<string, unknown>;
    const r = await bind(b, change);
    expect(r.code).toBe(40000);
    expect(r.data.issues[0]).toMatchObject({ path, id });
    expect(await t.db.select().from(bankCard).where(eq(bankCard.customerId, b.customerId))).toHaveLength(0);
  });

  it('refuses a card bound to another customer of the merchant (40900), and blacklisted customers', async () => {
    const a = await registered();
    await bind(a);
    const b = await registered();
    const r = await bind(b, { card_number: a.card_number, bank_code: a.bank.code, cardholder: b.name });
    expect([r.code, r.data.issues[0].id]).toEqual([40900, 'intake.cardTaken']);
    await t.db.update(customer).set({ blacklisted: true }).where(eq(customer.id, b.customerId));
    expect((await bind(b)).data.issues[0].id).toBe('intake.blacklisted');
  });
});

describe('confirm withdrawal', () => {
  const confirm = (b: SyntheticBorrower, orderNo: string, key?: string) =>
    appCall(t, w.mainApp, 'POST', '/loanapi/app/confirm_withdrawal', { phone: b.phone, order_no: orderNo, device_id: b.device_id }, { headers: key ? { 'idempotency-key': key } : {} });

  async function approvedOrder() {
    const b = await registered();
    await appCall(t, w.mainApp, 'POST', '/loanapi/app/bind_card', { phone: b.phone, bank_code: b.bank.code, card_number: b.card_number, cardholder: b.name });
    const r = await apply(b);
    const o = await orderByNo(t, r.data.order_no);
    await walk(t, o.id, TO_WITHDRAWAL);
    return { b, o };
  }

  it('calls the payment area\'s confirmWithdrawal with type auto and the request\'s key, once per key', async () => {
    const { b, o } = await approvedOrder();
    const r = await confirm(b, o.orderNo, 'confirm-key-0001');
    expect(r.code, r.msg).toBe(20000);
    expect(r.data).toMatchObject({ order_no: o.orderNo, transfer: { order_id: o.id, status: 'in_progress' } });
    expect(confirmCalls).toEqual([{ orderId: o.id, actorId: null, withdrawalType: 'auto', idempotencyKey: 'confirm-key-0001', merchantIds: [w.main.id] }]);
    const again = await confirm(b, o.orderNo, 'confirm-key-0001');
    expect(again.data).toEqual(r.data);
    expect(confirmCalls).toHaveLength(1);
  });

  it('requires an idempotency key', async () => {
    const { b, o } = await approvedOrder();
    const r = await confirm(b, o.orderNo);
    expect([r.code, r.msg]).toEqual([40000, 'This operation needs an idempotency key (Idempotency-Key header)']);
    expect(confirmCalls).toHaveLength(0);
  });

  it('refuses an order that is not waiting for withdrawal (42200), and another person\'s order (40400)', async () => {
    const b = await registered();
    const r = await apply(b);
    const early = await confirm(b, r.data.order_no, 'confirm-key-0002');
    expect([early.code, early.data.issues[0].id]).toEqual([42200, 'intake.notWithdrawable']);
    expect(early.msg).toContain('Pending review');
    const { o } = await approvedOrder();
    const stranger = await confirm(b, o.orderNo, 'confirm-key-0003');
    expect(stranger.code).toBe(40400);
    expect(confirmCalls).toHaveLength(0);
  });

  it('closes an order past its single valid time instead of paying it out', async () => {
    const { b, o } = await approvedOrder();
    await t.app.businessClock.advanceDays(4);
    try {
      const r = await confirm(b, o.orderNo, 'confirm-key-0004');
      expect([r.code, r.data.issues[0].id]).toEqual([42200, 'intake.withdrawalExpired']);
      expect(r.msg).toContain('72 hours');
      expect((await orderByNo(t, o.orderNo)).status).toBe('closed');
      expect(confirmCalls).toHaveLength(0);
    } finally {
      await t.app.businessClock.advanceDays(-4);
    }
  });

  it('asks for a card when the customer has none', async () => {
    const b = await registered();
    const r = await apply(b);
    const o = await orderByNo(t, r.data.order_no);
    await walk(t, o.id, TO_WITHDRAWAL);
    const res = await confirm(b, o.orderNo, 'confirm-key-0005');
    expect(res.data.issues[0].id).toBe('intake.cardRequired');
  });

  it('refuses a blacklisted customer', async () => {
    const { b, o } = await approvedOrder();
    await t.db.update(customer).set({ blacklisted: true }).where(and(eq(customer.phone, b.phone), eq(customer.merchantId, w.main.id)));
    const r = await confirm(b, o.orderNo, 'confirm-key-0006');
    expect(r.data.issues[0].id).toBe('intake.blacklisted');
    expect(confirmCalls).toHaveLength(0);
  });
});

describe('order status', () => {
  it('lists the borrower\'s orders with the withdrawal deadline of an approved one', async () => {
    const b = await registered();
    const r = await apply(b);
    const o = await orderByNo(t, r.data.order_no);
    await walk(t, o.id, TO_WITHDRAWAL);
    const st = await appCall(t, w.mainApp, 'GET', `/loanapi/app/order_status?phone=${b.phone}&order_no=${o.orderNo}`);
    expect(st.data.orders).toHaveLength(1);
    const deadline = Date.parse(st.data.orders[0].withdraw_before);
    expect(Math.abs(deadline - (t.app.businessClock.now().getTime() + 72 * 3_600_000))).toBeLessThan(10_000);
    const missing = await appCall(t, w.mainApp, 'GET', `/loanapi/app/order_status?phone=${b.phone}&order_no=LO000000000000001`);
    expect(missing.code).toBe(40400);
  });
});
