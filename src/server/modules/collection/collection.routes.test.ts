import crypto from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_API } from '../../../schemas/collection';
import { SUPERVISE_API, type AlertRow, type LiveCounts } from '../../../schemas/collectionSupervise';
import { langById } from '../../../schemas/i18n';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../../tests/support/testApp';
import { translate } from '../../i18n';
import { hashPassword } from '../auth/auth.routes';
import { adminAccount } from '../empower/empower.table';
import { checkLedger } from '../ledger/ledger';
import { dateIn } from '../lifecycle/clock';
import { operationLog } from '../log/log.table';
import { loanOrder } from '../order/order.table';
import { applyMoneyIn } from '../repayment/account';
import { runEndOfDay } from '../repayment/endOfDay';
import { createLendingMerchant, disbursedOrder, ledgerOfOrder } from '../repayment/repayment.fixtures';
import { createCollectors, createStages } from './collection.fixtures';
import { collectionCase, collectionEvent, collectionPromise, collectorMember, collectionStage } from './collection.table';
import { runCollectionDay } from './day';

/**
 * Pools, lists and supervision through HTTP, on orders that went through the real payout and a collection day on the
 * business clock: the pool lists only unassigned open cases of the reader's merchants; claims (group members under
 * their cap; others refused), assignment checked against the stage (all or none), return, stay; reminders; live
 * counts that match what was done; capacity alerts; successes; refunds of credit that keep each order's ledger equal
 * to its figures; the allocation log with its reasons; 40300 for roles without the actions.
 */
let t: TestApp;
let A: number;
let B: number;
let c1: number;
let c2: number;
let c3: number;
let reminderId: number;
let colSupervisorId: number;
const tok: Record<string, string> = {};
let stages: Array<typeof collectionStage.$inferSelect>;
let s1Orders: number[];
let remindOrders: number[];
let bOrder: number;
let today: string;

const EN = langById(100);
/** What the server answers for a message id in English (the id itself until the locale parts are merged). */
const says = (id: string, values: Record<string, unknown> = {}) => translate(EN, id, values);
const key = () => ({ 'idempotency-key': `k-${crypto.randomUUID()}` });
const caseOf = async (orderId: number) => (await t.db.select().from(collectionCase).where(eq(collectionCase.orderId, orderId)).orderBy(asc(collectionCase.id))).at(-1)!;
const orderRow = async (id: number) => (await t.db.select().from(loanOrder).where(eq(loanOrder.id, id)))[0];
const rows = async (token: string, url: string, q: Record<string, unknown> = {}) => {
  const res = await t.get(token, url, { size: 500, ...q });
  expect(res.code, res.msg).toBe(20000);
  return res.data.rows as Array<Record<string, any>>;
};

