import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/testApp';
import { databaseRefusals } from './errors';
import { fastifyInputOptions, findBadText } from './input';

describe('findBadText', () => {
  it('finds NUL bytes and lone surrogates in values and keys, and passes paired surrogates', () => {
    expect(findBadText({ a: ['ok', 'x\u0000y'] })).toEqual(['a', '1']);
    expect(findBadText({ a: { b: 'x\ud800' } })).toEqual(['a', 'b']);
    expect(findBadText('\udc00x')).toEqual([]);
    expect(findBadText({ 'k\u0000': 1 })).toEqual(['(key)']);
    expect(findBadText({ emoji: '😀 ok', n: 1, b: null, arr: [true] })).toBeNull();
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findBadText(deep)).toHaveLength(100_000);
  });
});

describe('input guard on the app', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login('admin');
  });
  afterAll(async () => t.close());

  const raw = (method: 'GET' | 'POST', url: string, payload?: string, lang = '100', type = 'application/json') => t.app.inject({
    method, url, payload, headers: { authorization: token, 'x-api-token': token, 'lang-code': lang, ...(payload ? { 'content-type': type } : {}) },
  });

  it('refuses JSON escapes that parse to NUL or a lone surrogate, in the caller\'s language', async () => {
    const nul = await raw('POST', '/loanapi/account/login', '{"account":"ad\\u0000min","pwd":"x"}');
    expect(nul.statusCode).toBe(200);
    expect(nul.json()).toMatchObject({ code: 40000, msg: expect.stringContaining('body.account') });
    expect(nul.json().msg).toMatch(/not allowed/);
    const zh = await raw('POST', '/loanapi/account/edit_profile', '{"nickname":"ab\\ud800"}', '200');
    expect(zh.json()).toMatchObject({ code: 40000, msg: expect.stringContaining('不允许') });
  });

  it('refuses NUL in a query string, a path parameter and a form body of a route with its own parser', async () => {
    expect((await raw('GET', '/loanapi/dict/by_code?code=a%00b')).json().code).toBe(40000);
    expect((await raw('POST', '/api/dictItem/1%00')).json().code).toBe(40000);
    const form = await raw('POST', '/loanapi/repayment/notify/sandbox', 'a=1&b=%00', '100', 'application/x-www-form-urlencoded');
    expect(form.statusCode).toBeLessThan(500);
    expect(form.json().code).toBe(40000);
  });

  it('refuses a 32-bit id out of range by validation, not by the database', async () => {
    const before = databaseRefusals(t.app);
    const res = await raw('POST', '/api/dictItem/2147483648');
    expect(res.json().code).toBe(40000);
    expect((await t.get(token, '/loanapi/debt_settings/get', { merchant_id: '2147483648' })).code).toBe(40000);
    expect(databaseRefusals(t.app)).toBe(before);
  });

  it('checks multipart text fields when the handler reads the file', async () => {
    const boundary = `----b${crypto.randomUUID()}`;
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="sign_type"\r\n\r\nav\u0000atar\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      png, Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST', url: '/loanapi/upload/auto_image', payload,
      headers: { authorization: token, 'lang-code': '100', 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.json()).toMatchObject({ code: 40000, msg: expect.stringContaining('sign_type') });
  });
});

describe('oversized request line', () => {
  it('answers the envelope instead of Fastify\'s own 431 body', async () => {
    const app = Fastify({ ...fastifyInputOptions });
    app.get('/x', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        http.get({ host: '127.0.0.1', port, path: `/x?q=${'q'.repeat(100_000)}` }, (r) => {
          let body = '';
          r.on('data', (c) => { body += c; });
          r.on('end', () => resolve({ status: r.statusCode ?? 0, body }));
        }).on('error', reject);
      });
      expect(res.status).toBe(431);
      expect(JSON.parse(res.body)).toMatchObject({ code: 40000, data: null });
    } finally {
      await app.close();
    }
  });
});
