import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { operationLog } from '../log/log.table';
import { merchant } from '../merchant/merchant.table';
import { loanOrder } from '../order/order.table';
import type { SyntheticBorrower } from './borrowers';
import { appCall, intakeWorld, orderByNo, registerBody, TO_WITHDRAWAL, vnBorrower, walk, type IntakeWorld } from './intake.fixtures';
import { loanRestrictionRule, loanRuleConfig } from './intake.table';
import type { DemoApp } from './seedApps';
import type { RuleLimitKey } from '../../../schemas/intake';

vi.mock('../payment/disburse', () => ({
  confirmWithdrawal: vi.fn(async (_deps: unknown, input: { orderId: number }) => ({ transfer_id: input.orderId, order_id: input.orderId, status: 'in_progress', amount_minor: 1, provider_ref: 'SBX' })),
}));

let t: TestApp;
let w: IntakeWorld;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await intakeWorld(t);
  staff = await t.login('merchant');
}, 60_000);
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db.delete(loanRuleConfig);
  await t.db.delete(loanRestrictionRule);
});

const NONE: Record<RuleLimitKey, number | null> = { max_active_loans: null, reject_cooldown_days: null, max_daily_apply_phone: null, max_daily_apply_device: null, max_daily_apply_id: null, min_age: null, max_age: null, max_daily_withdrawals: null };

async function config(merchantId: number, limits: Partial<typeof NONE>) {
  const r = await t.post(staff, '/loanapi/loan_rule_config/add', { merchant_id: merchantId, ...NONE, ...limits });
  expect(r.code, r.msg).toBe(20000);
  return r.data;
}

async function restriction(merchantId: number, body: Record<string, unknown>) {
  const r = await t.post(staff, '/loanapi/loan_restriction_rule/add', { merchant_id: merchantId, ...body });
  expect(r.code, r.msg).toBe(20000);
  return r.data;
}

async function registered(app: DemoApp = w.mainApp, over: Partial<SyntheticBorrower> = {}) {
  const b = vnBorrower(over);
  const r = await appCall(t, app, 'POST', '/loanapi/app/register', registerBody(b));
  expect(r.code, r.msg).toBe(20000);
  await appCall(t, app, 'POST', '/loanapi/app/bind_card', { phone: b.phone, bank_code: b.bank.code, card_number: b.card_number, cardholder: b.name });
  return { ...b, customerId: r.data.customer_id as number };
}

const apply = (b: SyntheticBorrower, o: { app?: DemoApp; productId?: number; device?: string; lang?: string } = {}) =>
  appCall(t, o.app ?? w.mainApp, 'POST', '/loanapi/app/apply',
    { phone: b.phone, product_id: o.productId ?? w.mainProduct.id, amount: 2_000_000, days: 7, device_id: o.device ?? b.device_id }, { lang: o.lang });

const ruleOf = (r: { data: any }) => r.data?.issues?.[0]?.path;

