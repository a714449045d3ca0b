import { product } from '../merchant/product.table';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPrivacy } from '../../../../tests/support/clientFixtures';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { operationLog } from '../log/log.table';
import { loanOrder } from '../order/order.table';
import { workTask } from '../task/task.table';
import { createReviewWorld, type ReviewWorld } from './review.fixtures';
import { reviewRecord } from './review.table';

const OK = 20000;
const VALIDATION = 40000;
const FORBIDDEN = 40300;
const NOT_FOUND = 40400;
const CONFLICT = 40900;
const INVALID = 42200;
const ALL_ORDER_VERBS = ['close', 'closeAll', 'reset', 'returnWithdrawal', 'switchManual', 'reloanApprove', 'reloanReject'];

let t: TestApp;
let w: ReviewWorld;
const tok: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  w = await createReviewWorld(t.db);
  for (const a of ['admin', 'reviewer1', 'reviewer2', 'prereview', 'merchant', 'submerchant', 'collector']) tok[a] = await t.login(a);
  // Closing, resetting and dispatching are administrators' (admin_y, every merchant); to see the merchant scope
  // refuse them, an order desk of M001 holds exactly those action nodes.
  const desk = await t.post(tok.admin, '/loanapi/role/add', {
    name: 'Order desk', identifier: 'rv_order_desk',
    node_keys: [...ALL_ORDER_VERBS.map((v) => `review_allOrder_${v}`), 'review_resettingOrder_reset', 'review_trial_dispatch'],
  });
  if (desk.code !== OK) throw new Error(`role/add: ${desk.msg}`);
  const acc = await t.post(tok.admin, '/loanapi/admin_account/add', {
    account: 'orderdesk', password: 'Desk@2026', nickname: 'Desk', name: 'Order Desk', phone: '0812000077', role_id: desk.data.id, merchant_ids: [w.m001],
  });
  if (acc.code !== OK) throw new Error(`admin_account/add: ${acc.msg}`);
  tok.orderdesk = await t.login('orderdesk', 'Desk@2026');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const versionOf = async (id: number) => String((await t.db.select({ v: loanOrder.updatedAt }).from(loanOrder).where(eq(loanOrder.id, id)))[0]?.v.getTime() ?? 0);
/**
 * Stage decisions carry the version of the order the caller saw; these tests act as a reviewer who just read the
 * order, so the current version is added unless the body names one (the version tests below pass their own).
 */
const DECISION = /\/review\/[A-Za-z]+\/(approve|reject|to_service)$/;
const post = async (who: string, url: string, body: unknown = {}) => {
  const b = body as Record<string, unknown>;
  const withVersion = DECISION.test(url) && typeof b.id === 'number' && !('version' in b) ? { ...b, version: await versionOf(b.id) } : body;
  return t.post(tok[who], url, withVersion);
};
const get = (who: string, url: string, q: Record<string, unknown> = {}) => t.get(tok[who], url, q);
const statusOf = async (id: number) => (await t.db.select().from(loanOrder).where(eq(loanOrder.id, id)))[0];
const tasksOf = (id: number) => t.db.select().from(workTask).where(eq(workTask.orderId, id)).orderBy(workTask.id);
const recordsOf = (id: number) => t.db.select().from(reviewRecord).where(eq(reviewRecord.orderId, id)).orderBy(reviewRecord.id);
const lastLog = async (action: string) => (await t.db.select().from(operationLog).where(eq(operationLog.action, action)).orderBy(desc(operationLog.id)).limit(1))[0];