beforeAll(async () => {
  t = await createTestApp();
  await t.app.businessClock.set(null);
  ({ merchantId: A } = await createLendingMerchant(t.app.deps, { grace_days: 0 }));
  ({ merchantId: B } = await createLendingMerchant(t.app.deps, { grace_days: 0 }));
  const tag = crypto.randomBytes(2).toString('hex');
  [c1, c2, c3] = await createCollectors(t.app.deps, A, 3, tag);
  const pwd = await hashPassword(DEMO_PASSWORD);
  await t.db.update(adminAccount).set({ passwordHash: pwd, googleSkipUntil: new Date(Date.now() + 86_400_000) }).where(inArray(adminAccount.id, [c1, c2, c3]));
  // The demo staff work merchant A only.
  await t.db.update(adminAccount).set({ merchantIds: [A] }).where(inArray(adminAccount.account, ['reminder', 'colsupervisor', 'merchant']));
  const staff = await t.db.select({ id: adminAccount.id, account: adminAccount.account }).from(adminAccount).where(inArray(adminAccount.account, ['reminder', 'colsupervisor']));
  reminderId = staff.find((s) => s.account === 'reminder')!.id;
  colSupervisorId = staff.find((s) => s.account === 'colsupervisor')!.id;
  // Reminders: the reminder agent and c3; S1 (cap 2 a day): c1 and c2; S2: c1.
  stages = await createStages(t.app.deps, A, [], [
    { name: 'D-2..D0', minDay: -2, maxDay: 0, reminder: true, dailyCap: 5 },
    { name: 'S1', minDay: 1, maxDay: 7, dailyCap: 2 },
    { name: 'S2', minDay: 8, maxDay: 30 },
  ], { 'D-2..D0': [reminderId, c3], S1: [c1, c2], S2: [c1] });
  await createStages(t.app.deps, B, [], [{ name: 'S1', minDay: 1, maxDay: 7 }]); // nobody: B's cases stay in its pool

  s1Orders = [];
  for (let i = 0; i < 6; i++) s1Orders.push((await disbursedOrder(t.app.deps, A, { loan: 1_000_000, interest: 100_000, loanDays: 2 })).orderId);
  remindOrders = [];
  for (let i = 0; i < 2; i++) remindOrders.push((await disbursedOrder(t.app.deps, A, { loan: 1_000_000, interest: 100_000, loanDays: 4 })).orderId);
  bOrder = (await disbursedOrder(t.app.deps, B, { loanDays: 2 })).orderId;

  // Three business days later: the first six are 1 day overdue (S1), the last two due tomorrow (reminders).
  await t.app.businessClock.advanceDays(3);
  await runEndOfDay(t.app.deps, { merchantIds: [A, B] });
  await runCollectionDay(t.app.deps, { merchantIds: [A, B] });
  today = dateIn(t.app.businessClock.now(), 'Asia/Ho_Chi_Minh');

  const [n1, n2, n3] = (await t.db.select({ account: adminAccount.account }).from(adminAccount).where(inArray(adminAccount.id, [c1, c2, c3])).orderBy(asc(adminAccount.id))).map((a) => a.account);
  for (const [name, login] of [['c1', n1], ['c2', n2], ['c3', n3], ['reminder', 'reminder'], ['colsupervisor', 'colsupervisor'], ['supervisor', 'supervisor'], ['merchant', 'merchant'], ['admin', 'admin']] as const) {
    tok[name] = await t.login(login);
  }
}, 180_000);
afterAll(async () => {
  await t.app.businessClock.set(null);
  await t.close();
});

