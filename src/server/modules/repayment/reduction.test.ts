import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { DEBT_EXTRA_API } from '../../../schemas/debt';
import { DEBT_API, REDUCTION_API, type Parts } from '../../../schemas/repayment';
import { adminAccount, role } from '../empower/empower.table';
import { checkLedger } from '../ledger/ledger';
import { ledgerPosting } from '../ledger/ledger.table';
import { operationLog } from '../log/log.table';
import { loanOrder } from '../order/order.table';
import { applyMoneyIn } from './account';
import { fitsRoom, maxReduction, ruleRoom } from './discount';
import { runEndOfDay } from './endOfDay';
import { owedParts } from './money';
import { createLendingMerchant, disbursedOrder, ledgerOfOrder } from './repayment.fixtures';
import { reduction } from './repayment.table';
import { transfer } from '../payment/payment.table';
import { paymentRuntime } from '../payment/runtime';

/**
 * Reductions end to end through the routes: requested by one person (admin), decided by another (a second main-merchant
 * operator, scoped to the test merchants), on orders that went through the real payout and accrued real overdue
 * charges (business clock moved, end-of-day run). After every change the order equals its ledger entries.
 */
let t: TestApp;
let admin: string;
/** Decides the reductions: a main-merchant operator created here, so that the demo `merchant` stays outside the test merchants. */
let decider: string;
const key = () => ({ 'idempotency-key': `rd-${crypto.randomUUID()}` });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const [mainMerchant] = await t.db.select({ id: role.id }).from(role).where(eq(role.identifier, 'main_merchant'));
  const added = await t.post(admin, '/loanapi/admin_account/add', {
    account: 'rdecider', password: 'Decide@2026', nickname: 'Decider', name: 'Reduction Decider', phone: '0812000088', role_id: mainMerchant.id, merchant_ids: [],
  });
  if (added.code !== 20000) throw new Error(`admin_account/add: ${added.msg}`);
}, 60_000);
afterAll(() => t.close());

const orderRow = async (id: number) => (await t.db.select().from(loanOrder).where(eq(loanOrder.id, id)))[0];
const reductionsOf = (orderId: number) => t.db.select().from(reduction).where(eq(reduction.orderId, orderId));

async function consistent(orderId: number) {
  const o = await orderRow(orderId);
  const l = await ledgerOfOrder(t.app.deps, orderId);
  expect(l.debt).toBe(o.remainingDebtMinor);
  expect(o.dueAmountMinor - o.paidAmountMinor).toBe(o.remainingDebtMinor);
  const c = await checkLedger(t.db);
  expect(c.unbalancedPostings).toEqual([]);
  expect(c.driftedAccounts).toEqual([]);
  return o;
}

/** A lending merchant the decider also works for, with one discount rule (bp shares) unless `rule` is null. */
async function lender(rule: { min?: number; max?: number; penalty: number; interest: number; principal?: number } | null, settings = {}) {
  const { merchantId } = await createLendingMerchant(t.app.deps, { grace_days: 0, penalty_rate_bp: 100, ...settings });
  await t.db.update(adminAccount).set({ merchantIds: sql`array_append(${adminAccount.merchantIds}, ${merchantId})` }).where(eq(adminAccount.account, 'rdecider'));
  decider = await t.login('rdecider', 'Decide@2026');
  if (rule) {
    const r = await t.post(admin, DEBT_API.discountAdd, {
      merchant_id: merchantId, name: 'Overdue up to a month', min_overdue_days: rule.min ?? 0, max_overdue_days: rule.max ?? 30,
      max_penalty_bp: rule.penalty, max_interest_bp: rule.interest, max_principal_bp: rule.principal ?? 0,
    });
    expect(r.code, r.msg).toBe(20000);
  }
  return merchantId;
}

/** Moves the business clock and runs the end-of-day job (due → overdue, accrual of every day). */
async function days(n: number) {
  await t.app.businessClock.advanceDays(n, null);
  await runEndOfDay(t.app.deps, { force: true });
}

const request = (token: string, orderId: number, amount: number, headers = key()) =>
  t.post(token, REDUCTION_API.request, { order_id: orderId, amount, reason: 'hardship, agreed on the phone' }, headers);
const approve = (token: string, id: number, headers = key()) => t.post(token, REDUCTION_API.approve, { id, remark: 'checked' }, headers);

