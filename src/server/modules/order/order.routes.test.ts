import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientWorld, type ClientWorld } from '../../../../tests/support/clientFixtures';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { adminAccount } from '../empower/empower.table';
import { normaliseQuery } from '../client/listHooks';
import { keyQuery } from '../../list/query';
import { allOrderList } from './order.routes';

const OK = 20000;
const VALIDATION = 40000;
const FORBIDDEN = 40300;
const URL = '/loanapi/order/all_list';

let t: TestApp;
let w: ClientWorld;
const tok: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  w = await createClientWorld(t.db);
  for (const a of ['admin', 'clscoped', 'clprivate', 'submerchant', 'reviewer1', 'supervisor']) tok[a] = await t.login(a);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** GET with a raw query string (repeated keys). */
async function getRaw(account: string, qs: string) {
  const res = await t.app.inject({ method: 'GET', url: `${URL}?${qs}`, headers: { authorization: tok[account], 'lang-code': '100' } });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: any }) };
}
const list = (account: string, query: Record<string, unknown> = {}) => t.get(tok[account], URL, query);
const nos = (rows: Array<{ order_no: string }>) => rows.map((r) => r.order_no.slice(1));
/** Both test merchants, as a filter. */
const both = (q: Record<string, unknown> = {}) => q;

