import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { EXTENSION_API } from '../../../schemas/extension';
import type { DebtSettings } from '../../../schemas/repayment';
import { CODE } from '../../../schemas/common';
import type { AppError } from '../../errors';
import { adminAccount } from '../empower/empower.table';
import { checkLedger } from '../ledger/ledger';
import { ledgerEntry, ledgerPosting } from '../ledger/ledger.table';
import { addDays } from '../lifecycle/clock';
import { operationLog } from '../log/log.table';
import { ledgerAccount } from '../merchant/merchant.table';
import { loanOrder, orderStatusHistory } from '../order/order.table';
import { merchantMarket } from '../merchant/market';
import { runEndOfDay } from '../repayment/endOfDay';
import { createLendingMerchant, disbursedOrder, ledgerOfOrder } from '../repayment/repayment.fixtures';
import { repayment } from '../repayment/repayment.table';
import { debtSettings, saveDebtSettings } from '../repayment/settings';
import { extension } from './extension.table';
import { applyExtension, passExtension, payExtension, quote, rejectExtension, type ExtCtx } from './service';

/**
 * Extensions on orders that went through the real payout, with the business clock and the end-of-day job making them
 * overdue: the fee (fixed, rate), the penalty paid with it, the new due date (old due date + days, or today + days),
 * the insufficient payment that changes nothing, overpayment as credit or repayment, the maximum count, the two-person
 * review — and after every step the order's ledger entries equal its remaining debt and credit.
 */
let t: TestApp;
let admin: string;
let adminId: number;
const APPLICANT = 900_001;
const REVIEWER = 900_002;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  [{ id: adminId }] = await t.db.select({ id: adminAccount.id }).from(adminAccount).where(eq(adminAccount.account, 'admin'));
}, 60_000);
afterAll(() => t.close());
beforeEach(() => t.app.businessClock.set(null));

const deps = () => t.app.deps;
const as = (actorId: number): ExtCtx => ({ actorId, merchantIds: null, log: async () => undefined });
const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as AppError);
const orderRow = async (id: number) => (await t.db.select().from(loanOrder).where(eq(loanOrder.id, id)))[0];
const extRow = async (id: number) => (await t.db.select().from(extension).where(eq(extension.id, id)))[0];
const key = () => `ext-${crypto.randomUUID()}`;
const days = (n: number) => t.app.businessClock.advanceDays(n);

async function today(merchantId: number) {
  await t.app.businessClock.refresh(true);
  return t.app.deps.clock.today((await merchantMarket(t.db, merchantId)).timeZone);
}

/** The order equals its postings: loan + receivable entries = remaining debt, customer_credit = credit; the book is balanced. */
async function consistent(orderId: number) {
  const o = await orderRow(orderId);
  const l = await ledgerOfOrder(deps(), orderId);
  expect(l.debt).toBe(o.remainingDebtMinor);
  expect(l.credit).toBe(o.creditMinor);
  expect(o.dueAmountMinor - o.paidAmountMinor).toBe(o.remainingDebtMinor);
  const c = await checkLedger(t.db);
  expect(c.unbalancedPostings).toEqual([]);
  expect(c.driftedAccounts).toEqual([]);
  return o;
}

async function setup(settings: Partial<DebtSettings>, terms: Parameters<typeof disbursedOrder>[2] = {}) {
  const { merchantId } = await createLendingMerchant(deps(), settings);
  const { orderId } = await disbursedOrder(deps(), merchantId, { loan: 1_000_000, interest: 200_000, loanDays: 7, overdueRateBp: 100, ...terms });
  return { merchantId, orderId };
}

/** Apply (one person) and pass (another). */
async function passed(orderId: number) {
  const e = await applyExtension(deps(), as(APPLICANT), { orderId, remark: 'customer called' });
  return passExtension(deps(), as(REVIEWER), { id: e.id });
}

const pay = (id: number, amount: number, k = key()) => payExtension(deps(), as(REVIEWER), { id, amount, key: k });

/** Overdue by `n` days through the business clock and the end-of-day job (due in 7 days). */
async function overdueBy(merchantId: number, n: number) {
  await days(7 + n);
  await runEndOfDay(deps(), { merchantIds: [merchantId] });
}