describe('the rule arithmetic', () => {
  const order = {
    loanAmountMinor: 1_000_000, contractAmountMinor: 1_200_000, interestMinor: 200_000, managementFeeMinor: 0, riskFeeMinor: 0, paymentFeeMinor: 0,
    feeTiming: 'upfront', overdueInterestMinor: 30_000, overduePenaltyMinor: 30_000, paidPenaltyMinor: 0, paidInterestMinor: 0, paidFeeMinor: 0,
    paidPrincipalMinor: 0, reducedPenaltyMinor: 0, reducedInterestMinor: 0, reducedFeeMinor: 0, reducedPrincipalMinor: 0,
  };
  const owed: Parts = owedParts(order);

  it('caps each share of what was charged; the largest reduction follows the penalty-first split', () => {
    const room = ruleRoom({ maxPenaltyBp: 10_000, maxInterestBp: 5000, maxPrincipalBp: 0 }, order);
    expect(room).toEqual({ penalty: 60_000, interestFee: 100_000, principal: 0 });
    expect(maxReduction(owed, room)).toBe(160_000);
    expect(fitsRoom({ penalty: 60_000, interest: 100_000, fee: 0, principal: 0 }, room)).toBe(true);
    expect(fitsRoom({ penalty: 60_000, interest: 100_001, fee: 0, principal: 0 }, room)).toBe(false);
    // Half the penalty only: nothing beyond it, since the split takes the penalty first.
    expect(maxReduction(owed, ruleRoom({ maxPenaltyBp: 5000, maxInterestBp: 10_000, maxPrincipalBp: 10_000 }, order))).toBe(30_000);
  });

  it('counts earlier reductions against the rule', () => {
    const room = ruleRoom({ maxPenaltyBp: 10_000, maxInterestBp: 5000, maxPrincipalBp: 0 }, { ...order, reducedPenaltyMinor: 60_000, reducedInterestMinor: 80_000 });
    expect(room).toEqual({ penalty: 0, interestFee: 20_000, principal: 0 });
  });
});

