import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { adminAccount } from '../empower/empower.table';
import { totpNow } from './totp';

describe('sign-in and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('trims the account, returns a token, and the profile carries node_list and organizer', async () => {
    const token = await t.login('  admin  ');
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    const me = await t.get(token, '/loanapi/account/get_userinfo', { token });
    expect(me.code).toBe(20000);
    expect(me.data.node_list).toContain('admin_y');
    expect(me.data.organizer_info.name).toBe('Saigon Credit');
  });

  it('requires account and password, in the caller language', async () => {
    const res = await t.post(null, '/loanapi/account/login', { account: '', pwd: '' });
    expect(res.code).toBe(40000);
    expect(res.data.issues.map((i: { path: string }) => i.path)).toEqual(expect.arrayContaining(['account', 'pwd']));
    const vi = await t.post(null, '/loanapi/account/login', { account: 'admin', pwd: 'wrong' }, { 'lang-code': '300' });
    expect(vi.msg).toBe('Sai tài khoản hoặc mật khẩu');
  });

  it('refuses requests without a token (50008), with an unknown token (50008) and after logout', async () => {
    expect((await t.get(null, '/loanapi/account/get_userinfo')).code).toBe(50008);
    expect((await t.get('f'.repeat(32), '/loanapi/account/get_userinfo')).code).toBe(50008);
    const token = await t.login('reviewer2');
    expect((await t.post(token, '/loanapi/account/logout', { token })).code).toBe(20000);
    expect((await t.get(token, '/loanapi/account/get_userinfo')).code).toBe(50008);
  });

  it('a second sign-in on the same terminal replaces the first session (50012)', async () => {
    const first = await t.login('prereview');
    const second = await t.login('prereview');
    expect((await t.get(first, '/loanapi/account/get_userinfo')).code).toBe(50012);
    expect((await t.get(second, '/loanapi/account/get_userinfo')).code).toBe(20000);
  });

  it('expires an idle session (50014) and keep-alive keeps it alive', async () => {
    const token = await t.login('withdrawal');
    t.clock.advance(90 * 60_000);
    expect((await t.post(token, '/loanapi/account/keep_alive')).code).toBe(20000);
    t.clock.advance(90 * 60_000);
    expect((await t.get(token, '/loanapi/account/get_userinfo')).code).toBe(20000);
    t.clock.advance(121 * 60_000);
    expect((await t.get(token, '/loanapi/account/get_userinfo')).code).toBe(50014);
  });

  it('answers HTTP 412 outside the work period', async () => {
    const token = await t.login('reminder');
    await t.db.update(adminAccount).set({ workStart: '00:00', workEnd: '00:00' }).where(eq(adminAccount.account, 'reminder'));
    const res = await t.get(token, '/loanapi/account/get_userinfo');
    // Work period 00:00–00:00 only holds during one minute of the day.
    if (new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Ho_Chi_Minh' }).format(t.clock.now) !== '00:00') {
      expect(res.status).toBe(412);
    }
    await t.db.update(adminAccount).set({ workStart: null, workEnd: null }).where(eq(adminAccount.account, 'reminder'));
  });

  it('answers HTTP 412 from a terminal the account may not use', async () => {
    const token = await t.login('marketing');
    await t.db.update(adminAccount).set({ allowedTerminals: ['mobile'] }).where(eq(adminAccount.account, 'marketing'));
    const res = await t.get(token, '/loanapi/account/get_userinfo', {}, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' });
    expect(res.status).toBe(412);
    await t.db.update(adminAccount).set({ allowedTerminals: [] }).where(eq(adminAccount.account, 'marketing'));
  });

  it('an account with an empty node list is told permissions are not configured', async () => {
    const token = await t.login('registrar');
    const [a] = await t.db.select().from(adminAccount).where(eq(adminAccount.account, 'registrar'));
    await t.db.update(adminAccount).set({ roleId: 999999 }).where(eq(adminAccount.id, a.id));
    const res = await t.get(token, '/loanapi/account/get_userinfo');
    expect(res.code).toBe(40301);
    expect(res.msg).toBe('System permissions are not configured');
    await t.db.update(adminAccount).set({ roleId: a.roleId }).where(eq(adminAccount.id, a.id));
  });

  it('throttles an account after repeated failures, with a clear message', async () => {
    for (let i = 0; i < 5; i++) await t.post(null, '/loanapi/account/login', { account: 'collector', pwd: 'nope' });
    const res = await t.post(null, '/loanapi/account/login', { account: 'collector', pwd: 'Demo@2026' });
    expect(res.code).toBe(42900);
    expect(res.msg).toMatch(/15 minutes/);
    t.clock.advance(16 * 60_000);
    expect((await t.post(null, '/loanapi/account/login', { account: 'collector', pwd: 'Demo@2026' })).code).toBe(20000);
  });

  it('Google Authenticator: bind with a valid code, then login needs it and refuses a replay', async () => {
    const token = await t.login('merchant');
    const key = await t.post(token, '/loanapi/google_auth/apply_key');
    expect(key.data.qr).toMatch(/^data:image\/png;base64,/);
    expect((await t.post(token, '/loanapi/google_auth/bind_key', { google_code: '000000' })).code).toBe(40000);
    const bind = await t.post(token, '/loanapi/google_auth/bind_key', { google_code: await totpNow(key.data.secret, t.clock.now) });
    expect(bind.code).toBe(20000);

    const noCode = await t.post(null, '/loanapi/account/login', { account: 'merchant', pwd: 'Demo@2026' });
    expect(noCode.code).toBe(40100);
    t.clock.advance(31_000);
    const code = await totpNow(key.data.secret, t.clock.now);
    expect((await t.post(null, '/loanapi/account/login', { account: 'merchant', pwd: 'Demo@2026', google_code: code })).code).toBe(20000);
    const replay = await t.post(null, '/loanapi/account/login', { account: 'merchant', pwd: 'Demo@2026', google_code: code });
    expect(replay.code).toBe(40000);
    expect(replay.msg).toMatch(/already used/);
  });

  it('skip for 7 days sets the skip date a week ahead', async () => {
    const token = await t.login('submerchant');
    const res = await t.post(token, '/loanapi/google_auth/skip');
    expect(new Date(res.data.google_skip_until).getTime() - t.clock.now.getTime()).toBe(7 * 86_400_000);
  });

  it('changes own password: the old one stops working and other sessions end', async () => {
    const token = await t.login('supervisor');
    expect((await t.post(token, '/loanapi/account/change_pwd', { old_pwd: 'bad', new_pwd: 'Newpass@1' })).code).toBe(40000);
    expect((await t.post(token, '/loanapi/account/change_pwd', { old_pwd: 'Demo@2026', new_pwd: 'Newpass@1' })).code).toBe(20000);
    expect((await t.post(null, '/loanapi/account/login', { account: 'supervisor', pwd: 'Demo@2026' })).code).toBe(40000);
    await t.login('supervisor', 'Newpass@1');
  });
});

