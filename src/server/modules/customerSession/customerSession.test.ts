import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { CONFIG_API } from '../../../schemas/config';
import { CUSTOMER_SESSION_API as API, CUSTOMER_TOKEN_HEADER, GPS_HEADER } from '../../../schemas/customerSession';
import { customerLoginCode } from '../client/client.table';
import { appCall, intakeWorld, registerBody, vnBorrower, type IntakeWorld } from '../intake/intake.fixtures';
import { demoApp, seedIntakeApps } from '../intake/seedApps';
import type { SyntheticBorrower } from '../intake/borrowers';
import { operationLog } from '../log/log.table';
import { merchant } from '../merchant/merchant.table';
import { smsMessage } from '../sms/sms.table';
import { customerLoginLog, customerOperateLog, customerSession } from './customerSession.table';
import { customerSessionSweepJob } from './jobs';
import { distanceMeters } from './session';

let t: TestApp;
let w: IntakeWorld;
let admin: string;
let operator: string;

const MIN = 60_000;
const HOME = { lat: 10.7769, lng: 106.7009 };
const FAR = { lat: 10.8269, lng: 106.7009 }; // ~5.6 km north
const issue = (r: { data: any }) => r.data?.issues?.[0]?.id;

beforeAll(async () => {
  t = await createTestApp();
  w = await intakeWorld(t);
  admin = await t.login('admin');
  operator = await t.login('merchant');
  expect((await t.post(admin, CONFIG_API.edit, { key: 'gps_range_meters', value: '300' })).code).toBe(20000);
}, 60_000);
afterAll(() => t?.close());

const withToken = (token: string, extra: Record<string, string> = {}) => ({ headers: { [CUSTOMER_TOKEN_HEADER]: token, ...extra } });

async function registered(app = w.mainApp): Promise<SyntheticBorrower & { id: number }> {
  const b = vnBorrower();
  const r = await appCall(t, app, 'POST', '/loanapi/app/register', registerBody(b));
  expect(r.code, r.msg).toBe(20000);
  return { ...b, id: r.data.customer_id };
}

async function latestCode(phone: string): Promise<string> {
  const [row] = await t.db.select().from(customerLoginCode).where(eq(customerLoginCode.phone, phone)).orderBy(desc(customerLoginCode.id)).limit(1);
  return row.code;
}

/** Texts a code and signs in with it; the clock moves past the resend pause first, so calls can repeat. */
async function signIn(b: SyntheticBorrower, over: Record<string, unknown> = {}, app = w.mainApp) {
  t.clock.advance(CODE_PAUSE);
  const sent = await appCall(t, app, 'POST', API.appLoginCode, { phone: b.phone, device_id: b.device_id });
  expect(sent.code, sent.msg).toBe(20000);
  return appCall(t, app, 'POST', API.appLogin, { phone: b.phone, code: await latestCode(b.phone), device_id: b.device_id, app_version: '3.2.1', ...over });
}
const CODE_PAUSE = 61_000;

const orderStatus = (b: SyntheticBorrower, o: Parameters<typeof appCall>[5] = {}) => appCall(t, w.mainApp, 'GET', `/loanapi/app/order_status?phone=${b.phone}`, undefined, o);