describe('stage queue list', () => {
  it('lists the orders of the stage in the account’s merchants, oldest first, with the claim holder', async () => {
    const a = await w.order('first_review', { createdAt: new Date('2026-01-01T01:00:00Z') });
    const b = await w.order('first_review', { createdAt: new Date('2026-01-01T02:00:00Z'), returning: true });
    const outside = await w.order('first_review', { merchant: w.other, createdAt: new Date('2026-01-01T00:30:00Z') });
    const second = await w.order('second_review');
    const res = await get('reviewer1', '/loanapi/review/trial/list', { size: 500 });
    expect(res.code, res.msg).toBe(OK);
    const ids = res.data.rows.map((r: { id: number }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([a, b]));
    expect(ids).not.toContain(outside);
    expect(ids).not.toContain(second);
    expect(ids.indexOf(a)).toBeLessThan(ids.indexOf(b));
    expect(res.data.rows.find((r: { id: number }) => r.id === a)).toMatchObject({ status: 'first_review', assignee_id: null, in_service: false, currency: 'VND', application_amount: 2_000_000 });
    const admin = await get('admin', '/loanapi/review/trial/list', { size: 500 });
    expect(admin.data.rows.map((r: { id: number }) => r.id)).toContain(outside);

    expect((await post('reviewer1', '/loanapi/review/trial/claim', { id: b })).code).toBe(OK);
    const mine = await get('reviewer1', '/loanapi/review/trial/list', { claim: 'mine', size: 500 });
    expect(mine.data.rows.map((r: { id: number }) => r.id)).toEqual([b]);
    expect(mine.data.rows[0]).toMatchObject({ assignee_id: w.accounts.reviewer1, assignee_name: 'Nguyen Thu Ha' });
    const unclaimed = await get('reviewer1', '/loanapi/review/trial/list', { claim: 'unclaimed', size: 500 });
    expect(unclaimed.data.rows.map((r: { id: number }) => r.id)).not.toContain(b);
    const returning = await get('reviewer1', '/loanapi/review/trial/list', { customer_type: 'returning', size: 500 });
    expect(returning.data.rows.every((r: { is_returning: boolean }) => r.is_returning)).toBe(true);
  });

  it('masks phones for privacy protection, exports, and refuses other pages and bad filters', async () => {
    await w.order('first_review');
    await setPrivacy(t.db, 'reviewer1', true);
    try {
      const res = await get('reviewer1', '/loanapi/review/trial/list', { size: 5 });
      expect(res.data.rows[0].phone).toMatch(/^\d{3}\*+\d{2}$/);
    } finally {
      await setPrivacy(t.db, 'reviewer1', false);
    }
    const exp = await get('reviewer1', '/loanapi/review/trial/list', { download_excel: 1, format: 'csv' });
    expect(exp.code, exp.msg).toBe(OK);
    expect(exp.data.status).toBe('done');
    expect((await get('reviewer2', '/loanapi/review/trial/list')).code).toBe(FORBIDDEN);
    expect((await get('reviewer1', '/loanapi/review/trial/list', { claim: 'someone' })).code).toBe(VALIDATION);
    expect((await get('reviewer1', '/loanapi/review/trial/list', { amount_min: -5 })).code).toBe(VALIDATION);
  });
});

describe('claim and release', () => {
  it('claims exclusively; another reviewer is refused naming the holder; the holder releases', async () => {
    const id = await w.order('first_review');
    const first = await post('reviewer1', '/loanapi/review/trial/claim', { id });
    expect(first.code, first.msg).toBe(OK);
    expect(first.data.assignee_id).toBe(w.accounts.reviewer1);
    expect((await post('reviewer1', '/loanapi/review/trial/claim', { id })).code).toBe(OK);
    const other = await post('admin', '/loanapi/review/trial/claim', { id });
    expect(other.code).toBe(CONFLICT);
    expect(other.msg).toContain('Nguyen Thu Ha');
    // Releasing someone else's order needs the dispatch node (an administrator's); the holder may.
    const adminRelease = await post('admin', '/loanapi/review/trial/release', { id });
    expect(adminRelease.code, adminRelease.msg).toBe(OK);
    expect((await post('reviewer1', '/loanapi/review/trial/claim', { id })).code).toBe(OK);
    expect((await post('reviewer1', '/loanapi/review/trial/release', { id })).code).toBe(OK);
    expect((await post('reviewer1', '/loanapi/review/trial/release', { id })).code).toBe(INVALID);
    const tasks = await tasksOf(id);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ queue: 'review.first', status: 'open', assigneeId: null });
    expect(await lastLog('review.release')).toBeDefined();
  });

  it('refuses: no node (40300), another merchant (40400), wrong stage (42200), bad id (40000)', async () => {
    const id = await w.order('first_review');
    expect((await post('reviewer2', '/loanapi/review/trial/claim', { id })).code).toBe(FORBIDDEN);
    expect((await post('collector', '/loanapi/review/trial/claim', { id })).code).toBe(FORBIDDEN);
    const outside = await w.order('first_review', { merchant: w.other });
    expect((await post('reviewer1', '/loanapi/review/trial/claim', { id: outside })).code).toBe(NOT_FOUND);
    const second = await w.order('second_review');
    const wrong = await post('reviewer1', '/loanapi/review/trial/claim', { id: second });
    expect(wrong.code).toBe(INVALID);
    expect(wrong.msg).toContain('First review');
    expect((await post('reviewer1', '/loanapi/review/trial/claim', { id: 'x' })).code).toBe(VALIDATION);
    expect((await post('reviewer1', '/loanapi/review/trial/claim', {})).code).toBe(VALIDATION);
    expect((await post('reviewer1', '/loanapi/review/trial/claim', { id: 999_999_999 })).code).toBe(NOT_FOUND);
    expect(await tasksOf(second)).toHaveLength(0);
  });
});

