import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { DEBT_EXTRA_API } from '../../../schemas/debt';
import { DEBT_API, DEFAULT_DEBT_SETTINGS } from '../../../schemas/repayment';
import { operationLog } from '../log/log.table';
import { product } from '../merchant/product.table';
import { loanOrder } from '../order/order.table';
import { createMerchant, createOrder, merchantByCode } from '../payment/payment.fixtures';
import { repaymentDiscountRule } from './repayment.table';
import { debtSettings } from './settings';

/** /merchant/DebtSettings, /merchant/product and /merchant/repaymentDiscountRule: the configuration routes. */
let t: TestApp;
let admin: string;
let merchantOp: string;
let subOp: string;
let m001: number;
let other: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  merchantOp = await t.login('merchant');
  subOp = await t.login('submerchant');
  m001 = await merchantByCode(t.db, 'M001');
  other = await createMerchant(t.db);
}, 60_000);
afterAll(() => t.close());

const issuePaths = (r: { data: { issues?: Array<{ path: string }> } }) => (r.data?.issues ?? []).map((i) => i.path);
const logOf = (action: string) => t.db.select().from(operationLog).where(eq(operationLog.action, action));

describe('debt settings', () => {
  const full = { ...DEFAULT_DEBT_SETTINGS, merchant_id: 0 };

  it('shows the defaults until the merchant saves its own; saving is logged with before and after', async () => {
    const first = await t.get(merchantOp, DEBT_API.settingsGet, { merchant_id: m001 });
    expect(first.code, first.msg).toBe(20000);
    expect(first.data).toMatchObject({ merchant_id: m001, saved: false, settings: DEFAULT_DEBT_SETTINGS, currency: 'VND' });

    const next = {
      ...full, merchant_id: m001, grace_days: 3, penalty_rate_bp: 75, penalty_cap_bp: 3000, allocation_order: ['principal', 'interest', 'fee', 'penalty'],
      extension_fee_type: 'fixed', extension_fee_value: 150_000, extension_overpayment: 'credit', reduction_expiry_hours: 48,
    };
    const saved = await t.post(merchantOp, DEBT_API.settingsSave, next);
    expect(saved.code, saved.msg).toBe(20000);
    expect(saved.data).toMatchObject({ saved: true, settings: { grace_days: 3, allocation_order: ['principal', 'interest', 'fee', 'penalty'], extension_fee_type: 'fixed' } });
    expect(saved.data.updated_by).toBeTruthy();
    expect((await debtSettings(t.db, m001)).penalty_rate_bp).toBe(75);
    const again = await t.get(merchantOp, DEBT_API.settingsGet, { merchant_id: m001 });
    expect(again.data.settings).toEqual(saved.data.settings);
    const [log] = await logOf('DebtSettings.edit');
    expect(log.before).toMatchObject({ saved: false, grace_days: DEFAULT_DEBT_SETTINGS.grace_days });
    expect(log.after).toMatchObject({ saved: true, grace_days: 3, reduction_expiry_hours: 48 });
  });

  it('refuses a part listed twice in the allocation order, negative values and missing fields (40000), changing nothing', async () => {
    const before = await debtSettings(t.db, m001);
    const twice = await t.post(merchantOp, DEBT_API.settingsSave, { ...full, merchant_id: m001, allocation_order: ['penalty', 'penalty', 'fee', 'principal'] });
    expect(twice.code).toBe(40000);
    expect(issuePaths(twice)).toContain('allocation_order');
    const negative = await t.post(merchantOp, DEBT_API.settingsSave, { ...full, merchant_id: m001, grace_days: -1, penalty_rate_bp: -5, extension_fee_value: -1 });
    expect(negative.code).toBe(40000);
    expect(issuePaths(negative)).toEqual(expect.arrayContaining(['grace_days', 'penalty_rate_bp', 'extension_fee_value']));
    const three = await t.post(merchantOp, DEBT_API.settingsSave, { ...full, merchant_id: m001, allocation_order: ['penalty', 'interest', 'fee'] });
    expect(three.code).toBe(40000);
    const missing = await t.post(merchantOp, DEBT_API.settingsSave, { merchant_id: m001, grace_days: 2 });
    expect(missing.code).toBe(40000);
    expect(issuePaths(missing)).toContain('bad_debt_days');
    expect(await debtSettings(t.db, m001)).toEqual(before);
  });

  it('another merchant’s settings do not exist for a scoped operator; a supervisor may not change them', async () => {
    expect((await t.get(merchantOp, DEBT_API.settingsGet, { merchant_id: other })).code).toBe(40400);
    expect((await t.post(merchantOp, DEBT_API.settingsSave, { ...full, merchant_id: other })).code).toBe(40400);
    expect((await t.post(admin, DEBT_API.settingsSave, { ...full, merchant_id: other })).code).toBe(20000);
    const sup = await t.login('supervisor');
    expect((await t.post(sup, DEBT_API.settingsSave, { ...full, merchant_id: m001 })).code).toBe(40300);
  });

  it('the pickers list the merchants of the actor’s scope with their money unit', async () => {
    const mine = await t.get(merchantOp, DEBT_EXTRA_API.merchants);
    expect(mine.code, mine.msg).toBe(20000);
    const ids = mine.data.map((m: { id: number }) => m.id);
    expect(ids).toContain(m001);
    expect(ids).not.toContain(other);
    expect(mine.data.find((m: { id: number }) => m.id === m001)).toMatchObject({ currency: 'VND', money_unit: 1000 });
  });
});