async function postingLines(orderId: number, kind: 'extension_fee') {
  const rows = await t.db.select({ account: ledgerAccount.kind, amount: ledgerEntry.amountMinor }).from(ledgerEntry)
    .innerJoin(ledgerPosting, eq(ledgerPosting.id, ledgerEntry.postingId)).innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.ledgerAccountId))
    .where(and(eq(ledgerPosting.orderId, orderId), eq(ledgerPosting.kind, kind)));
  return Object.fromEntries(rows.map((r) => [r.account, r.amount]));
}

// Default settings of these tests: 1 grace day, overdue interest 1 %/day (product) + penalty 0.5 %/day.
const BASE: Partial<DebtSettings> = { grace_days: 1, penalty_rate_bp: 50, penalty_cap_bp: 5000, extension_days: 7, extension_max_count: 3 };

describe('extension before the due date', () => {
  it('rate fee: new due date = old due date + days; the fee is income, the debt unchanged', async () => {
    const { orderId } = await setup({ ...BASE, extension_fee_type: 'rate', extension_fee_value: 1000, extension_due_base: 'today_if_overdue', extension_overpayment: 'credit' });
    const before = await consistent(orderId);
    const q = await quote(deps(), { merchantIds: null }, { order_id: orderId });
    expect(q).toMatchObject({ allowed: true, fee: 100_000, penalty_owed: 0, total: 100_000, current_due_date: before.dueDate, new_due_date: addDays(before.dueDate!, 7), count: 0, max_count: 3 });

    const e = await passed(orderId);
    expect(e).toMatchObject({ status: 'passed', feeMinor: 100_000, penaltyMinor: 0, feeType: 'rate', feeSetting: 1000, timeType: 'today_if_overdue', days: 7 });
    const r = await pay(e.id, 100_000);
    expect(r).toMatchObject({ fee: 100_000, penalty: 0, credit: 0, repaid: 0, start_date: before.dueDate, end_date: addDays(before.dueDate!, 7), order_status: 'extended' });

    const o = await consistent(orderId);
    expect(o).toMatchObject({
      status: 'extended', dueDate: addDays(before.dueDate!, 7), extensionCount: 1, extensionDays: 7, extensionFeeMinor: 100_000,
      remainingDebtMinor: 1_200_000, paidAmountMinor: 0, creditMinor: 0, overdueDays: 0,
    });
    expect(o.extendedAt).not.toBeNull();
    expect(await extRow(e.id)).toMatchObject({ status: 'success', paidFeeMinor: 100_000, startDate: before.dueDate, endDate: addDays(before.dueDate!, 7), repaymentId: r.repayment_id });
    expect(await postingLines(orderId, 'extension_fee')).toEqual({ available: 100_000, income: -100_000 });
    const [rp] = await t.db.select().from(repayment).where(eq(repayment.id, r.repayment_id));
    expect(rp).toMatchObject({ type: 'extension', status: 'success', successMinor: 100_000, extensionId: e.id, penaltyMinor: 0, overpaidMinor: 0 });
    const [h] = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(desc(orderStatusHistory.id)).limit(1);
    expect(h).toMatchObject({ fromStatus: 'repaying', toStatus: 'extended', accountId: REVIEWER });
  });

  it('a fixed fee is the setting itself; a later change of the settings does not move an application', async () => {
    const { merchantId, orderId } = await setup({ ...BASE, extension_fee_type: 'fixed', extension_fee_value: 45_000 });
    const e = await applyExtension(deps(), as(APPLICANT), { orderId });
    expect(e).toMatchObject({ feeType: 'fixed', feeSetting: 45_000, feeMinor: 45_000 });
    await saveDebtSettings(t.db, merchantId, { ...(await debtSettings(t.db, merchantId)), extension_fee_value: 99_000, extension_days: 30 }, null);
    const p = await passExtension(deps(), as(REVIEWER), { id: e.id });
    expect(p).toMatchObject({ feeMinor: 45_000, days: 7 });
    await pay(e.id, 45_000);
    expect((await consistent(orderId)).extensionFeeMinor).toBe(45_000);
  });
});

