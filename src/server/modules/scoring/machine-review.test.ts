import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { VARIABLE_NAMES, VARIABLES, type OrderBreakdown } from '../../../schemas/scoring';
import { STAGE_QUEUES, stagePageOf } from '../../../schemas/review';
import { customer } from '../client/client.table';
import { workTask } from '../task/task.table';
import { merchantIds } from '../client/customer.fixtures';
import { loanOrder, orderStatusHistory } from '../order/order.table';
import { nextReviewStatus } from '../review/flow';
import { runMachineReview } from './machine-review';
import { runMachineReviewBatch } from './machine-review.job';
import { addRule, applicant, setThreshold } from './scoring.fixtures';
import { machineReviewItem, machineReviewRun, scoringRule, scoringSetting } from './scoring.table';
import { computeVariables } from './variables';

let t: TestApp;
let m: { main: number; sub: number; other: number };

const orderOf = async (id: number) => (await t.db.select().from(loanOrder).where(eq(loanOrder.id, id)))[0];
const historyOf = (id: number) => t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id)).orderBy(asc(orderStatusHistory.id));
const runsOf = (id: number) => t.db.select().from(machineReviewRun).where(eq(machineReviewRun.orderId, id));
const itemsOf = (runId: number) => t.db.select().from(machineReviewItem).where(eq(machineReviewItem.runId, runId)).orderBy(asc(machineReviewItem.id));

/** The main merchant's rule book for these tests: two audit rules and a small scorecard with a pass score of 600. */
async function ruleBook(merchantId: number): Promise<Record<string, number>> {
  await t.db.delete(scoringRule).where(eq(scoringRule.merchantId, merchantId));
  await t.db.delete(scoringSetting).where(eq(scoringSetting.merchantId, merchantId));
  const ids = {
    blacklist: await addRule(t.db, merchantId, 'audit', { name: 'Blacklisted', left: 'blacklisted', cmp: 'eq', right: 'true', hit: 'reject', order: 10 }),
    age: await addRule(t.db, merchantId, 'audit', { name: 'Age band', left: 'age', cmp: 'between', right: '20, 60', hit: 'none', miss: 'reject', order: 20 }),
    big: await addRule(t.db, merchantId, 'audit', { name: 'Big amount', left: 'application_amount', cmp: 'gt', right: '5000000', hit: 'manual', order: 30 }),
    off: await addRule(t.db, merchantId, 'audit', { name: 'Disabled', left: '1', cmp: 'eq', right: '1', hit: 'reject', order: 40, enabled: false }),
    base: await addRule(t.db, merchantId, 'score', { name: 'Base', left: '1', cmp: 'eq', right: '1', hit: 'add_score', score: 500, order: 10 }),
    income: await addRule(t.db, merchantId, 'score', { name: 'Income', left: 'income_level', cmp: 'gte', right: '3', hit: 'add_score', score: 50, weight: 2, order: 20 }),
    liveness: await addRule(t.db, merchantId, 'score', { name: 'Liveness', left: 'liveness_score', cmp: 'lt', right: '70', hit: 'add_score', score: -80, order: 30 }),
  };
  await setThreshold(t.db, merchantId, 600);
  return ids;
}

beforeAll(async () => {
  t = await createTestApp();
  m = await merchantIds(t.db);
  // A rule of another merchant that would reject everybody: it must never be run for M001's orders.
  await addRule(t.db, m.other, 'audit', { left: '1', cmp: 'eq', right: '1', hit: 'reject' });
}, 60_000);
afterAll(async () => t?.close());

let rules: Record<string, number>;
beforeEach(async () => {
  rules = await ruleBook(m.main);
});