describe('loan rules applied by the intake API', () => {
  it('max active loans: a second open loan is refused until the first one is closed', async () => {
    await config(w.main.id, { max_active_loans: 1 });
    const b = await registered();
    const first = await apply(b);
    expect(first.code).toBe(20000);
    const second = await apply(b);
    expect([second.code, ruleOf(second)]).toEqual([40300, 'rule.max_active_loans']);
    expect(second.msg).toBe('Refused by the rule “Max active loans”: 1 loans still open, at most 1 allowed.');
    await walk(t, (await orderByNo(t, first.data.order_no)).id, [['close', 'closed']]);
    expect((await apply(b)).code).toBe(20000);
  });

  it('wait after a rejection: refused for the configured days of business time after a rejection', async () => {
    await config(w.main.id, { reject_cooldown_days: 7 });
    const b = await registered();
    const first = await apply(b);
    await walk(t, (await orderByNo(t, first.data.order_no)).id, [['machine_start', 'machine_review'], ['machine_reject', 'closed']]);
    const soon = await apply(b);
    expect(ruleOf(soon)).toBe('rule.reject_cooldown_days');
    expect(soon.msg).toMatch(/Wait after a rejection.*7 days.*apply again from \d{4}-\d{2}-\d{2}/);
    await t.app.businessClock.advanceDays(7);
    try {
      expect((await apply(b)).code).toBe(20000);
    } finally {
      await t.app.businessClock.advanceDays(-7);
    }
  });

  it('a plain close (not a rejection) starts no wait', async () => {
    await config(w.main.id, { reject_cooldown_days: 30 });
    const b = await registered();
    const first = await apply(b);
    await walk(t, (await orderByNo(t, first.data.order_no)).id, [['close', 'closed']]);
    expect((await apply(b)).code).toBe(20000);
  });

  it('applications per day per phone: counted per business day', async () => {
    await config(w.main.id, { max_daily_apply_phone: 1 });
    const b = await registered();
    expect((await apply(b)).code).toBe(20000);
    const again = await apply(b);
    expect(ruleOf(again)).toBe('rule.max_daily_apply_phone');
    await t.app.businessClock.advanceDays(1);
    try {
      expect((await apply(b)).code).toBe(20000);
    } finally {
      await t.app.businessClock.advanceDays(-1);
    }
  });

  it('applications per day per device: across borrowers', async () => {
    await config(w.main.id, { max_daily_apply_device: 2 });
    const device = 'dev-shared-device-1';
    for (let i = 0; i < 2; i++) expect((await apply(await registered(), { device })).code).toBe(20000);
    const third = await apply(await registered(), { device });
    expect(ruleOf(third)).toBe('rule.max_daily_apply_device');
  });

  it('applications per day per ID number: across the records of one person in the merchant family', async () => {
    await config(w.main.id, { max_daily_apply_id: 1 });
    const b = await registered();
    expect((await apply(b)).code).toBe(20000);
    // The same person registers at the sub-merchant with another phone; the main merchant's limits cover it.
    const other = vnBorrower();
    const sub = await appCall(t, w.subApp, 'POST', '/loanapi/app/register', registerBody(b, { phone: other.phone }));
    expect(sub.code, sub.msg).toBe(20000);
    const r = await apply({ ...b, phone: other.phone }, { app: w.subApp, productId: w.subProduct.id });
    expect(ruleOf(r)).toBe('rule.max_daily_apply_id');
  });

  it('minimum and maximum age, on the business date', async () => {
    await config(w.main.id, { min_age: 25, max_age: 40 });
    const young = await registered(w.mainApp, { birth_date: '2005-01-15', id_number: '079205123456' });
    const r = await apply(young);
    expect(ruleOf(r)).toBe('rule.min_age');
    expect(r.msg).toMatch(/Minimum age.*at least 25 years/);
    const old = await registered(w.mainApp, { birth_date: '1960-03-01', id_number: '079060654321' });
    expect(ruleOf(await apply(old))).toBe('rule.max_age');
    const ok = await registered(w.mainApp, { birth_date: '1990-03-01', id_number: '079090777777' });
    expect((await apply(ok)).code).toBe(20000);
  });

  it('withdrawals per day', async () => {
    await config(w.main.id, { max_daily_withdrawals: 1 });
    const b = await registered();
    const orders: string[] = [];
    for (let i = 0; i < 2; i++) {
      const r = await apply(b);
      const o = await orderByNo(t, r.data.order_no);
      await walk(t, o.id, TO_WITHDRAWAL);
      orders.push(o.orderNo);
    }
    const confirm = (no: string, key: string) => appCall(t, w.mainApp, 'POST', '/loanapi/app/confirm_withdrawal', { phone: b.phone, order_no: no, device_id: b.device_id }, { headers: { 'idempotency-key': key } });
    expect((await confirm(orders[0], 'wd-key-00001')).code).toBe(20000);
    const second = await confirm(orders[1], 'wd-key-00002');
    expect([second.code, ruleOf(second)]).toEqual([40300, 'rule.max_daily_withdrawals']);
    // The first confirmation repeated is still answered (idempotent), not counted again.
    expect((await confirm(orders[0], 'wd-key-00001')).code).toBe(20000);
  });

  it('restriction patterns on the ID number, phone and device, for applications, withdrawals or both', async () => {
    const idRule = await restriction(w.main.id, { name: 'Fraud ring HCMC', target: 'id_number', pattern: '079??0*', applies_to: 'apply' });
    const b = await registered(w.mainApp, { birth_date: '1990-05-05', id_number: '079090111222' });
    const r = await apply(b);
    expect([r.code, ruleOf(r)]).toEqual([40300, `rule.restriction_${idRule.id}`]);
    expect(r.msg).toBe('Refused by the restriction rule “Fraud ring HCMC”.');
    await t.db.update(loanRestrictionRule).set({ enabled: false }).where(eq(loanRestrictionRule.id, idRule.id));
    const ok = await apply(b);
    expect(ok.code).toBe(20000);

    await restriction(w.main.id, { name: 'Emulator devices', target: 'device_id', pattern: 'EMU-*', applies_to: 'both' });
    expect(ruleOf(await apply(b, { device: 'emu-0001-x' }))).toMatch(/^rule\.restriction_/);

    // A withdrawal-only rule lets the application through and stops the withdrawal.
    const c = await registered();
    await restriction(w.main.id, { name: 'Watched numbers', target: 'phone', pattern: c.phone.slice(0, 6) + '*', applies_to: 'withdrawal' });
    const app = await apply(c);
    expect(app.code).toBe(20000);
    const o = await orderByNo(t, app.data.order_no);
    await walk(t, o.id, TO_WITHDRAWAL);
    const wd = await appCall(t, w.mainApp, 'POST', '/loanapi/app/confirm_withdrawal', { phone: c.phone, order_no: o.orderNo, device_id: c.device_id }, { headers: { 'idempotency-key': 'wd-key-00003' } });
    expect(wd.msg).toBe('Refused by the restriction rule “Watched numbers”.');
    expect((await orderByNo(t, o.orderNo)).status).toBe('withdrawal');
  });

  it('a main merchant\'s rules cover its sub-merchants; a sub-merchant\'s own configuration replaces them', async () => {
    await config(w.main.id, { max_active_loans: 1 });
    await restriction(w.main.id, { name: 'Blocked prefix', target: 'id_number', pattern: '048*' });
    const b = await registered(w.subApp);
    const sub = (x: SyntheticBorrower) => apply(x, { app: w.subApp, productId: w.subProduct.id });
    expect((await sub(b)).code).toBe(20000);
    expect(ruleOf(await sub(b))).toBe('rule.max_active_loans');
    await config(w.sub.id, { max_active_loans: 3 });
    expect((await sub(b)).code).toBe(20000);
    const blocked = await registered(w.subApp, { birth_date: '1991-02-02', id_number: '048091000111' });
    expect(ruleOf(await sub(blocked))).toMatch(/^rule\.restriction_/);
  });

  it('words the refusal in the caller\'s language and names the rule', async () => {
    await config(w.main.id, { max_active_loans: 1 });
    const b = await registered();
    await apply(b);
    expect((await apply(b, { lang: '200' })).msg).toBe('因规则“最多在借笔数”被拒：仍有 1 笔未结清，最多允许 1 笔。');
    expect((await apply(b, { lang: '400' })).msg).toContain('أقصى عدد قروض مفتوحة');
  });

  it('holds under concurrent applications of one person (a lock per person; meaningful on PostgreSQL)', async () => {
    await config(w.main.id, { max_active_loans: 1 });
    const b = await registered();
    const results = await Promise.all(Array.from({ length: 8 }, () => apply(b)));
    expect(results.filter((r) => r.code === 20000)).toHaveLength(1);
    expect(results.filter((r) => ruleOf(r) === 'rule.max_active_loans')).toHaveLength(7);
    expect(await t.db.select().from(loanOrder).where(eq(loanOrder.customerId, b.customerId))).toHaveLength(1);
  });

  it('registers one record for concurrent registrations of one phone', async () => {
    const b = vnBorrower();
    const results = await Promise.all(Array.from({ length: 6 }, () => appCall(t, w.mainApp, 'POST', '/loanapi/app/register', registerBody(b))));
    expect(results.every((r) => r.code === 20000)).toBe(true);
    expect(new Set(results.map((r) => r.data.customer_id)).size).toBe(1);
  });

  it('creates no order when a rule refuses', async () => {
    await config(w.main.id, { max_daily_apply_phone: 1 });
    const b = await registered();
    await apply(b);
    await apply(b);
    expect(await t.db.select().from(loanOrder).where(eq(loanOrder.customerId, b.customerId))).toHaveLength(1);
  });
});

