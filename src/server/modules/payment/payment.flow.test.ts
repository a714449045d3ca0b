import crypto from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { AppError } from '../../errors';
import { balances, checkLedger } from '../ledger/ledger';
import { ledgerPosting } from '../ledger/ledger.table';
import { dateIn, addDays } from '../lifecycle/clock';
import { loanOrder } from '../order/order.table';
import { confirmWithdrawal } from './disburse';
import { recheckStalePayouts } from './jobs';
import { createMerchant, createOrder, createSandboxChannel, setChannelFailureRate } from './payment.fixtures';
import { merchantPaymentConfig, paymentChannel, paymentEvent, paymentOrder, transfer } from './payment.table';
import { sign } from './providers/sign';
import { operationLog } from '../log/log.table';
import { paymentRuntime, type PaymentRuntime } from './runtime';

/**
 * The payout flow end to end on the sandbox provider: confirm → freeze → transfer → payout → callback (success and
 * failure), forged and repeated callbacks, re-transfer, re-check (route and job), reversal with the secure key,
 * transfer audit and manual transfer, idempotency and the refusals. After each path the ledger balances.
 */
let t: TestApp;
let rt: PaymentRuntime;
let admin: string;
let reviewer: string;
let merchantOp: string;

const START = 50_000_000;
const key = () => `k-${crypto.randomUUID()}`;
const idem = (k: string) => ({ 'idempotency-key': k });

async function ledgerOk() {
  const c = await checkLedger(t.db);
  expect(c.unbalancedPostings).toEqual([]);
  expect(c.driftedAccounts).toEqual([]);
}
const orderRow = async (id: number) => (await t.db.select().from(loanOrder).where(eq(loanOrder.id, id)))[0];
const transferRow = async (id: number) => (await t.db.select().from(transfer).where(eq(transfer.id, id)))[0];
const attemptsOf = (transferId: number) => t.db.select().from(paymentOrder).where(eq(paymentOrder.transferId, transferId)).orderBy(paymentOrder.id);
const postingsOf = async (orderId: number) => (await t.db.select({ n: count() }).from(ledgerPosting).where(eq(ledgerPosting.orderId, orderId)))[0].n;
const confirm = (orderId: number, k = key(), withdrawalType: 'auto' | 'manual' = 'auto', merchantIds: number[] | null = null) =>
  confirmWithdrawal(t.app.deps, { orderId, actorId: null, withdrawalType, idempotencyKey: k, merchantIds });
const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as AppError);

beforeAll(async () => {
  t = await createTestApp();
  rt = paymentRuntime(t.app.deps);
  rt.delivery = 'manual';
  admin = await t.login('admin');
  reviewer = await t.login('reviewer1');
  merchantOp = await t.login('merchant');
}, 60_000);
afterAll(() => t.close());
beforeEach(() => {
  rt.pending.length = 0;
});

async function world(opts: { failureRate?: number; available?: number } = {}) {
  const m = await createMerchant(t.db, { available: opts.available ?? START });
  const ch = await createSandboxChannel(t.db, { failureRate: opts.failureRate ?? 0 });
  await t.db.insert(merchantPaymentConfig).values({ merchantId: m, payoutChannelId: ch.id });
  return { m, ch };
}