describe('codes and sign-in', () => {
  it('texts a code to a customer (customer_sms_log, SMS outbox) and refuses a second one within a minute', async () => {
    const b = await registered();
    t.clock.advance(CODE_PAUSE);
    const r = await appCall(t, w.mainApp, 'POST', API.appLoginCode, { phone: b.phone });
    expect(r.code).toBe(20000);
    const code = await latestCode(b.phone);
    expect(code).toMatch(/^\d{6}$/);
    const [sms] = await t.db.select().from(smsMessage).where(eq(smsMessage.phone, b.phone));
    expect(sms).toMatchObject({ purpose: 'verification', source: 'login_code' });
    expect(sms.content).toContain(code);

    const again = await appCall(t, w.mainApp, 'POST', API.appLoginCode, { phone: b.phone });
    expect([again.status, again.code, issue(again)]).toEqual([429, 42900, 'customerSession.reason.rate_limited']);
    const rows = await t.db.select().from(customerLoginLog).where(eq(customerLoginLog.phone, b.phone)).orderBy(customerLoginLog.id);
    expect(rows.map((x) => [x.kind, x.success, x.reason])).toEqual([['code', true, ''], ['code', false, 'rate_limited']]);
  });

  it('refuses a code for a phone that is not a customer, and logs it', async () => {
    const r = await appCall(t, w.mainApp, 'POST', API.appLoginCode, { phone: '0911111119' });
    expect([r.code, issue(r)]).toEqual([40400, 'customerSession.reason.unknown_customer']);
    const [row] = await t.db.select().from(customerLoginLog).where(eq(customerLoginLog.phone, '0911111119'));
    expect(row).toMatchObject({ kind: 'code', success: false, reason: 'unknown_customer', customerId: null });
  });

  it('signs in with the right code once: a wrong code, a reused code and an expired code are refused', async () => {
    const b = await registered();
    t.clock.advance(CODE_PAUSE);
    await appCall(t, w.mainApp, 'POST', API.appLoginCode, { phone: b.phone });
    const code = await latestCode(b.phone);
    const wrong = await appCall(t, w.mainApp, 'POST', API.appLogin, { phone: b.phone, code: code === '000000' ? '111111' : '000000', device_id: b.device_id });
    expect([wrong.code, issue(wrong)]).toEqual([40000, 'customerSession.reason.code_wrong']);
    const ok = await appCall(t, w.mainApp, 'POST', API.appLogin, { phone: b.phone, code, device_id: b.device_id, device: { brand: 'Samsung', model: 'A54' } });
    expect(ok.code, ok.msg).toBe(20000);
    expect(ok.data.token).toMatch(/^[0-9a-f]{32}$/);
    expect(ok.data.customer_id).toBe(b.id);
    const [s] = await t.db.select().from(customerSession).where(eq(customerSession.id, ok.data.session_id));
    expect(s.tokenHash).not.toBe(ok.data.token);
    expect(s).toMatchObject({ customerId: b.id, deviceId: b.device_id, device: 'Samsung A54', endedAt: null });

    const reused = await appCall(t, w.mainApp, 'POST', API.appLogin, { phone: b.phone, code, device_id: b.device_id });
    expect(issue(reused)).toBe('customerSession.reason.no_code');

    t.clock.advance(CODE_PAUSE);
    await appCall(t, w.mainApp, 'POST', API.appLoginCode, { phone: b.phone });
    t.clock.advance(6 * MIN);
    const late = await appCall(t, w.mainApp, 'POST', API.appLogin, { phone: b.phone, code: await latestCode(b.phone), device_id: b.device_id });
    expect(issue(late)).toBe('customerSession.reason.code_expired');
    const log = await t.db.select().from(customerLoginLog).where(and(eq(customerLoginLog.phone, b.phone), eq(customerLoginLog.kind, 'sign_in'))).orderBy(customerLoginLog.id);
    expect(log.map((x) => [x.success, x.reason])).toEqual([[false, 'code_wrong'], [true, ''], [false, 'no_code'], [false, 'code_expired']]);
    expect(log[1]).toMatchObject({ device: 'Samsung A54', deviceId: b.device_id });
  });

  it('burns a code after 5 wrong tries: even the right one is refused then', async () => {
    const b = await registered();
    t.clock.advance(CODE_PAUSE);
    await appCall(t, w.mainApp, 'POST', API.appLoginCode, { phone: b.phone });
    const code = await latestCode(b.phone);
    const bad = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) expect(issue(await appCall(t, w.mainApp, 'POST', API.appLogin, { phone: b.phone, code: bad, device_id: b.device_id }))).toBe('customerSession.reason.code_wrong');
    const right = await appCall(t, w.mainApp, 'POST', API.appLogin, { phone: b.phone, code, device_id: b.device_id });
    expect([right.code, issue(right)]).toEqual([42900, 'customerSession.reason.too_many_tries']);
  });

  it('refuses bad input with 40000 and writes nothing', async () => {
    const before = (await t.db.select().from(customerLoginLog)).length;
    for (const body of [{ phone: '0912345678', code: '12ab', device_id: 'dev-1234' }, { phone: '0912345678', code: '123456', device_id: 'dev\u00001234' }, { phone: 'x'.repeat(5000), code: '123456', device_id: 'dev-1234' }]) {
      const r = await appCall(t, w.mainApp, 'POST', API.appLogin, body);
      expect(r.code).toBe(40000);
    }
    expect((await t.db.select().from(customerLoginLog)).length).toBe(before);
  });
});

