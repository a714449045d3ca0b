import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { loginLog } from '../auth/auth.table';
import { localDate } from '../empower/time';

const OK = 20000;

/** The sign-in overview and my own figures (demo accounts without business data: the sections about loans are empty). */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => t?.close());

describe('dashboard/summary', () => {
  it('gives an administrator the overview from today’s data', async () => {
    await t.post(null, '/loanapi/account/login', { account: 'admin', pwd: 'wrong-password' });
    await t.login('admin');
    const admin = await t.login('admin'); // the second sign-in: "last login" is the first one
    await t.login('collector');
    await t.post(admin, '/loanapi/dict/detail_add', { dict_name: 'gender', value: '3', label: 'Other' });
    const res = await t.get(admin, '/loanapi/dashboard/summary');
    expect(res.code).toBe(OK);
    const { me, overview } = res.data;
    expect(me).toMatchObject({ account: 'admin', operations_today: 1 });
    expect(me.last_login).not.toBeNull();
    expect(overview.accounts).toEqual({ total: 13, enabled: 13, online: 2 });
    expect(overview.logins_today).toEqual({ success: 3, failed: 1 });
    expect(overview.operations_today).toBe(1);
    expect(overview.roles).toBe(13);
    expect(overview.merchants).toEqual({ main: 1, sub: 1 });
    expect(overview.dict_items).toBeGreaterThan(20);
    expect(overview.series).toHaveLength(7);
    const today = localDate(new Date(), 'Asia/Ho_Chi_Minh');
    expect(overview.series[6]).toEqual({ date: today, logins: 3, failures: 1, operations: 1 });
    expect(overview.series[0].logins).toBe(0);
  });

  it('counts a login of 3 days ago in its own day of the series', async () => {
    await t.db.insert(loginLog).values({ account: 'admin', accountId: 1, ip: '10.0.0.1', success: true, createdAt: new Date(Date.now() - 3 * 86_400_000) });
    const admin = await t.login('admin');
    const res = await t.get(admin, '/loanapi/dashboard/summary');
    const day = localDate(new Date(Date.now() - 3 * 86_400_000), 'Asia/Ho_Chi_Minh');
    expect(res.data.overview.series.find((s: any) => s.date === day).logins).toBe(1);
  });

  it('gives a reviewer only its own part', async () => {
    const token = await t.login('reviewer1');
    const res = await t.get(token, '/loanapi/dashboard/summary');
    expect(res.code).toBe(OK);
    expect(res.data.overview).toBeNull();
    expect(res.data.lending).toBeNull();
    expect(res.data.me).toMatchObject({ account: 'reviewer1', operations_today: 0, last_login: null });
  });

  it('scopes the supervisor’s overview to its merchants', async () => {
    const token = await t.login('supervisor');
    const res = await t.get(token, '/loanapi/dashboard/summary');
    expect(res.code).toBe(OK);
    // Every demo account but admin (no merchants) shares the supervisor's merchants.
    expect(res.data.overview.accounts.total).toBe(12);
    expect(res.data.overview.operations_today).toBe(0); // the admin's dictionary edit is outside the scope
  });

  it('needs a session', async () => {
    expect((await t.get(null, '/loanapi/dashboard/summary')).code).toBe(50008);
  });
});