describe('the pool (collectionRemark)', () => {
  it('lists only the open cases without a collector of the reader’s merchants, with stage, days and debt', async () => {
    const pool = await rows(tok.c1, COLLECTION_API.pool);
    expect(pool.length).toBe(2); // 6 S1 cases, 2 collectors × cap 2: two left; B's case is outside c1's merchants
    for (const r of pool) {
      expect(r).toMatchObject({ merchant_id: A, stage_name: 'S1', collector_id: null, status: 'open', days: 1, overdue_days: 1 });
      expect(r.debt).toBeGreaterThan(0);
      expect(s1Orders).toContain(r.order_id);
    }
    const all = await rows(tok.admin, COLLECTION_API.pool);
    expect(all.map((r) => r.merchant_id).sort()).toEqual([A, A, B].sort());
    // claimable: only the stages whose group the reader is in (c3 serves the reminders only).
    expect(await rows(tok.c3, COLLECTION_API.pool, { claimable: 1 })).toEqual([]);
    expect((await rows(tok.c1, COLLECTION_API.pool, { claimable: 1 })).length).toBe(2);
    expect((await rows(tok.c1, COLLECTION_API.pool, { overdue_min: 2 })).length).toBe(0);
    expect((await rows(tok.c1, COLLECTION_API.pool, { overdue_min: 1, overdue_max: 1 })).length).toBe(2);
  });

  it('a claim by a group member under the cap wins; at the cap, outside the group or a second time it is refused', async () => {
    const [p1, p2] = await rows(tok.c1, COLLECTION_API.pool);
    const atCap = await t.post(tok.c2, COLLECTION_API.claim, { id: p1.id });
    expect(atCap).toMatchObject({ code: 40900, msg: says('collection.capReached', { cap: 2 }) });
    const outsider = await t.post(tok.c3, COLLECTION_API.claim, { id: p1.id });
    expect(outsider).toMatchObject({ code: 40300, msg: says('collection.notInGroup') });
    // c1 gets a cap of their own in S1.
    await t.db.update(collectorMember).set({ dailyCap: 10 }).where(and(eq(collectorMember.accountId, c1), eq(collectorMember.groupId, stages[1].groupId)));
    const ok = await t.post(tok.c1, COLLECTION_API.claim, { id: p1.id });
    expect(ok.code, ok.msg).toBe(20000);
    expect(ok.data).toMatchObject({ id: p1.id, collector_id: c1 });
    expect((await t.post(tok.c1, COLLECTION_API.claim, { id: p1.id })).code).toBe(40900);
    expect((await rows(tok.c1, COLLECTION_API.pool)).map((r) => r.id)).toEqual([p2.id]);
    const log = await t.db.select().from(operationLog).where(and(eq(operationLog.action, 'collection.claim'), eq(operationLog.targetId, String(p1.id))));
    expect(log.length).toBe(1);
    // Another merchant's case is not found for c1.
    const bCase = await caseOf(bOrder);
    expect((await t.post(tok.c1, COLLECTION_API.claim, { id: bCase.id })).code).toBe(40400);
  });

  it('the collection supervisor assigns, all or none: a collector outside a case’s stage group is refused with the stage named', async () => {
    const [p2] = await rows(tok.colsupervisor, COLLECTION_API.pool);
    const wrong = await t.post(tok.colsupervisor, COLLECTION_API.assign, { ids: [p2.id], collector_id: c3 });
    expect(wrong).toMatchObject({ code: 40900, msg: says('collection.wrongStage', { stage: 'S1' }) });
    expect((await caseOf(p2.order_id)).collectorId).toBeNull();
    // A reminder case and an S1 case to c2: c2 serves S1 only → nothing moves.
    const reminderCase = await caseOf(remindOrders[0]);
    const mixed = await t.post(tok.colsupervisor, COLLECTION_API.assign, { ids: [p2.id, reminderCase.id], collector_id: c2 });
    expect(mixed.code).toBe(40900);
    expect((await caseOf(p2.order_id)).collectorId).toBeNull();
    const ok = await t.post(tok.colsupervisor, COLLECTION_API.assign, { ids: [p2.id], collector_id: c2, reason: 'covers the pool' });
    expect(ok.code, ok.msg).toBe(20000);
    expect(ok.data.assigned).toBe(1);
    expect((await caseOf(p2.order_id)).collectorId).toBe(c2);
    expect(await rows(tok.colsupervisor, COLLECTION_API.pool)).toEqual([]);
  });

  it('the collection supervisor returns held cases to the pool and marks cases to stay; a pool case cannot stay or go back', async () => {
    const held = await rows(tok.colsupervisor, COLLECTION_API.cases, { collector_id: c2 });
    expect(held.length).toBe(3); // 2 from the day, 1 assigned
    const back = held[0];
    const res = await t.post(tok.colsupervisor, COLLECTION_API.returnToPool, { ids: [back.id], note: 'on leave' });
    expect(res.code, res.msg).toBe(20000);
    expect((await rows(tok.c1, COLLECTION_API.pool)).map((r) => r.id)).toEqual([back.id]);
    expect((await t.post(tok.colsupervisor, COLLECTION_API.returnToPool, { ids: [back.id] }))).toMatchObject({ code: 40900, msg: says('collection.inPool') });
    expect((await t.post(tok.colsupervisor, COLLECTION_API.stay, { id: back.id, stay: true })).code).toBe(40900);
    const keep = held[1];
    expect((await t.post(tok.colsupervisor, COLLECTION_API.stay, { id: keep.id, stay: true })).data).toMatchObject({ id: keep.id, stay: true });
    expect((await rows(tok.colsupervisor, COLLECTION_API.cases, { stay: 1 })).map((r) => r.id)).toEqual([keep.id]);
    const ev = await t.db.select().from(collectionEvent).where(and(eq(collectionEvent.caseId, keep.id), eq(collectionEvent.kind, 'note')));
    expect(ev.map((e) => e.reason)).toEqual(['stay_on']);
    // c1 takes the returned case (own cap 10 in S1).
    expect((await t.post(tok.c1, COLLECTION_API.claim, { id: back.id })).code).toBe(20000);
  });
});