describe('extension after the due date', () => {
  it('today_if_overdue: the penalty must be paid with the fee; new due date = today + days; short payments change nothing', async () => {
    const { merchantId, orderId } = await setup({ ...BASE, extension_fee_type: 'fixed', extension_fee_value: 50_000, extension_due_base: 'today_if_overdue', extension_overpayment: 'to_debt' });
    await overdueBy(merchantId, 3);
    let o = await consistent(orderId);
    // Day 1 is the grace day; days 2 and 3 charge 10,000 interest + 5,000 penalty each.
    expect(o).toMatchObject({ status: 'overdue', overdueDays: 3, overdueInterestMinor: 20_000, overduePenaltyMinor: 10_000, remainingDebtMinor: 1_230_000 });
    const now = await today(merchantId);
    const e = await passed(orderId);
    expect(e).toMatchObject({ feeMinor: 50_000, penaltyMinor: 30_000 });

    // 1 short of fee + penalty: refused with the spec message; the order, its ledger and the application stay as they were.
    const ledgerBefore = await ledgerOfOrder(deps(), orderId);
    const postingsBefore = (await t.db.select().from(ledgerPosting).where(eq(ledgerPosting.orderId, orderId))).length;
    const err = await refusal(pay(e.id, 79_999));
    expect(err).toMatchObject({ code: CODE.CONFLICT, messageId: 'extension.insufficientPayment' });
    expect(await orderRow(orderId)).toEqual(o);
    expect(await ledgerOfOrder(deps(), orderId)).toEqual(ledgerBefore);
    expect((await t.db.select().from(ledgerPosting).where(eq(ledgerPosting.orderId, orderId))).length).toBe(postingsBefore);
    expect((await extRow(e.id)).status).toBe('passed');
    expect(await t.db.select().from(repayment).where(eq(repayment.orderId, orderId))).toEqual([]);

    const r = await pay(e.id, 80_000);
    expect(r).toMatchObject({ fee: 50_000, penalty: 30_000, start_date: now, end_date: addDays(now, 7), order_status: 'extended' });
    o = await consistent(orderId);
    expect(o).toMatchObject({
      status: 'extended', dueDate: addDays(now, 7), overdueDays: 0, paidPenaltyMinor: 30_000, extensionFeeMinor: 50_000, remainingDebtMinor: 1_200_000,
    });
    expect(await postingLines(orderId, 'extension_fee')).toEqual({ available: 80_000, income: -50_000, receivable: -30_000 });

    // Past the new due date the order is overdue again and accrues from the new due date on (nothing twice).
    await days(9);
    await runEndOfDay(deps(), { merchantIds: [merchantId] });
    o = await consistent(orderId);
    expect(o).toMatchObject({ status: 'overdue', overdueDays: 2, overdueInterestMinor: 30_000, overduePenaltyMinor: 15_000, remainingDebtMinor: 1_215_000 });
    // A second extension, paid exactly: the penalty owed now is what accrued since (15,000).
    const e2 = await passed(orderId);
    expect(e2.penaltyMinor).toBe(15_000);
    await pay(e2.id, 65_000);
    o = await consistent(orderId);
    expect(o).toMatchObject({ status: 'extended', extensionCount: 2, extensionDays: 14, extensionFeeMinor: 100_000, remainingDebtMinor: 1_200_000 });
  });

  it('due_date base: the new due date counts from the old one even when overdue', async () => {
    const { merchantId, orderId } = await setup({ ...BASE, extension_fee_type: 'fixed', extension_fee_value: 50_000, extension_due_base: 'due_date', extension_days: 7 });
    const due = (await orderRow(orderId)).dueDate!;
    await overdueBy(merchantId, 3);
    const q = await quote(deps(), { merchantIds: null }, { order_id: orderId });
    expect(q).toMatchObject({ new_due_date: addDays(due, 7), penalty_owed: 30_000, total: 80_000 });
    const e = await passed(orderId);
    const r = await pay(e.id, 80_000);
    expect(r).toMatchObject({ start_date: due, end_date: addDays(due, 7) });
    expect(await consistent(orderId)).toMatchObject({ status: 'extended', dueDate: addDays(due, 7) });
  });
});