describe('GET /loanapi/order/all_list (/review/allOrder)', () => {
  it('counts from loan_order alone: its joins only name things, and a count through them cannot use an index-only scan', async () => {
    expect(keyQuery(allOrderList, t.app.deps, undefined).toSQL().sql).not.toMatch(/join/i);
    const res = await list('admin', { merchant_id: w.merchantA, status: 'overdue' });
    expect(res.data.total).toBe(res.data.rows.length);
    expect(res.data.total).toBeGreaterThan(0);
  });

  it('lists a merchant’s orders of every status, newest first, with customer, product, channel and money in minor units', async () => {
    const res = await list('admin', { merchant_id: w.merchantA });
    expect(res.code, res.msg).toBe(OK);
    expect(nos(res.data.rows)).toEqual(['-0002', '-0005', '-0004', '-0003', '-0001']);
    const o4 = res.data.rows.find((r: any) => r.order_no === 'T-0004');
    expect(o4).toMatchObject({
      customer_id: w.customers.bo.id, customer_name: 'Zed Borislav', phone: '09990000022', merchant_name: 'T Alpha Lending', product_name: 'T Quick 14',
      channel_name: 'T Facebook A', currency: 'VND', status: 'overdue', loan_amount: 1_000_000, remaining_debt: 1_250_000, due_date: '2026-03-19',
      overdue_days: 5, is_returning: false, external_order_no: 'T-EXT-0004',
    });
    expect(o4.loan_at).toBe('2026-03-12T11:00:00.000Z');
    expect(res.data).toMatchObject({ total: 5, total_exact: true, total_capped: false });
  });

  it.each([
    ['status=overdue', ['-0004']],
    ['status=overdue&status=settled', ['-0004', '-0001']],
    ['status=overdue,closed', ['-0005', '-0004']],
    ['customer_type=returning', ['-0002']],
    ['customer_type=new', ['-0005', '-0004', '-0003', '-0001']],
    ['created_from=2026-03-11&created_to=2026-03-12', ['-0005', '-0004', '-0003']],
    ['loan_from=2026-03-12&loan_to=2026-03-31', ['-0002', '-0004']],
    ['due_from=2026-03-19&due_to=2026-03-24', ['-0004', '-0001']],
    ['loan_amount_min=1000000&loan_amount_max=2000000', ['-0004', '-0003', '-0001']],
    ['remaining_debt_min=1', ['-0002', '-0004']],
    ['order_no=T-0003', ['-0003']],
    ['order_no=T-EXT-0004', ['-0004']],
    ['phone=09990000022', ['-0004', '-0003']],
    ['customer_name=zed ann', ['-0002', '-0001']],
    [`product_id=PRODUCT_A&status=closed`, ['-0005']],
    [`channel_id=CHANNEL_A&status=repaying`, ['-0002']],
  ])('filters %s', async (qs, expected) => {
    const res = await getRaw('admin', `merchant_id=${w.merchantA}&${qs.replace('PRODUCT_A', String(w.productA)).replace('CHANNEL_A', String(w.channelA))}`);
    expect(res.code, res.msg).toBe(OK);
    expect(nos(res.data.rows)).toEqual(expected);
  });

  it('sorts by amount, and by loan time or due date listing only the orders that have one', async () => {
    const byAmount = await list('admin', { merchant_id: w.merchantA, sort: 'loan_amount:asc' });
    expect(nos(byAmount.data.rows)).toEqual(['-0005', '-0004', '-0003', '-0001', '-0002']);
    const byLoan = await list('admin', { merchant_id: w.merchantA, sort: 'loan_at:desc' });
    expect(byLoan.code, byLoan.msg).toBe(OK);
    expect(nos(byLoan.data.rows)).toEqual(['-0002', '-0004', '-0001']);
    expect(byLoan.data.total).toBe(3);
    const byDue = await list('admin', { merchant_id: w.merchantA, sort: 'due_date:asc' });
    expect(nos(byDue.data.rows)).toEqual(['-0004', '-0001', '-0002']);
    const byDebt = await list('admin', { merchant_id: w.merchantB, sort: 'remaining_debt:desc' });
    expect(nos(byDebt.data.rows)).toEqual(['-0007', '-0006']);
  });

  it('pages by cursor in loan-time order', async () => {
    const p1 = await list('admin', { merchant_id: w.merchantA, sort: 'loan_at:asc', size: 2 });
    expect(nos(p1.data.rows)).toEqual(['-0001', '-0004']);
    const p2 = await list('admin', { merchant_id: w.merchantA, sort: 'loan_at:asc', size: 2, cursor: p1.data.next_cursor });
    expect(p2.code, p2.msg).toBe(OK);
    expect(nos(p2.data.rows)).toEqual(['-0002']);
    expect(p2.data.next_cursor).toBeNull();
    // The last page, read backwards (the grid's End key).
    const last = await list('admin', { merchant_id: w.merchantA, sort: 'due_date:asc', size: 2, direction: 'prev' });
    expect(nos(last.data.rows)).toEqual(['-0001', '-0002']);
  });

  it('scopes to the account’s merchants: the sub-merchant operator sees only its merchant', async () => {
    const [sub] = await t.db.select({ merchantIds: adminAccount.merchantIds }).from(adminAccount).where(eq(adminAccount.account, 'submerchant'));
    const res = await list('submerchant', { size: 500 });
    expect(res.code, res.msg).toBe(OK);
    expect(res.data.rows.every((r: any) => sub.merchantIds.includes(r.merchant_id))).toBe(true);
    expect((await list('submerchant', { merchant_id: w.merchantA })).data.rows).toEqual([]);
    const scoped = await list('clscoped', { size: 500 });
    expect(nos(scoped.data.rows)).toEqual(['-0002', '-0005', '-0004', '-0003', '-0001']);
    expect((await list('clscoped', { merchant_id: w.merchantB })).data.total).toBe(0);
  });

  it('masks the customer’s phone for privacy protection', async () => {
    const res = await list('clprivate', { merchant_id: w.merchantB });
    expect(res.data.rows.map((r: any) => r.phone)).toEqual(['099******44', '099******44']);
    expect(nos((await list('clprivate', { phone: '09990000044' })).data.rows)).toEqual(['-0007', '-0006']);
  });

  it.each([
    ['status=bogus', 'status'],
    ['status=overdue&status=nope', 'status'],
    ['loan_amount_min=-1', 'loan_amount_min'],
    ['loan_amount_min=12.5', 'loan_amount_min'],
    ['loan_amount_max=1e20', 'loan_amount_max'],
    ['due_from=2026-02-30', 'due_from'],
    ['due_to=tomorrow', 'due_to'],
    ['created_from=yesterday', 'created_from'],
    ['customer_type=vip', 'customer_type'],
    ['merchant_id=-3', 'merchant_id'],
    ['sort=loan_at:sideways', 'sort'],
    ['sort=phone:asc', 'sort'],
    ['page=200000&size=500', 'page'],
    ['offset=abc', 'offset'],
  ])('refuses %s with 40000 naming the parameter', async (qs, param) => {
    const res = await getRaw('admin', qs);
    expect(res.status).toBe(200);
    expect(res.code).toBe(VALIDATION);
    expect(JSON.stringify(res.data)).toContain(param);
  });

  it('refuses accounts without the page', async () => {
    expect((await list('reviewer1')).code).toBe(FORBIDDEN);
    expect((await list('supervisor', { size: 1 })).code).toBe(OK);
  });

  it('exports with amounts in major units of each order’s currency, the sort guard kept', async () => {
    const res = await list('admin', { merchant_id: w.merchantB, download_excel: 1, format: 'csv', sort: 'loan_at:asc' });
    expect(res.code, res.msg).toBe(OK);
    const file = await t.app.inject({ method: 'GET', url: res.data.file_url });
    const lines = file.body.replace(/^\uFEFF/, '').trim().split(/\r\n/);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('Loan amount');
    expect(lines[1]).toContain('T-0006');
    expect(lines[1]).toContain(',12.5,');
    expect(lines[2]).toContain(',99.99,');
  });

  it('normalises list queries: one value or a comma list becomes an array; a nullable sort sets its guard', () => {
    const q: Record<string, unknown> = { status: 'a, b', sort: 'due_date:desc' };
    normaliseQuery(q, { arrays: ['status'], sortGuards: { due_date: 'has_due_date' } });
    expect(q).toEqual({ status: ['a', 'b'], sort: 'due_date:desc', has_due_date: '1' });
    const r: Record<string, unknown> = { status: ['x'], sort: 'created_at' };
    normaliseQuery(r, { arrays: ['status'], sortGuards: { due_date: 'has_due_date' } });
    expect(r).toEqual({ status: ['x'], sort: 'created_at' });
  });

  it('is usable without filters (the RBAC matrix calls it bare)', async () => {
    const res = await list('admin', both());
    expect(res.code).toBe(OK);
    expect(res.data.rows.length).toBeGreaterThan(0);
  });
});