describe('the session token', () => {
  it('is required once the customer signed in, must be the customer named, and ends with logout', async () => {
    const b = await registered();
    expect((await orderStatus(b)).code).toBe(20000); // never signed in: signature only, as before
    const s = await signIn(b);
    const token = s.data.token as string;

    const bare = await orderStatus(b);
    expect([bare.status, bare.code, issue(bare)]).toEqual([401, 40100, 'customerSession.error.required']);
    expect((await orderStatus(b, withToken(token))).code).toBe(20000);

    const other = await registered();
    const wrongPerson = await orderStatus(other, withToken(token));
    expect([wrongPerson.status, issue(wrongPerson)]).toEqual([401, 'customerSession.error.otherCustomer']);
    expect(issue(await orderStatus(b, withToken('f'.repeat(32))))).toBe('customerSession.error.tokenInvalid');

    const me = await appCall(t, w.mainApp, 'GET', API.appSession, undefined, withToken(token));
    expect(me.data).toMatchObject({ customer_id: b.id, session_id: s.data.session_id });

    expect((await appCall(t, w.mainApp, 'POST', API.appLogout, undefined, withToken(token))).code).toBe(20000);
    const after = await orderStatus(b, withToken(token));
    expect([after.status, issue(after), after.data.issues[0].values.reason]).toEqual([401, 'customerSession.error.ended', 'logout']);
    const [op] = await t.db.select().from(customerOperateLog).where(and(eq(customerOperateLog.customerId, b.id), eq(customerOperateLog.kind, 'sign_out')));
    expect(op).toMatchObject({ success: true, sessionId: s.data.session_id });
  });

  it('a new sign-in replaces the older session', async () => {
    const b = await registered();
    const first = await signIn(b);
    const second = await signIn(b);
    expect(issue(await orderStatus(b, withToken(first.data.token)))).toBe('customerSession.error.ended');
    expect((await orderStatus(b, withToken(second.data.token))).code).toBe(20000);
    const [old] = await t.db.select().from(customerSession).where(eq(customerSession.id, first.data.session_id));
    expect(old.endedReason).toBe('replaced');
  });

  it('is ended by the continuous-online limit (business of spec §9), a pause starting a new stretch', async () => {
    expect((await t.post(admin, CONFIG_API.edit, { key: 'continuous_online_limit_minutes', value: '20' })).code).toBe(20000);
    try {
      const b = await registered();
      const { data } = await signIn(b);
      // A pause longer than 15 minutes: the stretch starts again, so 30 minutes after sign-in it is still fine.
      t.clock.advance(16 * MIN);
      expect((await orderStatus(b, withToken(data.token))).code).toBe(20000);
      t.clock.advance(14 * MIN);
      expect((await orderStatus(b, withToken(data.token))).code).toBe(20000);
      t.clock.advance(5 * MIN); // 19 minutes into this stretch
      expect((await orderStatus(b, withToken(data.token))).code).toBe(20000);
      t.clock.advance(5 * MIN); // 24 minutes online without a pause > 20
      const over = await orderStatus(b, withToken(data.token));
      expect([over.status, issue(over)]).toEqual([401, 'customerSession.error.onlineLimit']);
      const [s] = await t.db.select().from(customerSession).where(eq(customerSession.id, data.session_id));
      expect(s.endedReason).toBe('online_limit');
      expect(issue(await orderStatus(b, withToken(data.token)))).toBe('customerSession.error.onlineLimit');
      expect((await signIn(b)).code).toBe(20000); // signing in again is the way back
    } finally {
      await t.post(admin, CONFIG_API.edit, { key: 'continuous_online_limit_minutes', value: '480' });
    }
  });

  it('the sweep job ends sessions past the limit that made no further call', async () => {
    expect((await t.post(admin, CONFIG_API.edit, { key: 'continuous_online_limit_minutes', value: '5' })).code).toBe(20000);
    try {
      const b = await registered();
      const { data } = await signIn(b);
      for (let i = 0; i < 2; i++) {
        t.clock.advance(2 * MIN);
        expect((await orderStatus(b, withToken(data.token))).code).toBe(20000);
      }
      t.clock.advance(2 * MIN); // 6 minutes into the stretch, no call since
      await customerSessionSweepJob.run({ db: t.db, now: () => t.clock.now } as never);
      const [s] = await t.db.select().from(customerSession).where(eq(customerSession.id, data.session_id));
      expect(s.endedReason).toBe('online_limit');
    } finally {
      await t.post(admin, CONFIG_API.edit, { key: 'continuous_online_limit_minutes', value: '480' });
    }
  });
});