describe('overpayment', () => {
  it('credit: money above fee + penalty is the customer\'s credit; the debt is unchanged', async () => {
    const { orderId } = await setup({ ...BASE, extension_fee_type: 'fixed', extension_fee_value: 50_000, extension_overpayment: 'credit' });
    const e = await passed(orderId);
    const r = await pay(e.id, 80_000);
    expect(r).toMatchObject({ credit: 30_000, repaid: 0 });
    const o = await consistent(orderId);
    expect(o).toMatchObject({ creditMinor: 30_000, remainingDebtMinor: 1_200_000, status: 'extended' });
    expect(await postingLines(orderId, 'extension_fee')).toEqual({ available: 80_000, income: -50_000, customer_credit: -30_000 });
    const [rp] = await t.db.select().from(repayment).where(eq(repayment.id, r.repayment_id));
    expect(rp).toMatchObject({ overpaidMinor: 30_000, abnormalReason: 'overpaid' });
  });

  it('to_debt: the rest repays in the merchant\'s allocation order (interest first, then principal)', async () => {
    const { orderId } = await setup({ ...BASE, extension_fee_type: 'fixed', extension_fee_value: 50_000, extension_overpayment: 'to_debt' });
    const e = await passed(orderId);
    const r = await pay(e.id, 50_000 + 250_000);
    expect(r).toMatchObject({ repaid: 250_000, credit: 0 });
    const o = await consistent(orderId);
    expect(o).toMatchObject({ paidInterestMinor: 200_000, paidPrincipalMinor: 50_000, remainingDebtMinor: 950_000, creditMinor: 0, status: 'extended' });
    expect(await postingLines(orderId, 'extension_fee')).toEqual({ available: 300_000, income: -50_000, receivable: -200_000, loan: -50_000 });
  });

  it('to_debt paying everything: extended, then settled; what is left beyond the debt is credit', async () => {
    const { orderId } = await setup({ ...BASE, extension_fee_type: 'fixed', extension_fee_value: 50_000, extension_overpayment: 'to_debt' });
    const e = await passed(orderId);
    const r = await pay(e.id, 50_000 + 1_200_000 + 5_000);
    expect(r).toMatchObject({ repaid: 1_200_000, credit: 5_000, order_status: 'settled', remaining_debt: 0 });
    const o = await consistent(orderId);
    expect(o).toMatchObject({ status: 'settled', settled: true, remainingDebtMinor: 0, creditMinor: 5_000, extensionCount: 1, overContract: true });
    const hist = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(desc(orderStatusHistory.id)).limit(2);
    expect(hist.map((h) => h.toStatus)).toEqual(['settled', 'extended']);
  });
});

describe('rules', () => {
  it('the maximum count: no quote, no application once reached', async () => {
    const { orderId } = await setup({ ...BASE, extension_fee_type: 'fixed', extension_fee_value: 10_000, extension_max_count: 1 });
    const e = await passed(orderId);
    await pay(e.id, 10_000);
    const q = await quote(deps(), { merchantIds: null }, { order_id: orderId });
    expect(q).toMatchObject({ allowed: false, refusal: 'extension.maxCount', count: 1, max_count: 1 });
    expect(await refusal(applyExtension(deps(), as(APPLICANT), { orderId }))).toMatchObject({ code: CODE.CONFLICT, messageId: 'extension.maxCount' });
    await consistent(orderId);
  });

  it('only repaying, overdue or extended orders; one open application per order', async () => {
    const { orderId } = await setup({ ...BASE, extension_fee_type: 'fixed', extension_fee_value: 10_000 });
    const e = await applyExtension(deps(), as(APPLICANT), { orderId });
    expect(await refusal(applyExtension(deps(), as(APPLICANT), { orderId }))).toMatchObject({ code: CODE.CONFLICT, messageId: 'extension.openExists' });
    expect((await quote(deps(), { merchantIds: null }, { order_id: orderId })).refusal).toBe('extension.openExists');
    await rejectExtension(deps(), as(REVIEWER), { id: e.id, remark: 'customer changed mind' });
    // Rejected: a new application may be made.
    const e2 = await applyExtension(deps(), as(APPLICANT), { orderId });
    expect(e2.status).toBe('under_review');
    await t.db.update(loanOrder).set({ status: 'settled' }).where(eq(loanOrder.id, orderId));
    expect(await refusal(passExtension(deps(), as(REVIEWER), { id: e2.id }))).toMatchObject({ code: CODE.INVALID_TRANSITION, messageId: 'extension.wrongState' });
    expect((await extRow(e2.id)).status).toBe('under_review');
  });

  it('the applicant cannot pass their own application; review only once; pay only when passed', async () => {
    const { orderId } = await setup({ ...BASE, extension_fee_type: 'fixed', extension_fee_value: 10_000 });
    const e = await applyExtension(deps(), as(APPLICANT), { orderId });
    expect(await refusal(passExtension(deps(), as(APPLICANT), { id: e.id }))).toMatchObject({ code: CODE.FORBIDDEN, messageId: 'extension.sameReviewer' });
    expect((await extRow(e.id)).status).toBe('under_review');
    expect(await refusal(pay(e.id, 10_000))).toMatchObject({ code: CODE.CONFLICT, messageId: 'extension.wrongStatus' });
    await passExtension(deps(), as(REVIEWER), { id: e.id });
    expect(await refusal(rejectExtension(deps(), as(REVIEWER), { id: e.id, remark: 'too late' }))).toMatchObject({ messageId: 'extension.wrongStatus' });
    // The same payment twice under one key is one payment.
    const k = key();
    const r1 = await pay(e.id, 10_000, k);
    const r2 = await pay(e.id, 10_000, k);
    expect(r2).toEqual(r1);
    expect((await consistent(orderId)).extensionCount).toBe(1);
    expect(await t.db.select().from(repayment).where(eq(repayment.orderId, orderId))).toHaveLength(1);
  });
});