describe('payout through the sandbox', () => {
  it('success: freeze on confirm, callback → repaying with due date and debt, success posting; the ledger balances', async () => {
    const { m } = await world();
    const { orderId } = await createOrder(t.db, { merchantId: m, loan: 1_000_000, received: 900_000, contract: 1_200_000, loanDays: 14 });
    const view = await confirm(orderId);
    expect(view.status).toBe('in_progress');
    expect(view.amount_minor).toBe(900_000);
    expect(view.fee_minor).toBe(5_000);
    expect(view.provider_ref).toMatch(/^SBX-/);
    let o = await orderRow(orderId);
    expect(o.status).toBe('disbursing');
    expect(o.withdrawalType).toBe('auto');
    expect(o.withdrawalAt).not.toBeNull();
    expect(o.externalOrderNo).toBe(view.provider_ref);
    expect(await balances(t.db, m)).toMatchObject({ available: START - 905_000, frozen: 905_000, loan: 0 });
    await ledgerOk();

    expect(rt.pending).toHaveLength(1);
    const [answer] = await rt.flush();
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 20000, data: { answer: 'OK', duplicate: false, status: 'success' } });
    o = await orderRow(orderId);
    expect(o.status).toBe('repaying');
    expect(o.successAt).not.toBeNull();
    expect(o.dueDate).toBe(addDays(dateIn(t.app.businessClock.now(), 'Asia/Ho_Chi_Minh'), 14));
    expect(o.dueAmountMinor).toBe(1_200_000);
    expect(o.remainingDebtMinor).toBe(1_200_000);
    expect((await transferRow(view.transfer_id)).status).toBe('success');
    // The contract is owed: principal on loan, the 200,000 interest on receivable (earned, with the 100,000 up-front fees).
    expect(await balances(t.db, m)).toMatchObject({ available: START - 905_000, frozen: 0, loan: 1_000_000, receivable: 200_000, income: -300_000, platform_fee: 5_000 });
    await ledgerOk();
  });

  it('failure: callback → order failed, money released; a returning customer pays the returning fee', async () => {
    const { m } = await world({ failureRate: 100 });
    const { orderId } = await createOrder(t.db, { merchantId: m, returning: true });
    const view = await confirm(orderId);
    expect(view.fee_minor).toBe(3_000);
    expect(await balances(t.db, m)).toMatchObject({ available: START - 903_000, frozen: 903_000 });
    await rt.flush();
    const o = await orderRow(orderId);
    expect(o.status).toBe('failed');
    expect(o.loanRemark).not.toBe('');
    const tr = await transferRow(view.transfer_id);
    expect(tr.status).toBe('failure');
    expect(tr.failureReason).not.toBe('');
    expect(await balances(t.db, m)).toMatchObject({ available: START, frozen: 0, loan: 0, platform_fee: 0 });
    expect((await attemptsOf(view.transfer_id))[0].status).toBe('failure');
    await ledgerOk();
  });

  it('a repeated callback answers OK and changes nothing', async () => {
    const { m } = await world();
    const { orderId } = await createOrder(t.db, { merchantId: m });
    const view = await confirm(orderId);
    const [cb] = rt.pending;
    await rt.flush();
    const postings = await postingsOf(orderId);
    const before = await balances(t.db, m);
    const again = await rt.deliver(cb);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ code: 20000, data: { answer: 'OK', duplicate: true, status: 'success' } });
    // The same reference with the opposite result, properly signed: still nothing changes.
    const [ch] = await t.db.select().from(paymentChannel).where(eq(paymentChannel.code, cb.channelCode));
    const { sign: _old, ...rest } = cb.body;
    const flipped = { ...rest, status: 'FAILED', message: 'late failure' };
    const late = await rt.deliver({ channelCode: cb.channelCode, body: { ...flipped, sign: sign(flipped, ch.signSecret) } });
    expect(late.body).toMatchObject({ code: 20000, data: { duplicate: true, status: 'success' } });
    expect(await postingsOf(orderId)).toBe(postings);
    expect(await balances(t.db, m)).toEqual(before);
    expect((await orderRow(orderId)).status).toBe('repaying');
    expect((await transferRow(view.transfer_id)).status).toBe('success');
    await ledgerOk();
  });

  it('a forged or altered callback is refused (403, 40300) and changes nothing', async () => {
    const { m, ch } = await world();
    const { orderId } = await createOrder(t.db, { merchantId: m });
    const view = await confirm(orderId);
    const [cb] = rt.pending.splice(0);
    const events = async () => (await t.db.select({ n: count() }).from(paymentEvent))[0].n;
    const eventsBefore = await events();
    const tampered = { ...cb.body, status: 'FAILED' }; // signature no longer matches
    const r1 = await rt.deliver({ channelCode: cb.channelCode, body: tampered });
    expect(r1.status).toBe(403);
    expect(r1.body).toMatchObject({ code: 40300 });
    const { sign: _s, ...unsigned } = cb.body;
    const forged = { ...unsigned, sign: crypto.createHmac('sha256', 'not-the-secret').update('x').digest('hex') };
    const r2 = await rt.deliver({ channelCode: ch.code, body: forged });
    expect(r2.status).toBe(403);
    const r3 = await rt.deliver({ channelCode: ch.code, body: unsigned });
    expect(r3.status).toBe(403);
    expect((await orderRow(orderId)).status).toBe('disbursing');
    expect((await transferRow(view.transfer_id)).status).toBe('in_progress');
    expect((await attemptsOf(view.transfer_id))[0]).toMatchObject({ status: 'in_progress', callback: null });
    expect(await postingsOf(orderId)).toBe(1);
    expect(await events()).toBe(eventsBefore);
    // The genuine one still works afterwards.
    expect((await rt.deliver(cb)).body).toMatchObject({ code: 20000 });
    expect((await orderRow(orderId)).status).toBe('repaying');
    await ledgerOk();
  });
});

