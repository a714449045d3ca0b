import crypto from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { REPAYMENT_API } from '../../../schemas/repayment';
import { REPAYMENT_CARD_API } from '../../../schemas/repaymentCard';
import { checkLedger } from '../ledger/ledger';
import { ledgerPosting } from '../ledger/ledger.table';
import { operationLog } from '../log/log.table';
import { loanOrder } from '../order/order.table';
import { merchantPaymentConfig, paymentChannel } from '../payment/payment.table';
import { setChannelFailureRate } from '../payment/payment.fixtures';
import { createSandboxProvider, type SandboxCallback } from '../payment/providers/sandbox';
import { sign } from '../payment/providers/sign';
import { paymentRuntime, type PaymentRuntime } from '../payment/runtime';
import { applyMoneyIn } from './account';
import { createLendingMerchant, disbursedOrder, ledgerOfOrder } from './repayment.fixtures';
import { repayment, repaymentEvent } from './repayment.table';
import { sandboxPayIn } from './sandboxCheckout';
import { RefusalLog } from './notify';
import { recheckPendingDeductions } from './recheck.job';

/**
 * Money in through the sandbox provider, end to end over HTTP: a link or QR code (collect) paid on the sandbox's
 * checkout page, its signed callback applying the money (in full, in part), repeated, concurrent and forged callbacks,
 * failures, money sent to virtual-account cards (with and without an open order), the re-check of a pending card
 * deduction, and the refusals. After each path the order's figures equal its ledger entries and the book balances.
 */
let t: TestApp;
let rt: PaymentRuntime;
let admin: string;

const key = () => `k-${crypto.randomUUID()}`;
const idem = (k = key()) => ({ 'idempotency-key': k });

beforeAll(async () => {
  t = await createTestApp();
  rt = paymentRuntime(t.app.deps);
  rt.delivery = 'manual';
  admin = await t.login('admin');
}, 60_000);
afterAll(() => t.close());
beforeEach(() => {
  rt.pending.length = 0;
});

const orderRow = async (id: number) => (await t.db.select().from(loanOrder).where(eq(loanOrder.id, id)))[0];
const repaymentRow = async (id: number) => (await t.db.select().from(repayment).where(eq(repayment.id, id)))[0];
const postingsOf = async (orderId: number) => (await t.db.select({ n: count() }).from(ledgerPosting).where(eq(ledgerPosting.orderId, orderId)))[0].n;
const channelCode = async (id: number) => (await t.db.select().from(paymentChannel).where(eq(paymentChannel.id, id)))[0].code;

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

/** A lending merchant (sandbox channel) and one disbursed order owing 1,200,000. */
async function world() {
  const { merchantId, channelId } = await createLendingMerchant(t.app.deps);
  const { orderId, customerId } = await disbursedOrder(t.app.deps, merchantId, { loan: 1_000_000, interest: 200_000 });
  return { merchantId, channelId, orderId, customerId, code: await channelCode(channelId) };
}

const collect = (orderId: number, extra: Record<string, unknown> = {}, k = key()) =>
  t.post(admin, REPAYMENT_API.collect, { order_id: orderId, method: 'link', ...extra }, idem(k));