describe('reductions', () => {
  it('request, then approval by another person: penalty first, the order owes less and equals its postings', async () => {
    const merchantId = await lender({ penalty: 10_000, interest: 5000 });
    const { orderId } = await disbursedOrder(t.app.deps, merchantId, { loan: 1_000_000, interest: 200_000, loanDays: 7, overdueRateBp: 100 });
    await days(10);
    let o = await consistent(orderId);
    expect(o.status).toBe('overdue');
    // 3 overdue days × (1 % overdue interest + 1 % penalty) of 1,000,000.
    expect(o.overdueInterestMinor + o.overduePenaltyMinor).toBe(60_000);
    expect(o.remainingDebtMinor).toBe(1_260_000);

    const quote = await t.get(admin, DEBT_EXTRA_API.reductionQuote, { order_no: o.orderNo });
    expect(quote.code, quote.msg).toBe(20000);
    expect(quote.data).toMatchObject({ overdue_days: 3, owed_total: 1_260_000, max_amount: 160_000, rule: { max_penalty_bp: 10_000 }, pending_id: null });

    const headers = key();
    const req = await request(admin, orderId, 110_000, headers);
    expect(req.code, req.msg).toBe(20000);
    expect(req.data).toMatchObject({ status: 'pending', penalty: 60_000, interest: 50_000, fee: 0, principal: 0 });
    // The same click again: the first answer, no second request.
    const again = await request(admin, orderId, 110_000, headers);
    expect(again.data.id).toBe(req.data.id);
    expect(await reductionsOf(orderId)).toHaveLength(1);
    // A second request while one is pending.
    expect((await request(admin, orderId, 10_000)).code).toBe(40900);

    // The requester may not decide it.
    const own = await approve(admin, req.data.id);
    expect(own.code).toBe(40300);
    expect((await t.post(admin, REDUCTION_API.reject, { id: req.data.id, remark: 'changed my mind' })).code).toBe(40300);

    const approveKey = key();
    const ok = await approve(decider, req.data.id, approveKey);
    expect(ok.code, ok.msg).toBe(20000);
    // A repeated click of the approval: the stored answer, no second posting.
    expect((await approve(decider, req.data.id, approveKey)).data.posting_id).toBe(ok.data.posting_id);
    expect(ok.data).toMatchObject({ status: 'approved', order_status: 'overdue', remaining_debt: 1_150_000 });
    o = await consistent(orderId);
    expect(o).toMatchObject({ reducedPenaltyMinor: 60_000, reducedInterestMinor: 50_000, reducedFeeMinor: 0, reducedPrincipalMinor: 0, reductionTotalMinor: 110_000, remainingDebtMinor: 1_150_000 });
    const [posting] = await t.db.select().from(ledgerPosting).where(eq(ledgerPosting.id, ok.data.posting_id));
    expect(posting).toMatchObject({ kind: 'reduction', orderId });
    const logged = await t.db.select().from(operationLog).where(eq(operationLog.targetId, String(orderId)));
    expect(logged.map((l) => l.action)).toEqual(expect.arrayContaining(['reduction.request', 'reduction.approve']));

    // Deciding it again under another key: it is decided already.
    expect((await approve(decider, req.data.id)).code).toBe(40900);
    // The rule is counted with what was already waived: all the penalty went, half the interest may go in all.
    const q2 = await t.get(admin, DEBT_EXTRA_API.reductionQuote, { order_id: orderId });
    expect(q2.data.max_amount).toBe(50_000);
    expect((await request(admin, orderId, 50_001)).code).toBe(42200);
  });

  it('reject needs a remark and changes nothing on the order', async () => {
    const merchantId = await lender({ penalty: 10_000, interest: 10_000 });
    const { orderId } = await disbursedOrder(t.app.deps, merchantId, { loan: 500_000, interest: 100_000 });
    const before = await orderRow(orderId);
    const req = await request(admin, orderId, 50_000);
    expect(req.code, req.msg).toBe(20000);
    expect((await t.post(decider, REDUCTION_API.reject, { id: req.data.id })).code).toBe(40000);
    const res = await t.post(decider, REDUCTION_API.reject, { id: req.data.id, remark: 'no hardship shown' });
    expect(res.code, res.msg).toBe(20000);
    expect(res.data).toMatchObject({ status: 'rejected', decide_remark: 'no hardship shown' });
    const after = await consistent(orderId);
    expect(after.remainingDebtMinor).toBe(before.remainingDebtMinor);
    expect(after.reductionTotalMinor).toBe(0);
    expect((await approve(decider, req.data.id)).code).toBe(40900);
  });

  it('refuses more than is owed, more than the rule allows, and an order without a rule — changing nothing', async () => {
    const merchantId = await lender({ penalty: 10_000, interest: 2500 });
    const { orderId } = await disbursedOrder(t.app.deps, merchantId, { loan: 1_000_000, interest: 200_000 });
    const owed = (await orderRow(orderId)).remainingDebtMinor;
    const over = await request(admin, orderId, owed + 1000);
    expect(over.code).toBe(42200);
    // 25 % of the interest is 50,000.
    const above = await request(admin, orderId, 51_000);
    expect(above.code).toBe(42200);
    expect(above.msg).not.toBe((await request(admin, orderId, owed + 1000)).msg);
    expect(await reductionsOf(orderId)).toHaveLength(0);
    expect((await request(admin, orderId, 50_000)).code).toBe(20000);

    const bare = await lender(null);
    const { orderId: other } = await disbursedOrder(t.app.deps, bare, { loan: 1_000_000, interest: 200_000 });
    const none = await request(admin, other, 10_000);
    expect(none.code).toBe(42200);
    expect((await t.get(admin, DEBT_EXTRA_API.reductionQuote, { order_id: other })).data).toMatchObject({ rule: null, max_amount: 0 });
    expect(await reductionsOf(other)).toHaveLength(0);
    const o = await consistent(other);
    expect(o.reductionTotalMinor).toBe(0);
  });

  it('a repayment before the approval that leaves less owed than the split: refused, nothing changes', async () => {
    const merchantId = await lender({ penalty: 10_000, interest: 10_000 });
    const { orderId } = await disbursedOrder(t.app.deps, merchantId, { loan: 1_000_000, interest: 200_000, loanDays: 7, overdueRateBp: 100 });
    await days(9);
    const o0 = await orderRow(orderId);
    const penalty = o0.overdueInterestMinor + o0.overduePenaltyMinor;
    expect(penalty).toBeGreaterThan(0);
    const req = await request(admin, orderId, penalty);
    expect(req.code, req.msg).toBe(20000);
    expect(req.data).toMatchObject({ penalty, interest: 0 });
    // The customer pays the penalty meanwhile (allocation: penalty first).
    await t.db.transaction((tx) => applyMoneyIn(tx, t.app.deps, { orderId, amount: penalty, type: 'manual', actorId: null, reference: `ref-${crypto.randomUUID()}` }));
    const before = await consistent(orderId);
    const res = await approve(decider, req.data.id);
    expect(res.code).toBe(40900);
    const after = await consistent(orderId);
    expect(after.remainingDebtMinor).toBe(before.remainingDebtMinor);
    expect(after.reductionTotalMinor).toBe(0);
    expect((await reductionsOf(orderId))[0].status).toBe('pending');
  });

  it('a reduction that clears the debt settles the order', async () => {
    const merchantId = await lender({ penalty: 10_000, interest: 10_000, principal: 10_000 });
    const { orderId } = await disbursedOrder(t.app.deps, merchantId, { loan: 300_000, interest: 30_000 });
    const owed = (await orderRow(orderId)).remainingDebtMinor;
    const req = await request(admin, orderId, owed);
    expect(req.code, req.msg).toBe(20000);
    expect(req.data).toMatchObject({ interest: 30_000, principal: 300_000 });
    const res = await approve(decider, req.data.id);
    expect(res.code, res.msg).toBe(20000);
    expect(res.data).toMatchObject({ order_status: 'settled', remaining_debt: 0 });
    const o = await consistent(orderId);
    expect(o).toMatchObject({ status: 'settled', settled: true, remainingDebtMinor: 0 });
    expect((await ledgerOfOrder(t.app.deps, orderId)).debt).toBe(0);
    // Nothing is owed any more: no further reduction.
    expect((await request(admin, orderId, 1000)).code).toBe(42200);
  });

  it('a pending request expires: refused after its time, and the end-of-day job marks it expired', async () => {
    const merchantId = await lender({ penalty: 10_000, interest: 10_000 }, { reduction_expiry_hours: 24 });
    const { orderId } = await disbursedOrder(t.app.deps, merchantId, { loan: 1_000_000, interest: 200_000, loanDays: 30 });
    const req = await request(admin, orderId, 20_000);
    expect(req.code, req.msg).toBe(20000);
    await t.app.businessClock.advanceDays(2, null);
    expect((await approve(decider, req.data.id)).code).toBe(40900);
    expect((await reductionsOf(orderId))[0].status).toBe('pending');
    const run = await t.post(admin, DEBT_API.runEndOfDay, {});
    expect(run.code, run.msg).toBe(20000);
    expect(run.data.ran).toBe(true);
    expect(run.data.merchants.find((m: { merchantId: number }) => m.merchantId === merchantId)?.expired).toBe(1);
    expect((await reductionsOf(orderId))[0].status).toBe('expired');
    // Free for a new request now.
    expect((await request(admin, orderId, 20_000)).code).toBe(20000);
    const list = await t.get(decider, REDUCTION_API.list, { merchant_id: merchantId, status: 'expired' });
    expect(list.code, list.msg).toBe(20000);
    expect(list.data.rows.map((r: { order_id: number; status: string }) => [r.order_id, r.status])).toEqual([[orderId, 'expired']]);
    await consistent(orderId);
  });

  it('only another merchant’s staff: an order outside the actor’s merchants does not exist for it', async () => {
    const merchantId = await lender({ penalty: 10_000, interest: 10_000 });
    const { orderId } = await disbursedOrder(t.app.deps, merchantId);
    const merchantOp = await t.login('merchant');
    expect((await request(merchantOp, orderId, 10_000)).code).toBe(40400);
    expect((await t.get(merchantOp, DEBT_EXTRA_API.reductionQuote, { order_id: orderId })).code).toBe(40400);
  });
});