describe('GPS range (spec §9 gps_range_meters)', () => {
  it('measures distances', () => {
    expect(Math.round(distanceMeters(HOME, FAR) / 100)).toBe(56);
    expect(distanceMeters(HOME, HOME)).toBe(0);
  });

  it('refuses a sign-in or an application farther than the range from the last position', async () => {
    const b = await registered();
    const first = await signIn(b, { gps: HOME });
    expect(first.code, first.msg).toBe(20000);
    const far = await signIn(b, { gps: FAR });
    expect([far.code, issue(far)]).toEqual([40300, 'customerSession.error.gpsOutOfRange']);
    expect(far.data.issues[0].values.range).toBe(300);
    expect(far.data.issues[0].values.distance).toBeGreaterThan(5000);
    // The refused sign-in created no session: the first one still works.
    expect((await orderStatus(b, withToken(first.data.token))).code).toBe(20000);

    const apply = (gps: string) => appCall(t, w.mainApp, 'POST', '/loanapi/app/apply',
      { phone: b.phone, product_id: w.mainProduct.id, amount: 2_000_000, days: 7, device_id: b.device_id }, withToken(first.data.token, { [GPS_HEADER]: gps }));
    const refused = await apply(`${FAR.lat},${FAR.lng}`);
    expect([refused.code, issue(refused)]).toEqual([40300, 'customerSession.error.gpsOutOfRange']);
    expect(issue(await apply('north pole'))).toBe('customerSession.error.gpsFormat');
    const near = await apply(`${HOME.lat + 0.001},${HOME.lng}`); // ~110 m
    expect(near.code, near.msg).toBe(20000);

    const ops = await t.db.select().from(customerOperateLog).where(and(eq(customerOperateLog.customerId, b.id), eq(customerOperateLog.kind, 'apply'))).orderBy(customerOperateLog.id);
    expect(ops.map((o) => [o.success, o.reason])).toEqual([[false, 'customerSession.error.gpsOutOfRange'], [false, 'customerSession.error.gpsFormat'], [true, '']]);
    expect(ops[2]).toMatchObject({ ref: near.data.order_no, sessionId: first.data.session_id, detail: { product_id: w.mainProduct.id, amount: 2_000_000, days: 7 } });
    const [login] = await t.db.select().from(customerLoginLog).where(and(eq(customerLoginLog.phone, b.phone), eq(customerLoginLog.reason, 'gps_out_of_range')));
    expect(login.success).toBe(false);
  });
});

