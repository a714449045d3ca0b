import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { CUSTOMER_NODES } from '../../../../commands/customer.commands';
import { operationLog } from '../log/log.table';
import { role } from '../empower/empower.table';
import { customerComment } from './client.table';
import { makeCustomer, merchantIds, type FixtureCustomer } from './customer.fixtures';

const OK = 20000;
const VALIDATION = 40000;
const FORBIDDEN = 40300;
const NOT_FOUND = 40400;
const BASE = '/loanapi/customer_comment';

let t: TestApp;
let admin: string;
let author: string;
let peer: string;
let moderator: string;
let outsider: string;
let c: FixtureCustomer;
let foreign: FixtureCustomer;

async function account(name: string, specialNodes: string[], merchantIds: number[], roleId: number): Promise<string> {
  const res = await t.post(admin, '/loanapi/admin_account/add', {
    account: name, password: 'Secret@123', nickname: 'Agent', name: `Agent ${name}`, phone: `0966${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
    role_id: roleId, merchant_ids: merchantIds, special_nodes: specialNodes,
  });
  expect(res.code, res.msg).toBe(OK);
  return t.login(name, 'Secret@123');
}

const list = (token: string, body: Record<string, unknown> = {}) => t.post(token, `${BASE}/all_list`, { customer_id: c.id, ...body });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const m = await merchantIds(t.db);
  c = await makeCustomer(t.db, m.main);
  foreign = await makeCustomer(t.db, m.other);
  const roles = Object.fromEntries((await t.db.select().from(role)).map((r) => [r.identifier, r.id]));
  const commenter = [CUSTOMER_NODES.addComment, CUSTOMER_NODES.signComment, CUSTOMER_NODES.essenceComment];
  author = await account('tdc_author', commenter, [m.main, m.sub], roles.collector);
  peer = await account('tdc_peer', commenter, [m.main, m.sub], roles.collector);
  moderator = await account('tdc_mod', [CUSTOMER_NODES.delComment], [m.main, m.sub], roles.supervisor);
  outsider = await account('tdc_out', commenter, [m.other], roles.collector);
});
afterAll(async () => t?.close());

describe('customer comments', () => {
  let first: number;
  let second: number;

  it('adds comments (trimmed), logs them, and lists them newest first with the author', async () => {
    const a = await t.post(author, `${BASE}/add_comment`, { customer_id: c.id, content: '  Promised to pay on Friday  ' });
    expect(a.code, a.msg).toBe(OK);
    first = a.data.id;
    const b = await t.post(peer, `${BASE}/add_comment`, { customer_id: c.id, content: 'Wrong number for the sister' });
    second = b.data.id;
    const res = await list(author);
    expect(res.code).toBe(OK);
    expect(res.data.total).toBe(2);
    expect(res.data.rows.map((r: { id: number }) => r.id)).toEqual([second, first]);
    expect(res.data.rows[1]).toMatchObject({ content: 'Promised to pay on Friday', account_name: 'Agent tdc_author', signed: false, essence: false, can_delete: true });
    expect(res.data.rows[0].can_delete).toBe(false);
    const logs = await t.db.select().from(operationLog).where(and(eq(operationLog.action, 'customer_comment.add'), eq(operationLog.targetId, String(c.id))));
    expect(logs).toHaveLength(2);
    // The detail view counts them.
    expect((await t.get(admin, '/loanapi/customer/detail', { customer_id: c.id })).data.comments_total).toBe(2);
  });

  it('refuses empty and oversized comments', async () => {
    expect((await t.post(author, `${BASE}/add_comment`, { customer_id: c.id, content: '   ' })).code).toBe(VALIDATION);
    expect((await t.post(author, `${BASE}/add_comment`, { customer_id: c.id, content: 'x'.repeat(1001) })).code).toBe(VALIDATION);
    expect((await t.post(author, `${BASE}/add_comment`, { customer_id: c.id })).code).toBe(VALIDATION);
  });

  it('signs and marks essence (and back), with the essence filter', async () => {
    expect((await t.post(peer, `${BASE}/comment_sign`, { id: first })).code).toBe(OK);
    expect((await t.post(peer, `${BASE}/set_essence`, { id: first, essence: true })).code).toBe(OK);
    let rows = (await list(author)).data.rows;
    expect(rows.find((r: { id: number }) => r.id === first)).toMatchObject({ signed: true, essence: true });
    const essence = await list(author, { essence: true });
    expect(essence.data.rows.map((r: { id: number }) => r.id)).toEqual([first]);
    expect((await t.post(peer, `${BASE}/comment_sign`, { id: first, signed: false })).code).toBe(OK);
    rows = (await list(author)).data.rows;
    expect(rows.find((r: { id: number }) => r.id === first).signed).toBe(false);
    const [log] = await t.db.select().from(operationLog).where(eq(operationLog.action, 'customer_comment.essence'));
    expect(log).toMatchObject({ before: { essence: false }, after: { essence: true } });
  });

  it('lets only the author, or the holder of the delete node, delete; deleting is soft', async () => {
    // Another commenter may not delete the author's comment.
    const refused = await t.post(peer, `${BASE}/del_comment`, { id: first });
    expect(refused.code).toBe(FORBIDDEN);
    expect((await list(author)).data.total).toBe(2);
    // The author may.
    expect((await t.post(author, `${BASE}/del_comment`, { id: first })).code).toBe(OK);
    // The moderator deletes anyone's.
    expect((await list(moderator)).data.rows[0].can_delete).toBe(true);
    expect((await t.post(moderator, `${BASE}/del_comment`, { id: second })).code).toBe(OK);
    expect((await list(author)).data).toEqual({ rows: [], total: 0 });
    const rows = await t.db.select().from(customerComment).where(eq(customerComment.customerId, c.id));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.deletedAt !== null)).toBe(true);
    // A deleted comment is gone for every call.
    for (const path of ['del_comment', 'comment_sign', 'set_essence']) {
      expect((await t.post(admin, `${BASE}/${path}`, { id: first })).code, path).toBe(NOT_FOUND);
    }
    const [log] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, 'customer_comment.del'), eq(operationLog.targetId, String(c.id))));
    expect(log.before).toMatchObject({ content: 'Promised to pay on Friday' });
  });

  it('scopes every call to the account merchants', async () => {
    const res = await t.post(admin, `${BASE}/add_comment`, { customer_id: foreign.id, content: 'Other lender customer' });
    expect(res.code).toBe(OK);
    expect((await t.post(author, `${BASE}/add_comment`, { customer_id: foreign.id, content: 'x' })).code).toBe(NOT_FOUND);
    expect((await t.post(author, `${BASE}/all_list`, { customer_id: foreign.id })).code).toBe(NOT_FOUND);
    expect((await t.post(author, `${BASE}/comment_sign`, { id: res.data.id })).code).toBe(NOT_FOUND);
    expect((await t.post(outsider, `${BASE}/all_list`, { customer_id: foreign.id })).data.total).toBe(1);
    expect((await t.post(outsider, `${BASE}/add_comment`, { customer_id: c.id, content: 'x' })).code).toBe(NOT_FOUND);
  });

  it('refuses accounts without the action nodes (40300)', async () => {
    const reviewer = await t.login('reviewer1');
    expect((await t.post(reviewer, `${BASE}/all_list`, { customer_id: c.id })).code).toBe(OK);
    const added = await t.post(admin, `${BASE}/add_comment`, { customer_id: c.id, content: 'by admin' });
    for (const [path, body] of [
      ['add_comment', { customer_id: c.id, content: 'x' }], ['comment_sign', { id: added.data.id }], ['set_essence', { id: added.data.id }],
      ['del_comment', { id: added.data.id }],
    ] as const) {
      expect((await t.post(reviewer, `${BASE}/${path}`, body)).code, path).toBe(FORBIDDEN);
    }
    // The moderator holds only the delete node.
    expect((await t.post(moderator, `${BASE}/add_comment`, { customer_id: c.id, content: 'x' })).code).toBe(FORBIDDEN);
  });
});
