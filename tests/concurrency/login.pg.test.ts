import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginLog } from '../../src/server/modules/auth/auth.table';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../support/testApp';

/**
 * Sign-in throttling under concurrent guesses on real PostgreSQL (PGlite runs one transaction at a time, so the race
 * can't happen there): the attempt is counted by an atomic upsert before the password is checked, so a burst checks
 * at most the limit's worth of passwords, and once the limit is reached even the right password is refused.
 * Runs with DATABASE_URL; skipped otherwise.
 */
const pg = !!process.env.DATABASE_URL;
const N = 200;

describe.skipIf(!pg)('sign-in throttling under concurrency on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t?.close());

  // Each guess from its own address, as a botnet would send them: the per-account limit is the one that must hold.
  const signIn = (account: string, pwd: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/loanapi/account/login', payload: { account, pwd }, headers: { 'lang-code': '100' }, remoteAddress })
      .then((r) => (r.json() as { code: number }).code);
  const addr = (burst: number, i: number) => `10.${burst}.${i >> 8}.${(i & 255) + 1}`;
  const checks = async (accounts: string[]) =>
    (await t.db.select({ id: loginLog.id }).from(loginLog).where(and(inArray(loginLog.account, accounts), inArray(loginLog.reason, ['password', ''])))).length;

  it(`${N} concurrent wrong passwords at one account check at most the limit, then the right one is refused too`, async () => {
    const limit = t.app.deps.cfg.loginMaxFailuresPerAccount;
    const codes = await Promise.all(Array.from({ length: N }, (_, i) => signIn('collector', `guess-${i}`, addr(1, i))));
    const checked = await checks(['collector']);
    console.log(`login race: concurrent=${N} checked=${checked} limit=${limit}`);
    expect(checked).toBeLessThanOrEqual(limit);
    expect(codes.filter((c) => c === 40000)).toHaveLength(checked);
    expect(codes.filter((c) => c === 42900)).toHaveLength(N - checked);

    // A second burst with the right password among the guesses: the limit is reached, nothing is checked, nobody is in.
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn('collector', i === 17 ? DEMO_PASSWORD : `again-${i}`, addr(2, i))));
    expect(burst.filter((c) => c === 20000)).toHaveLength(0);
    expect(burst.every((c) => c === 42900)).toBe(true);
    expect(await checks(['collector'])).toBe(checked);
    expect(await t.db.select().from(loginLog).where(and(eq(loginLog.account, 'collector'), eq(loginLog.success, true)))).toHaveLength(0);
  }, 120_000);

  it('a burst that carries the right password still checks no more wrong ones than the limit', async () => {
    const limit = t.app.deps.cfg.loginMaxFailuresPerAccount;
    const codes = await Promise.all(Array.from({ length: N }, (_, i) => signIn('reminder', i === N / 2 ? DEMO_PASSWORD : `guess-${i}`, addr(3, i))));
    const failed = (await t.db.select({ id: loginLog.id }).from(loginLog).where(and(eq(loginLog.account, 'reminder'), eq(loginLog.reason, 'password')))).length;
    expect(failed).toBeLessThanOrEqual(limit);
    expect(codes.filter((c) => c === 20000).length).toBeLessThanOrEqual(1);
  }, 120_000);

  it(`${N} concurrent guesses at ${N} accounts from one address check at most the per-address limit`, async () => {
    const limit = t.app.deps.cfg.loginMaxFailuresPerIp;
    const accounts = Array.from({ length: N }, (_, i) => `ghost${i}`);
    const codes = await Promise.all(accounts.map((a) => signIn(a, 'guess', '192.0.2.200')));
    const checked = await checks(accounts);
    console.log(`login race per address: concurrent=${N} checked=${checked} limit=${limit}`);
    expect(checked).toBeLessThanOrEqual(limit);
    expect(codes.filter((c) => c === 42900)).toHaveLength(N - checked);
  }, 120_000);
});
