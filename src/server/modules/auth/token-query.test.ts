import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { redactTokenInUrl, serializeRequestForLog } from '../../plugins/session';

describe('a token in the query string', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login('admin');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: { 'lang-code': '100' } }).then((r) => ({ status: r.statusCode, ...r.json() }));

  it('is still read by the spec’s get_userinfo', async () => {
    expect((await call('GET', `/loanapi/account/get_userinfo?token=${token}`)).code).toBe(20000);
  });

  it('is ignored everywhere else, answered as no token at all', async () => {
    const none = await call('POST', '/loanapi/account/keep_alive');
    const viaQuery = await call('POST', `/loanapi/account/keep_alive?token=${token}`);
    expect(none.code).toBe(50008);
    expect([viaQuery.status, viaQuery.code]).toEqual([none.status, none.code]);
    const list = await call('GET', `/loanapi/admin_account/list?token=${token}`);
    expect(list.code).toBe(50008);
    // The same token in a header works: the refusal is about where it travelled.
    expect((await t.post(token, '/loanapi/account/keep_alive')).code).toBe(20000);
  });
});

describe('request log lines', () => {
  it.each([
    ['/loanapi/account/get_userinfo?token=abc123', '/loanapi/account/get_userinfo?token=[redacted]'],
    ['/x?a=1&token=abc&b=2', '/x?a=1&token=[redacted]&b=2'],
    ['/x?TOKEN=abc&token=def', '/x?TOKEN=[redacted]&token=[redacted]'],
    ['/x?%74oken=abc#frag', '/x?%74oken=[redacted]#frag'],
    ['/x?tokens=1&mytoken=2', '/x?tokens=1&mytoken=2'],
    ['/x?token', '/x?token=[redacted]'],
    ['/x', '/x'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactTokenInUrl(url)).toBe(logged);
  });

  it('the request serializer keeps the fields and drops the token', () => {
    const line = serializeRequestForLog({ method: 'GET', url: '/loanapi/account/get_userinfo?token=0123456789abcdef', headers: {}, host: 'h', ip: '10.0.0.9', socket: { remotePort: 5000 } });
    expect(line).toEqual({ method: 'GET', url: '/loanapi/account/get_userinfo?token=[redacted]', version: undefined, host: 'h', remoteAddress: '10.0.0.9', remotePort: 5000 });
    expect(JSON.stringify(line)).not.toContain('0123456789abcdef');
  });
});
