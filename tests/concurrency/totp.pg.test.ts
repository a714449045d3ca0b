import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginLog } from '../../src/server/modules/auth/auth.table';
import { newSecret, totpNow } from '../../src/server/modules/auth/totp';
import { adminAccount } from '../../src/server/modules/empower/empower.table';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../support/testApp';

/**
 * One authenticator code sent in concurrent requests on real PostgreSQL: the time step is consumed by a guarded update
 * (it only moves forward), so exactly one request gets in and the others are refused as replays. Runs with
 * DATABASE_URL; skipped otherwise.
 */
const pg = !!process.env.DATABASE_URL;
const N = 10;

describe.skipIf(!pg)('authenticator code replay under concurrency on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The sign-in limit would hold most of the burst back before the code is looked at: raised, so all N race on it.
    t = await createTestApp({ cfg: { loginMaxFailuresPerAccount: 100 } });
  }, 120_000);
  afterAll(() => t?.close());

  it(`${N} concurrent sign-ins with one code: one success`, async () => {
    const secret = newSecret();
    await t.db.update(adminAccount).set({ googleSecret: secret, googleBound: true, googleLastStep: 0 }).where(eq(adminAccount.account, 'merchant'));
    const code = await totpNow(secret, t.clock.now);
    const res = await Promise.all(Array.from({ length: N }, (_, i) => t.app.inject({
      method: 'POST', url: '/loanapi/account/login', headers: { 'lang-code': '100' }, remoteAddress: `10.20.0.${i + 1}`,
      payload: { account: 'merchant', pwd: DEMO_PASSWORD, google_code: code },
    }).then((r) => r.json() as { code: number; msg: string })));
    const success = res.filter((r) => r.code === 20000).length;
    console.log(`totp race: concurrent=${N} success=${success}`);
    expect(success).toBe(1);
    expect(res.filter((r) => r.code !== 20000).every((r) => r.code === 40000 && /already used/.test(r.msg))).toBe(true);
    const logged = await t.db.select().from(loginLog).where(eq(loginLog.account, 'merchant'));
    expect(logged.filter((l) => l.success)).toHaveLength(1);
    expect(logged.filter((l) => l.reason === 'google_replay')).toHaveLength(N - 1);
  }, 60_000);

  it(`${N} concurrent binds with one code: one binding`, async () => {
    const token = await t.login('submerchant');
    const key = await t.post(token, '/loanapi/google_auth/apply_key');
    expect(key.code).toBe(20000);
    const code = await totpNow(key.data.secret, t.clock.now);
    const res = await Promise.all(Array.from({ length: N }, () => t.post(token, '/loanapi/google_auth/bind_key', { google_code: code })));
    expect(res.filter((r) => r.code === 20000)).toHaveLength(1);
    const [a] = await t.db.select().from(adminAccount).where(eq(adminAccount.account, 'submerchant'));
    expect(a.googleBound).toBe(true);
    expect(a.googleSecret).toBe(key.data.secret);
  }, 60_000);
});
