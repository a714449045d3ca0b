import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { testConfig } from '../config';
import { REPAYMENT_CARD_API } from '../../schemas/repaymentCard';
import { openTestDatabase } from '../../../tests/support/testApp';
import { inlineScriptHashes } from './security';

const INLINE = "\n      document.documentElement.dataset.x = 'y';\n    ";
const INDEX = `<!doctype html><html><head><script>${INLINE}</script><script type="module" src="/assets/index-abc.js"></script></head><body></body></html>`;

let app: App;
/** The same server behind a trusted TLS-terminating proxy (the injected requests come from 127.0.0.1). */
let proxied: App;
let close: () => Promise<void>;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
  const database = await openTestDatabase();
  app = await buildApp({ db: database.db, cfg: testConfig({ distDir: dist }), serveConsole: true });
  proxied = await buildApp({ db: database.db, cfg: testConfig({ distDir: dist, trustProxy: ['127.0.0.1'] }), serveConsole: true });
  close = async () => { await app.close(); await proxied.close(); await database.drop(); };
});
afterAll(async () => {
  await close?.();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** The CSP as a map of directive → sources. */
function csp(header: unknown): Map<string, string[]> {
  return new Map(String(header).split(';').map((d) => d.trim().split(/\s+/)).filter((p) => p[0]).map(([k, ...v]) => [k, v]));
}

function expectHardened(headers: Record<string, unknown>) {
  const policy = csp(headers['content-security-policy']);
  const script = policy.get('script-src') ?? [];
  expect(script[0]).toBe("'self'");
  expect(script.filter((s) => s !== "'self'").every((s) => s.startsWith("'sha256-"))).toBe(true);
  expect(policy.get('script-src-attr')).toEqual(["'none'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  expect(policy.get('form-action')).toEqual(["'self'"]);
  expect(policy.get('connect-src')).toEqual(["'self'"]);
  expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(['no-referrer', 'same-origin']).toContain(headers['referrer-policy']);
}

describe('security headers', () => {
  it('on an API route, its refusals and an unknown API path; no HSTS over plain HTTP', async () => {
    for (const url of ['/loanapi/comon/get_captcha', '/loanapi/account/get_userinfo', '/loanapi/no/such/route']) {
      const res = await app.inject({ method: 'GET', url });
      expectHardened(res.headers);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('HSTS only when the request came over HTTPS, as a trusted proxy reports it', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const viaProxy = await proxied.inject({ method: 'GET', url: '/healthz', headers: https });
    expect(viaProxy.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
    expectHardened(viaProxy.headers);
    expect((await proxied.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security']).toBeUndefined();
    // Without a trusted proxy the header is anyone's word.
    expect((await app.inject({ method: 'GET', url: '/healthz', headers: https })).headers['strict-transport-security']).toBeUndefined();
  });

  it('on the console index (any console path): the inline script is admitted by its hash only', async () => {
    const hash = `'sha256-${crypto.createHash('sha256').update(INLINE).digest('base64')}'`;
    expect(inlineScriptHashes(INDEX)).toEqual([hash]);
    for (const url of ['/', '/collection/myCollectionList', '/sip?phone=0901234567']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expectHardened(res.headers);
      const script = csp(res.headers['content-security-policy']).get('script-src');
      expect(script).toEqual(["'self'", hash]);
      expect(script).not.toContain("'unsafe-inline'");
    }
  });

  it('on static assets', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
    expectHardened(res.headers);
  });

  it('on the sandbox checkout page, which carries no script nor event handler for the CSP to block', async () => {
    const res = await app.inject({ method: 'GET', url: `${REPAYMENT_CARD_API.sandboxCheckout}/REF1?d=x&s=y` });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectHardened(res.headers);
    expect(res.body).not.toMatch(/<script|\son[a-z]+\s*=/i);
  });
});