describe('re-transfer and re-check', () => {
  it('re-transfers a failed payout: frozen again, a new attempt; the same key is one payout, another payload under it 40901', async () => {
    const { m, ch } = await world({ failureRate: 100 });
    const { orderId } = await createOrder(t.db, { merchantId: m });
    const view = await confirm(orderId);
    await rt.flush();
    expect((await orderRow(orderId)).status).toBe('failed');
    await setChannelFailureRate(t.db, ch.id, 0);

    const k = key();
    const r1 = await t.post(admin, '/loanapi/transfer/retransfer', { id: view.transfer_id }, idem(k));
    expect(r1.code, r1.msg).toBe(20000);
    expect(r1.data.status).toBe('in_progress');
    expect((await orderRow(orderId)).status).toBe('disbursing');
    expect(await balances(t.db, m)).toMatchObject({ available: START - 905_000, frozen: 905_000 });
    const r2 = await t.post(admin, '/loanapi/transfer/retransfer', { id: view.transfer_id }, idem(k));
    expect(r2.code).toBe(20000);
    expect(r2.data).toEqual(r1.data);
    expect(await attemptsOf(view.transfer_id)).toHaveLength(2);
    expect(rt.pending).toHaveLength(1);
    const r3 = await t.post(admin, '/loanapi/transfer/retransfer', { id: view.transfer_id, channel_id: ch.id }, idem(k));
    expect(r3.code).toBe(40901);

    await rt.flush();
    expect((await orderRow(orderId)).status).toBe('repaying');
    expect((await transferRow(view.transfer_id))).toMatchObject({ status: 'success', attempts: 2 });
    expect(await balances(t.db, m)).toMatchObject({ available: START - 905_000, frozen: 0, loan: 1_000_000 });
    await ledgerOk();
  });

  it('a money write without an idempotency key is refused and changes nothing', async () => {
    const { m } = await world({ failureRate: 100 });
    const { orderId } = await createOrder(t.db, { merchantId: m });
    const view = await confirm(orderId);
    await rt.flush();
    const r = await t.post(admin, '/loanapi/transfer/retransfer', { id: view.transfer_id });
    expect(r.code).toBe(40000);
    expect((await orderRow(orderId)).status).toBe('failed');
  });

  it('re-check asks the provider and applies its answer like a callback; a second re-check of an ended payout is 42200', async () => {
    const { m } = await world();
    const { orderId } = await createOrder(t.db, { merchantId: m });
    const view = await confirm(orderId);
    rt.pending.length = 0; // the callback is lost
    const r = await t.post(admin, '/loanapi/transfer/recheck', { id: view.transfer_id });
    expect(r.code, r.msg).toBe(20000);
    expect(r.data).toMatchObject({ status: 'success', changed: true });
    expect((await orderRow(orderId)).status).toBe('repaying');
    const again = await t.post(admin, '/loanapi/transfer/recheck', { id: view.transfer_id });
    expect(again.code).toBe(42200);
    await ledgerOk();
  });

  it('the job re-checks payouts with no callback after N minutes, under its lock', async () => {
    const { m, ch } = await world({ failureRate: 100 });
    await setChannelFailureRate(t.db, ch.id, 100, 60_000);
    const { orderId } = await createOrder(t.db, { merchantId: m });
    const view = await confirm(orderId);
    rt.pending.length = 0;
    const early = await recheckStalePayouts(t.app.deps, { staleMs: 10 * 60_000 });
    expect(early).toMatchObject({ ran: true, checked: 0 });
    t.clock.advance(11 * 60_000);
    const run = await recheckStalePayouts(t.app.deps, { staleMs: 10 * 60_000 });
    expect(run.ran).toBe(true);
    expect(run.resolved).toBeGreaterThanOrEqual(1);
    expect((await transferRow(view.transfer_id)).status).toBe('failure');
    expect((await orderRow(orderId)).status).toBe('failed');
    const events = await t.db.select().from(paymentEvent).where(and(eq(paymentEvent.transferId, view.transfer_id), eq(paymentEvent.kind, 'query')));
    expect(events).toHaveLength(1);
    await ledgerOk();
  });
});