describe('runMachineReview', () => {
  it('approves an order that passes: on to the next review stage, with the breakdown and the customer updated', async () => {
    const a = await applicant(t.db, m.main, { incomeLevel: '4', liveness: 88 });
    const expected = await nextReviewStatus(t.db, { merchantId: m.main, isReturning: false }, 'machine_review');
    const res = await runMachineReview(t.app.deps, a.orderId);
    expect(res).toEqual({ result: 'approved', score: 600, status: expected });

    const o = await orderOf(a.orderId);
    expect(o).toMatchObject({ status: expected, machineReviewResult: 'approved', machineReviewScore: 600, reviewStage: 'machine', reviewResult: 'approved' });
    const h = await historyOf(a.orderId);
    expect(h.map((r) => [r.fromStatus, r.toStatus])).toEqual([[null, 'pending_review'], ['pending_review', 'machine_review'], ['machine_review', expected]]);
    expect(h[1].reason).toBe('machine_start');
    expect(h[2].reason).toMatch(/^machine_pass: score 600 ≥ 600/);
    expect(h.every((r) => r.accountId === null)).toBe(true);

    const [run] = await runsOf(a.orderId);
    expect(run).toMatchObject({ result: 'approved', decision: 'pass', score: 600, passScore: 600, merchantId: m.main, customerId: a.customerId });
    expect(run.variables).toMatchObject({ income_level: 4, liveness_score: 88, blacklisted: false, application_amount: 3_000_000 });
    const items = await itemsOf(run.id);
    // Enabled rules only, audit rules first, each in its order; none of the other merchant's rules.
    expect(items.map((i) => i.ruleId)).toEqual([rules.blacklist, rules.age, rules.big, rules.base, rules.income, rules.liveness]);
    expect(items.find((i) => i.ruleId === rules.income)).toMatchObject({ held: true, action: 'add_score', score: 50, weight: 2, contribution: 100, leftValue: 4, rightValue: [3] });
    expect(items.find((i) => i.ruleId === rules.age)).toMatchObject({ held: true, action: 'none', contribution: 0, rightValue: [20, 60] });
    expect(items.find((i) => i.ruleId === rules.liveness)).toMatchObject({ held: false, action: 'none', contribution: 0, leftValue: 88 });

    const [c] = await t.db.select().from(customer).where(eq(customer.id, a.customerId));
    expect(c).toMatchObject({ machineReviewResult: 'approved', machineReviewStatus: 'done' });
    expect(c.machineReviewAt).not.toBeNull();
    // The review area's stage queue has the order at once (a task to claim), when the next status is a stage.
    const stage = stagePageOf(expected);
    const tasks = await t.db.select().from(workTask).where(eq(workTask.orderId, a.orderId));
    expect(tasks.map((x) => [x.queue, x.status])).toEqual(stage ? [[STAGE_QUEUES[stage].queue, 'open']] : []);
  });

  it('rejects an order a rule rejects: closed with machine_reject, the rule named, the breakdown stored', async () => {
    const a = await applicant(t.db, m.main, { blacklisted: true, incomeLevel: '5' });
    const res = await runMachineReview(t.app.deps, a.orderId);
    expect(res).toMatchObject({ result: 'rejected', status: 'closed' });
    const o = await orderOf(a.orderId);
    expect(o).toMatchObject({ status: 'closed', machineReviewResult: 'rejected', reviewResult: 'rejected' });
    expect(o.loanRemark).toContain('Blacklisted');
    const h = await historyOf(a.orderId);
    expect(h.at(-1)).toMatchObject({ fromStatus: 'machine_review', toStatus: 'closed' });
    expect(h.at(-1)!.reason).toMatch(/^machine_reject: rule: Blacklisted/);
    const [run] = await runsOf(a.orderId);
    expect(run).toMatchObject({ result: 'rejected', decision: 'reject' });
    const items = await itemsOf(run.id);
    expect(items.find((i) => i.ruleId === rules.blacklist)).toMatchObject({ held: true, action: 'reject', leftValue: true, rightValue: [true] });
    const [c] = await t.db.select().from(customer).where(eq(customer.id, a.customerId));
    expect(c).toMatchObject({ machineReviewResult: 'rejected', machineReviewStatus: 'done' });
  });

  it('rejects when the score falls below the pass score, and a missing birth date fails the age band', async () => {
    const low = await applicant(t.db, m.main, { incomeLevel: '2', liveness: 50 });
    expect(await runMachineReview(t.app.deps, low.orderId)).toMatchObject({ result: 'rejected', score: 420, status: 'closed' });
    expect((await runsOf(low.orderId))[0]).toMatchObject({ decision: 'score_low', score: 420, passScore: 600 });

    const noBirth = await applicant(t.db, m.main, { birthDate: null, incomeLevel: '4' });
    expect(await runMachineReview(t.app.deps, noBirth.orderId)).toMatchObject({ result: 'rejected', status: 'closed' });
    expect((await runsOf(noBirth.orderId))[0]).toMatchObject({ decision: 'reject', reason: 'rule: Age band' });
  });

  it('records a manual-review rule as the decision and still passes the order on', async () => {
    const a = await applicant(t.db, m.main, { incomeLevel: '3', amount: 9_000_000 });
    const res = await runMachineReview(t.app.deps, a.orderId);
    expect(res.result).toBe('approved');
    expect(res.status).not.toBe('closed');
    expect((await runsOf(a.orderId))[0]).toMatchObject({ decision: 'manual' });
  });

  it('applies the pass score only with a scorecard: audit rules alone decide otherwise', async () => {
    await t.db.delete(scoringRule).where(and(eq(scoringRule.merchantId, m.main), eq(scoringRule.kind, 'score')));
    const a = await applicant(t.db, m.main, { incomeLevel: '1' });
    expect(await runMachineReview(t.app.deps, a.orderId)).toMatchObject({ result: 'approved', score: 0 });
    expect((await runsOf(a.orderId))[0]).toMatchObject({ passScore: null, decision: 'pass' });
  });

  it('sends a rule that no longer reads (an unknown variable) to manual review instead of deciding on it', async () => {
    await t.db.update(scoringRule).set({ leftExpr: 'retired_variable' }).where(eq(scoringRule.id, rules.blacklist));
    const a = await applicant(t.db, m.main, { incomeLevel: '4' });
    expect(await runMachineReview(t.app.deps, a.orderId)).toMatchObject({ result: 'approved' });
    const [run] = await runsOf(a.orderId);
    expect(run.decision).toBe('manual');
    expect((await itemsOf(run.id)).find((i) => i.ruleId === rules.blacklist)).toMatchObject({ action: 'manual', error: 'scoring.expr.unknownVariable', held: false });
  });

  it('reviews a re-loan the same way', async () => {
    const a = await applicant(t.db, m.main, { status: 'reloan', incomeLevel: '4' });
    const expected = await nextReviewStatus(t.db, { merchantId: m.main, isReturning: true }, 'machine_review');
    expect(await runMachineReview(t.app.deps, a.orderId)).toMatchObject({ result: 'approved', status: expected });
    expect((await historyOf(a.orderId)).map((r) => r.toStatus)).toEqual(['reloan', 'machine_review', expected]);
  });

  it.each(['first_review', 'machine_review', 'closed', 'withdrawal'] as const)('refuses an order in %s with 42200 and writes nothing', async (status) => {
    const a = await applicant(t.db, m.main, { status });
    const before = await t.db.select().from(customer).where(eq(customer.id, a.customerId));
    await expect(runMachineReview(t.app.deps, a.orderId)).rejects.toMatchObject({ code: 42200, messageId: 'lifecycle.invalidTransition' });
    expect((await orderOf(a.orderId)).status).toBe(status);
    expect(await historyOf(a.orderId)).toEqual([]);
    expect(await runsOf(a.orderId)).toEqual([]);
    expect(await t.db.select().from(customer).where(eq(customer.id, a.customerId))).toEqual(before);
  });

  it('refuses an order reviewed already (a second run) and an unknown order', async () => {
    const a = await applicant(t.db, m.main, { incomeLevel: '4' });
    await runMachineReview(t.app.deps, a.orderId);
    await expect(runMachineReview(t.app.deps, a.orderId)).rejects.toMatchObject({ code: 42200 });
    expect(await runsOf(a.orderId)).toHaveLength(1);
    await expect(runMachineReview(t.app.deps, 987_654_321)).rejects.toMatchObject({ code: 40400 });
  });

  it('stamps the review with the business clock', async () => {
    await t.app.businessClock.advanceDays(3);
    try {
      const a = await applicant(t.db, m.main, { incomeLevel: '4' });
      await runMachineReview(t.app.deps, a.orderId);
      const [run] = await runsOf(a.orderId);
      const drift = run.reviewedAt.getTime() - (Date.now() + 3 * 86_400_000);
      expect(Math.abs(drift)).toBeLessThan(60_000);
    } finally {
      await t.app.businessClock.advanceDays(-3);
    }
  });
});