describe('approve', () => {
  it('moves a new customer from first to second review, records the decision, and opens the next stage’s task', async () => {
    const id = await w.order('first_review');
    const res = await post('reviewer1', '/loanapi/review/trial/approve', { id, limit: 1_500_000, remark: 'ok' });
    expect(res.code, res.msg).toBe(OK);
    expect(res.data.status).toBe('second_review');
    const o = await statusOf(id);
    expect(o).toMatchObject({ status: 'second_review', reviewStage: 'second', reviewResult: 'pending', reviewLimitMinor: 1_500_000 });
    expect(await recordsOf(id)).toMatchObject([{ stage: 'first', result: 'approved', remark: 'ok', limitMinor: 1_500_000, accountId: w.accounts.reviewer1 }]);
    const tasks = await tasksOf(id);
    expect(tasks.map((x) => [x.queue, x.status, x.assigneeId])).toEqual([['review.first', 'done', w.accounts.reviewer1], ['review.second', 'open', null]]);
    const log = await lastLog('review.approve');
    expect(log).toMatchObject({ targetId: String(id), accountId: w.accounts.reviewer1 });
  });

  it('lends the review limit when it is below the loan: the loan is priced again on the product', async () => {
    const id = await w.order('first_review');
    await t.db.update(product).set({ managementFeeBp: 1000 }).where(eq(product.id, w.product));
    await t.db.update(loanOrder).set({ loanDays: 7, interestRateBp: 50, interestType: 'daily', feeTiming: 'upfront' }).where(eq(loanOrder.id, id));
    const res = await post('reviewer1', '/loanapi/review/trial/approve', { id, limit: 1_500_000 });
    expect(res.code, res.msg).toBe(OK);
    // 1,500,000 đồng for 7 days at 0.5 %/day = 52,500 → 53,000 (đồng round to thousands); 10 % fee taken up front.
    expect(await statusOf(id)).toMatchObject({
      loanAmountMinor: 1_500_000, interestMinor: 53_000, managementFeeMinor: 150_000, receivedAmountMinor: 1_350_000, contractAmountMinor: 1_553_000,
    });
    await t.db.update(product).set({ managementFeeBp: 0 }).where(eq(product.id, w.product));
  });

  it('refuses a limit above the application amount, a wrong stage, another merchant, no node — changing nothing', async () => {
    const id = await w.order('first_review', { amount: 1_000_000 });
    const high = await post('reviewer1', '/loanapi/review/trial/approve', { id, limit: 1_000_001 });
    expect(high.code).toBe(VALIDATION);
    expect(high.data.issues[0].path).toBe('limit');
    expect((await post('reviewer1', '/loanapi/review/trial/approve', { id, limit: 0 })).code).toBe(VALIDATION);
    expect((await post('reviewer1', '/loanapi/review/trial/approve', { id, limit: 'lots' })).code).toBe(VALIDATION);
    expect((await statusOf(id)).status).toBe('first_review');
    expect(await tasksOf(id)).toHaveLength(0);
    const withdrawal = await w.order('withdrawal');
    expect((await post('reviewer1', '/loanapi/review/trial/approve', { id: withdrawal })).code).toBe(INVALID);
    const outside = await w.order('first_review', { merchant: w.other });
    expect((await post('reviewer1', '/loanapi/review/trial/approve', { id: outside })).code).toBe(NOT_FOUND);
    expect((await post('reviewer2', '/loanapi/review/trial/approve', { id })).code).toBe(FORBIDDEN);
    expect((await statusOf(id)).status).toBe('first_review');
  });

  it('refuses an order someone else holds (40900), and decides an unclaimed one by claiming it', async () => {
    const id = await w.order('first_review');
    await post('admin', '/loanapi/review/trial/claim', { id });
    const res = await post('reviewer1', '/loanapi/review/trial/approve', { id });
    expect(res.code).toBe(CONFLICT);
    expect((await statusOf(id)).status).toBe('first_review');
    const free = await w.order('first_review');
    expect((await post('reviewer1', '/loanapi/review/trial/approve', { id: free })).code).toBe(OK);
  });

  it('refuses the same person passing a second stage of the same order', async () => {
    const id = await w.order('first_review');
    expect((await post('admin', '/loanapi/review/trial/approve', { id })).code).toBe(OK);
    const again = await post('admin', '/loanapi/review/reviewAgain/approve', { id });
    expect(again.code).toBe(FORBIDDEN);
    expect(again.msg).toMatch(/another stage/i);
    expect((await statusOf(id)).status).toBe('second_review');
    // Claiming it is refused too; someone else passes it.
    expect((await post('admin', '/loanapi/review/reviewAgain/claim', { id })).code).toBe(FORBIDDEN);
    expect((await post('reviewer2', '/loanapi/review/reviewAgain/approve', { id })).code).toBe(OK);
    expect((await statusOf(id)).status).toBe('pre_review');
    const detail = await get('admin', '/loanapi/review/order_detail', { id });
    expect(detail.data.can_pass).toBe(false);
  });

  it('follows the flow: a returning customer goes from first review to disbursement review, then to pending withdrawal', async () => {
    const id = await w.order('first_review', { returning: true });
    expect((await post('reviewer1', '/loanapi/review/trial/approve', { id })).data.status).toBe('disbursement_review');
    const res = await post('prereview', '/loanapi/review/reviewLoan/approve', { id });
    expect(res.code, res.msg).toBe(OK);
    expect(await statusOf(id)).toMatchObject({ status: 'withdrawal', reviewStage: 'disbursement', reviewResult: 'approved' });
    expect((await tasksOf(id)).every((x) => x.status === 'done')).toBe(true);
  });
});

describe('concurrency', () => {
  // Sequential under PGlite; on PostgreSQL (npm run test:pg) the requests race for the order's row lock.
  it('twenty concurrent decisions on one order by two reviewers: exactly one applies, the rest are refused', async () => {
    const id = await w.order('first_review');
    const calls = Array.from({ length: 20 }, (_, i) => (i % 2
      ? post('admin', '/loanapi/review/trial/reject', { id, reason: '1' })
      : post('reviewer1', '/loanapi/review/trial/approve', { id })));
    const codes = (await Promise.all(calls)).map((r) => r.code);
    expect(codes.filter((c) => c === OK)).toHaveLength(1);
    expect(codes.every((c) => c === OK || c === INVALID || c === CONFLICT)).toBe(true);
    expect(await recordsOf(id)).toHaveLength(1);
    expect(['second_review', 'closed']).toContain((await statusOf(id)).status);
  });
});