describe('routes', () => {
  it('apply, the same person passing (refused), pass by another, short and full payment, lists and the operation log', async () => {
    const { merchantId, orderId } = await setup({ ...BASE, extension_fee_type: 'fixed', extension_fee_value: 50_000, extension_overpayment: 'credit' });
    const o = await orderRow(orderId);

    const q = await t.get(admin, EXTENSION_API.quote, { order_no: o.orderNo });
    expect(q.code).toBe(20000);
    expect(q.data).toMatchObject({ order_id: orderId, order_no: o.orderNo, allowed: true, fee: 50_000, total: 50_000 });

    const applied = await t.post(admin, EXTENSION_API.apply, { order_id: orderId, remark: 'called in' });
    expect(applied.code).toBe(20000);
    const id = applied.data.id as number;
    const again = await t.post(admin, EXTENSION_API.apply, { order_id: orderId });
    expect(again.code).toBe(40900);

    const own = await t.post(admin, EXTENSION_API.pass, { id });
    expect(own.code).toBe(40300);
    expect((await extRow(id)).status).toBe('under_review');

    const review = await t.get(admin, EXTENSION_API.reviewList, { order_no: o.orderNo });
    expect(review.data.rows.map((r: { id: number }) => r.id)).toEqual([id]);
    expect(review.data.rows[0]).toMatchObject({ status: 'under_review', order_no: o.orderNo, currency: 'VND', fee: 50_000, applicant: expect.any(String) });

    // Another person passes (the service as a reviewer of the same merchant).
    await passExtension(deps(), { actorId: REVIEWER, merchantIds: [merchantId], log: async () => undefined }, { id });
    const passedRows = await t.get(admin, EXTENSION_API.passedList, { order_no: o.orderNo });
    expect(passedRows.data.rows.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await t.get(admin, EXTENSION_API.reviewList, { order_no: o.orderNo })).data.rows).toEqual([]);
    const byStatus = await t.get(admin, `${EXTENSION_API.list}?status=passed&status=success&order_no=${o.orderNo}`);
    expect(byStatus.data.rows.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await t.get(admin, EXTENSION_API.list, { status: 'rejected', order_no: o.orderNo })).data.rows).toEqual([]);

    // A money write needs its key; a short payment is refused with the spec message.
    expect((await t.post(admin, EXTENSION_API.pay, { id, amount: 50_000 })).code).toBe(40000);
    const short = await t.post(admin, EXTENSION_API.pay, { id, amount: 49_000 }, { 'idempotency-key': key() });
    expect(short.code).toBe(40900);
    expect(short.msg).toBe(englishText('extension.insufficientPayment'));
    expect((await extRow(id)).status).toBe('passed');

    const k = key();
    const paid = await t.post(admin, EXTENSION_API.pay, { id, amount: 60_000 }, { 'idempotency-key': k });
    expect(paid.code).toBe(20000);
    expect(paid.data).toMatchObject({ status: 'success', credit: 10_000, order_status: 'extended' });
    const repeat = await t.post(admin, EXTENSION_API.pay, { id, amount: 60_000 }, { 'idempotency-key': k });
    expect(repeat.data).toEqual(paid.data);
    expect(await consistent(orderId)).toMatchObject({ extensionCount: 1, creditMinor: 10_000 });

    const logs = await t.db.select({ action: operationLog.action }).from(operationLog)
      .where(and(eq(operationLog.targetType, 'extension'), eq(operationLog.targetId, String(id))));
    expect(logs.map((l) => l.action).sort()).toEqual(['extension.apply', 'extension.pay']);
  });

  it('reject needs a remark; rejected applications are listed apart; phones are masked for privacy-protected accounts', async () => {
    const { orderId } = await setup({ ...BASE, extension_fee_type: 'fixed', extension_fee_value: 10_000 });
    const o = await orderRow(orderId);
    const e = await applyExtension(deps(), as(APPLICANT), { orderId });
    expect((await t.post(admin, EXTENSION_API.reject, { id: e.id })).code).toBe(40000);
    expect((await t.post(admin, EXTENSION_API.reject, { id: e.id, remark: ' ' })).code).toBe(40000);
    expect((await extRow(e.id)).status).toBe('under_review');
    const rejected = await t.post(admin, EXTENSION_API.reject, { id: e.id, remark: 'no income proof' });
    expect(rejected.code).toBe(20000);
    expect(await extRow(e.id)).toMatchObject({ status: 'rejected', reviewRemark: 'no income proof', reviewerId: adminId });
    const rows = (await t.get(admin, EXTENSION_API.rejectsList, { order_no: o.orderNo })).data.rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'rejected', review_remark: 'no income proof', reviewer: expect.any(String) });
    const phone = rows[0].phone as string;
    expect(phone).toMatch(/^\d{8,}$/);

    await t.db.update(adminAccount).set({ privacyProtection: true }).where(eq(adminAccount.id, adminId));
    try {
      const masked = (await t.get(admin, EXTENSION_API.rejectsList, { order_no: o.orderNo })).data.rows[0].phone as string;
      expect(masked).toBe(`${phone.slice(0, 3)}${'*'.repeat(phone.length - 5)}${phone.slice(-2)}`);
      const q = await t.get(admin, EXTENSION_API.quote, { order_id: orderId });
      expect(q.data.phone).toBe(masked);
    } finally {
      await t.db.update(adminAccount).set({ privacyProtection: false }).where(eq(adminAccount.id, adminId));
    }
    const exported = await t.get(admin, EXTENSION_API.rejectsList, { order_no: o.orderNo, download_excel: 1, format: 'csv' });
    expect(exported.code).toBe(20000);
    expect(exported.data).toMatchObject({ status: 'done', rows_done: 1 });
    expect(exported.data.file_url).toMatch(/^\/loanapi\/export\/download\?/);
  });

  it('an account outside the merchant sees neither the application nor the order', async () => {
    const { merchantId, orderId } = await setup({ ...BASE, extension_fee_type: 'fixed', extension_fee_value: 10_000 });
    const e = await applyExtension(deps(), as(APPLICANT), { orderId });
    const other: ExtCtx = { actorId: REVIEWER, merchantIds: [merchantId + 100_000], log: async () => undefined };
    expect(await refusal(passExtension(deps(), other, { id: e.id }))).toMatchObject({ code: CODE.NOT_FOUND });
    expect(await refusal(applyExtension(deps(), other, { orderId }))).toMatchObject({ code: CODE.NOT_FOUND });
    expect(await refusal(quote(deps(), other, { order_id: orderId }))).toMatchObject({ code: CODE.NOT_FOUND });
    expect((await t.db.select().from(extension).where(inArray(extension.orderId, [orderId])))).toHaveLength(1);
  });
});

describe('messages', () => {
  it('the spec message in English, and a translation in every catalogue', () => {
    const cat = (code: string) => JSON.parse(fs.readFileSync(path.resolve(`locales/${code}.json`), 'utf8')) as Record<string, string>;
    expect(cat('en')['extension.insufficientPayment']).toBe('insufficient payment for extension');
    expect(cat('India')['extension.insufficientPayment']).toBe('insufficient payment for extension');
    for (const code of ['zh', 'zhTW', 'vi', 'ArEg', 'ThA']) {
      expect(cat(code)['extension.insufficientPayment'], code).toBeTruthy();
      expect(cat(code)['extension.insufficientPayment'], code).not.toBe('insufficient payment for extension');
    }
  });
});

/** The English wording the server answers: the catalogue's once the part is merged, else the id (not merged yet). */
function englishText(id: string): string {
  const en = JSON.parse(fs.readFileSync(path.resolve('locales/en.json'), 'utf8')) as Record<string, string>;
  return en[id] ?? id;
}