describe('products', () => {
  const body = {
    merchant_id: 0, name: 'Quick 14', term: 1, cycle: 14, min_days: 7, max_days: 30, min_amount: 1_000_000, max_amount: 10_000_000,
    rate_bp: 10, interest_type: 'daily', management_fee_bp: 500, risk_fee_bp: 0, payment_fee_bp: 100, fee_timing: 'upfront', overdue_rate_bp: 100,
  };

  it('adds, lists (with filters) and edits a product of the operator’s merchant; each write is logged', async () => {
    const add = await t.post(merchantOp, DEBT_API.productAdd, { ...body, merchant_id: m001, name: 'Salary advance 30' });
    expect(add.code, add.msg).toBe(20000);
    expect(add.data).toMatchObject({ name: 'Salary advance 30', rate_bp: 10, enabled: true, universal: true });
    const list = await t.get(merchantOp, DEBT_API.productList, { merchant_id: m001, name: 'salary' });
    expect(list.code, list.msg).toBe(20000);
    expect(list.data.rows.map((r: { id: number }) => r.id)).toEqual([add.data.id]);
    expect(list.data.rows[0]).toMatchObject({ currency: 'VND', money_unit: 1000, in_use: false, merchant_name: expect.any(String) });
    expect(list.data.rows[0]).not.toHaveProperty('market');

    const edit = await t.post(merchantOp, DEBT_API.productEdit, { ...body, id: add.data.id, merchant_id: m001, name: 'Salary advance 30', rate_bp: 12, max_days: 45 });
    expect(edit.code, edit.msg).toBe(20000);
    expect(edit.data).toMatchObject({ rate_bp: 12, max_days: 45 });
    const [log] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, 'product.edit'), eq(operationLog.targetId, String(add.data.id))));
    expect(log.before).toMatchObject({ rate_bp: 10, max_days: 30 });
    expect(log.after).toMatchObject({ rate_bp: 12, max_days: 45 });
    expect(await logOf('product.add')).toHaveLength(1);

    // The sub-merchant operator sees its own merchant's products only.
    const sub = await t.get(subOp, DEBT_API.productList);
    expect(sub.code, sub.msg).toBe(20000);
    expect(sub.data.rows.map((r: { id: number }) => r.id)).not.toContain(add.data.id);
  });

  it('checks ranges and values: max below min, rates above 100 %, a negative amount, a taken name', async () => {
    const days = await t.post(merchantOp, DEBT_API.productAdd, { ...body, merchant_id: m001, name: 'Backwards', min_days: 30, max_days: 7 });
    expect(days.code).toBe(40000);
    expect(issuePaths(days)).toContain('max_days');
    const amounts = await t.post(merchantOp, DEBT_API.productAdd, { ...body, merchant_id: m001, name: 'Backwards', min_amount: 5_000_000, max_amount: 1_000_000 });
    expect(issuePaths(amounts)).toContain('max_amount');
    const rates = await t.post(merchantOp, DEBT_API.productAdd, { ...body, merchant_id: m001, name: 'Usury', rate_bp: 10_001, management_fee_bp: -1, min_amount: -5 });
    expect(rates.code).toBe(40000);
    expect(issuePaths(rates)).toEqual(expect.arrayContaining(['rate_bp', 'management_fee_bp', 'min_amount']));
    await t.post(merchantOp, DEBT_API.productAdd, { ...body, merchant_id: m001, name: 'Twice' });
    expect((await t.post(merchantOp, DEBT_API.productAdd, { ...body, merchant_id: m001, name: 'twice' })).code).toBe(40900);
    expect((await t.post(merchantOp, DEBT_API.productAdd, { ...body, merchant_id: other, name: 'Not mine' })).code).toBe(40400);
    expect(await t.db.select().from(product).where(eq(product.name, 'Backwards'))).toHaveLength(0);
  });

  it('deleting a product orders use is refused (40900) — disable it instead; an unused one is deleted', async () => {
    const { orderId } = await createOrder(t.db, { merchantId: m001 });
    const [order] = await t.db.select({ productId: loanOrder.productId }).from(loanOrder).where(eq(loanOrder.id, orderId));
    const [used] = await t.db.select().from(product).where(eq(product.id, order.productId));
    const inUse = (await t.get(merchantOp, DEBT_API.productList, { merchant_id: m001 })).data.rows.find((r: { id: number }) => r.id === used.id);
    expect(inUse.in_use).toBe(true);
    const del = await t.post(merchantOp, DEBT_API.productDel, { id: used.id });
    expect(del.code).toBe(40900);
    expect(await t.db.select().from(product).where(eq(product.id, used.id))).toHaveLength(1);
    const off = await t.post(merchantOp, DEBT_EXTRA_API.productDisable, { ids: [used.id] });
    expect(off.data).toEqual({ count: 1 });
    expect((await t.get(merchantOp, DEBT_API.productList, { merchant_id: m001, enabled: '0' })).data.rows.map((r: { id: number }) => r.id)).toContain(used.id);
    expect((await t.post(merchantOp, DEBT_EXTRA_API.productEnable, { ids: [used.id] })).data).toEqual({ count: 1 });

    const spare = await t.post(merchantOp, DEBT_API.productAdd, { ...body, merchant_id: m001, name: 'Spare' });
    expect((await t.post(merchantOp, DEBT_API.productDel, { id: spare.data.id })).code).toBe(20000);
    expect(await t.db.select().from(product).where(eq(product.id, spare.data.id))).toHaveLength(0);
    expect(await logOf('product.del')).toHaveLength(1);
    // Moving a product to another merchant is refused.
    const move = await t.post(admin, DEBT_API.productEdit, { ...body, id: used.id, merchant_id: other, name: 'Moved' });
    expect(move.code).toBe(40000);
    expect(issuePaths(move)).toContain('merchant_id');
  });
});

