import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { HTTP_SESSION_ENDED } from '../../../schemas/common';
import { rowsOf } from '../../db/rows';
import { adminAccount } from '../empower/empower.table';
import { hashToken } from './session.service';
import { sessionCacheOf } from './sessionCache';

/** Columns written on each sign-in or minute of activity: they never change what a session may do. */
const VOLATILE = ['active_at', 'logout_at', 'device_id', 'google_pending_secret', 'google_last_step', 'google_skip_until', 'updated_at'];

const LIST = '/loanapi/order/all_list';

// Every change below is made with plain SQL, as another server process (or an operator at psql) would: what ends a
// cached session is the database's epoch, not a call inside this process.
describe('session check cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const run = (q: ReturnType<typeof sql>) => t.db.execute(q);
  const list = (token: string) => t.get(token, LIST, { size: 1 });

  it('answers a known session from the cache: a change that cannot refuse it is not read again', async () => {
    const token = await t.login('submerchant');
    expect((await list(token)).code).toBe(20000);
    expect(sessionCacheOf(t.db).get(hashToken(token))).toBeDefined();
    // The session's row now says it has been idle for days; the cached copy (seen a moment ago) still stands,
    // so this request was answered without reading the row.
    await run(sql`update admin_session set last_seen_at = now() - interval '10 days' where token_hash = ${hashToken(token)}`);
    expect((await list(token)).code).toBe(20000);
  });

  it('a session revoked by another process is refused at the next request', async () => {
    const token = await t.login('submerchant');
    expect((await list(token)).code).toBe(20000);
    await run(sql`update admin_session set revoked_at = now(), revoked_reason = 'forced' where token_hash = ${hashToken(token)}`);
    const res = await list(token);
    expect(res.code).not.toBe(20000);
    expect(res.status).toBe(HTTP_SESSION_ENDED);
  });

  it('a role losing a page refuses that page at the next request', async () => {
    const token = await t.login('submerchant');
    expect((await list(token)).code).toBe(20000);
    await run(sql`update role set node_keys = array_remove(node_keys, 'review_allOrder')
      where id = (select role_id from admin_account where account = 'submerchant')`);
    expect((await list(token)).code).toBe(40300);
    await run(sql`update role set node_keys = array_append(node_keys, 'review_allOrder')
      where id = (select role_id from admin_account where account = 'submerchant')`);
    expect((await list(token)).code).toBe(20000);
  });

  it('a node disabled by an administrator, and a disabled account, apply at the next request', async () => {
    const token = await t.login('submerchant');
    expect((await list(token)).code).toBe(20000);
    await run(sql`insert into permission_node_state (key, disabled) values ('review_allOrder', true)
      on conflict (key) do update set disabled = true`);
    expect((await list(token)).code).toBe(40300);
    await run(sql`update permission_node_state set disabled = false where key = 'review_allOrder'`);
    expect((await list(token)).code).toBe(20000);
    await run(sql`update admin_account set enabled = false where account = 'submerchant'`);
    expect((await list(token)).status).toBe(HTTP_SESSION_ENDED);
    await run(sql`update admin_account set enabled = true where account = 'submerchant'`);
  });

  it('a session idle by this process\'s copy but touched by another process is kept (the row decides)', async () => {
    const token = await t.login('submerchant');
    expect((await list(token)).code).toBe(20000);
    t.clock.advance(3 * 3_600_000); // past the 2-hour idle limit, by the cached last_seen_at
    await run(sql`update admin_session set last_seen_at = ${t.clock.now.toISOString()}::timestamptz where token_hash = ${hashToken(token)}`);
    expect((await list(token)).code).toBe(20000);
    t.clock.advance(3 * 3_600_000); // now idle by the row too
    expect((await list(token)).code).not.toBe(20000);
  });

  it('every access-relevant account column bumps the epoch; the volatile ones are the only exceptions', async () => {
    const cols = getTableConfig(adminAccount).columns.map((c) => c.name).sort();
    const res = await run(sql`select event_object_column as c from information_schema.triggered_update_columns
      where trigger_name = 'admin_account_auth_epoch'`);
    const watched = rowsOf(res).map((r) => String(r.c)).sort();
    expect(watched).toEqual(cols.filter((c) => !VOLATILE.includes(c)));
    // And the touch of a live session or account does not (it would empty every process's cache once a minute).
    const epoch = async () => String(rowsOf(await run(sql`select v::text as v from auth_epoch`))[0].v);
    const before = await epoch();
    await run(sql`update admin_account set active_at = now() where account = 'submerchant'`);
    await run(sql`update admin_session set last_seen_at = now() where id = (select max(id) from admin_session)`);
    expect(await epoch()).toBe(before);
    await run(sql`update admin_account set name = name where account = 'submerchant'`);
    expect(await epoch()).not.toBe(before);
  });
});