describe('the reminder list (collectionPromptList)', () => {
  it('lists the reminder-stage cases; the holder records a reminder; others and unknown results are refused', async () => {
    const list = await rows(tok.reminder, COLLECTION_API.prompt);
    expect(list.map((r) => r.order_id).sort()).toEqual([...remindOrders].sort());
    expect(list.every((r) => r.days === -1 && r.reminder === true)).toBe(true);
    const mine = await rows(tok.reminder, COLLECTION_API.prompt, { holder: 'mine' });
    expect(mine.length).toBe(1);
    const other = list.find((r) => r.id !== mine[0].id)!;
    expect(other.collector_id).toBe(c3);

    const bad = await t.post(tok.reminder, SUPERVISE_API.remind, { id: mine[0].id, result: 'sang_a_song' });
    expect(bad.code).toBe(40000);
    expect(bad.data.issues[0].path).toBe('result');
    expect((await t.post(tok.reminder, SUPERVISE_API.remind, { id: other.id, result: 'answered' }))).toMatchObject({ code: 40300, msg: says('collection.notYours') });
    const ok = await t.post(tok.reminder, SUPERVISE_API.remind, { id: mine[0].id, result: 'answered', note: 'will pay tomorrow' });
    expect(ok.code, ok.msg).toBe(20000);
    const c = await caseOf(mine[0].order_id);
    expect(c.lastResult).toBe('answered');
    expect(c.lastContactAt).not.toBeNull();
    const ev = await t.db.select().from(collectionEvent).where(and(eq(collectionEvent.caseId, c.id), eq(collectionEvent.kind, 'result')));
    expect(ev).toMatchObject([{ reason: 'answered', note: 'will pay tomorrow', actorId: reminderId }]);
    expect((await rows(tok.reminder, COLLECTION_API.prompt, { last_result: 'answered' })).map((r) => r.id)).toEqual([c.id]);
  });

  it('the reminder agent claims reminder cases only', async () => {
    const mine = (await rows(tok.reminder, COLLECTION_API.prompt, { holder: 'mine' }))[0];
    await t.post(tok.colsupervisor, COLLECTION_API.returnToPool, { ids: [mine.id] });
    const s1 = (await rows(tok.colsupervisor, COLLECTION_API.cases, { collector_id: c2 }))[0];
    await t.post(tok.colsupervisor, COLLECTION_API.returnToPool, { ids: [s1.id] });
    expect((await t.post(tok.reminder, SUPERVISE_API.promptClaim, { id: s1.id }))).toMatchObject({ code: 40300, msg: says('collection.notReminder') });
    expect((await t.post(tok.reminder, COLLECTION_API.claim, { id: mine.id })).code).toBe(40300); // the pool's claim is not theirs
    const ok = await t.post(tok.reminder, SUPERVISE_API.promptClaim, { id: mine.id });
    expect(ok.code, ok.msg).toBe(20000);
    expect((await caseOf(mine.order_id)).collectorId).toBe(reminderId);
    expect((await t.post(tok.colsupervisor, COLLECTION_API.assign, { ids: [s1.id], collector_id: c2 })).code).toBe(20000);
  });
});