describe('reject and batch reject', () => {
  it('needs a reason from the reject_reason dictionary; closes the order with it', async () => {
    const id = await w.order('first_review');
    const none = await post('reviewer1', '/loanapi/review/trial/reject', { id });
    expect(none.code).toBe(VALIDATION);
    expect(none.data.issues[0]).toMatchObject({ path: 'reason', id: 'validation.rejectReason' });
    const unknown = await post('reviewer1', '/loanapi/review/trial/reject', { id, reason: '999' });
    expect(unknown.code).toBe(VALIDATION);
    expect(unknown.data.issues[0].path).toBe('reason');
    expect((await statusOf(id)).status).toBe('first_review');
    const res = await post('reviewer1', '/loanapi/review/trial/reject', { id, reason: '2', remark: 'ID photo of someone else' });
    expect(res.code, res.msg).toBe(OK);
    expect(await statusOf(id)).toMatchObject({ status: 'closed', reviewStage: 'first', reviewResult: 'rejected', loanRemark: 'Identity mismatch: ID photo of someone else' });
    expect(await recordsOf(id)).toMatchObject([{ stage: 'first', result: 'rejected', reason: '2' }]);
    expect((await post('reviewer1', '/loanapi/review/trial/reject', { id, reason: '2' })).code).toBe(INVALID);
  });

  it('batch reject: one reason required; all or nothing, naming the order that refuses', async () => {
    const a = await w.order('first_review');
    const b = await w.order('first_review');
    const held = await w.order('first_review');
    await post('admin', '/loanapi/review/trial/claim', { id: held });
    const noReason = await post('reviewer1', '/loanapi/review/trial/batch_reject', { ids: [a, b] });
    expect(noReason.code).toBe(VALIDATION);
    expect(noReason.msg).toMatch(/rejection reason/i);
    expect((await post('reviewer1', '/loanapi/review/trial/batch_reject', { ids: [], reason: '1' })).code).toBe(VALIDATION);
    const refused = await post('reviewer1', '/loanapi/review/trial/batch_reject', { ids: [a, b, held], reason: '1' });
    expect(refused.code).toBe(CONFLICT);
    const heldNo = (await statusOf(held)).orderNo;
    expect(refused.msg).toContain(heldNo);
    expect((await statusOf(a)).status).toBe('first_review');
    expect(await tasksOf(a)).toHaveLength(0);
    const ok = await post('reviewer1', '/loanapi/review/trial/batch_reject', { ids: [a, b], reason: '1' });
    expect(ok.code, ok.msg).toBe(OK);
    expect(ok.data.count).toBe(2);
    expect((await statusOf(a)).status).toBe('closed');
    expect((await statusOf(b)).status).toBe('closed');
    const wrong = await post('reviewer1', '/loanapi/review/trial/batch_reject', { ids: [a], reason: '1' });
    expect(wrong.code).toBe(INVALID);
  });
});

describe('dispatch and next', () => {
  it('an administrator dispatches a queue to the least-loaded reviewers under the cap; reviewers may not', async () => {
    // Close what earlier tests left in the queue, so the numbers are this test's.
    await t.db.update(loanOrder).set({ status: 'closed' }).where(eq(loanOrder.status, 'first_review'));
    const ids = [await w.order('first_review'), await w.order('first_review'), await w.order('first_review')];
    expect((await post('reviewer1', '/loanapi/review/trial/dispatch', { cap: 2 })).code).toBe(FORBIDDEN);
    const res = await post('admin', '/loanapi/review/trial/dispatch', { cap: 2 });
    expect(res.code, res.msg).toBe(OK);
    // reviewer1 is the only account of the demo holding the trial approve node (admin_y is left out).
    expect(res.data).toMatchObject({ assigned: 2, unassigned: 1, reviewers: 1 });
    const tasks = await t.db.select().from(workTask).where(and(eq(workTask.queue, 'review.first'), eq(workTask.status, 'claimed')));
    expect(tasks.filter((x) => ids.includes(x.orderId!)).map((x) => x.assigneeId)).toEqual([w.accounts.reviewer1, w.accounts.reviewer1]);
    expect((await post('admin', '/loanapi/review/trial/dispatch', { cap: 0 })).code).toBe(VALIDATION);
    expect((await post('admin', '/loanapi/review/trial/dispatch', { cap: 5, account_ids: [w.accounts.collector] })).code).toBe(VALIDATION);
  });

  it('next: the reviewer’s own claimed order first, then the oldest unclaimed one, not claimed; null when empty', async () => {
    await t.db.update(loanOrder).set({ status: 'closed' }).where(eq(loanOrder.status, 'second_review'));
    const older = await w.order('second_review', { createdAt: new Date('2025-01-01T00:00:00Z') });
    const newer = await w.order('second_review', { createdAt: new Date('2025-01-02T00:00:00Z') });
    await post('reviewer2', '/loanapi/review/reviewAgain/claim', { id: newer });
    const first = await post('reviewer2', '/loanapi/review/reviewAgain/next', {});
    expect(first.code, first.msg).toBe(OK);
    expect(first.data.id).toBe(newer);
    const second = await post('reviewer2', '/loanapi/review/reviewAgain/next', { exclude: [newer] });
    expect(second.data.id).toBe(older);
    // Moving on claims nothing: the order is claimed when the reviewer opens it, so another reviewer can still take it.
    const live = await t.db.select().from(workTask).where(and(eq(workTask.orderId, older), eq(workTask.queue, 'review.second'), eq(workTask.status, 'claimed')));
    expect(live).toEqual([]);
    expect((await post('admin', '/loanapi/review/reviewAgain/claim', { id: older })).code).toBe(OK);
    expect((await post('reviewer2', '/loanapi/review/reviewAgain/next', { exclude: [newer] })).data).toBeNull();
    await post('admin', '/loanapi/review/reviewAgain/release', { id: older });
    expect((await post('reviewer2', '/loanapi/review/reviewAgain/next', { exclude: [newer, older] })).data).toBeNull();
    expect((await post('reviewer1', '/loanapi/review/reviewAgain/next', {})).code).toBe(FORBIDDEN);
  });
});

