import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../../tests/support/testApp';
import { parseTrustProxy, trustProxyOption } from '../../config';
import { adminAccount } from '../empower/empower.table';
import { operationLog } from '../log/log.table';
import { captchaSvg } from './captcha';
import { loginAttempt, loginLog } from './auth.table';
import { consumeTotpStep } from './totp';

const FORGED = '203.0.113.77';

async function signIn(t: TestApp, account: string, pwd: string, headers: Record<string, string> = {}, remoteAddress?: string) {
  const res = await t.app.inject({ method: 'POST', url: '/loanapi/account/login', payload: { account, pwd }, headers: { 'lang-code': '100', ...headers }, remoteAddress });
  return res.json() as { code: number; data: { token?: string } };
}

const lastLogin = async (t: TestApp, account: string) =>
  (await t.db.select().from(loginLog).where(eq(loginLog.account, account)).orderBy(desc(loginLog.id)).limit(1))[0];

describe('TRUST_PROXY', () => {
  it('parses a list of addresses, a hop count, or nothing', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy(' ')).toBe(false);
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16,')).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('0')).toBe(false);
    const hops = trustProxyOption(2) as (addr: string, hop: number) => boolean;
    expect([0, 1, 2].map((h) => hops('10.0.0.1', h))).toEqual([true, true, false]);
  });
});

describe('client address with the default configuration (no proxy trusted)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ cfg: { loginMaxFailuresPerIp: 3 } });
  });
  afterAll(() => t.close());

  it('logs a sign-in with the socket address, not X-Forwarded-For', async () => {
    expect((await signIn(t, 'reviewer1', DEMO_PASSWORD, { 'x-forwarded-for': FORGED })).code).toBe(20000);
    expect((await lastLogin(t, 'reviewer1')).ip).toBe('127.0.0.1');
  });

  it('writes the socket address into the operation log', async () => {
    const token = (await signIn(t, 'reviewer2', DEMO_PASSWORD)).data.token!;
    const res = await t.app.inject({
      method: 'POST', url: '/loanapi/account/edit_profile', payload: { nickname: 'R2' }, headers: { authorization: token, 'x-forwarded-for': FORGED },
    });
    expect(res.json().code).toBe(20000);
    const [row] = await t.db.select().from(operationLog).where(eq(operationLog.action, 'account.edit_profile')).orderBy(desc(operationLog.id)).limit(1);
    expect(row.ip).toBe('127.0.0.1');
  });

  it('a new forged address per request does not escape the per-address limit', async () => {
    const from = '192.0.2.10';
    for (let i = 0; i < 3; i++) {
      expect((await signIn(t, `nobody${i}`, 'wrong', { 'x-forwarded-for': `198.51.100.${i}` }, from)).code).toBe(40000);
    }
    // A fourth account, a fourth forged address, the right password: still the same client, which is out of attempts.
    expect((await signIn(t, 'collector', DEMO_PASSWORD, { 'x-forwarded-for': '198.51.100.99' }, from)).code).toBe(42900);
  });
});

describe('client address behind a configured proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ cfg: { trustProxy: ['127.0.0.1'] } });
  });
  afterAll(() => t.close());

  it('takes the forwarded address from the trusted proxy only', async () => {
    expect((await signIn(t, 'reviewer1', DEMO_PASSWORD, { 'x-forwarded-for': FORGED })).code).toBe(20000);
    expect((await lastLogin(t, 'reviewer1')).ip).toBe(FORGED);
    expect((await signIn(t, 'reviewer2', DEMO_PASSWORD, { 'x-forwarded-for': FORGED }, '192.0.2.44')).code).toBe(20000);
    expect((await lastLogin(t, 'reviewer2')).ip).toBe('192.0.2.44');
  });
});

describe('attempts counted before the password is checked', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('successes give their attempt back: signing in more often than the limit is never held back', async () => {
    for (let i = 0; i < 8; i++) expect((await signIn(t, 'reminder', DEMO_PASSWORD, {}, '192.0.2.1')).code, `sign-in ${i + 1}`).toBe(20000);
    const [row] = await t.db.select().from(loginAttempt).where(eq(loginAttempt.bucket, 'a:reminder'));
    expect(row.attempts).toBe(0);
  });

  it('a success does not wipe earlier failures', async () => {
    const from = '192.0.2.2';
    for (let i = 0; i < 4; i++) expect((await signIn(t, 'marketing', 'wrong', {}, from)).code).toBe(40000);
    expect((await signIn(t, 'marketing', DEMO_PASSWORD, {}, from)).code).toBe(20000);
    expect((await signIn(t, 'marketing', 'wrong', {}, from)).code).toBe(40000);
    // Five failures in the window: the next attempt is refused before its (right) password is looked at.
    expect((await signIn(t, 'marketing', DEMO_PASSWORD, {}, from)).code).toBe(42900);
    const checked = await t.db.select().from(loginLog).where(and(eq(loginLog.account, 'marketing'), eq(loginLog.reason, 'password')));
    expect(checked).toHaveLength(5);
    expect((await lastLogin(t, 'marketing')).reason).toBe('throttled');
  });

  it('counts the account whatever its letter case', async () => {
    const from = '192.0.2.3';
    for (const name of ['Registrar', 'REGISTRAR', 'registrar', 'RegistraR', 'registraR']) await signIn(t, name, 'wrong', {}, from);
    expect((await signIn(t, 'registrar', DEMO_PASSWORD, {}, from)).code).toBe(42900);
  });
});

describe('captcha image', () => {
  it('draws the answer as shapes: no <text>, no answer in the markup', () => {
    for (const answer of ['AB7K', 'ZZ99', 'HMNW']) {
      const svg = Buffer.from(captchaSvg(answer).replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');
      expect(svg).toMatch(/^<svg[^>]*>/);
      expect(svg).toContain('<path');
      expect(svg).not.toMatch(/<text|<tspan|font-family/i);
      expect(svg.toUpperCase()).not.toContain(answer);
    }
  });
});

describe('authenticator steps', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a step is consumed once, and only moving forward', async () => {
    const [a] = await t.db.select().from(adminAccount).where(eq(adminAccount.account, 'withdrawal'));
    expect(await consumeTotpStep(t.db, a.id, 1000)).toBe(true);
    expect(await consumeTotpStep(t.db, a.id, 1000)).toBe(false);
    expect(await consumeTotpStep(t.db, a.id, 999)).toBe(false);
    expect(await consumeTotpStep(t.db, a.id, 1001)).toBe(true);
  });
});
