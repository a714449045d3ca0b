import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type Envelope, type TestApp } from '../../../tests/support/testApp';
import { createScratch, listApp, scratch, scratchList } from '../../../tests/support/listFixtures';
import { adminAccount } from '../modules/empower/empower.table';
import { loginLog } from '../modules/auth/auth.table';
import { decodeCursor, encodeCursor } from './cursor';
import { defineList } from './define';
import { maskIdNumber, maskPhone } from './mask';
import { signingSecret } from './secret';
import { translate } from '../i18n';
import { LANG_BY_CODE } from '../../schemas/i18n';

const OK = 20000;
const VALIDATION = 40000;
const ROWS = 120;

let t: TestApp;
let app: FastifyInstance;
const tokens: Record<string, string> = {};

const list = scratchList();
const capped = scratchList({ id: 'test.scratch_capped', countCap: 10 });

beforeAll(async () => {
  t = await createTestApp();
  await createScratch(t.db, ROWS);
  ({ app } = await listApp(t.db, () => t.clock.now, [['/loanapi/test/scratch', list], ['/loanapi/test/scratch_capped', capped], ['/loanapi/test/scratch_post', list, 'POST']]));
  for (const a of ['admin', 'merchant', 'submerchant', 'supervisor']) tokens[a] = await t.login(a);
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

async function get(account: string, query: Record<string, unknown> = {}, url = '/loanapi/test/scratch'): Promise<Envelope & { status: number }> {
  const res = await app.inject({ method: 'GET', url, query: query as Record<string, string>, headers: { authorization: tokens[account], 'lang-code': '100' } });
  return { status: res.statusCode, ...(res.json() as Envelope) };
}

/** Every row through next_cursor, `size` at a time; `between` runs after each page. */
async function walk(account: string, query: Record<string, unknown>, size: number, between?: (page: number) => Promise<void>): Promise<any[]> {
  const rows: any[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 1000; page++) {
    const res = await get(account, { ...query, size, ...(cursor ? { cursor } : {}) });
    expect(res.code, res.msg).toBe(OK);
    rows.push(...res.data.rows);
    cursor = res.data.next_cursor;
    if (!cursor) break;
    expect(res.data.rows).toHaveLength(size);
    await between?.(page);
  }
  return rows;
}

describe('list engine: declaration', () => {
  it('refuses a nullable sort column, an engine parameter as a filter, a required filter and an unknown default sort', () => {
    const base = { id: 'x', permission: 'review_allOrder', from: scratch, columns: { id: scratch.id }, filters: z.object({}), exportColumns: [] };
    expect(() => defineList({ ...base, sorts: { note: scratch.note }, defaultSort: 'note:asc' })).toThrow(/NOT NULL/);
    expect(() => defineList({ ...base, filters: z.object({ sort: z.string().optional() }), sorts: { id: scratch.id }, defaultSort: 'id:asc' })).toThrow(/engine parameters/);
    expect(() => defineList({ ...base, filters: z.object({ name: z.string() }), sorts: { id: scratch.id }, defaultSort: 'id:asc' })).toThrow(/optional/);
    expect(() => defineList({ ...base, sorts: { id: scratch.id }, defaultSort: 'amount:asc' as 'id:asc' })).toThrow(/defaultSort/);
  });
});

describe('list engine: paging', () => {
  it('answers rows, cursors and an exact total', async () => {
    const res = await get('admin', { size: 10 });
    expect(res.code).toBe(OK);
    expect(res.data.rows).toHaveLength(10);
    expect(res.data).toMatchObject({ total: ROWS, total_exact: true, total_capped: false, prev_cursor: null });
    expect(typeof res.data.next_cursor).toBe('string');
    expect(Object.keys(res.data.rows[0]).sort()).toEqual(['amount', 'created_at', 'id', 'id_number', 'merchant_id', 'name', 'note', 'phone', 'status']);
    expect(res.data.rows[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it.each([
    ['created_at:desc', [desc(scratch.createdAt), desc(scratch.id)]],
    ['created_at:asc', [asc(scratch.createdAt), asc(scratch.id)]],
    ['amount:asc', [asc(scratch.amount), asc(scratch.id)]],
    ['amount:desc', [desc(scratch.amount), desc(scratch.id)]],
    ['name:desc', [desc(scratch.name), desc(scratch.id)]],
    ['id:asc', [asc(scratch.id)]],
    ['id:desc', [desc(scratch.id)]],
  ] as const)('walks every row exactly once in the order of %s (ties broken by the key, microsecond timestamps)', async (sort, order) => {
    const expected = (await t.db.select({ id: scratch.id }).from(scratch).orderBy(...order)).map((r) => r.id);
    const rows = await walk('admin', { sort }, 7);
    expect(rows.map((r) => r.id)).toEqual(expected);
  });

  it('page and size (spec callers), page 0 being the first page, and offset jumps', async () => {
    const all = await walk('admin', {}, 50);
    const p1 = await get('admin', { page: 1, page_size: 20 });
    const p0 = await get('admin', { page: 0, size: 20 });
    const p3 = await get('admin', { page: 3, page_size: 20 });
    expect(p1.data.rows.map((r: any) => r.id)).toEqual(all.slice(0, 20).map((r) => r.id));
    expect(p0.data.rows).toEqual(p1.data.rows);
    expect(p3.data.rows.map((r: any) => r.id)).toEqual(all.slice(40, 60).map((r) => r.id));
    const jump = await get('admin', { offset: 33, size: 5 });
    expect(jump.data.rows.map((r: any) => r.id)).toEqual(all.slice(33, 38).map((r) => r.id));
    expect(jump.data.prev_cursor).not.toBeNull();
    // From a jump, the cursor carries on.
    const after = await get('admin', { cursor: jump.data.next_cursor, size: 5 });
    expect(after.data.rows.map((r: any) => r.id)).toEqual(all.slice(38, 43).map((r) => r.id));
    expect((await get('admin', { size: 20 })).data.rows).toHaveLength(20);
    expect((await get('admin', {})).data.rows).toHaveLength(50);
  });

  it('pages backwards with prev_cursor, and direction=prev without a cursor gives the last page', async () => {
    const all = (await walk('admin', { sort: 'amount:asc' }, 120)).map((r) => r.id);
    const p1 = await get('admin', { sort: 'amount:asc', size: 9 });
    const p2 = await get('admin', { sort: 'amount:asc', size: 9, cursor: p1.data.next_cursor });
    const p3 = await get('admin', { sort: 'amount:asc', size: 9, cursor: p2.data.next_cursor });
    const back = await get('admin', { sort: 'amount:asc', size: 9, cursor: p3.data.prev_cursor });
    expect(back.data.rows.map((r: any) => r.id)).toEqual(all.slice(9, 18));
    const first = await get('admin', { sort: 'amount:asc', size: 9, cursor: back.data.prev_cursor });
    expect(first.data.rows.map((r: any) => r.id)).toEqual(all.slice(0, 9));
    expect(first.data.prev_cursor).toBeNull();
    // The same cursor read forwards with direction=next.
    const fwd = await get('admin', { sort: 'amount:asc', size: 9, cursor: p3.data.prev_cursor, direction: 'next' });
    expect(fwd.data.rows.map((r: any) => r.id)).toEqual(all.slice(19, 28));
    const last = await get('admin', { sort: 'amount:asc', size: 9, direction: 'prev' });
    expect(last.data.rows.map((r: any) => r.id)).toEqual(all.slice(-9));
    expect(last.data.next_cursor).toBeNull();
    const beforeLast = await get('admin', { sort: 'amount:asc', size: 9, cursor: last.data.prev_cursor });
    expect(beforeLast.data.rows.map((r: any) => r.id)).toEqual(all.slice(-18, -9));
  });

  it('stays stable when rows are inserted ahead of the cursor while paging', async () => {
    const before = (await t.db.select({ id: scratch.id }).from(scratch)).map((r) => r.id);
    const seen = await walk('admin', {}, 11, async (page) => {
      // Newest rows (ahead of the cursor in created_at:desc) and rows with the same timestamp as the ones read.
      await t.db.insert(scratch).values([
        { merchantId: 1, name: `new${page}`, phone: '0900000000', idNumber: '000000000000', amount: 1, status: 0, createdAt: new Date('2027-01-01T00:00:00Z') },
        { merchantId: 2, name: `tie${page}`, phone: '0900000001', idNumber: '000000000001', amount: 1, status: 0, createdAt: new Date('2026-03-01T08:00:00Z') },
      ]);
    });
    const ids = seen.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of before) expect(ids).toContain(id);
    await t.db.delete(scratch).where(inArray(scratch.id, (await t.db.select({ id: scratch.id }).from(scratch)).map((r) => r.id).filter((id) => !before.includes(id))));
  });
});

describe('list engine: filters, scope, masking, counts', () => {
  it('filters by merchant, status, name prefix and amount', async () => {
    const res = await get('admin', { merchant_id: 2, status: 1, name: 'NAME0', amount_min: 5000, size: 500 });
    expect(res.code).toBe(OK);
    const expected = await t.db.select({ id: scratch.id }).from(scratch).where(sql`merchant_id = 2 and status = 1 and name ilike 'name0%' and amount >= 5000`);
    expect(res.data.rows.map((r: any) => r.id).sort()).toEqual(expected.map((r) => r.id).sort());
    expect(res.data.total).toBe(expected.length);
    for (const r of res.data.rows) expect(r).toMatchObject({ merchant_id: 2, status: 1 });
  });

  it('scopes rows to the authorised merchants (admin and unscoped accounts see all)', async () => {
    const [sub] = await t.db.select().from(adminAccount).where(eq(adminAccount.account, 'submerchant'));
    const subRows = await walk('submerchant', {}, 100);
    expect(subRows.length).toBe(ROWS / 2);
    expect(subRows.every((r) => sub.merchantIds.includes(r.merchant_id))).toBe(true);
    expect((await get('submerchant', { size: 1 })).data.total).toBe(ROWS / 2);
    // A filter cannot widen the scope.
    expect((await get('submerchant', { merchant_id: 1 })).data.rows).toEqual([]);
    expect((await get('merchant', { size: 1 })).data.total).toBe(ROWS);
    expect((await get('admin', { size: 1 })).data.total).toBe(ROWS);
  });

  it('masks phone and ID numbers for a privacy-protected account', async () => {
    await t.db.update(adminAccount).set({ privacyProtection: true }).where(eq(adminAccount.account, 'supervisor'));
    tokens.supervisor = await t.login('supervisor');
    const plain = await get('admin', { sort: 'id:asc', size: 5 });
    const masked = await get('supervisor', { sort: 'id:asc', size: 5 });
    expect(masked.code).toBe(OK);
    masked.data.rows.forEach((r: any, i: number) => {
      const p = plain.data.rows[i];
      expect(r.phone).toBe(maskPhone(p.phone));
      expect(r.id_number).toBe(maskIdNumber(p.id_number));
      expect(r.phone).toMatch(/^09\d\*{5}\d{2}$/);
      expect(r.id_number).toMatch(/^\d{4}\*{4}\d{4}$/);
      expect(r.name).toBe(p.name);
    });
  });

  it('counts exactly up to the cap, then estimates: the table size when unfiltered, the plan otherwise', async () => {
    await t.db.execute(sql`ANALYZE scratch_loan`);
    const all = await get('admin', { size: 1 }, '/loanapi/test/scratch_capped');
    expect(all.data).toMatchObject({ total: ROWS, total_exact: false, total_capped: true });
    const filtered = await get('admin', { size: 1, status: 1 }, '/loanapi/test/scratch_capped');
    expect(filtered.data.total_exact).toBe(false);
    expect(filtered.data.total_capped).toBe(true);
    expect(filtered.data.total).toBeGreaterThan(10);
    const small = await get('admin', { size: 1, status: 1, merchant_id: 2, name: 'name01' }, '/loanapi/test/scratch_capped');
    expect(small.data).toMatchObject({ total_exact: true, total_capped: false });
    expect(small.data.total).toBeLessThanOrEqual(10);
  });

  it('pages that continue a first page reuse its total; a new first page counts again', async () => {
    const first = await get('admin', { status: 2, size: 5 });
    const [extra] = await t.db.insert(scratch).values({ merchantId: 1, name: 'extra', phone: '0900000009', idNumber: '000000000009', amount: 1, status: 2 }).returning();
    const next = await get('admin', { status: 2, size: 5, cursor: first.data.next_cursor });
    expect(next.data.total).toBe(first.data.total);
    const again = await get('admin', { status: 2, size: 5 });
    expect(again.data.total).toBe(first.data.total + 1);
    await t.db.delete(scratch).where(eq(scratch.id, extra.id));
  });

  it('a first page reuses a recent total when it was past the cap (an estimate anyway)', async () => {
    const url = '/loanapi/test/scratch_capped';
    const first = await get('admin', { size: 1, status: 1 }, url);
    expect(first.data.total_capped).toBe(true);
    // Every matching row stops matching: a fresh count would now be 0 and exact.
    const moved = await t.db.update(scratch).set({ status: 7 }).where(eq(scratch.status, 1)).returning({ id: scratch.id });
    try {
      const again = await get('admin', { size: 1, status: 1 }, url);
      expect(again.data.rows).toEqual([]);
      expect(again.data).toMatchObject({ total: first.data.total, total_capped: true });
    } finally {
      await t.db.update(scratch).set({ status: 1 }).where(inArray(scratch.id, moved.map((m) => m.id)));
    }
  });

  it('an injection string in a text filter is only a value', async () => {
    const res = await get('admin', { name: "' OR 1=1 --" });
    expect(res.code).toBe(OK);
    expect(res.data.rows).toEqual([]);
    expect(res.data.total).toBe(0);
    expect((await get('admin', { size: 1 })).data.total).toBe(ROWS);
  });
});

describe('list engine: bad input is a 40000 validation envelope, never a 500', () => {
  let forged: string;
  let otherSort: string;
  let otherList: string;
  let badValue: string;
  beforeAll(async () => {
    const secret = await signingSecret(t.db);
    const good = (await get('admin', { size: 2 })).data.next_cursor as string;
    const c = decodeCursor(good, secret)!;
    forged = `${good.split('.')[0]}.${'A'.repeat(16)}`;
    otherSort = (await get('admin', { size: 2, sort: 'amount:asc' })).data.next_cursor;
    otherList = encodeCursor({ ...c, l: 'log.admin_login' }, secret);
    badValue = encodeCursor({ ...c, v: 'not a time' }, secret);
  });

  const INJ = "' OR 1=1 --";
  const cases: Array<[string, () => Record<string, unknown>]> = [
    ['size abc', () => ({ size: 'abc' })],
    ['size -1', () => ({ size: -1 })],
    ['size 0', () => ({ size: 0 })],
    ['size 10^9', () => ({ size: 1_000_000_000 })],
    ['size 501', () => ({ size: 501 })],
    ['size 1.5', () => ({ size: '1.5' })],
    ['size twice', () => ({ size: ['1', '2'] })],
    ['size injection', () => ({ size: INJ })],
    ['page_size 10^9', () => ({ page_size: 1_000_000_000 })],
    ['page -1', () => ({ page: -1 })],
    ['page injection', () => ({ page: INJ })],
    ['page too deep', () => ({ page: 1000, size: 500 })],
    ['offset -5', () => ({ offset: -5 })],
    ['offset too deep', () => ({ offset: 100_001 })],
    ['offset injection', () => ({ offset: INJ })],
    ['sort unknown', () => ({ sort: 'phone' })],
    ['sort unknown with direction', () => ({ sort: 'nope:asc' })],
    ['sort bad direction', () => ({ sort: 'amount:sideways' })],
    ['sort injection', () => ({ sort: INJ })],
    ['sort statement', () => ({ sort: 'amount;drop table scratch_loan' })],
    ['direction', () => ({ direction: 'up' })],
    ['direction injection', () => ({ direction: INJ })],
    ['cursor garbage', () => ({ cursor: 'garbage' })],
    ['cursor injection', () => ({ cursor: INJ })],
    ['cursor unsigned', () => ({ cursor: Buffer.from('{"l":"test.scratch","s":"id","d":"asc","k":"1","w":"next"}').toString('base64url') })],
    ['cursor forged signature', () => ({ cursor: forged })],
    ['cursor of another sort', () => ({ cursor: otherSort })],
    ['cursor of another list', () => ({ cursor: otherList })],
    ['cursor with a value that is not of the column type', () => ({ cursor: badValue })],
    ['download_excel 2', () => ({ download_excel: '2' })],
    ['format pdf', () => ({ download_excel: 1, format: 'pdf' })],
    ['merchant_id text', () => ({ merchant_id: 'x' })],
    ['merchant_id injection', () => ({ merchant_id: INJ })],
    ['status out of range', () => ({ status: 99 })],
    ['amount_min negative', () => ({ amount_min: -1 })],
    ['name too long', () => ({ name: 'x'.repeat(65) })],
  ];
  it.each(cases)('%s', async (_name, q) => {
    const res = await get('admin', q());
    expect(res.status).toBe(200);
    expect(res.code, JSON.stringify(res)).toBe(VALIDATION);
    expect(res.msg.length).toBeGreaterThan(3);
  });

  it('the message names the parameter and the sortable fields', async () => {
    const res = await get('admin', { sort: 'phone:asc' });
    const issue = res.data.issues[0];
    expect(issue).toMatchObject({ path: 'sort', id: 'validation.sortUnknown', values: { param: 'sort', field: 'phone', allowed: 'created_at, amount, name, id' } });
    expect(res.msg).toBe(translate(LANG_BY_CODE.en, issue.id, issue.values));
    const size = await get('admin', { size: 1_000_000_000 });
    expect(size.data.issues[0].path).toBe('size');
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(scratch))[0].n).toBe(ROWS);
  });
});

describe('list engine: POST lists', () => {
  const post = async (body: unknown) => {
    const res = await app.inject({ method: 'POST', url: '/loanapi/test/scratch_post', payload: body as object, headers: { authorization: tokens.admin, 'lang-code': '100' } });
    return res.json() as Envelope;
  };
  it('takes the same parameters in a JSON body, numbers as numbers', async () => {
    const viaGet = await get('admin', { status: 1, sort: 'amount:asc', size: 5 });
    const first = await post({ status: 1, sort: 'amount:asc', size: 5 });
    expect(first.code).toBe(OK);
    expect(first.data.rows).toEqual(viaGet.data.rows);
    const next = await post({ status: '1', sort: 'amount:asc', size: '5', cursor: first.data.next_cursor });
    expect(next.data.rows.map((r: any) => r.id)).toEqual((await get('admin', { status: 1, sort: 'amount:asc', size: 5, cursor: viaGet.data.next_cursor })).data.rows.map((r: any) => r.id));
    for (const bad of [{ size: 1e9 }, { sort: "' OR 1=1 --" }, { status: [1, 2] }, { status: {} }, { cursor: 5 }, { download_excel: 2 }]) expect((await post(bad)).code).toBe(VALIDATION);
  });
});

describe('converted log lists', () => {
  it('admin_login_list answers the engine fields and pages by cursor', async () => {
    for (let i = 0; i < 3; i++) await t.login('merchant');
    const res = await t.get(tokens.admin, '/loanapi/log/admin_login_list', { page_size: 2 });
    expect(res.code).toBe(OK);
    expect(res.data).toMatchObject({ total_exact: true, total_capped: false });
    expect(res.data.rows).toHaveLength(2);
    const next = await t.get(tokens.admin, '/loanapi/log/admin_login_list', { page_size: 2, cursor: res.data.next_cursor });
    expect(next.data.rows[0].id).toBeLessThan(res.data.rows[1].id);
    const all = await t.db.select({ id: loginLog.id }).from(loginLog).orderBy(desc(loginLog.createdAt), desc(loginLog.id));
    expect([...res.data.rows, ...next.data.rows].map((r: any) => r.id)).toEqual(all.slice(0, 4).map((r) => r.id));
    expect((await t.get(tokens.admin, '/loanapi/log/admin_login_list', { sort: 'ip:asc' })).code).toBe(VALIDATION);
    expect((await t.get(tokens.admin, '/loanapi/log/admin_operate_list', { cursor: res.data.next_cursor })).code).toBe(VALIDATION);
  });
});