describe('customer service', () => {
  it('a reviewer sends an order with a note; decisions wait; the agent finishes it with the contact result; it returns to the reviewer', async () => {
    const id = await w.order('first_review');
    expect((await post('reviewer1', '/loanapi/review/trial/to_service', { id, note: '' })).code).toBe(VALIDATION);
    const sent = await post('reviewer1', '/loanapi/review/trial/to_service', { id, note: 'Ask for a clearer ID photo' });
    expect(sent.code, sent.msg).toBe(OK);
    expect((await post('reviewer1', '/loanapi/review/trial/to_service', { id, note: 'again' })).code).toBe(CONFLICT);
    const list = await get('reviewer1', '/loanapi/review/initialReviewCustomerService/list', { size: 500 });
    expect(list.code, list.msg).toBe(OK);
    const exported = await get('reviewer1', '/loanapi/review/initialReviewCustomerService/list', { download_excel: 1, format: 'csv' });
    expect(exported.data.status, exported.msg).toBe('done');
    expect(list.data.rows.find((r: { id: number }) => r.id === id)).toMatchObject({ note: 'Ask for a clearer ID photo', sent_by_name: 'Nguyen Thu Ha', assignee_id: null });
    const queue = await get('reviewer1', '/loanapi/review/trial/list', { size: 500 });
    expect(queue.data.rows.find((r: { id: number }) => r.id === id).in_service).toBe(true);
    const blocked = await post('reviewer1', '/loanapi/review/trial/approve', { id });
    expect(blocked.code).toBe(CONFLICT);
    expect(blocked.msg).toMatch(/customer service/i);
    expect((await post('reviewer1', '/loanapi/review/trial/release', { id })).code).toBe(CONFLICT);

    expect((await post('reviewer2', '/loanapi/review/initialReviewCustomerService/claim', { id })).code).toBe(FORBIDDEN);
    expect((await post('admin', '/loanapi/review/initialReviewCustomerService/claim', { id })).code).toBe(OK);
    expect((await post('reviewer1', '/loanapi/review/initialReviewCustomerService/finish', { id, result: 'supplemented' })).code).toBe(CONFLICT);
    expect((await post('admin', '/loanapi/review/initialReviewCustomerService/finish', { id, result: 'called' })).code).toBe(VALIDATION);
    const done = await post('admin', '/loanapi/review/initialReviewCustomerService/finish', { id, result: 'supplemented', remark: 'New photo uploaded' });
    expect(done.code, done.msg).toBe(OK);
    expect((await post('admin', '/loanapi/review/initialReviewCustomerService/finish', { id, result: 'supplemented' })).code).toBe(INVALID);
    expect((await recordsOf(id)).map((r) => [r.result, r.reason])).toEqual([['to_service', ''], ['service_returned', 'supplemented']]);
    const mine = await get('reviewer1', '/loanapi/review/trial/list', { claim: 'mine', size: 500 });
    expect(mine.data.rows.map((r: { id: number }) => r.id)).toContain(id);
    expect((await post('reviewer1', '/loanapi/review/trial/approve', { id })).code).toBe(OK);
  });

  it('refuses an order that is not at customer service, and other merchants', async () => {
    const id = await w.order('first_review');
    expect((await post('reviewer1', '/loanapi/review/initialReviewCustomerService/claim', { id })).code).toBe(INVALID);
    const outside = await w.order('first_review', { merchant: w.other });
    expect((await post('reviewer1', '/loanapi/review/initialReviewCustomerService/claim', { id: outside })).code).toBe(NOT_FOUND);
    expect((await post('reviewer1', '/loanapi/review/reviewLoan/to_service', { id, note: 'x' })).status).toBe(404);
  });
});

describe('disbursement interception', () => {
  it('intercepts an order in a stage or pending withdrawal, remembers where, releases it back there, or closes it', async () => {
    const inStage = await w.order('second_review');
    const res = await post('prereview', '/loanapi/review/loanInterception/intercept', { id: inStage, reason: 'Device shared' });
    expect(res.code, res.msg).toBe(OK);
    expect(await statusOf(inStage)).toMatchObject({ status: 'suspended', reviewStage: 'second', loanRemark: 'Device shared' });
    const list = await get('prereview', '/loanapi/review/loanInterception/list', { view: 'intercepted', size: 500 });
    expect(list.data.rows.map((r: { id: number }) => r.id)).toContain(inStage);
    expect((await post('prereview', '/loanapi/review/loanInterception/release', { id: inStage })).code).toBe(OK);
    expect((await statusOf(inStage)).status).toBe('second_review');
    expect((await tasksOf(inStage)).filter((x) => x.status === 'open').map((x) => x.queue)).toEqual(['review.second']);

    const pending = await w.order('withdrawal');
    expect((await post('prereview', '/loanapi/review/loanInterception/intercept', { id: pending, reason: 'Call-back' })).code).toBe(OK);
    expect((await statusOf(pending)).reviewStage).toBe('withdrawal');
    expect((await post('prereview', '/loanapi/review/loanInterception/release', { id: pending })).code).toBe(OK);
    expect((await statusOf(pending)).status).toBe('withdrawal');

    expect((await post('prereview', '/loanapi/review/loanInterception/intercept', { id: pending, reason: 'Again' })).code).toBe(OK);
    expect((await post('prereview', '/loanapi/review/loanInterception/close', { id: pending, reason: 'Fraud' })).code).toBe(OK);
    expect((await statusOf(pending)).status).toBe('closed');
    expect((await recordsOf(pending)).map((r) => r.result)).toEqual(['intercepted', 'released', 'intercepted', 'closed']);
  });

  it('refuses a disbursed order (42200), a missing reason (40000), another merchant (40400), no node (40300)', async () => {
    const repaying = await w.order('repaying');
    expect((await post('prereview', '/loanapi/review/loanInterception/intercept', { id: repaying, reason: 'x' })).code).toBe(INVALID);
    const id = await w.order('pre_review');
    expect((await post('prereview', '/loanapi/review/loanInterception/intercept', { id, reason: ' ' })).code).toBe(VALIDATION);
    expect((await post('prereview', '/loanapi/review/loanInterception/release', { id })).code).toBe(INVALID);
    const outside = await w.order('pre_review', { merchant: w.other });
    expect((await post('prereview', '/loanapi/review/loanInterception/intercept', { id: outside, reason: 'x' })).code).toBe(NOT_FOUND);
    expect((await post('reviewer1', '/loanapi/review/loanInterception/intercept', { id, reason: 'x' })).code).toBe(FORBIDDEN);
    expect((await statusOf(id)).status).toBe('pre_review');
  });
});

