import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import type { CustomerDetail, RiskReportRefresh } from '../../../schemas/customer';
import { sandboxMultiLender, sandboxReport, RISK_SANDBOX_DEFAULTS } from '../blacklist/risk/sandbox';
import { collectionCall, collectionCase, collectionEvent, collectionPromise } from '../collection/collection.table';
import { adminAccount, role } from '../empower/empower.table';
import { operationLog } from '../log/log.table';
import { loanOrder } from '../order/order.table';
import { customerRiskReport } from './riskReport.table';
import { makeCustomer, merchantIds, type FixtureCustomer } from './customer.fixtures';

/** The customer detail's collection logs and provider reports (risk, multi-lender) with their refresh action. */
let t: TestApp;
let admin: string;
let op: string;
let reviewer: string;
let collector: string;
let c: FixtureCustomer;
let foreign: FixtureCustomer;
let collectorId: number;

const REFRESH = '/loanapi/customer/risk_report/refresh';
const detail = async (token: string, id: number) => (await t.get(token, '/loanapi/customer/detail', { customer_id: id })).data as CustomerDetail;

beforeAll(async () => {
  t = await createTestApp();
  const m = await merchantIds(t.db);
  c = await makeCustomer(t.db, m.main);
  foreign = await makeCustomer(t.db, m.other);
  [admin, op, reviewer, collector] = await Promise.all([t.login('admin'), t.login('merchant'), t.login('reviewer1'), t.login('collector')]);
  [{ id: collectorId }] = await t.db.select({ id: adminAccount.id }).from(adminAccount).where(eq(adminAccount.account, 'collector'));
}, 90_000);
afterAll(() => t?.close());

describe('collection logs', () => {
  beforeAll(async () => {
    const [o] = await t.db.select().from(loanOrder).where(and(eq(loanOrder.customerId, c.id), eq(loanOrder.status, 'overdue')));
    const at = (d: number) => new Date(Date.UTC(2026, 0, 10 + d, 3));
    const [k] = await t.db.insert(collectionCase).values({
      orderId: o.id, merchantId: c.merchantId, customerId: c.id, stageId: 1, collectorId, status: 'open', enteredAt: at(0), stageEnteredAt: at(0),
    }).returning();
    const ev = { caseId: k.id, orderId: o.id, merchantId: c.merchantId };
    await t.db.insert(collectionEvent).values([
      { ...ev, kind: 'entered', businessAt: at(0), businessDate: '2026-01-10' },
      { ...ev, kind: 'assigned', toCollectorId: collectorId, reason: 'least_loaded', businessAt: at(0.1), businessDate: '2026-01-10' },
      { ...ev, kind: 'call', actorId: collectorId, businessAt: at(1), businessDate: '2026-01-11' },
      { ...ev, kind: 'result', actorId: collectorId, reason: 'no_answer', note: 'Rang twice', businessAt: at(1.1), businessDate: '2026-01-11' },
      { ...ev, kind: 'note', actorId: collectorId, note: 'Customer lost their job', businessAt: at(3), businessDate: '2026-01-13' },
    ]);
    await t.db.insert(collectionCall).values({ caseId: k.id, orderId: o.id, accountId: collectorId, phone: c.phone, contactName: 'Self', result: 'no_answer', durationSeconds: 35, startedAt: at(1) });
    await t.db.insert(collectionPromise).values({ caseId: k.id, orderId: o.id, promiseDate: '2026-01-20', amountMinor: 1_000_000, paidBeforeMinor: 0, status: 'pending', createdBy: collectorId, createdAt: at(2) });
  });

  it('feeds events, calls and promises, newest first, with the collector and the time', async () => {
    const d = await detail(admin, c.id);
    expect(d.collection_logs.map((r) => r.kind)).toEqual(['note', 'promise', 'result', 'call', 'assigned', 'entered']);
    expect(d.collection_logs_total).toBe(6);
    const [note, promise, result, call, assigned] = d.collection_logs;
    expect(note).toMatchObject({ collector: 'Vo Thanh Son', remark: 'Customer lost their job', order_no: expect.stringMatching(/^TDO/) });
    expect(promise).toMatchObject({ amount_minor: 1_000_000, promise_date: '2026-01-20', status: 'pending', currency: 'VND' });
    expect(result).toMatchObject({ result: 'no_answer', remark: 'Rang twice' });
    expect(call).toMatchObject({ phone: c.phone, duration_seconds: 35, collector: 'Vo Thanh Son' });
    expect(assigned).toMatchObject({ collector: 'Vo Thanh Son', result: 'least_loaded' });
    expect(d.collection_logs.every((r, i, a) => i === 0 || a[i - 1].created_at >= r.created_at)).toBe(true);
  });

  it('masks the called number for privacy-protected readers', async () => {
    const res = await t.post(admin, '/loanapi/admin_account/add', {
      account: 'tsec_priv', password: 'Secret@123', nickname: 'Priv', name: 'Private Reader', phone: '0955123999',
      role_id: (await t.db.select().from(role).where(eq(role.identifier, 'first_review')))[0].id, merchant_ids: [c.merchantId], privacy_protection: true, special_nodes: [],
    });
    expect(res.code, res.msg).toBe(20000);
    const token = await t.login('tsec_priv', 'Secret@123');
    const call = (await detail(token, c.id)).collection_logs.find((r) => r.kind === 'call')!;
    expect(call.phone).not.toBe(c.phone);
    expect(call.phone).toContain('*');
  });
});