/** The customer pays on the checkout page of a link (form post, as the browser sends it). */
async function payOnCheckout(link: string, amount: string | null, outcome: 'pay' | 'fail' = 'pay') {
  const u = new URL(link, 'http://console.test');
  const form = new URLSearchParams({ d: u.searchParams.get('d')!, s: u.searchParams.get('s')!, outcome, lang: 'en' });
  if (amount !== null) form.set('amount', amount);
  return t.app.inject({ method: 'POST', url: u.pathname, payload: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

describe('repayment links and QR codes', () => {
  it('a link for the remaining debt, paid on the checkout page: the callback applies it, the order settles, figures equal the ledger', async () => {
    const w = await world();
    const res = await collect(w.orderId);
    expect(res.code, res.msg).toBe(20000);
    expect(res.data).toMatchObject({ type: 'link', status: 'pending', requested_amount: 1_200_000, order_id: w.orderId, channel_id: w.channelId });
    expect(res.data.link_url).toMatch(new RegExp(`^${REPAYMENT_CARD_API.sandboxCheckout}/SBL-`));
    expect(res.data.qr_payload).toBe(res.data.link_url);
    expect(res.data.provider_ref).toMatch(/^SBL-/);
    // 24 hours of business time to pay.
    expect(new Date(res.data.expires_at).getTime() - t.app.deps.clock.now().getTime()).toBeGreaterThan(23.9 * 3600_000);

    const page = await t.app.inject({ method: 'GET', url: `${res.data.link_url}&lang=en` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('name="amount"');
    expect(page.body).toContain('value="1200000"');
    // An altered link is refused by the page.
    const altered = await t.app.inject({ method: 'GET', url: res.data.link_url.replace(/s=[0-9a-f]{4}/, 's=0000') });
    expect(altered.statusCode).toBe(403);

    const paid = await payOnCheckout(res.data.link_url, '1200000');
    expect(paid.statusCode).toBe(200);
    expect(rt.pending).toHaveLength(1);
    expect(rt.pending[0].target).toBe('payin');
    expect(await repaymentRow(res.data.id)).toMatchObject({ status: 'pending' });
    const [answer] = await rt.flush();
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 20000, data: { answer: 'OK', repayment_id: res.data.id, status: 'success' } });
    expect(await repaymentRow(res.data.id)).toMatchObject({ status: 'success', successMinor: 1_200_000, interestMinor: 200_000, principalMinor: 1_000_000, type: 'link' });
    const o = await consistent(w.orderId);
    expect(o).toMatchObject({ status: 'settled', remainingDebtMinor: 0, paidAmountMinor: 1_200_000 });
    const kinds = (await t.db.select({ kind: repaymentEvent.kind }).from(repaymentEvent).where(eq(repaymentEvent.repaymentId, res.data.id))).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['created', 'applied']));
    const [log] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, 'repayment.collect'), eq(operationLog.targetId, String(res.data.id))));
    expect(log).toBeDefined();
  });

  it('a partial payment through a link (QR code): only what arrived is applied, interest first; the rest is still owed', async () => {
    const w = await world();
    const res = await collect(w.orderId, { method: 'qr', amount: 500_000 });
    expect(res.data).toMatchObject({ type: 'qr', requested_amount: 500_000 });
    await payOnCheckout(res.data.qr_payload, '300000');
    await rt.flush();
    expect(await repaymentRow(res.data.id)).toMatchObject({ status: 'success', requestedMinor: 500_000, successMinor: 300_000, interestMinor: 200_000, principalMinor: 100_000 });
    const o = await consistent(w.orderId);
    expect(o).toMatchObject({ status: 'repaying', paidAmountMinor: 300_000, remainingDebtMinor: 900_000 });
  });

  it('the same callback delivered again, or twice at once, is applied once and answered the same', async () => {
    const w = await world();
    const res = await collect(w.orderId, { amount: 400_000 });
    await sandboxPayIn(t.app.deps, { channelCode: w.code, paymentNo: res.data.serial_no, amount: 400_000 });
    const cb = rt.pending.shift()!;
    const before = await postingsOf(w.orderId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => rt.deliver(cb)));
    const again = await rt.deliver(cb);
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect((a.body as { data: unknown }).data).toEqual((again.body as { data: unknown }).data);
    }
    expect(await postingsOf(w.orderId)).toBe(before + 1);
    const o = await consistent(w.orderId);
    expect(o).toMatchObject({ paidAmountMinor: 400_000, remainingDebtMinor: 800_000 });
    const dup = await t.db.select({ n: count() }).from(repaymentEvent).where(and(eq(repaymentEvent.repaymentId, res.data.id), eq(repaymentEvent.kind, 'duplicate')));
    expect(dup[0].n).toBe(10);
  });

  it('ten deliveries at once of one virtual-account payment apply it once', async () => {
    const w = await world();
    const issued = await t.post(admin, REPAYMENT_API.cardIssue, { customer_id: w.customerId, merchant_id: w.merchantId });
    const cb = await sandboxPayIn(t.app.deps, { channelCode: w.code, vaNumber: issued.data.va_number, amount: 150_000 });
    rt.pending.length = 0;
    const answers = await Promise.all(Array.from({ length: 10 }, () => rt.deliver(cb)));
    for (const a of answers) expect(a.body).toMatchObject({ code: 20000, data: { status: 'success' } });
    expect(new Set(answers.map((a) => (a.body as { data: { repayment_id: number } }).data.repayment_id)).size).toBe(1);
    const rows = await t.db.select().from(repayment).where(eq(repayment.vaNumber, issued.data.va_number));
    expect(rows).toHaveLength(1);
    const o = await consistent(w.orderId);
    expect(o.paidAmountMinor).toBe(150_000);
  });

  it('a forged or altered callback is refused (403) and writes nothing, not even an event row', async () => {
    const w = await world();
    const res = await collect(w.orderId);
    await sandboxPayIn(t.app.deps, { channelCode: w.code, paymentNo: res.data.serial_no, amount: 1_200_000 });
    const real = rt.pending.shift()!;
    const altered: SandboxCallback = { ...real, body: { ...real.body, amount: 9_999_999 } };
    const forged: SandboxCallback = { ...real, body: { ...real.body, sign: sign({ ...real.body, sign: undefined }, 'guessed-secret') } };
    const before = await postingsOf(w.orderId);
    const events = async () => (await t.db.select({ n: count() }).from(repaymentEvent))[0].n;
    const eventsBefore = await events();
    for (const cb of [altered, forged, altered]) {
      const r = await rt.deliver(cb);
      expect(r.status).toBe(403);
      expect((r.body as { code: number }).code).toBe(40300);
    }
    expect(await repaymentRow(res.data.id)).toMatchObject({ status: 'pending', successMinor: 0 });
    expect(await postingsOf(w.orderId)).toBe(before);
    expect((await orderRow(w.orderId)).remainingDebtMinor).toBe(1_200_000);
    expect(await events()).toBe(eventsBefore);
    // The genuine one still works afterwards.
    expect((await rt.deliver(real)).status).toBe(200);
    expect(await repaymentRow(res.data.id)).toMatchObject({ status: 'success' });
    await consistent(w.orderId);
  });

  it('logs refused callbacks at most once per channel per window, then says how many it left out', () => {
    let now = 0;
    const lines: Array<{ fields: Record<string, unknown>; msg: string }> = [];
    const log = { warn: (fields: Record<string, unknown>, msg: string) => void lines.push({ fields, msg }) };
    const limiter = new RefusalLog(10_000, () => now);
    const refuse = (channel: string) => limiter.warn(log as never, channel, { channel }, 'refused');
    expect([refuse('A'), refuse('A'), refuse('B')]).toEqual([true, false, true]);
    now = 9_999;
    for (let i = 0; i < 50; i++) refuse('A');
    expect(lines.map((l) => l.fields)).toEqual([{ channel: 'A', suppressed: 0 }, { channel: 'B', suppressed: 0 }]);
    now = 10_000;
    expect(refuse('A')).toBe(true);
    expect(lines[2].fields).toEqual({ channel: 'A', suppressed: 51 });
  });

  it('a failed payment fails the repayment; nothing is applied; a repeat changes nothing', async () => {
    const w = await world();
    const res = await collect(w.orderId);
    await payOnCheckout(res.data.link_url, null, 'fail');
    const cb = rt.pending[0];
    const [r] = await rt.flush();
    expect(r.body).toMatchObject({ data: { status: 'failed' } });
    expect(await repaymentRow(res.data.id)).toMatchObject({ status: 'failed', successMinor: 0, postingId: null });
    expect((await rt.deliver(cb)).body).toMatchObject({ data: { status: 'failed' } });
    const o = await consistent(w.orderId);
    expect(o.remainingDebtMinor).toBe(1_200_000);
  });

  it('refusals: an order that does not owe (42200), more than the debt (40000), no idempotency key (40000); a repeated key answers the same row', async () => {
    const w = await world();
    const k = key();
    const first = await collect(w.orderId, { amount: 100_000 }, k);
    const repeat = await collect(w.orderId, { amount: 100_000 }, k);
    expect(repeat.data.id).toBe(first.data.id);
    expect((await collect(w.orderId, { amount: 200_000 }, k)).code).toBe(40901);
    expect((await collect(w.orderId, { amount: 1_200_001 })).code).toBe(40000);
    expect((await t.post(admin, REPAYMENT_API.collect, { order_id: w.orderId, method: 'link' })).code).toBe(40000);
    await t.db.transaction((tx) => applyMoneyIn(tx, t.app.deps, { orderId: w.orderId, amount: 1_200_000, type: 'manual', actorId: 1 }));
    expect((await orderRow(w.orderId)).status).toBe('settled');
    const settled = await collect(w.orderId);
    expect(settled.code).toBe(42200);
    const n = await t.db.select({ n: count() }).from(repayment).where(and(eq(repayment.orderId, w.orderId), eq(repayment.type, 'link')));
    expect(n[0].n).toBe(1);
  });

  it('a channel without pay-in (the HTTP adapter) refuses with 40900 repayment.collectUnsupported and creates nothing', async () => {
    const w = await world();
    const [http] = await t.db.insert(paymentChannel).values({
      code: `HTTP${crypto.randomBytes(3).toString('hex')}`, name: 'Gateway', provider: 'http', config: { url: 'http://127.0.0.1:9' } as never, signSecret: 'x'.repeat(32),
    }).returning();
    await t.db.update(merchantPaymentConfig).set({ payoutChannelId: http.id }).where(eq(merchantPaymentConfig.merchantId, w.merchantId));
    const r = await collect(w.orderId);
    expect(r.code).toBe(40900);
    const n = await t.db.select({ n: count() }).from(repayment).where(eq(repayment.orderId, w.orderId));
    expect(n[0].n).toBe(0);
  });
});