describe('all-orders actions', () => {
  it('close: all or nothing — one order that cannot close refuses the batch, named, and nothing changes', async () => {
    const a = await w.order('first_review');
    const b = await w.order('repaying');
    const refused = await post('admin', '/loanapi/review/order/close', { ids: [a, b], reason: 'Duplicate' });
    expect(refused.code).toBe(INVALID);
    expect(refused.msg).toContain((await statusOf(b)).orderNo);
    expect((await statusOf(a)).status).toBe('first_review');
    const ok = await post('admin', '/loanapi/review/order/close', { ids: [a], reason: 'Duplicate' });
    expect(ok.code, ok.msg).toBe(OK);
    expect(await statusOf(a)).toMatchObject({ status: 'closed', loanRemark: 'Duplicate' });
    expect((await post('reviewer1', '/loanapi/review/order/close', { ids: [a] })).code).toBe(FORBIDDEN);
    expect((await post('orderdesk', '/loanapi/review/order/close', { ids: [await w.order('pending_review', { merchant: w.other })] })).code).toBe(NOT_FOUND);
    expect((await post('admin', '/loanapi/review/order/close', { ids: 'all' })).code).toBe(VALIDATION);
  });

  it('close all: every pre-disbursement order of the selected orders’ customers', async () => {
    const c = await w.customer();
    const a = await w.order('first_review', { customer: c });
    const b = await w.order('withdrawal', { customer: c });
    const paid = await w.order('repaying', { customer: c });
    const res = await post('admin', '/loanapi/review/order/close_all', { ids: [a] });
    expect(res.code, res.msg).toBe(OK);
    expect(res.data.count).toBe(2);
    expect((await statusOf(b)).status).toBe('closed');
    expect((await statusOf(paid)).status).toBe('repaying');
    expect((await post('admin', '/loanapi/review/order/close_all', { ids: [paid] })).code).toBe(INVALID);
  });

  it('reset to pending review, return to pending withdrawal, switch to manual review — each from its state only', async () => {
    const closed = await w.order('closed');
    expect((await post('admin', '/loanapi/review/order/reset', { ids: [closed] })).code).toBe(OK);
    expect(await statusOf(closed)).toMatchObject({ status: 'pending_review', reviewStage: '', reviewResult: '' });
    expect((await post('admin', '/loanapi/review/order/reset', { ids: [await w.order('repaying')] })).code).toBe(INVALID);

    const failed = await w.order('failed');
    expect((await post('admin', '/loanapi/review/order/return_withdrawal', { ids: [failed] })).code).toBe(OK);
    expect((await statusOf(failed)).status).toBe('withdrawal');
    expect((await post('admin', '/loanapi/review/order/return_withdrawal', { ids: [failed] })).code).toBe(INVALID);

    const machine = await w.order('machine_review');
    expect((await post('admin', '/loanapi/review/order/switch_manual', { ids: [machine] })).code).toBe(OK);
    expect((await statusOf(machine)).status).toBe('first_review');
    expect((await tasksOf(machine)).map((x) => [x.queue, x.status])).toEqual([['review.first', 'open']]);
    expect((await post('admin', '/loanapi/review/order/switch_manual', { ids: [machine] })).code).toBe(INVALID);
  });

  it('re-loan review: approve to the first stage the flow gives returning customers, or reject with a reason', async () => {
    const r1 = await w.order('reloan', { returning: true });
    const ok = await post('admin', '/loanapi/review/order/reloan_approve', { id: r1 });
    expect(ok.code, ok.msg).toBe(OK);
    expect(ok.data.status).toBe('first_review');
    // The administrator passed the re-loan review: the first stage is someone else's.
    expect((await post('reviewer1', '/loanapi/review/trial/approve', { id: r1 })).code).toBe(OK);
    const r2 = await w.order('reloan', { returning: true });
    expect((await post('admin', '/loanapi/review/order/reloan_reject', { id: r2 })).code).toBe(VALIDATION);
    expect((await post('admin', '/loanapi/review/order/reloan_reject', { id: r2, reason: '5' })).code).toBe(OK);
    expect((await statusOf(r2)).status).toBe('closed');
    expect((await post('admin', '/loanapi/review/order/reloan_approve', { id: r2 })).code).toBe(INVALID);
  });

  it('resettingOrder lists closed orders and resets them; anything else is refused', async () => {
    const closed = await w.order('closed');
    const list = await get('admin', '/loanapi/review/resettingOrder/list', { size: 500 });
    expect(list.code, list.msg).toBe(OK);
    expect(list.data.rows.every((r: { status: string }) => r.status === 'closed')).toBe(true);
    expect(list.data.rows.map((r: { id: number }) => r.id)).toContain(closed);
    expect((await post('admin', '/loanapi/review/resettingOrder/reset', { ids: [await w.order('suspended')] })).code).toBe(INVALID);
    expect((await post('admin', '/loanapi/review/resettingOrder/reset', { ids: [closed] })).code).toBe(OK);
    expect((await statusOf(closed)).status).toBe('pending_review');
    expect((await post('reviewer1', '/loanapi/review/resettingOrder/reset', { ids: [closed] })).code).toBe(FORBIDDEN);
  });
});

