import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { customer } from '../client/client.table';
import { appCall, intakeWorld, type IntakeWorld } from '../intake/intake.fixtures';
import { appRunLog, clientError } from './log.table';

const OK = 20000;
const FORBIDDEN = 40300;
const VALIDATION = 40000;

let t: TestApp;
let admin: string;
let w: IntakeWorld;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  w = await intakeWorld(t);
});
afterAll(async () => t?.close());

describe('client_error (console errors)', () => {
  it('stores a failed API call with its method, path, status and request id, stripping sensitive query values', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/loanapi/log/client_error',
      headers: { authorization: admin, 'x-api-token': admin, 'user-agent': 'TestBrowser/1.0', 'content-type': 'application/json' },
      payload: {
        kind: 'api', message: 'GET /loanapi/x 502: Bad gateway', url: '/client/clientUser?token=abc&page=2',
        method: 'GET', path: '/loanapi/x?pwd=secret1&q=1', status: 502, request_id: '9b2f3c1e-0000-4000-8000-000000000001',
      },
    });
    expect(res.json().code).toBe(OK);
    const rows = await t.db.select().from(clientError);
    const row = rows.find((r) => r.kind === 'api')!;
    expect(row).toMatchObject({ method: 'GET', status: 502, requestId: '9b2f3c1e-0000-4000-8000-000000000001', userAgent: 'TestBrowser/1.0' });
    expect(row.url).toBe('/client/clientUser?token=***&page=2');
    expect(row.path).toBe('/loanapi/x?pwd=***&q=1');
  });

  it('refuses bad input and writes nothing', async () => {
    const before = (await t.db.select().from(clientError)).length;
    for (const body of [
      { message: '' },
      { message: 'x', kind: 'virus' },
      { message: 'x', status: 'many' },
      { message: 'x', status: 10_000 },
      { message: 'x', request_id: 'bad id <script>' },
      { message: 'x', method: 'TRACE' },
      { message: 'x'.repeat(6000) },
      { message: 'x', path: 'p'.repeat(600) },
    ]) expect((await t.post(admin, '/loanapi/log/client_error', body)).code).toBe(VALIDATION);
    expect((await t.post(null, '/loanapi/log/client_error', { message: 'x' })).code).not.toBe(OK);
    expect((await t.db.select().from(clientError)).length).toBe(before);
  });

  it('lists them with filters for a reader with the page permission, newest first', async () => {
    const sup = await t.login('supervisor');
    await t.post(sup, '/loanapi/log/client_error', { kind: 'error', message: 'TypeError: boom', url: '/log/vue_and_query_log', detail: { stack: 'at a' } });
    const all = await t.get(admin, '/loanapi/log/client_error_list');
    expect(all.code).toBe(OK);
    expect(all.data.rows[0]).toMatchObject({ kind: 'error', message: 'TypeError: boom', account: 'supervisor', detail: { stack: 'at a' } });
    expect((await t.get(admin, '/loanapi/log/client_error_list', { kind: 'api' })).data.rows.every((r: any) => r.kind === 'api')).toBe(true);
    expect((await t.get(admin, '/loanapi/log/client_error_list', { path: 'loanapi/x' })).data.total).toBe(1);
    expect((await t.get(admin, '/loanapi/log/client_error_list', { account: 'supervisor' })).data.total).toBe(1);
    expect((await t.get(admin, '/loanapi/log/client_error_list', { account: 'nobody' })).data.total).toBe(0);
    expect((await t.get(admin, '/loanapi/log/client_error_list', { date_to: '2001-01-01' })).data.total).toBe(0);
    expect((await t.get(sup, '/loanapi/log/client_error_list')).code).toBe(OK);
  });

  it('is refused without the page permission, and refuses bad filters', async () => {
    const token = await t.login('reviewer1');
    expect((await t.get(token, '/loanapi/log/client_error_list')).code).toBe(FORBIDDEN);
    expect((await t.get(admin, '/loanapi/log/client_error_list', { kind: 'nope' })).code).toBe(VALIDATION);
    expect((await t.get(admin, '/loanapi/log/client_error_list', { date_from: 'yesterday' })).code).toBe(VALIDATION);
    expect((await t.get(admin, '/loanapi/log/client_error_list', { page_size: 501 })).code).toBe(VALIDATION);
  });

  it('a merchant-scoped reader does not see the errors of accounts outside its merchants', async () => {
    const token = await t.login('merchant');
    // The main merchant operator is not granted the page: it is refused, never shown others' rows.
    const res = await t.get(token, '/loanapi/log/client_error_list');
    if (res.code === OK) expect(res.data.rows.some((r: any) => r.account === 'admin' || r.account === 'supervisor')).toBe(false);
    else expect(res.code).toBe(FORBIDDEN);
  });
});