describe('the collection supervisor’s board (CollectionServiceManagement)', () => {
  it('live counts match what was done: held, new today against the cap, results, promises, money recovered today', async () => {
    // A promise c1 took, one c2 took that was broken today, and money in on one of c1's cases.
    const c1Cases = await rows(tok.colsupervisor, COLLECTION_API.cases, { collector_id: c1 });
    const c2Cases = await rows(tok.colsupervisor, COLLECTION_API.cases, { collector_id: c2 });
    await t.db.insert(collectionPromise).values({ caseId: c1Cases[0].id, orderId: c1Cases[0].order_id, promiseDate: today, amountMinor: 200_000, status: 'pending', createdBy: c1 });
    await t.db.insert(collectionPromise).values({
      caseId: c2Cases[0].id, orderId: c2Cases[0].order_id, promiseDate: today, amountMinor: 200_000, status: 'broken', createdBy: c2, resolvedAt: t.app.businessClock.now(),
    });
    await t.db.transaction((tx) => applyMoneyIn(tx, t.app.deps, { orderId: c1Cases[0].order_id, amount: 150_000, type: 'reconciliation', actorId: 1, reference: 'part' }));

    const res = await t.get<LiveCounts>(tok.colsupervisor, COLLECTION_API.liveCounts);
    expect(res.code, res.msg).toBe(20000);
    expect(res.data.dates[String(A)]).toBe(today);
    const by = new Map(res.data.rows.map((r) => [r.collector_id, r]));
    // c1: 2 from the day + claimed 2 (one of them returned to them after a return) = 4 received, 4 held.
    expect(by.get(c1)).toMatchObject({ held: 4, new_today: 4, cap: 50, results_today: 0, promises_pending: 1, promises_kept: 0, promises_broken: 0 });
    expect(by.get(c1)!.recovered_today).toEqual([{ currency: (await orderRow(c1Cases[0].order_id)).currency, amount: 150_000 }]);
    // c2: 2 from the day + 2 manual assignments, 2 returned: holds 2.
    expect(by.get(c2)).toMatchObject({ held: 2, new_today: 4, cap: 2, promises_pending: 0, promises_broken: 1, recovered_today: [] });
    // The reminder agent: 1 from the day + 1 claim; one reminder recorded.
    expect(by.get(reminderId)).toMatchObject({ held: 1, new_today: 2, cap: 5, results_today: 1 });
    expect(by.get(c3)).toMatchObject({ held: 1, new_today: 1, results_today: 0 });
    expect(res.data.pool).toBe(0);
    // The numbers agree with the cases table.
    const open = await t.db.select().from(collectionCase).where(and(eq(collectionCase.merchantId, A), eq(collectionCase.status, 'open')));
    for (const id of [c1, c2, c3, reminderId]) expect(by.get(id)!.held).toBe(open.filter((c) => c.collectorId === id).length);
  });

  it('lists the capacity alerts of the scope with the stage, the date and how many stayed unassigned', async () => {
    const res = await t.get<AlertRow[]>(tok.colsupervisor, COLLECTION_API.alerts);
    expect(res.code, res.msg).toBe(20000);
    expect(res.data).toMatchObject([{ merchant_id: A, stage_id: stages[1].id, stage_name: 'S1', business_date: today, unassigned: 2, pool_now: 0 }]);
    const all = await t.get<AlertRow[]>(tok.admin, COLLECTION_API.alerts);
    expect(all.data.map((a) => a.merchant_id).sort()).toEqual([A, B].sort());
  });

  it('filters the cases by collector, stage and promise status', async () => {
    expect((await rows(tok.colsupervisor, COLLECTION_API.cases, { stage_id: stages[0].id })).length).toBe(2);
    expect((await rows(tok.colsupervisor, COLLECTION_API.cases, { promise_status: 'pending' }))).toEqual([]); // the promise rows, not the case's latest
    expect((await rows(tok.colsupervisor, COLLECTION_API.cases, { holder: 'pool' }))).toEqual([]);
    expect((await rows(tok.colsupervisor, COLLECTION_API.cases)).length).toBe(8);
  });

  it('runs the collection day now for a merchant of the scope (forced) and shows the result; another merchant is not found', async () => {
    const res = await t.post(tok.colsupervisor, COLLECTION_API.runDay, { merchant_id: A });
    expect(res.code, res.msg).toBe(20000);
    expect(res.data).toMatchObject({ ran: true, merchants: [{ merchantId: A, businessDate: today, skipped: false }] });
    expect((await t.post(tok.colsupervisor, COLLECTION_API.runDay, { merchant_id: B })).code).toBe(40400);
  });
});