describe('variables', () => {
  it('reads the customer, the phone data and the customer’s other orders', async () => {
    const shared = `tsc-shared-${Date.now()}`;
    const a = await applicant(t.db, m.main, {
      contacts: 7, apps: [['Zalo', 'com.zing.zalo'], ['Cash Now', 'com.cashnow.app'], ['Vay Nhanh', 'vn.vaynhanh']], deviceId: shared,
      amount: 2_500_000, createdAt: new Date('2026-03-10T20:30:00Z'),
    });
    await applicant(t.db, m.sub, { deviceId: shared, status: 'closed' });
    // An earlier settled loan and one 45 days overdue of the same customer.
    await t.db.insert(loanOrder).values([
      { orderNo: `TSX${a.orderId}a`, merchantId: m.main, customerId: a.customerId, productId: 1, currency: 'VND', status: 'settled', settled: true, overdueDays: 3 },
      { orderNo: `TSX${a.orderId}b`, merchantId: m.main, customerId: a.customerId, productId: 1, currency: 'VND', status: 'overdue', overdueDays: 45 },
    ]);
    const now = new Date('2026-06-14T12:00:00Z');
    const v = (await computeVariables(t.db, a.orderId, now))!;
    expect(v).toMatchObject({
      age: 35, contacts_count: 7, apps_count: 3, loan_apps_count: 2, shared_device_customers: 1, device_changes: 0,
      loan_count: 2, settled_count: 1, open_loan_count: 1, max_overdue_days: 45, application_amount: 2_500_000, product_days: 7,
      // 20:30 UTC is 03:30 the next morning in Ho Chi Minh City (the merchant's market).
      apply_hour: 3, is_returning: false, order_type: 'normal', bank_card_bound: true, blacklisted: false, income_level: 3,
      education_level: 4, gender: '2', marital_status: '2', carrier_auth: 'success', liveness_score: 91,
    });
    // Exactly the catalogue's variables, each with a value of its declared type (or null).
    expect(Object.keys(v).sort()).toEqual([...VARIABLE_NAMES].sort());
    for (const name of VARIABLE_NAMES) if (v[name] !== null) expect(typeof v[name], name).toBe(VARIABLES[name].type);
    expect(await computeVariables(t.db, 987_654_321, now)).toBeNull();
  });
});