describe('app/run_log (the borrower app runtime log)', () => {
  const URL = '/loanapi/app/run_log';

  it('stores a signed batch under the key merchant, with the customer when it is one of the merchant', async () => {
    const [c] = await t.db.insert(customer).values({ code: 'RUNLOG1', market: 'vn', merchantId: w.main.id, phone: '0909000111', name: 'Run Log' } as typeof customer.$inferInsert).returning();
    const res = await appCall(t, w.mainApp, 'POST', URL, {
      device: 'Pixel 7 / Android 14', app_version: '2.3.1', customer_id: c.id,
      lines: [
        { level: 'info', tag: 'boot', message: 'app started', time: t.clock.now.getTime() - 1000 },
        { level: 'error', tag: 'net', message: 'timeout on /products' },
      ],
    });
    expect(res.code).toBe(OK);
    expect(res.data).toEqual({ accepted: 2 });
    const rows = await t.db.select().from(appRunLog);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ merchantId: w.main.id, customerId: c.id, device: 'Pixel 7 / Android 14', appVersion: '2.3.1' });

    const list = await t.get(admin, '/loanapi/log/app_run_log_list', { level: 'error' });
    expect(list.code).toBe(OK);
    expect(list.data.rows).toHaveLength(1);
    expect(list.data.rows[0]).toMatchObject({ tag: 'net', message: 'timeout on /products', customer_id: c.id });
    expect((await t.get(admin, '/loanapi/log/app_run_log_list', { q: 'started' })).data.total).toBe(1);
    expect((await t.get(admin, '/loanapi/log/app_run_log_list', { customer_id: c.id })).data.total).toBe(2);
  });

  it('refuses unsigned or badly signed requests, and bad batches, writing nothing', async () => {
    const before = (await t.db.select().from(appRunLog)).length;
    const line = { level: 'info', message: 'x' };
    const unsigned = await t.app.inject({ method: 'POST', url: URL, payload: { lines: [line] } });
    expect(unsigned.statusCode).toBe(401);
    expect((await appCall(t, w.mainApp, 'POST', URL, { lines: [line] }, { secret: 'wrong-secret' })).status).toBe(401);
    const [other] = await t.db.insert(customer).values({ code: 'RUNLOG2', market: 'vn', merchantId: w.sub.id, phone: '0909000222', name: 'Other' } as typeof customer.$inferInsert).returning();
    for (const body of [
      { lines: [] },
      { lines: Array.from({ length: 51 }, () => line) },
      { lines: [{ level: 'fatal', message: 'x' }] },
      { lines: [{ level: 'info', message: '' }] },
      { lines: [{ level: 'info', message: 'm'.repeat(2001) }] },
      { lines: [line], device: 'd'.repeat(201) },
      { lines: [line], customer_id: 'abc' },
      { lines: [line], customer_id: other.id },
    ]) {
      const res = await appCall(t, w.mainApp, 'POST', URL, body);
      expect(res.code, JSON.stringify(body).slice(0, 80)).toBe(VALIDATION);
    }
    expect((await t.db.select().from(appRunLog)).length).toBe(before);
  });

  it('a batch of 50 lines is accepted', async () => {
    const res = await appCall(t, w.subApp, 'POST', URL, { lines: Array.from({ length: 50 }, (_, i) => ({ level: 'debug', message: `line ${i}` })) });
    expect(res.code).toBe(OK);
  });

  it('the list is refused without the page permission and scoped to the reader merchants', async () => {
    expect((await t.get(await t.login('reviewer1'), '/loanapi/log/app_run_log_list')).code).toBe(FORBIDDEN);
    expect((await t.get(admin, '/loanapi/log/app_run_log_list', { level: 'fatal' })).code).toBe(VALIDATION);
  });
});