describe('captcha', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ cfg: { captchaEnabled: true }, captchaText: () => 'AB7K' });
  });
  afterAll(() => t.close());

  it('is required, checked case-insensitively, and good only once', async () => {
    expect((await t.post(null, '/loanapi/account/login', { account: 'admin', pwd: 'Demo@2026' })).code).toBe(40000);
    const c = await t.get(null, '/loanapi/comon/get_captcha');
    expect(c.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(c.data.enabled).toBe(true);
    const body = { account: 'admin', pwd: 'Demo@2026', captcha_id: c.data.captcha_id, captcha_code: 'ab7k' };
    expect((await t.post(null, '/loanapi/account/login', body)).code).toBe(20000);
    const again = await t.post(null, '/loanapi/account/login', body);
    expect(again.code).toBe(40000);
    expect(again.msg).toMatch(/wrong or expired/);
  });

  it('a wrong answer spends the captcha too', async () => {
    const c = await t.get(null, '/loanapi/comon/get_captcha');
    expect((await t.post(null, '/loanapi/account/login', { account: 'admin', pwd: 'Demo@2026', captcha_id: c.data.captcha_id, captcha_code: 'ZZZZ' })).code).toBe(40000);
    expect((await t.post(null, '/loanapi/account/login', { account: 'admin', pwd: 'Demo@2026', captcha_id: c.data.captcha_id, captcha_code: 'AB7K' })).code).toBe(40000);
  });
});