describe('machine review job', () => {
  it('reviews the waiting orders oldest first, skips what others moved, and runs once at a time', async () => {
    // Whatever other tests left waiting is reviewed too: count only ours.
    await runMachineReviewBatch(t.app.deps, 1000);
    const ours = [
      await applicant(t.db, m.main, { incomeLevel: '4' }),
      await applicant(t.db, m.main, { blacklisted: true }),
      await applicant(t.db, m.sub, { status: 'reloan' }),
    ];
    const [first, second] = await Promise.all([runMachineReviewBatch(t.app.deps, 100), runMachineReviewBatch(t.app.deps, 100)]);
    expect([first.skipped, second.skipped].sort()).toEqual([false, true]);
    const done = first.skipped ? second : first;
    expect(done).toMatchObject({ approved: 2, rejected: 1, failed: 0 });
    const statuses = await t.db.select({ id: loanOrder.id, status: loanOrder.status }).from(loanOrder).where(inArray(loanOrder.id, ours.map((o) => o.orderId)));
    expect(statuses.every((s) => s.status !== 'pending_review' && s.status !== 'reloan')).toBe(true);
    expect((await runMachineReviewBatch(t.app.deps, 100))).toMatchObject({ skipped: false, approved: 0, rejected: 0 });
  });
});