describe('card deductions and re-check', () => {
  it('a deduction stays pending until the provider has it; the re-check applies it once, the late callback is a repeat', async () => {
    const w = await world();
    await setChannelFailureRate(t.db, w.channelId, 0, 60_000);
    const res = await t.post(admin, REPAYMENT_CARD_API.deduct, { order_id: w.orderId, amount: 500_000 }, idem());
    expect(res.code, res.msg).toBe(20000);
    expect(res.data).toMatchObject({ type: 'card', status: 'pending', link_url: '' });
    expect(res.data.card_no).toMatch(/^\*+\d{4}$/);
    expect(rt.pending).toHaveLength(1);

    const early = await t.post(admin, REPAYMENT_API.recheck, { id: res.data.id });
    expect(early.data).toMatchObject({ status: 'pending', changed: false });
    t.clock.advance(61_000);
    const late = await t.post(admin, REPAYMENT_API.recheck, { id: res.data.id });
    expect(late.data).toMatchObject({ status: 'success', changed: true });
    expect(await repaymentRow(res.data.id)).toMatchObject({ status: 'success', successMinor: 500_000 });
    const before = await postingsOf(w.orderId);
    const [cb] = await rt.flush();
    expect(cb.body).toMatchObject({ data: { status: 'success' } });
    expect(await postingsOf(w.orderId)).toBe(before);
    const o = await consistent(w.orderId);
    expect(o.paidAmountMinor).toBe(500_000);
    // Not pending any more: nothing to re-check.
    expect((await t.post(admin, REPAYMENT_API.recheck, { id: res.data.id })).code).toBe(40900);
  });

  it('the re-check job asks about deductions left without a callback, applies them once, and leaves links alone', async () => {
    const w = await world();
    await setChannelFailureRate(t.db, w.channelId, 0, 60_000);
    const card = await t.post(admin, REPAYMENT_CARD_API.deduct, { order_id: w.orderId, amount: 300_000 }, idem());
    const link = await collect(w.orderId, { amount: 100_000 });
    expect((await recheckPendingDeductions(t.app.deps)).checked).toBe(0); // too recent
    t.clock.advance(3 * 60_000);
    const run = await recheckPendingDeductions(t.app.deps);
    expect(run).toMatchObject({ ran: true, resolved: 1 });
    expect(await repaymentRow(card.data.id)).toMatchObject({ status: 'success', successMinor: 300_000 });
    expect(await repaymentRow(link.data.id)).toMatchObject({ status: 'pending' });
    expect((await recheckPendingDeductions(t.app.deps)).checked).toBe(0);
    await consistent(w.orderId);
  });

  it('a pending link re-checked: the sandbox is still waiting for the customer, nothing changes', async () => {
    const w = await world();
    const res = await collect(w.orderId);
    const r = await t.post(admin, REPAYMENT_API.recheck, { id: res.data.id });
    expect(r.data).toMatchObject({ status: 'pending', changed: false });
    expect(await repaymentRow(res.data.id)).toMatchObject({ status: 'pending' });
  });

  it('a deduction the card refuses fails the repayment', async () => {
    const w = await world();
    await setChannelFailureRate(t.db, w.channelId, 100, 0);
    const res = await t.post(admin, REPAYMENT_CARD_API.deduct, { order_id: w.orderId }, idem());
    await rt.flush();
    expect(await repaymentRow(res.data.id)).toMatchObject({ status: 'failed', successMinor: 0 });
    await consistent(w.orderId);
  });
});