describe('a reduction, then the payout reversed and sent again', () => {
  // Found by the money simulation (docs/simulation.md): the second payout set due = contract, forgetting the waived
  // part that its postings still carried, so the order said it owed the waived amount more than its ledger.
  it('the order owes what its parts and its postings say after the second payout', async () => {
    const merchantId = await lender({ penalty: 10_000, interest: 5000 });
    const { orderId } = await disbursedOrder(t.app.deps, merchantId, { loan: 1_000_000, interest: 200_000, loanDays: 7, overdueRateBp: 100 });
    const req = await request(admin, orderId, 60_000);
    expect(req.code, req.msg).toBe(20000);
    expect((await approve(decider, req.data.id)).code).toBe(20000);
    const before = await consistent(orderId);

    const [tr] = await t.db.select().from(transfer).where(eq(transfer.orderId, orderId));
    expect((await t.post(admin, '/loanapi/bank_channel/secure_key', { new_password: 'Vault-Key-2026' })).code).toBe(20000);
    const rev = await t.post(admin, '/loanapi/transfer/reverse', { id: tr.id, reason: 'bank returned it', secure_password: 'Vault-Key-2026' }, key());
    expect(rev.code, rev.msg).toBe(20000);
    const again = await t.post(admin, '/loanapi/transfer/retransfer', { id: tr.id }, key());
    expect(again.code, again.msg).toBe(20000);
    await paymentRuntime(t.app.deps).flush();

    const after = await consistent(orderId);
    expect(after.status).not.toBe('failed');
    expect(after.reductionTotalMinor).toBe(60_000);
    // The contract − what was waived, as before the reversal.
    expect(after.dueAmountMinor).toBe(before.dueAmountMinor);
  });
});