describe('reverse a successful loan (secure operation key)', () => {
  it('refuses without a key, before one is set, with a wrong one; reverses with the right one', async () => {
    const { m } = await world();
    const { orderId } = await createOrder(t.db, { merchantId: m });
    const view = await confirm(orderId);
    await rt.flush();
    const id = view.transfer_id;
    const before = await postingsOf(orderId);

    const none = await t.post(admin, '/loanapi/transfer/reverse', { id, reason: 'bank returned it' }, idem(key()));
    expect(none.code).toBe(40000);
    const notSet = await t.post(admin, '/loanapi/transfer/reverse', { id, reason: 'bank returned it', secure_password: 'Whatever-1' }, idem(key()));
    expect(notSet.code).toBe(40300);
    const set = await t.post(admin, '/loanapi/bank_channel/secure_key', { new_password: 'Vault-Key-2026' });
    expect(set.code, set.msg).toBe(20000);
    const wrong = await t.post(admin, '/loanapi/transfer/reverse', { id, reason: 'bank returned it', secure_password: 'Vault-Key-2025' }, idem(key()));
    expect(wrong.code).toBe(40300);
    expect((await orderRow(orderId)).status).toBe('repaying');
    expect(await postingsOf(orderId)).toBe(before);

    const ok = await t.post(admin, '/loanapi/transfer/reverse', { id, reason: 'bank returned it', secure_password: 'Vault-Key-2026' }, idem(key()));
    expect(ok.code, ok.msg).toBe(20000);
    const o = await orderRow(orderId);
    expect(o).toMatchObject({ status: 'failed', dueDate: null, dueAmountMinor: 0, remainingDebtMinor: 0 });
    expect(await transferRow(id)).toMatchObject({ status: 'failure', reversed: true, reverseReason: 'bank returned it' });
    expect(await postingsOf(orderId)).toBe(before + 2);
    expect(await balances(t.db, m)).toMatchObject({ available: START, frozen: 0, loan: 0, income: 0, platform_fee: 0 });
    const log = await t.db.select().from(operationLog).where(eq(operationLog.targetType, 'transfer'));
    expect(log.map((l) => l.action)).toEqual(expect.arrayContaining(['transfer.reverseRefused', 'transfer.reverse']));
    expect(JSON.stringify(log)).not.toContain('Vault-Key');
    await ledgerOk();

    // Changing the key needs the current one (except for admin_y), checked on the way.
    const change = await t.post(admin, '/loanapi/bank_channel/secure_key', { current_password: 'wrong-one-1', new_password: 'Vault-Key-2027' });
    expect(change.code).toBe(20000); // admin_y may reset a lost key
  });
});