describe('discount rules', () => {
  const rule = { merchant_id: 0, name: 'Early', min_overdue_days: 0, max_overdue_days: 10, max_penalty_bp: 10_000, max_interest_bp: 2000 };

  it('refuses overlapping overdue-day ranges of one merchant’s enabled rules (42200), allows disabled ones and other merchants', async () => {
    const a = await t.post(merchantOp, DEBT_API.discountAdd, { ...rule, merchant_id: m001 });
    expect(a.code, a.msg).toBe(20000);
    const overlap = await t.post(merchantOp, DEBT_API.discountAdd, { ...rule, merchant_id: m001, name: 'Late', min_overdue_days: 10, max_overdue_days: 60 });
    expect(overlap.code).toBe(42200);
    expect(overlap.data.issues[0]).toMatchObject({ path: 'min_overdue_days', id: 'discount.overlap', values: { name: 'Early', min: 0, max: 10 } });
    const b = await t.post(merchantOp, DEBT_API.discountAdd, { ...rule, merchant_id: m001, name: 'Late', min_overdue_days: 11, max_overdue_days: 60 });
    expect(b.code, b.msg).toBe(20000);
    const off = await t.post(merchantOp, DEBT_API.discountAdd, { ...rule, merchant_id: m001, name: 'Draft', min_overdue_days: 5, max_overdue_days: 20, enabled: false });
    expect(off.code, off.msg).toBe(20000);
    // Enabling the draft would overlap both.
    expect((await t.post(merchantOp, DEBT_API.discountEdit, { ...rule, id: off.data.id, merchant_id: m001, name: 'Draft', min_overdue_days: 5, max_overdue_days: 20, enabled: true })).code).toBe(42200);
    // Editing a rule within its own range is no overlap with itself.
    const edit = await t.post(merchantOp, DEBT_API.discountEdit, { ...rule, id: a.data.id, merchant_id: m001, max_overdue_days: 9, max_interest_bp: 3000 });
    expect(edit.code, edit.msg).toBe(20000);
    expect((await t.post(admin, DEBT_API.discountAdd, { ...rule, merchant_id: other })).code).toBe(20000);
    const backwards = await t.post(merchantOp, DEBT_API.discountAdd, { ...rule, merchant_id: m001, min_overdue_days: 90, max_overdue_days: 61 });
    expect(backwards.code).toBe(40000);
    expect(issuePaths(backwards)).toContain('max_overdue_days');
    const list = await t.get(merchantOp, DEBT_API.discountList, { enabled: '1' });
    expect(list.data.rows.map((r: { name: string }) => r.name)).toEqual(['Early', 'Late']);
    expect((await t.post(merchantOp, DEBT_API.discountDel, { id: off.data.id })).code).toBe(20000);
    const theirs = await t.db.select().from(repaymentDiscountRule).where(eq(repaymentDiscountRule.merchantId, other));
    expect((await t.post(merchantOp, DEBT_API.discountDel, { id: theirs[0].id })).code).toBe(40400);
    expect((await logOf('repaymentDiscountRule.add')).length).toBe(4);
  });
});
