import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { CO_DEBT_API } from '../../../schemas/coDebt';
import type { CustomerDetail } from '../../../schemas/customer';
import { makeCustomer, merchantIds } from '../client/customer.fixtures';
import { appCall, intakeWorld, registerBody, vnBorrower, type IntakeWorld } from '../intake/intake.fixtures';
import { operationLog } from '../log/log.table';
import { loanOrder } from '../order/order.table';
import { nextReviewStatus, setFlow } from '../review/flow';
import { coDebtHit, coDebtRule } from './coDebt.table';
import { seedCoDebtDemo } from './demo';

/** /merchant/coDebtRule over HTTP, and what the rule does at intake (refuse / review), in review and on the customer detail. */
let t: TestApp;
let w: IntakeWorld;
let admin: string;
let op: string;
let collector: string;
let other: number;

const rule = (over: Record<string, unknown> = {}) => ({
  merchant_id: w.main.id, scope: 'all', match_keys: ['id_number'], max_open_loans: 0, intake_effect: 'reject', ...over,
});
const nRules = async () => (await t.db.select({ n: count() }).from(coDebtRule))[0].n;

beforeAll(async () => {
  t = await createTestApp();
  w = await intakeWorld(t);
  [admin, op, collector] = await Promise.all([t.login('admin'), t.login('merchant'), t.login('collector')]);
  ({ other } = await merchantIds(t.db));
}, 90_000);
afterAll(() => t?.close());

describe('rules', () => {
  it('refuses bad rules with their reason and writes nothing', async () => {
    const before = await nRules();
    const none = await t.post(op, CO_DEBT_API.add, rule({ max_open_loans: null }));
    expect(none.code).toBe(40000);
    expect(JSON.stringify(none)).toContain('max_open_loans');
    for (const bad of [
      rule({ match_keys: [] }), rule({ match_keys: ['id_number', 'id_number'] }), rule({ match_keys: ['email'] }), rule({ scope: 'world' }),
      rule({ intake_effect: 'maybe' }), rule({ max_open_loans: -1 }), rule({ max_overdue_days: 99999 }), rule({ note: 'a\u0000b' }), rule({ note: 'x'.repeat(201) }),
    ]) expect((await t.post(op, CO_DEBT_API.add, bad)).code, JSON.stringify(bad)).toBe(40000);
    expect(await nRules()).toBe(before);
  });

  it('adds, edits and deletes within the operator\'s merchants; others answer 40400; a second rule 40900', async () => {
    const a = await t.post(op, CO_DEBT_API.add, rule({ merchant_id: w.sub.id, scope: 'family', match_keys: ['phone', 'device'], max_overdue_days: 10, intake_effect: 'review' }));
    expect(a.code, a.msg).toBe(20000);
    expect((await t.post(op, CO_DEBT_API.add, rule({ merchant_id: w.sub.id }))).code).toBe(40900);
    expect((await t.post(op, CO_DEBT_API.add, rule({ merchant_id: other }))).code).toBe(40400);
    const [foreign] = await t.db.insert(coDebtRule).values({ merchantId: other, scope: 'all', matchKeys: ['phone'], maxOpenLoans: 1, intakeEffect: 'none' }).returning();
    const { id: _m, ...fields } = { id: 0, ...rule() };
    expect((await t.post(op, CO_DEBT_API.edit, { ...fields, merchant_id: undefined, id: foreign.id })).code).toBe(40400);
    expect((await t.post(op, CO_DEBT_API.del, { id: foreign.id })).code).toBe(40400);
    const list = await t.get(op, CO_DEBT_API.list, {});
    expect((list.data as { rows: Array<{ merchant_id: number }> }).rows.map((r) => r.merchant_id)).toEqual([w.sub.id]);
    expect((await t.post(collector, CO_DEBT_API.add, rule())).code).toBe(40300);
    const e = await t.post(op, CO_DEBT_API.edit, { id: a.data.id, scope: 'all', match_keys: ['id_number'], max_open_loans: 3, intake_effect: 'none' });
    expect(e.code, e.msg).toBe(20000);
    expect(e.data).toMatchObject({ scope: 'all', max_open_loans: 3, max_overdue_days: null, intake_effect: 'none' });
    expect((await t.post(op, CO_DEBT_API.del, { id: a.data.id })).code).toBe(20000);
    expect((await t.post(admin, CO_DEBT_API.del, { id: foreign.id })).code).toBe(20000);
    const logs = await t.db.select().from(operationLog).where(eq(operationLog.targetType, 'co_debt_rule'));
    expect(logs.map((l) => l.action).sort()).toEqual(['merchant.coDebtRule.add', 'merchant.coDebtRule.del', 'merchant.coDebtRule.del', 'merchant.coDebtRule.edit']);
  });

  it('the demo gives every main merchant a family rule', async () => {
    await t.db.delete(coDebtRule);
    await seedCoDebtDemo(t.db);
    const rows = await t.db.select().from(coDebtRule);
    expect(rows.map((r) => r.merchantId)).toContain(w.main.id);
    expect(rows.every((r) => r.scope === 'family' && r.maxOpenLoans === 2)).toBe(true);
    await t.db.delete(coDebtRule);
  });
});