describe('transfer audit and manual transfer', () => {
  it('a transfer above the audit amount waits; approve sends it; reject fails the order and releases the money', async () => {
    const { m } = await world();
    await t.db.update(merchantPaymentConfig).set({ auditEnabled: true, auditAboveMinor: 500_000 }).where(eq(merchantPaymentConfig.merchantId, m));
    const a = await createOrder(t.db, { merchantId: m });
    const b = await createOrder(t.db, { merchantId: m });
    const small = await createOrder(t.db, { merchantId: m, loan: 400_000, received: 400_000, contract: 450_000 });
    const va = await confirm(a.orderId);
    const vb = await confirm(b.orderId);
    expect(va.status).toBe('pending_review');
    expect((await confirm(small.orderId)).status).toBe('in_progress');
    expect((await transferRow(va.transfer_id))).toMatchObject({ auditRequired: true, auditReason: 'threshold' });
    expect(rt.pending).toHaveLength(1);
    rt.pending.length = 0;

    const k = key();
    const ap = await t.post(admin, '/loanapi/transfer/audit_approve', { id: va.transfer_id, remark: 'ok' }, idem(k));
    expect(ap.code, ap.msg).toBe(20000);
    expect(ap.data.status).toBe('in_progress');
    expect((await t.post(admin, '/loanapi/transfer/audit_approve', { id: va.transfer_id, remark: 'ok' }, idem(k))).data).toEqual(ap.data);
    expect(await attemptsOf(va.transfer_id)).toHaveLength(1);
    const twice = await t.post(admin, '/loanapi/transfer/audit_approve', { id: va.transfer_id, remark: 'ok' }, idem(key()));
    expect(twice.code).toBe(42200);
    await rt.flush();
    expect((await orderRow(a.orderId)).status).toBe('repaying');

    const rj = await t.post(admin, '/loanapi/transfer/audit_reject', { id: vb.transfer_id, reason: 'card holder mismatch' }, idem(key()));
    expect(rj.code, rj.msg).toBe(20000);
    expect((await orderRow(b.orderId))).toMatchObject({ status: 'failed', loanRemark: 'card holder mismatch' });
    expect(await balances(t.db, m)).toMatchObject({ frozen: 400_000 + 5_000 });
    await ledgerOk();
  });

  it('an automatic loan rule skips the audit; automatic payout off sends everything to the audit', async () => {
    const { m } = await world();
    await t.db.update(merchantPaymentConfig).set({ auditEnabled: true, auditAboveMinor: 0 }).where(eq(merchantPaymentConfig.merchantId, m));
    const rule = await t.post(admin, '/loanapi/auto_loan_rule/add', { merchant_id: m, name: 'Trusted returning', customer_type: 'returning', max_amount: 2_000_000, min_settled_loans: 1 });
    expect(rule.code, rule.msg).toBe(20000);
    const returning = await createOrder(t.db, { merchantId: m, returning: true, settledLoans: 2 });
    const fresh = await createOrder(t.db, { merchantId: m });
    expect((await confirm(returning.orderId)).status).toBe('in_progress');
    expect((await confirm(fresh.orderId)).status).toBe('pending_review');
    const off = await t.post(admin, '/loanapi/payment_config/edit', { id: m, payout_channel_id: null, auto_payout: false });
    expect(off.code, off.msg).toBe(20000);
    const later = await createOrder(t.db, { merchantId: m, returning: true, settledLoans: 2 });
    const v = await confirm(later.orderId);
    expect(v.status).toBe('pending_review');
    expect((await transferRow(v.transfer_id)).auditReason).toBe('auto_payout_off');
    await ledgerOk();
  });

  it('manual transfer: staff record a payout made outside the channel (pending or failed) → success; references are unique', async () => {
    const { m } = await world({ failureRate: 100 });
    await t.db.update(merchantPaymentConfig).set({ autoPayout: false }).where(eq(merchantPaymentConfig.merchantId, m));
    const a = await createOrder(t.db, { merchantId: m });
    const va = await confirm(a.orderId);
    const body = { id: va.transfer_id, reference: 'VCB-20260310-0001', proof_url: '/files/proof.jpg', remark: 'paid at the branch' };
    const r = await t.post(admin, '/loanapi/transfer/manual', body, idem(key()));
    expect(r.code, r.msg).toBe(20000);
    expect(r.data.status).toBe('success');
    expect(await transferRow(va.transfer_id)).toMatchObject({ manual: true, manualReference: 'VCB-20260310-0001', status: 'success' });
    expect((await orderRow(a.orderId)).status).toBe('repaying');

    await t.db.update(merchantPaymentConfig).set({ autoPayout: true }).where(eq(merchantPaymentConfig.merchantId, m));
    const b = await createOrder(t.db, { merchantId: m });
    const vb = await confirm(b.orderId);
    await rt.flush();
    expect((await orderRow(b.orderId)).status).toBe('failed');
    const dup = await t.post(admin, '/loanapi/transfer/manual', { ...body, id: vb.transfer_id }, idem(key()));
    expect(dup.code).toBe(40900);
    const r2 = await t.post(admin, '/loanapi/transfer/manual', { ...body, id: vb.transfer_id, reference: 'VCB-20260310-0002' }, idem(key()));
    expect(r2.code, r2.msg).toBe(20000);
    expect((await orderRow(b.orderId)).status).toBe('repaying');
    expect(await balances(t.db, m)).toMatchObject({ available: START - 2 * 905_000, frozen: 0, loan: 2_000_000 });
    await ledgerOk();
  });
});