describe('virtual-account cards', () => {
  it('money sent to a customer card goes to the open order (type va)', async () => {
    const w = await world();
    const issued = await t.post(admin, REPAYMENT_API.cardIssue, { customer_id: w.customerId, merchant_id: w.merchantId });
    expect(issued.code, issued.msg).toBe(20000);
    expect(issued.data.va_number).toMatch(/^9\d{15}$/);
    await sandboxPayIn(t.app.deps, { channelCode: w.code, vaNumber: issued.data.va_number, amount: 250_000 });
    const [r] = await rt.flush();
    expect(r.body).toMatchObject({ data: { status: 'success' } });
    const [row] = await t.db.select().from(repayment).where(and(eq(repayment.orderId, w.orderId), eq(repayment.type, 'va')));
    expect(row).toMatchObject({ status: 'success', successMinor: 250_000, vaNumber: issued.data.va_number, channelId: w.channelId });
    const o = await consistent(w.orderId);
    expect(o.paidAmountMinor).toBe(250_000);
  });

  it('money sent to a card whose customer owes nothing is kept as credit (abnormal, unknown_order); a repeat changes nothing', async () => {
    const w = await world();
    const issued = await t.post(admin, REPAYMENT_API.cardIssue, { customer_id: w.customerId, merchant_id: w.merchantId });
    await t.db.transaction((tx) => applyMoneyIn(tx, t.app.deps, { orderId: w.orderId, amount: 1_200_000, type: 'manual', actorId: 1 }));
    const cb = await sandboxPayIn(t.app.deps, { channelCode: w.code, vaNumber: issued.data.va_number, amount: 70_000 });
    await rt.flush();
    const rows = await t.db.select().from(repayment).where(and(eq(repayment.vaNumber, issued.data.va_number), eq(repayment.type, 'va')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'abnormal', abnormalReason: 'unknown_order', orderId: null, customerId: w.customerId, overpaidMinor: 70_000, merchantId: w.merchantId });
    expect(rows[0].postingId).not.toBeNull();
    await rt.deliver(cb);
    expect(await t.db.select().from(repayment).where(eq(repayment.vaNumber, issued.data.va_number))).toHaveLength(1);
    expect((await checkLedger(t.db)).unbalancedPostings).toEqual([]);
  });

  it('money to a virtual account nobody was issued is refused (40400) and recorded', async () => {
    const w = await world();
    await sandboxPayIn(t.app.deps, { channelCode: w.code, vaNumber: '9000000000000001', amount: 10_000 });
    const [r] = await rt.flush();
    expect((r.body as { code: number }).code).toBe(40400);
  });
});