describe('rule screens (staff routes)', () => {
  it('adds, edits and deletes a configuration, each in the operation log', async () => {
    const row = await config(w.main.id, { max_active_loans: 2, min_age: 18 });
    expect(row).toMatchObject({ merchant_id: w.main.id, merchant_name: 'Saigon Credit', max_active_loans: 2, min_age: 18, max_age: null });
    const list = await t.get(staff, '/loanapi/loan_rule_config/list');
    expect(list.data.rows.map((r: any) => r.id)).toEqual([row.id]);
    const edit = await t.post(staff, '/loanapi/loan_rule_config/edit', { id: row.id, ...NONE, max_age: 60, remark: 'tightened' });
    expect(edit.data).toMatchObject({ max_active_loans: null, max_age: 60, remark: 'tightened' });
    expect((await t.post(staff, '/loanapi/loan_rule_config/del', { id: row.id })).code).toBe(20000);
    expect(await t.db.select().from(loanRuleConfig)).toHaveLength(0);
    const log = await t.db.select().from(operationLog).where(and(eq(operationLog.targetType, 'loan_rule_config'), eq(operationLog.targetId, String(row.id))));
    expect(log.map((l) => l.action)).toEqual(['loan_rule_config.add', 'loan_rule_config.edit', 'loan_rule_config.del']);
  });

  it.each([
    ['a minimum age above the maximum', { min_age: 50, max_age: 30 }, 'max_age'],
    ['an age under 16', { min_age: 10 }, 'min_age'],
    ['zero active loans', { max_active_loans: 0 }, 'max_active_loans'],
    ['a cooldown of two years', { reject_cooldown_days: 730 }, 'reject_cooldown_days'],
    ['a limit that is not a whole number', { max_daily_apply_phone: 1.5 }, 'max_daily_apply_phone'],
  ])('refuses %s with 40000 and stores nothing', async (_what, limits, path) => {
    const r = await t.post(staff, '/loanapi/loan_rule_config/add', { merchant_id: w.main.id, ...NONE, ...limits });
    expect(r.code).toBe(40000);
    expect(r.data.issues[0].path).toBe(path);
    expect(await t.db.select().from(loanRuleConfig)).toHaveLength(0);
  });

  it('keeps one configuration per merchant (40900)', async () => {
    await config(w.main.id, {});
    const r = await t.post(staff, '/loanapi/loan_rule_config/add', { merchant_id: w.main.id, ...NONE });
    expect([r.code, r.msg]).toEqual([40900, 'Saigon Credit already has loan rules: edit them instead.']);
  });

  it('validates restriction rules: pattern characters, patterns matching almost everything', async () => {
    const base = { merchant_id: w.main.id, name: 'Rule', target: 'phone' };
    const bad = await t.post(staff, '/loanapi/loan_restriction_rule/add', { ...base, pattern: '09 12' });
    expect(bad.data.issues[0]).toMatchObject({ path: 'pattern', id: 'validation.intakePattern' });
    const broad = await t.post(staff, '/loanapi/loan_restriction_rule/add', { ...base, pattern: '*?' });
    expect(broad.data.issues[0]).toMatchObject({ path: 'pattern', id: 'intake.patternTooBroad' });
    const target = await t.post(staff, '/loanapi/loan_restriction_rule/add', { ...base, target: 'email', pattern: '09*' });
    expect(target.data.issues[0].path).toBe('target');
    expect(await t.db.select().from(loanRestrictionRule)).toHaveLength(0);
    const ok = await restriction(w.main.id, { name: 'Rule', target: 'phone', pattern: 'ab*' });
    expect(ok).toMatchObject({ pattern: 'AB*', applies_to: 'both', enabled: true });
    const edit = await t.post(staff, '/loanapi/loan_restriction_rule/edit', { id: ok.id, name: 'Renamed', target: 'device_id', pattern: 'X1*', applies_to: 'withdrawal', enabled: false });
    expect(edit.data).toMatchObject({ name: 'Renamed', target: 'device_id', applies_to: 'withdrawal', enabled: false });
    expect((await t.post(staff, '/loanapi/loan_restriction_rule/del', { id: ok.id })).code).toBe(20000);
  });

  it('refuses accounts without the action (40300) and merchants outside the account\'s scope (40400)', async () => {
    const reviewer = await t.login('reviewer1');
    const denied = await t.post(reviewer, '/loanapi/loan_rule_config/add', { merchant_id: w.main.id, ...NONE });
    expect(denied.code).toBe(40300);
    expect((await t.get(reviewer, '/loanapi/loan_restriction_rule/list')).code).toBe(40300);
    const [other] = await t.db.insert(merchant).values({ code: 'RULES-X', name: 'Elsewhere', currency: 'THB', market: 'th' }).returning();
    const outside = await t.post(staff, '/loanapi/loan_rule_config/add', { merchant_id: other.id, ...NONE });
    expect(outside.code).toBe(40400);
    const admin = await t.login('admin');
    const theirs = await t.post(admin, '/loanapi/loan_restriction_rule/add', { merchant_id: other.id, name: 'Theirs', target: 'phone', pattern: '08*' });
    expect(theirs.code).toBe(20000);
    expect((await t.post(staff, '/loanapi/loan_restriction_rule/del', { id: theirs.data.id })).code).toBe(40400);
    expect((await t.post(staff, '/loanapi/loan_restriction_rule/edit', { id: theirs.data.id, name: 'Mine', target: 'phone', pattern: '08*' })).code).toBe(40400);
    const list = await t.get(staff, '/loanapi/loan_restriction_rule/list');
    expect(list.data.rows.map((r: any) => r.id)).not.toContain(theirs.data.id);
    expect((await t.get(admin, '/loanapi/loan_restriction_rule/list')).data.rows.map((r: any) => r.id)).toContain(theirs.data.id);
  });
});