describe('force logout (spec §4) and the logs', () => {
  let other: { id: number; app: ReturnType<typeof demoApp> };

  beforeAll(async () => {
    await t.db.insert(merchant).values({ code: 'M009', name: 'Other Lender', currency: 'VND' });
    await seedIntakeApps(t.db);
    const app = demoApp('M009');
    const b = await registered(app);
    other = { id: b.id, app };
    expect((await signIn(b, {}, app)).code).toBe(20000);
  });

  it('ends every live session of the customer at once: the next borrower call answers 401; logged', async () => {
    const b = await registered();
    const { data } = await signIn(b);
    const r = await t.post(operator, API.forceLogout, { ids: [b.id] });
    expect(r.code, r.msg).toBe(20000);
    expect(r.data).toEqual({ customers: 1, sessions: 1 });
    const after = await orderStatus(b, withToken(data.token));
    expect([after.status, after.code, after.data.issues[0].values.reason]).toEqual([401, 40100, 'forced']);
    expect((await orderStatus(b)).status).toBe(401); // and no token at all is no way around it
    const [s] = await t.db.select().from(customerSession).where(eq(customerSession.id, data.session_id));
    expect(s.endedReason).toBe('forced');
    expect(s.endedBy).not.toBeNull();
    const [log] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, 'customerSession.forceLogout'), eq(operationLog.targetId, String(b.id))));
    expect(log.after).toEqual({ sessions: [data.session_id] });
  });

  it('answers 40400 for another merchant\'s customer and ends nothing; refuses roles without the node', async () => {
    const mixed = await t.post(operator, API.forceLogout, { ids: [other.id] });
    expect(mixed.code).toBe(40400);
    const [live] = await t.db.select().from(customerSession).where(eq(customerSession.customerId, other.id));
    expect(live.endedAt).toBeNull();
    expect((await t.post(await t.login('supervisor'), API.forceLogout, { ids: [other.id] })).code).toBe(40300);
    expect((await t.post(operator, API.forceLogout, { ids: [] })).code).toBe(40000);
    expect((await t.post(operator, API.forceLogout, { ids: ['1; drop'] })).code).toBe(40000);
  });

  it('ends chosen sessions from the sessions list, scoped the same way', async () => {
    const b = await registered();
    const { data } = await signIn(b);
    const list = await t.get(operator, API.sessionList, { customer_id: b.id });
    expect(list.data.rows.map((r: any) => r.id)).toEqual([data.session_id]);
    const [otherSession] = await t.db.select().from(customerSession).where(eq(customerSession.customerId, other.id));
    expect((await t.post(operator, API.endSessions, { ids: [data.session_id, otherSession.id] })).code).toBe(40400);
    expect((await t.post(operator, API.endSessions, { ids: [data.session_id] })).data).toEqual({ sessions: 1 });
    expect((await t.get(operator, API.sessionList, { customer_id: b.id })).data.rows).toEqual([]);
    expect((await t.get(operator, API.sessionList, { customer_id: b.id, live: '0' })).data.rows[0].ended_reason).toBe('forced');
  });

  it('lists sign-ins and operations newest first, filtered and scoped to the reader\'s merchants', async () => {
    const b = await registered();
    await signIn(b);
    const mine = await t.get(operator, API.loginList, { phone: b.phone });
    expect(mine.code).toBe(20000);
    expect(mine.data.rows.map((r: any) => r.kind)).toEqual(['sign_in', 'code']);
    expect(mine.data.rows[0]).toMatchObject({ success: true, customer_id: b.id, merchant_id: w.main.id, merchant_name: w.main.name });
    expect((await t.get(operator, API.loginList, { phone: b.phone, kind: 'code' })).data.rows).toHaveLength(1);
    expect((await t.get(operator, API.loginList, { phone: b.phone, success: '0' })).data.rows).toHaveLength(0);

    // M009's rows: the administrator sees them, the M001 operator does not (not even by filtering on them).
    const [m9] = await t.db.select().from(merchant).where(eq(merchant.code, 'M009'));
    expect((await t.get(admin, API.loginList, { merchant_id: m9.id })).data.rows.length).toBeGreaterThan(0);
    expect((await t.get(operator, API.loginList, { merchant_id: m9.id })).data.rows).toEqual([]);
    expect((await t.get(operator, API.operateList, { merchant_id: m9.id })).data.rows).toEqual([]);
    expect((await t.get(admin, API.operateList, { merchant_id: m9.id, kind: 'register' })).data.rows.length).toBeGreaterThan(0);

    const ops = await t.get(operator, API.operateList, { phone: b.phone });
    expect(ops.data.rows.map((r: any) => [r.kind, r.success])).toEqual([['register', true]]);
    expect(ops.data.rows[0].detail).toMatchObject({ is_new: true });

    // Keyset paging: two pages of one row cover both sign-in rows once.
    const p1 = await t.get(operator, API.loginList, { phone: b.phone, size: 1 });
    const p2 = await t.get(operator, API.loginList, { phone: b.phone, size: 1, cursor: p1.data.next_cursor });
    expect([...p1.data.rows, ...p2.data.rows].map((r: any) => r.id)).toEqual(mine.data.rows.map((r: any) => r.id));

    expect((await t.get(operator, API.loginList, { kind: 'nope' })).code).toBe(40000);
    expect((await t.get(operator, API.loginList, { phone: '09\u0000' })).code).toBe(40000);
  });

  it('reads the logs only with their page nodes', async () => {
    const reviewer = await t.login('reviewer1');
    expect((await t.get(reviewer, API.loginList)).code).toBe(40300);
    expect((await t.get(reviewer, API.operateList)).code).toBe(40300);
    expect((await t.get(reviewer, API.sessionList)).code).toBe(40300);
    const supervisor = await t.login('supervisor');
    expect((await t.get(supervisor, API.loginList)).code).toBe(20000);
    expect((await t.get(supervisor, API.operateList)).code).toBe(20000);
  });
});