describe('confirmWithdrawal refusals and idempotency', () => {
  it('the same key and payload answer the same result with one payout; another payload under the key is 40901', async () => {
    const { m } = await world();
    const { orderId } = await createOrder(t.db, { merchantId: m });
    const k = key();
    const v1 = await confirm(orderId, k);
    const v2 = await confirm(orderId, k);
    expect(v2).toEqual(v1);
    expect(await attemptsOf(v1.transfer_id)).toHaveLength(1);
    expect(rt.pending).toHaveLength(1);
    const other = await refusal(confirm(orderId, k, 'manual'));
    expect(other?.code).toBe(40901);
    const again = await refusal(confirm(orderId, key()));
    expect(again?.code).toBe(42200);
    expect(await postingsOf(orderId)).toBe(1);
  });

  it('refuses when the available balance is short (ledger.insufficientBalance) and changes nothing', async () => {
    const { m } = await world({ available: 100_000 });
    const { orderId } = await createOrder(t.db, { merchantId: m });
    const err = await refusal(confirm(orderId));
    expect(err).toBeInstanceOf(AppError);
    expect(err!.code).toBe(40900);
    expect(err!.messageId).toBe('ledger.insufficientBalance');
    expect((await orderRow(orderId)).status).toBe('withdrawal');
    expect(await t.db.select().from(transfer).where(eq(transfer.orderId, orderId))).toHaveLength(0);
    expect(await postingsOf(orderId)).toBe(0);
    expect(await balances(t.db, m)).toMatchObject({ available: 100_000, frozen: 0 });
    // The key was released: once money arrives the same request goes through.
    await ledgerOk();
  });

  it('40400 outside the actor\'s merchants, 42200 in the wrong state, 40900 without a bank card or outside the limits', async () => {
    const { m } = await world();
    const a = await createOrder(t.db, { merchantId: m });
    expect((await refusal(confirm(a.orderId, key(), 'manual', [m + 1000])))?.code).toBe(40400);
    const review = await createOrder(t.db, { merchantId: m, status: 'first_review' });
    expect((await refusal(confirm(review.orderId)))?.code).toBe(42200);
    const noCard = await createOrder(t.db, { merchantId: m, card: false });
    expect((await refusal(confirm(noCard.orderId)))?.messageId).toBe('payment.noBankCard');
    await t.db.update(merchantPaymentConfig).set({ maxPayoutMinor: 500_000 }).where(eq(merchantPaymentConfig.merchantId, m));
    expect((await refusal(confirm(a.orderId)))?.messageId).toBe('payment.outOfLimits');
    expect((await orderRow(a.orderId)).status).toBe('withdrawal');
  });

  it('transfer routes: 40300 without the node, 40400 for another merchant\'s transfer, 42200 in the wrong state', async () => {
    const { m } = await world();
    const { orderId } = await createOrder(t.db, { merchantId: m });
    const view = await confirm(orderId);
    await rt.flush();
    const forbidden = await t.post(reviewer, '/loanapi/transfer/retransfer', { id: view.transfer_id }, idem(key()));
    expect(forbidden.code).toBe(40300);
    // The demo merchant operator works for M001 only.
    const hidden = await t.post(merchantOp, '/loanapi/transfer/retransfer', { id: view.transfer_id }, idem(key()));
    expect(hidden.code).toBe(40400);
    const list = await t.get(merchantOp, '/loanapi/transfer/list', { transfer_no: view.transfer_no });
    expect(list.data.rows).toHaveLength(0);
    const wrongState = await t.post(admin, '/loanapi/transfer/retransfer', { id: view.transfer_id }, idem(key()));
    expect(wrongState.code).toBe(42200);
    const bad = await t.post(admin, '/loanapi/transfer/manual', { id: view.transfer_id, reference: 'x' }, idem(key()));
    expect(bad.code).toBe(40000);
    expect((await orderRow(orderId)).status).toBe('repaying');
  });
});

describe('lists', () => {
  it('serves every transfer and payment screen, scoped, with the status of the screen', async () => {
    const { m } = await world();
    const { orderId } = await createOrder(t.db, { merchantId: m });
    const view = await confirm(orderId);
    const loan = await t.get(admin, '/loanapi/transfer/loan_list', { transfer_no: view.transfer_no });
    expect(loan.data.rows).toHaveLength(1);
    expect(loan.data.rows[0]).toMatchObject({ status: 'in_progress', amount: 900_000, fee: 5_000 });
    const po = await t.get(admin, '/loanapi/payment_order/loan_list', { merchant_id: m });
    expect(po.data.rows).toHaveLength(1);
    await rt.flush();
    expect((await t.get(admin, '/loanapi/transfer/loan_list', { transfer_no: view.transfer_no })).data.rows).toHaveLength(0);
    expect((await t.get(admin, '/loanapi/transfer/success_list', { transfer_no: view.transfer_no })).data.rows).toHaveLength(1);
    expect((await t.get(admin, '/loanapi/payment_order/success_list', { merchant_id: m })).data.rows).toHaveLength(1);
    const records = await t.get(admin, '/loanapi/payment_order/record_list', { merchant_id: m });
    expect(records.data.rows.map((r: { kind: string }) => r.kind).sort()).toEqual(['callback', 'request', 'response']);
    const exp = await t.get(admin, '/loanapi/transfer/list', { merchant_id: m, download_excel: 1, format: 'csv' });
    expect(exp.code).toBe(20000);
  });
});