describe('review flow (/merchant/loanConfig)', () => {
  it('a merchant operator sets a merchant’s stages; approvals follow them; the default is for unscoped accounts only', async () => {
    const list = await get('merchant', '/loanapi/review_flow/list');
    expect(list.code, list.msg).toBe(OK);
    const row = list.data.rows.find((r: { id: number }) => r.id === w.m001);
    expect(row).toMatchObject({ own: false, new_stages: ['first', 'second', 'pre', 'disbursement'], returning_stages: ['first', 'disbursement'] });
    expect(list.data.rows.map((r: { id: number }) => r.id)).not.toContain(w.other);

    const edit = await post('merchant', '/loanapi/review_flow/edit', { id: w.m001, new_stages: ['disbursement', 'first'], returning_stages: [] });
    expect(edit.code, edit.msg).toBe(OK);
    expect(edit.data).toMatchObject({ own: true, new_stages: ['first', 'disbursement'], returning_stages: [] });
    const id = await w.order('first_review');
    expect((await post('reviewer1', '/loanapi/review/trial/approve', { id })).data.status).toBe('disbursement_review');
    const returning = await w.order('reloan', { returning: true });
    expect((await post('admin', '/loanapi/review/order/reloan_approve', { id: returning })).data.status).toBe('withdrawal');

    expect((await post('merchant', '/loanapi/review_flow/edit', { id: 0, new_stages: ['first'], returning_stages: [] })).code).toBe(NOT_FOUND);
    expect((await post('merchant', '/loanapi/review_flow/edit', { id: w.other, new_stages: ['first'], returning_stages: [] })).code).toBe(NOT_FOUND);
    expect((await post('merchant', '/loanapi/review_flow/edit', { id: w.m001, new_stages: ['third'], returning_stages: [] })).code).toBe(VALIDATION);
    expect((await post('merchant', '/loanapi/review_flow/edit', { id: w.m001, new_stages: ['first', 'first'], returning_stages: [] })).code).toBe(VALIDATION);
    expect((await post('reviewer1', '/loanapi/review_flow/edit', { id: w.m001, new_stages: [], returning_stages: [] })).code).toBe(FORBIDDEN);

    const def = await post('admin', '/loanapi/review_flow/edit', { id: 0, new_stages: ['first', 'second'], returning_stages: ['second'] });
    expect(def.code, def.msg).toBe(OK);
    expect((await post('admin', '/loanapi/review_flow/edit', { id: 0, use_default: true, new_stages: [], returning_stages: [] })).code).toBe(VALIDATION);
    expect((await get('merchant', '/loanapi/review_flow/default')).data).toMatchObject({ own: true, new_stages: ['first', 'second'], returning_stages: ['second'] });
    // Back to the default: M001 now follows it.
    expect((await post('merchant', '/loanapi/review_flow/edit', { id: w.m001, use_default: true, new_stages: [], returning_stages: [] })).code).toBe(OK);
    const after = (await get('merchant', '/loanapi/review_flow/list')).data.rows.find((r: { id: number }) => r.id === w.m001);
    expect(after).toMatchObject({ own: false, new_stages: ['first', 'second'], returning_stages: ['second'] });
    expect(await lastLog('review.flow.edit')).toBeDefined();
    // Restore the built-in default for the other tests of this file.
    await post('admin', '/loanapi/review_flow/edit', { id: 0, new_stages: ['first', 'second', 'pre', 'disbursement'], returning_stages: ['first', 'disbursement'] });
  });
});

describe('review panel', () => {
  it('answers the order, the claim, the records of every stage; 40400 for another merchant; 40300 without a review page', async () => {
    const id = await w.order('first_review');
    await post('reviewer1', '/loanapi/review/trial/claim', { id });
    const res = await get('reviewer1', '/loanapi/review/order_detail', { id });
    expect(res.code, res.msg).toBe(OK);
    expect(res.data).toMatchObject({ page: 'trial', task: { status: 'claimed', mine: true, assignee_name: 'Nguyen Thu Ha' }, service: null, can_pass: true, records: [] });
    await post('reviewer1', '/loanapi/review/trial/approve', { id, limit: 1_000_000 });
    const after = await get('reviewer2', '/loanapi/review/order_detail', { id });
    expect(after.data).toMatchObject({ page: 'reviewAgain', task: { status: 'open', mine: false }, can_pass: true });
    expect(after.data.records).toMatchObject([{ stage: 'first', result: 'approved', limit: 1_000_000, account_name: 'Nguyen Thu Ha' }]);
    const outside = await w.order('first_review', { merchant: w.other });
    expect((await get('reviewer1', '/loanapi/review/order_detail', { id: outside })).code).toBe(NOT_FOUND);
    expect((await get('collector', '/loanapi/review/order_detail', { id })).code).toBe(FORBIDDEN);
    expect((await get('reviewer1', '/loanapi/review/order_detail', { id: 'x' })).code).toBe(VALIDATION);
    const opts = await get('reviewer1', '/loanapi/review/filter_options');
    expect(opts.data.merchants.map((m: { id: number }) => m.id)).not.toContain(w.other);
  });
});