describe('risk and multi-lender reports', () => {
  it('are empty until fetched; the refresh fetches both, stores them with the time, and the detail shows them newest first', async () => {
    expect((await detail(admin, c.id)).risk_report).toEqual([]);
    t.clock.advance(1000);
    const r = await t.post(reviewer, REFRESH, { customer_id: c.id });
    expect(r.code, r.msg).toBe(20000);
    const first = r.data as RiskReportRefresh;
    const subject = { merchantId: c.merchantId, phone: c.phone, idNumber: c.idNumber, market: 'vn' as const };
    const want = sandboxReport(RISK_SANDBOX_DEFAULTS, subject);
    expect(first.risk_report).toEqual([expect.objectContaining({ provider: 'sandbox', score: want.score, grade: want.grade, flags: want.flags, fetched_by: 'Nguyen Thu Ha' })]);
    const ml = sandboxMultiLender(RISK_SANDBOX_DEFAULTS, subject, t.clock.now);
    expect(first.multi_lender[0]).toMatchObject({ lenders: ml.lenders, loans: ml.loans, outstanding_minor: ml.outstanding_minor, currency: 'VND' });
    expect(first.risk_report[0].fetched_at).toBe(t.clock.now.toISOString());

    t.clock.advance(60_000);
    await t.post(reviewer, REFRESH, { customer_id: c.id });
    const d = await detail(admin, c.id);
    expect(d.risk_report).toHaveLength(2);
    expect(d.risk_report[0].fetched_at > d.risk_report[1].fetched_at).toBe(true);
    // The sandbox is deterministic: the same person gets the same score.
    expect(d.risk_report[0].score).toBe(d.risk_report[1].score);
    expect(d.multi_lender).toHaveLength(2);
    const logs = await t.db.select().from(operationLog).where(eq(operationLog.action, 'customer.riskReport'));
    expect(logs).toHaveLength(2);
  });

  it('checks the permission, the merchant scope and the input, writing nothing when refused', async () => {
    const count = async () => (await t.db.select().from(customerRiskReport)).length;
    const before = await count();
    expect((await t.post(collector, REFRESH, { customer_id: c.id })).code).toBe(40300);
    expect((await t.post(op, REFRESH, { customer_id: foreign.id })).code).toBe(40400);
    expect((await t.post(op, REFRESH, { customer_id: 99_999_999 })).code).toBe(40400);
    for (const bad of [{}, { customer_id: 'x' }, { customer_id: -1 }, { customer_id: '1\u0000' }]) expect((await t.post(op, REFRESH, bad)).code).toBe(40000);
    expect(await count()).toBe(before);
    // The operator may refresh its own merchant's customer.
    expect((await t.post(op, REFRESH, { customer_id: c.id })).code).toBe(20000);
  });
});
