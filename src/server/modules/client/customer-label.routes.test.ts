import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientWorld, type ClientWorld } from '../../../../tests/support/clientFixtures';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { operationLog } from '../log/log.table';
import { customerLabelLink } from './client.table';

const OK = 20000;
const VALIDATION = 40000;
const FORBIDDEN = 40300;
const NOT_FOUND = 40400;
const CONFLICT = 40900;

let t: TestApp;
let w: ClientWorld;
const tok: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  w = await createClientWorld(t.db);
  for (const a of ['admin', 'clscoped', 'clviewer', 'reviewer1']) tok[a] = await t.login(a);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const post = (account: string, path: string, body: unknown) => t.post(tok[account], `/loanapi/customer_label/${path}`, body);
const labelsOfCustomer = async (key: string) => {
  const res = await t.get(tok.admin, '/loanapi/customer/all_list', { keyword: w.customers[key].phone });
  return res.data.rows[0].labels.map((l: any) => l.name) as string[];
};

describe('customer labels (spec §7 customer-label calls)', () => {
  let added: number;

  it('adds a label with a colour (stored lower case) and logs it', async () => {
    const res = await post('admin', 'add', { label_name: '  Zeta promise ', mark_color: '#2F9E44' });
    expect(res.code, res.msg).toBe(OK);
    expect(res.data).toMatchObject({ label_name: 'Zeta promise', mark_color: '#2f9e44', customer_count: 0 });
    added = res.data.id;
    const log = await t.db.select().from(operationLog).where(and(eq(operationLog.action, 'customer_label.add'), eq(operationLog.targetId, String(added))));
    expect(log).toHaveLength(1);
  });

  it.each([
    [{ label_name: 'zeta PROMISE', mark_color: '#000000' }, CONFLICT],
    [{ label_name: 'T Zeta gold', mark_color: '#000000' }, CONFLICT],
    [{ label_name: '', mark_color: '#000000' }, VALIDATION],
    [{ label_name: 'x'.repeat(41), mark_color: '#000000' }, VALIDATION],
    [{ label_name: 'Zeta red', mark_color: 'red' }, VALIDATION],
    [{ label_name: 'Zeta red', mark_color: '#f00' }, VALIDATION],
    [{ label_name: 'Zeta red' }, VALIDATION],
    [{}, VALIDATION],
  ])('refuses %o', async (body, code) => {
    const res = await post('admin', 'add', body);
    expect(res.code).toBe(code);
    if (code === VALIDATION) expect(res.data.issues?.length ?? 0).toBeGreaterThan(0);
  });

  it('lists labels with how many customers carry each, filtered by keyword', async () => {
    const res = await t.get(tok.admin, '/loanapi/customer_label/all_list', { keyword: 'zeta', size: 100 });
    expect(res.code, res.msg).toBe(OK);
    const byName = Object.fromEntries(res.data.rows.map((r: any) => [r.label_name, r]));
    expect(byName['T Zeta gold'].customer_count).toBe(1);
    expect(byName['T Zeta watch'].customer_count).toBe(2);
    expect(byName['Zeta promise']).toMatchObject({ customer_count: 0, mark_color: '#2f9e44' });
    // Spec callers page with page/page_size.
    const paged = await t.get(tok.admin, '/loanapi/customer_label/all_list', { page: 1, page_size: 100 });
    expect(paged.code).toBe(OK);
  });

  it('edits a label; another label’s name is refused, an unknown id is 40400', async () => {
    const res = await post('admin', 'edit', { id: added, label_name: 'Zeta promise kept', mark_color: '#099268' });
    expect(res.code, res.msg).toBe(OK);
    expect(res.data).toMatchObject({ id: added, label_name: 'Zeta promise kept', mark_color: '#099268' });
    // Its own name again (another case) is fine.
    expect((await post('admin', 'edit', { id: added, label_name: 'ZETA promise kept', mark_color: '#099268' })).code).toBe(OK);
    expect((await post('admin', 'edit', { id: added, label_name: 'T Zeta watch', mark_color: '#099268' })).code).toBe(CONFLICT);
    expect((await post('admin', 'edit', { id: 987654, label_name: 'Nope', mark_color: '#099268' })).code).toBe(NOT_FOUND);
  });

  it('sets a customer’s labels: the set is replaced, [] clears it', async () => {
    let res = await post('admin', 'add_customer_label', { customer_id: w.customers.cy.id, label_ids: [w.labels.gold, added, w.labels.gold] });
    expect(res.code, res.msg).toBe(OK);
    expect(res.data.label_ids).toEqual([w.labels.gold, added].sort((a, b) => a - b));
    expect(await labelsOfCustomer('cy')).toEqual(['T Zeta gold', 'ZETA promise kept']);

    res = await post('admin', 'add_customer_label', { customer_id: w.customers.cy.id, label_ids: [w.labels.watch] });
    expect(res.data.labels.map((l: any) => l.name)).toEqual(['T Zeta watch']);
    expect(await labelsOfCustomer('cy')).toEqual(['T Zeta watch']);

    res = await post('admin', 'add_customer_label', { customer_id: w.customers.cy.id, label_ids: [] });
    expect(res.data.label_ids).toEqual([]);
    expect(await labelsOfCustomer('cy')).toEqual([]);
    const log = await t.db.select().from(operationLog).where(eq(operationLog.action, 'customer_label.attach'));
    expect(log.length).toBeGreaterThanOrEqual(3);
    expect(log.at(-1)!.before).toEqual({ label_ids: [w.labels.watch] });
  });

  it('refuses unknown labels, customers outside the scope and bad bodies', async () => {
    const unknown = await post('admin', 'add_customer_label', { customer_id: w.customers.an.id, label_ids: [w.labels.gold, 999999] });
    expect(unknown.code).toBe(VALIDATION);
    expect(unknown.data.issues[0].path).toBe('label_ids');
    expect(await labelsOfCustomer('an')).toEqual(['T Zeta gold', 'T Zeta watch']);
    // Dimitra belongs to merchant B: outside clscoped's merchants, as if she did not exist.
    expect((await post('clscoped', 'add_customer_label', { customer_id: w.customers.di.id, label_ids: [w.labels.gold] })).code).toBe(NOT_FOUND);
    expect((await post('clscoped', 'add_customer_label', { customer_id: w.customers.an.id, label_ids: [w.labels.gold] })).code).toBe(OK);
    expect((await post('admin', 'add_customer_label', { customer_id: 'x', label_ids: [] })).code).toBe(VALIDATION);
    expect((await post('admin', 'add_customer_label', { customer_id: w.customers.an.id, label_ids: Array.from({ length: 51 }, (_, i) => i + 1) })).code).toBe(VALIDATION);
    expect((await post('admin', 'add_customer_label', { customer_id: 99999999, label_ids: [] })).code).toBe(NOT_FOUND);
  });

  it('refuses accounts without the action nodes', async () => {
    expect((await post('clviewer', 'add', { label_name: 'Nope', mark_color: '#000000' })).code).toBe(FORBIDDEN);
    expect((await post('clviewer', 'add_customer_label', { customer_id: w.customers.an.id, label_ids: [] })).code).toBe(FORBIDDEN);
    expect((await post('reviewer1', 'del', { id: added })).code).toBe(FORBIDDEN);
    expect((await t.get(tok.reviewer1, '/loanapi/customer_label/all_list')).code).toBe(FORBIDDEN);
  });

  it('deletes a label and detaches it from every customer', async () => {
    await post('admin', 'add_customer_label', { customer_id: w.customers.bo.id, label_ids: [added, w.labels.watch] });
    const res = await post('admin', 'del', { id: added });
    expect(res.code, res.msg).toBe(OK);
    const links = await t.db.select().from(customerLabelLink).where(eq(customerLabelLink.labelId, added));
    expect(links).toEqual([]);
    expect(await labelsOfCustomer('bo')).toEqual(['T Zeta watch']);
    expect((await post('admin', 'del', { id: added })).code).toBe(NOT_FOUND);
    expect((await post('admin', 'del', {})).code).toBe(VALIDATION);
  });
});