describe('sandbox pay-in (provider alone)', () => {
  const make = (seed: string, failureRate = 0, now = () => new Date('2026-03-10T08:00:00Z')) => {
    const sent: SandboxCallback[] = [];
    const p = createSandboxProvider({ code: 'SBX', secret: 'channel-secret', latencyMs: 1000, failureRate, seed }, { now, schedule: (cb) => sent.push(cb) });
    return { p, sent };
  };
  const req = (n: number, method: 'link' | 'qr' | 'card' | 'va') => ({
    paymentNo: `RP${n}`, orderNo: `O${n}`, amountMinor: 500_000, currency: 'VND', method, customer: { name: 'A', phone: '0900000000' },
    card: { bankName: 'VCB', bankCode: 'VCB', number: '9704000011112222', holder: 'A' },
  });

  it('with a seed, virtual-account numbers and deduction outcomes are the same on every run', async () => {
    const a = make('seed-v', 50);
    const b = make('seed-v', 50);
    const vas = async (s: ReturnType<typeof make>) => Promise.all([1, 2, 3].map(async (n) => (await s.p.collect(req(n, 'va'))).vaNumber));
    const va = await vas(a);
    expect(va.every((v) => /^9\d{15}$/.test(v))).toBe(true);
    expect(new Set(va).size).toBe(3);
    expect(await vas(b)).toEqual(va);
    for (let i = 0; i < 40; i++) {
      await a.p.collect(req(i, 'card'));
      await b.p.collect(req(i, 'card'));
    }
    expect(a.sent.map((c) => c.body.status)).toEqual(b.sent.map((c) => c.body.status));
    expect(new Set(a.sent.map((c) => c.body.status)).size).toBe(2);
  });

  it('a deduction is queried as its callback says after the latency; a pay-in notice is never a payout result and vice versa', async () => {
    let now = new Date('2026-03-10T08:00:00Z');
    const s = make('seed-q', 30, () => now);
    const res = await s.p.collect(req(7, 'card'));
    const cb = s.sent[0];
    expect(cb.target).toBe('payin');
    expect(s.p.verifyPayIn(cb.body)).toMatchObject({ paymentNo: 'RP7', providerRef: res.providerRef, amountMinor: 500_000 });
    expect(s.p.verifyCallback(cb.body)).toBeNull();
    expect(s.p.verifyPayIn({ ...cb.body, amount: 1 })).toBeNull();
    expect((await s.p.queryCollect('RP7', res.providerRef)).status).toBe('in_progress');
    now = new Date(now.getTime() + 1000);
    const q = await s.p.queryCollect('RP7', res.providerRef);
    expect(q.status).toBe(cb.body.status === 'SUCCESS' ? 'success' : 'failure');
    const payout = await s.p.payout({ paymentNo: 'PO1', orderNo: 'O1', amountMinor: 1, currency: 'VND', account: { bankName: '', bankCode: '', number: '1', holder: '' } });
    expect(payout.accepted).toBe(true);
    expect(s.p.verifyPayIn(s.sent[1].body)).toBeNull();
    const link = await s.p.collect(req(8, 'link'));
    const u = new URL(link.url, 'http://x');
    expect(s.p.readCheckout(link.providerRef, u.searchParams.get('d')!, u.searchParams.get('s')!)).toMatchObject({ paymentNo: 'RP8', amountMinor: 500_000 });
    expect(s.p.readCheckout(link.providerRef, u.searchParams.get('d')!.slice(1), u.searchParams.get('s')!)).toBeNull();
  });
});