describe('successes and refunds of credit', () => {
  let paidOrder: number;

  it('a repaid case is listed as a success with who held it, what came in and how', async () => {
    const held = (await rows(tok.colsupervisor, COLLECTION_API.cases, { collector_id: c2 }))[0];
    paidOrder = held.order_id;
    const o = await orderRow(paidOrder);
    // 50,000 more than the debt: the order settles and the rest is the customer's credit.
    await t.db.transaction((tx) => applyMoneyIn(tx, t.app.deps, { orderId: paidOrder, amount: o.remainingDebtMinor + 50_000, type: 'reconciliation', actorId: 1, reference: 'all' }));
    const list = await rows(tok.colsupervisor, COLLECTION_API.success);
    expect(list).toMatchObject([{ order_id: paidOrder, collector_id: c2, close_reason: 'settled', status: 'success', recovered: o.remainingDebtMinor + 50_000 }]);
    expect(await rows(tok.colsupervisor, COLLECTION_API.success, { how: 'extended' })).toEqual([]);
  });

  it('refunds at most the credit, once per key; the order’s ledger entries keep equalling its credit', async () => {
    const list = await rows(tok.merchant, COLLECTION_API.refunds);
    expect(list).toMatchObject([{ id: paidOrder, credit: 50_000, status: 'settled' }]);

    const above = await t.post(tok.merchant, COLLECTION_API.refund, { id: paidOrder, amount: 60_000, reason: 'customer asked' }, key());
    expect(above.code).toBe(40000);
    expect(above.data.issues[0]).toMatchObject({ path: 'amount', id: 'collection.refundAboveCredit' });
    expect((await orderRow(paidOrder)).creditMinor).toBe(50_000);
    expect((await t.post(tok.merchant, COLLECTION_API.refund, { order_id: paidOrder, amount: 20_000, reason: 'customer asked' })).code).toBe(40000); // no key

    const k = key();
    const ok = await t.post(tok.merchant, COLLECTION_API.refund, { order_id: paidOrder, amount: 20_000, reason: 'customer asked' }, k);
    expect(ok.code, ok.msg).toBe(20000);
    expect(ok.data).toMatchObject({ order_id: paidOrder, amount: 20_000, credit_before: 50_000, credit: 30_000 });
    const again = await t.post(tok.merchant, COLLECTION_API.refund, { order_id: paidOrder, amount: 20_000, reason: 'customer asked' }, k);
    expect(again.data).toEqual(ok.data);
    expect((await orderRow(paidOrder)).creditMinor).toBe(30_000);
    expect((await ledgerOfOrder(t.app.deps, paidOrder)).credit).toBe(30_000);
    const book = await checkLedger(t.db);
    expect(book.unbalancedPostings).toEqual([]);
    expect(book.driftedAccounts).toEqual([]);

    const history = await rows(tok.merchant, SUPERVISE_API.refundHistory);
    expect(history).toMatchObject([{ order_id: paidOrder, amount: 20_000, memo: 'credit refunded: customer asked' }]);
    const log = await t.db.select().from(operationLog).where(eq(operationLog.action, 'collection.refund'));
    expect(log.length).toBe(1);

    // The rest, then nothing is left to refund; another merchant's order is not found.
    expect((await t.post(tok.merchant, COLLECTION_API.refund, { order_id: paidOrder, amount: 30_000, reason: 'rest' }, key())).data.credit).toBe(0);
    expect((await t.post(tok.merchant, COLLECTION_API.refund, { order_id: paidOrder, amount: 1, reason: 'more' }, key())).code).toBe(40900);
    expect((await t.post(tok.merchant, COLLECTION_API.refund, { order_id: bOrder, amount: 1, reason: 'more' }, key())).code).toBe(40400);
    expect(await rows(tok.merchant, COLLECTION_API.refunds)).toEqual([]);
    expect((await ledgerOfOrder(t.app.deps, paidOrder)).credit).toBe(0);
  });
});

describe('the allocation log (CollectionAllocationQuery)', () => {
  it('shows who got what and why, filterable by reason, kind, collector and stage', async () => {
    const all = await rows(tok.colsupervisor, COLLECTION_API.allocation);
    const reasons = new Set(all.map((r) => r.reason));
    for (const r of ['least_loaded', 'claimed', 'manual', 'returned']) expect(reasons).toContain(r);
    expect(all.every((r) => r.merchant_id === A)).toBe(true);
    const manual = await rows(tok.colsupervisor, COLLECTION_API.allocation, { reason: 'manual' });
    expect(manual.length).toBe(2);
    expect(manual.every((r) => r.kind === 'assigned' && r.to_collector !== null && r.actor_name !== null)).toBe(true);
    const claimed = await rows(tok.colsupervisor, COLLECTION_API.allocation, { kind: 'claimed', to_collector_id: c1 });
    expect(claimed.length).toBe(2);
    const returned = await rows(tok.colsupervisor, COLLECTION_API.allocation, { kind: 'returned' });
    expect(returned.length).toBe(3);
    expect(returned.every((r) => r.from_collector !== null && r.to_collector === null)).toBe(true);
    const s1 = await rows(tok.colsupervisor, COLLECTION_API.allocation, { to_stage_id: stages[1].id, reason: 'least_loaded' });
    expect(s1.length).toBe(4);
    expect(s1.every((r) => r.to_stage === 'S1')).toBe(true);
    const byOrder = await rows(tok.colsupervisor, COLLECTION_API.allocation, { order_no: (await orderRow(remindOrders[0])).orderNo });
    expect(byOrder.length).toBeGreaterThan(0);
    expect(byOrder.every((r) => r.order_id === remindOrders[0])).toBe(true);
  });
});