describe('GET /loanapi/scoring/order_breakdown and the customer scorecard', () => {
  it('shows the latest review to review and customer pages, scoped to the merchants, refused without a page', async () => {
    const a = await applicant(t.db, m.main, { incomeLevel: '4' });
    await runMachineReview(t.app.deps, a.orderId);
    const reviewer = await t.login('reviewer1');
    const res = await t.get<OrderBreakdown>(reviewer, '/loanapi/scoring/order_breakdown', { order_id: a.orderId });
    expect(res.code, res.msg).toBe(20000);
    expect(res.data.order).toMatchObject({ id: a.orderId, machine_review_result: 'approved', machine_review_score: 600 });
    expect(res.data.run).toMatchObject({ result: 'approved', decision: 'pass', score: 600, pass_score: 600 });
    expect(res.data.items.map((i) => i.rule_id)).toEqual([rules.blacklist, rules.age, rules.big, rules.base, rules.income, rules.liveness]);
    expect(res.data.items[4]).toMatchObject({ rule: 'Income', held: true, left_value: 4, right_value: [3], contribution: 100, comparator: 'gte' });

    // The customer detail's scorecard section carries the same lines.
    const detail = await t.get(reviewer, '/loanapi/customer/detail', { customer_id: a.customerId });
    expect(detail.code, detail.msg).toBe(20000);
    expect(detail.data.scorecard).toMatchObject({ result: 'approved', status: 'done', score: 600 });
    expect(detail.data.scorecard.rules).toHaveLength(6);
    expect(detail.data.scorecard.rules[4]).toMatchObject({ rule: 'Income', hit: true, score: 50, weight: 2, contribution: 100, expression: 'income_level ≥ 3', action: 'add_score' });

    // An order scored without a stored run (generated demo data): the rules in force make its breakdown on first
    // read, stored once, and the order's score becomes that breakdown's total.
    const seeded = await applicant(t.db, m.main, { incomeLevel: '4' });
    await t.db.update(loanOrder).set({ status: 'first_review', machineReviewResult: 'approved', machineReviewScore: 812 }).where(eq(loanOrder.id, seeded.orderId));
    const built = await t.get<OrderBreakdown>(reviewer, '/loanapi/scoring/order_breakdown', { order_id: seeded.orderId });
    expect(built.data.run).toMatchObject({ score: 600 });
    expect(built.data.items).toHaveLength(6);
    expect(built.data.order.machine_review_score).toBe(600);
    expect(built.data.items.filter((i) => !i.held).every((i) => i.contribution === 0)).toBe(true);
    const reread = await t.get<OrderBreakdown>(reviewer, '/loanapi/scoring/order_breakdown', { order_id: seeded.orderId });
    expect(reread.data.history).toHaveLength(1);

    // An order nobody reviewed yet: no run.
    const fresh = await applicant(t.db, m.main);
    expect((await t.get<OrderBreakdown>(reviewer, '/loanapi/scoring/order_breakdown', { order_id: fresh.orderId })).data).toMatchObject({ run: null, items: [] });

    // Another merchant's order does not exist for a scoped account; a withdrawal agent holds no review page.
    const elsewhere = await applicant(t.db, m.other);
    expect((await t.get(reviewer, '/loanapi/scoring/order_breakdown', { order_id: elsewhere.orderId })).code).toBe(40400);
    expect((await t.get(await t.login('admin'), '/loanapi/scoring/order_breakdown', { order_id: elsewhere.orderId })).code).toBe(20000);
    expect((await t.get(await t.login('withdrawal'), '/loanapi/scoring/order_breakdown', { order_id: a.orderId })).code).toBe(40300);
    expect((await t.get(reviewer, '/loanapi/scoring/order_breakdown', { order_id: 'x' })).code).toBe(40000);
  });
});