describe('intake and review', () => {
  let ruleId: number;
  const borrower = vnBorrower();

  beforeAll(async () => {
    const r = await appCall(t, w.mainApp, 'POST', '/loanapi/app/register', registerBody(borrower));
    expect(r.code, r.msg).toBe(20000);
    // The same person (by ID number) owes at another merchant: one overdue order (the fixture also has a settled one).
    await makeCustomer(t.db, other, { idNumber: borrower.id_number, phone: '0999000111' });
    const a = await t.post(admin, CO_DEBT_API.add, rule());
    expect(a.code, a.msg).toBe(20000);
    ruleId = a.data.id;
  });

  const apply = () => appCall(t, w.mainApp, 'POST', '/loanapi/app/apply', {
    phone: borrower.phone, product_id: w.mainProduct.id, amount: 2_000_000, days: 7, device_id: borrower.device_id,
  });
  const orders = async () => (await t.db.select({ n: count() }).from(loanOrder).where(eq(loanOrder.merchantId, w.main.id)))[0].n;
  const edit = (over: Record<string, unknown>) => t.post(admin, CO_DEBT_API.edit, { id: ruleId, scope: 'all', match_keys: ['id_number'], intake_effect: 'reject', ...over });

  it('refuses an application over the threshold, with the reason, and writes no order', async () => {
    const before = await orders();
    const r = await apply();
    expect(r.code).toBe(42200);
    expect(r.msg).toContain('too many open loans at other merchants');
    expect(await orders()).toBe(before);
  });

  it('accepts it when the debts elsewhere are within the thresholds', async () => {
    expect((await edit({ max_open_loans: 1 })).code).toBe(20000);
    const r = await apply();
    expect(r.code, r.msg).toBe(20000);
    expect(await t.db.select().from(coDebtHit)).toHaveLength(0);
    await t.db.update(loanOrder).set({ status: 'closed' }).where(eq(loanOrder.orderNo, r.data.order_no));
  });

  it('a sister-merchant rule does not count another family\'s debts', async () => {
    expect((await edit({ scope: 'family', max_open_loans: 0 })).code).toBe(20000);
    const r = await apply();
    expect(r.code, r.msg).toBe(20000);
    await t.db.update(loanOrder).set({ status: 'closed' }).where(eq(loanOrder.orderNo, r.data.order_no));
  });

  it('sends it to manual review with effect review: kept with the order, never passed on the machine alone', async () => {
    expect((await edit({ max_open_loans: 0, intake_effect: 'review' })).code).toBe(20000);
    const r = await apply();
    expect(r.code, r.msg).toBe(20000);
    const [o] = await t.db.select().from(loanOrder).where(eq(loanOrder.orderNo, r.data.order_no));
    const [hit] = await t.db.select().from(coDebtHit).where(eq(coDebtHit.orderId, o.id));
    expect(hit).toMatchObject({ effect: 'review', customerId: o.customerId });
    expect(hit.found).toMatchObject({ open_loans: 1, over: ['max_open_loans'] });
    // A merchant whose flow has no manual stage: the hit still sends the order to the first review.
    await setFlow(t.db, w.main.id, { new: [], returning: [] }, 1);
    expect(await nextReviewStatus(t.db, { id: o.id, merchantId: w.main.id, isReturning: o.isReturning }, 'machine_review')).toBe('first_review');
    expect(await nextReviewStatus(t.db, { id: o.id + 999_999, merchantId: w.main.id, isReturning: o.isReturning }, 'machine_review')).toBe('withdrawal');
    await setFlow(t.db, w.main.id, null, 1);

    // The customer detail reads the rule's finding.
    const d = (await t.get(admin, '/loanapi/customer/detail', { customer_id: o.customerId })).data as CustomerDetail;
    expect(d.co_debt_finding).toMatchObject({ open_loans: 1, over: ['max_open_loans'], currency: 'VND' });
    expect(d.co_debt).toEqual([expect.objectContaining({ status: 'overdue', matched_by: 'id_number', merchant_name: 'Other Lender' })]);
  });
});