describe('the list engine', () => {
  it('pages the cases by keyset on a joined column, each row once, and exports the lists', async () => {
    const all = await rows(tok.colsupervisor, COLLECTION_API.cases);
    const seen: number[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 10; i++) {
      const res = await t.get(tok.colsupervisor, COLLECTION_API.cases, { size: 3, sort: 'debt:desc', ...(cursor ? { cursor } : {}) });
      expect(res.code, res.msg).toBe(20000);
      seen.push(...res.data.rows.map((r: { id: number }) => r.id));
      cursor = res.data.next_cursor ?? undefined;
      if (!cursor) break;
    }
    expect(seen.length).toBe(all.length);
    expect(new Set(seen)).toEqual(new Set(all.map((r) => r.id)));
    for (const [url, n] of [[COLLECTION_API.cases, all.length], [COLLECTION_API.allocation, (await rows(tok.colsupervisor, COLLECTION_API.allocation)).length]] as const) {
      const exp = await t.get(tok.colsupervisor, url, { download_excel: 1, format: 'csv' });
      expect(exp.code, exp.msg).toBe(20000);
      expect(exp.data).toMatchObject({ status: 'done', rows_done: n });
    }
    const hist = await t.get(tok.merchant, SUPERVISE_API.refundHistory, { download_excel: 1, format: 'csv' });
    expect(hist.data).toMatchObject({ status: 'done', rows_done: 2 });
    const file = await t.app.inject({ method: 'GET', url: hist.data.file_url });
    expect(file.body).toContain('customer asked');
  });
});

describe('permissions', () => {
  it('refuses (40300) the roles without the actions', async () => {
    const pool = (await t.db.select().from(collectionCase).where(eq(collectionCase.merchantId, B)))[0];
    expect((await t.post(tok.c1, COLLECTION_API.assign, { ids: [pool.id], collector_id: c1 })).code).toBe(40300);
    expect((await t.post(tok.c1, COLLECTION_API.returnToPool, { ids: [pool.id] })).code).toBe(40300);
    expect((await t.get(tok.c1, COLLECTION_API.liveCounts)).code).toBe(40300);
    expect((await t.get(tok.c1, COLLECTION_API.refunds)).code).toBe(40300);
    expect((await t.post(tok.reminder, COLLECTION_API.refund, { order_id: 1, amount: 1, reason: 'xx' }, key())).code).toBe(40300);
    expect((await t.post(tok.colsupervisor, COLLECTION_API.refund, { order_id: 1, amount: 1, reason: 'xx' }, key())).code).toBe(40300);
    expect((await t.post(tok.merchant, COLLECTION_API.claim, { id: pool.id })).code).toBe(40300);
    expect((await t.post(tok.c1, SUPERVISE_API.remind, { id: pool.id, result: 'answered' })).code).toBe(40300);
    expect((await t.post(tok.reminder, COLLECTION_API.runDay, { merchant_id: A })).code).toBe(40300);
    expect((await t.get(tok.merchant, COLLECTION_API.allocation)).code).toBe(40300);
    expect((await t.get(tok.colsupervisor, COLLECTION_API.allocation)).code).toBe(20000);
    // The supervisor reads the allocation log but moves no case.
    expect((await t.get(tok.supervisor, COLLECTION_API.allocation)).code).toBe(20000);
    expect((await t.post(tok.supervisor, COLLECTION_API.assign, { ids: [pool.id], collector_id: c1 })).code).toBe(40300);
    expect((await t.post(tok.supervisor, COLLECTION_API.runDay, { merchant_id: A })).code).toBe(40300);
    expect(colSupervisorId).toBeGreaterThan(0);
  });
});