describe('refusals of every route', () => {
  it('answers 40300 without the node, 40400 for another merchant, 42200 in the wrong state, 40000 for bad input', async () => {
    const first = await w.order('first_review');
    const outside = await w.order('first_review', { merchant: w.other });
    const closed = await w.order('closed');
    const suspendedOutside = await w.order('suspended', { merchant: w.other });
    const cases: Array<[string, string, unknown, number]> = [
      ['reviewer2', '/loanapi/review/trial/release', { id: first }, FORBIDDEN],
      ['reviewer1', '/loanapi/review/trial/release', { id: outside }, NOT_FOUND],
      ['reviewer1', '/loanapi/review/trial/release', { id: -1 }, VALIDATION],
      ['reviewer2', '/loanapi/review/trial/reject', { id: first, reason: '1' }, FORBIDDEN],
      ['reviewer1', '/loanapi/review/trial/reject', { id: outside, reason: '1' }, NOT_FOUND],
      ['reviewer1', '/loanapi/review/trial/batch_reject', { ids: [first, outside], reason: '1' }, NOT_FOUND],
      ['reviewer2', '/loanapi/review/trial/batch_reject', { ids: [first], reason: '1' }, FORBIDDEN],
      ['reviewer1', '/loanapi/review/trial/batch_reject', { ids: [closed], reason: '1' }, INVALID],
      ['reviewer1', '/loanapi/review/trial/next', { exclude: ['x'] }, VALIDATION],
      ['reviewer2', '/loanapi/review/trial/to_service', { id: first, note: 'x' }, FORBIDDEN],
      ['reviewer1', '/loanapi/review/trial/to_service', { id: outside, note: 'x' }, NOT_FOUND],
      ['reviewer1', '/loanapi/review/trial/to_service', { id: closed, note: 'x' }, INVALID],
      ['reviewer2', '/loanapi/review/initialReviewCustomerService/release', { id: first }, FORBIDDEN],
      ['reviewer1', '/loanapi/review/initialReviewCustomerService/release', { id: first }, INVALID],
      ['reviewer2', '/loanapi/review/initialReviewCustomerService/finish', { id: first, result: 'reached' }, FORBIDDEN],
      ['reviewer1', '/loanapi/review/initialReviewCustomerService/finish', { id: outside, result: 'reached' }, NOT_FOUND],
      ['prereview', '/loanapi/review/loanInterception/close', { id: first }, INVALID],
      ['prereview', '/loanapi/review/loanInterception/close', { id: suspendedOutside }, NOT_FOUND],
      ['reviewer1', '/loanapi/review/loanInterception/close', { id: first }, FORBIDDEN],
      ['prereview', '/loanapi/review/loanInterception/release', { id: 'x' }, VALIDATION],
      ['reviewer1', '/loanapi/review/order/close_all', { ids: [first] }, FORBIDDEN],
      ['orderdesk', '/loanapi/review/order/close_all', { ids: [outside] }, NOT_FOUND],
      ['reviewer1', '/loanapi/review/order/reset', { ids: [closed] }, FORBIDDEN],
      ['admin', '/loanapi/review/order/reset', { ids: [] }, VALIDATION],
      ['reviewer1', '/loanapi/review/order/return_withdrawal', { ids: [closed] }, FORBIDDEN],
      ['reviewer1', '/loanapi/review/order/switch_manual', { ids: [closed] }, FORBIDDEN],
      ['orderdesk', '/loanapi/review/order/switch_manual', { ids: [outside] }, NOT_FOUND],
      ['reviewer1', '/loanapi/review/order/reloan_approve', { id: first }, FORBIDDEN],
      ['admin', '/loanapi/review/order/reloan_approve', { id: first }, INVALID],
      ['admin', '/loanapi/review/order/reloan_approve', { id: first, limit: -3 }, VALIDATION],
      ['reviewer1', '/loanapi/review/order/reloan_reject', { id: first, reason: '1' }, FORBIDDEN],
      ['orderdesk', '/loanapi/review/order/reloan_reject', { id: outside, reason: '1' }, NOT_FOUND],
      ['orderdesk', '/loanapi/review/resettingOrder/reset', { ids: [outside] }, NOT_FOUND],
    ];
    for (const [who, url, body, expected] of cases) {
      const res = await post(who, url, body);
      expect(res.code, `${who} ${url} ${JSON.stringify(body)}: ${res.msg}`).toBe(expected);
    }
    for (const [who, url, q, expected] of [
      ['reviewer1', '/loanapi/review/initialReviewCustomerService/list', { claim: 'nobody' }, VALIDATION],
      ['reviewer2', '/loanapi/review/initialReviewCustomerService/list', {}, FORBIDDEN],
      ['reviewer1', '/loanapi/review/loanInterception/list', {}, FORBIDDEN],
      ['prereview', '/loanapi/review/loanInterception/list', { view: 'all' }, VALIDATION],
      ['reviewer1', '/loanapi/review/resettingOrder/list', {}, FORBIDDEN],
      ['reviewer1', '/loanapi/review_flow/list', {}, FORBIDDEN],
      ['collector', '/loanapi/review/filter_options', {}, FORBIDDEN],
    ] as Array<[string, string, Record<string, unknown>, number]>) {
      expect((await get(who, url, q)).code, `${who} ${url}`).toBe(expected);
    }
    // Nothing moved.
    expect((await statusOf(first)).status).toBe('first_review');
    expect((await statusOf(closed)).status).toBe('closed');
    expect(await tasksOf(first)).toHaveLength(0);
  });
});
