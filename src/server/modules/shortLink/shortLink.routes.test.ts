import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { SHORT_LINK_API } from '../../../schemas/shortLink';
import { merchant } from '../merchant/merchant.table';
import { seedShortLinkDemo } from './demo';
import { createShortLink, makeShortLink, newCode } from './links';
import { shortLink, shortLinkClick, shortLinkDomain, shortLinkProvider, shortLinkUse } from './shortLink.table';

/**
 * The short-link area over HTTP: the public /s/<code> redirect (only to the recorded link, clicks logged, unknown
 * codes 404), unguessable unique codes, domains / providers / purposes (platform-only writes, sealed secrets,
 * validation writing nothing), merchant scoping of links and of LinkUseChannel rows.
 */
let t: TestApp;
let admin: string;
let op: string;
let main: number;
let other: number;

beforeAll(async () => {
  t = await createTestApp();
  [admin, op] = await Promise.all([t.login('admin'), t.login('merchant')]);
  main = (await t.db.select().from(merchant).where(eq(merchant.code, 'M001')))[0]!.id;
  [{ id: other }] = await t.db.insert(merchant).values({ code: 'M-SL-OTHER', name: 'Other Lender', currency: 'VND' }).returning({ id: merchant.id });
}, 90_000);
afterAll(() => t?.close());

const follow = (code: string, query = '', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/s/${code}${query}`, headers: { 'user-agent': 'Mozilla/5.0 test', ...headers } });

describe('the built-in service', () => {
  it('redirects only to the recorded long link and counts every click', async () => {
    const made = await createShortLink(t.db, { merchantId: main, purpose: 'sms_reminder', longUrl: 'https://h5.example.com/repay?o=1' });
    expect(made.code).toMatch(/^[0-9A-Za-z]{10}$/);
    expect(made.shortUrl.endsWith(`/s/${made.code}`)).toBe(true);
    const r = await follow(made.code, '?next=https://evil.example.net&url=https://evil.example.net', { referer: 'https://evil.example.net', host: 'evil.example.net' });
    expect(r.statusCode).toBe(302);
    expect(r.headers.location).toBe('https://h5.example.com/repay?o=1');
    expect(r.headers['cache-control']).toBe('no-store');
    await follow(made.code);
    const [l] = await t.db.select().from(shortLink).where(eq(shortLink.id, made.id));
    expect(l!.clicks).toBe(2);
    const clicks = await t.db.select().from(shortLinkClick).where(eq(shortLinkClick.linkId, made.id));
    expect(clicks).toHaveLength(2);
    expect(clicks[0]!.userAgent).toBe('Mozilla/5.0 test');
    expect(clicks[0]!.ipHash).toMatch(/^[0-9a-f]{32}$/);
    expect(clicks[0]!.ipHash).not.toContain('127.0.0.1');
  });

  it('answers an unknown or malformed code with a 404 page and logs nothing', async () => {
    const before = (await t.db.select({ n: count() }).from(shortLinkClick))[0]!.n;
    for (const code of ['ZZZZZZZZZZ', 'abc', '..%2F..%2Fetc', 'x'.repeat(60)]) {
      const r = await follow(code);
      expect(r.statusCode).toBe(404);
      expect(r.headers['content-type']).toContain('text/html');
    }
    expect((await t.db.select({ n: count() }).from(shortLinkClick))[0]!.n).toBe(before);
  });

  it('draws unguessable codes that stay unique under concurrency', async () => {
    const codes = new Set(Array.from({ length: 2000 }, () => newCode()));
    expect(codes.size).toBe(2000);
    const urls = await Promise.all(Array.from({ length: 40 }, (_, i) => makeShortLink(t.db, { merchantId: main, purpose: 'marketing', longUrl: `https://h5.example.com/p/${i}` })));
    expect(new Set(urls).size).toBe(40);
    const rows = await t.db.select({ code: shortLink.code }).from(shortLink);
    expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
  });

  it('refuses a long link that is not an absolute http(s) address', async () => {
    await expect(makeShortLink(t.db, { merchantId: main, purpose: 'marketing', longUrl: 'javascript:alert(1)' })).rejects.toThrow();
    await expect(makeShortLink(t.db, { merchantId: main, purpose: 'marketing', longUrl: '/relative' })).rejects.toThrow();
  });
});

describe('domains, providers and purposes', () => {
  let domainId: number;
  let providerId: number;

  it('adds a domain (validated host) and refuses bad ones writing nothing', async () => {
    const ok = await t.post(admin, SHORT_LINK_API.domainAdd, { host: 'Go.Example.com', domain_state: 'active' });
    expect(ok.code).toBe(20000);
    domainId = ok.data.id;
    const before = (await t.db.select({ n: count() }).from(shortLinkDomain))[0]!.n;
    for (const host of ['https://go.example.com', 'go.example.com/x', 'go.example.com:8080', 'localhost', 'a\u0000b.com', 'x'.repeat(300)]) {
      const r = await t.post(admin, SHORT_LINK_API.domainAdd, { host });
      expect(r.code, host).toBe(40000);
    }
    const dup = await t.post(admin, SHORT_LINK_API.domainAdd, { host: 'go.example.com' });
    expect(dup.code).toBe(40000);
    expect((await t.db.select({ n: count() }).from(shortLinkDomain))[0]!.n).toBe(before);
  });

  it('keeps a provider secret sealed and never shows it back', async () => {
    const r = await t.post(admin, SHORT_LINK_API.providerAdd, { name: 'Sandbox shortener', provider_kind: 'sandbox', secret: 'sk_live_very_secret_9876' });
    expect(r.code).toBe(20000);
    providerId = r.data.id;
    const [row] = await t.db.select().from(shortLinkProvider).where(eq(shortLinkProvider.id, providerId));
    expect(row!.secretSealed).not.toContain('very_secret');
    const list = await t.get(admin, SHORT_LINK_API.providerList);
    expect(JSON.stringify(list.data)).not.toContain('very_secret');
    expect(list.data.rows[0].secret_hint).toBe('9876');
    const test = await t.post(admin, SHORT_LINK_API.providerTest, { id: providerId });
    expect(test.data.ok).toBe(true);
    const http = await t.post(admin, SHORT_LINK_API.providerAdd, { name: 'Generic', provider_kind: 'http' });
    expect(http.code).toBe(40000);
  });

  it('issues links on the assigned domain through the provider, and falls back when the domain is blocked', async () => {
    const use = await t.post(admin, SHORT_LINK_API.useAdd, { link_purpose: 'collection', link_channel: 'sms', domain_id: domainId });
    expect(use.code).toBe(20000);
    const url = await makeShortLink(t.db, { merchantId: main, purpose: 'collection', longUrl: 'https://h5.example.com/pay' });
    expect(url).toMatch(/^https:\/\/go\.example\.com\/s\/[0-9A-Za-z]{10}$/);
    // The merchant's own row wins over the platform row, and the provider's address is handed out.
    await t.db.insert(shortLinkUse).values({ merchantId: main, purpose: 'collection', channel: 'sms', domainId, providerId });
    const viaProvider = await createShortLink(t.db, { merchantId: main, purpose: 'collection', longUrl: 'https://h5.example.com/pay2' });
    expect(viaProvider.shortUrl).toMatch(/^https:\/\/sbx\.link\//);
    expect(viaProvider.providerId).toBe(providerId);
    await t.post(admin, SHORT_LINK_API.domainEdit, { id: domainId, domain_state: 'blocked' });
    const fallback = await makeShortLink(t.db, { merchantId: other, purpose: 'collection', longUrl: 'https://h5.example.com/pay3' });
    expect(fallback).not.toContain('go.example.com');
    expect(fallback).toMatch(/\/s\/[0-9A-Za-z]{10}$/);
    // A domain in use cannot be deleted.
    expect((await t.post(admin, SHORT_LINK_API.domainDel, { id: domainId })).code).toBe(40900);
  });

  it('leaves domains, providers and platform rows to the platform administrator', async () => {
    expect((await t.post(op, SHORT_LINK_API.domainAdd, { host: 'm.example.com' })).code).toBe(40300);
    expect((await t.post(op, SHORT_LINK_API.useAdd, { link_purpose: 'marketing', link_channel: 'sms' })).code).toBe(40300);
    // The operator sees the platform rows and its own merchant's, not another merchant's.
    await t.db.insert(shortLinkUse).values({ merchantId: other, purpose: 'promotion', channel: 'web' });
    const list = await t.get(op, SHORT_LINK_API.useList);
    expect(list.code).toBe(20000);
    expect(list.data.rows.every((r: { merchant_id: number | null }) => r.merchant_id === null || r.merchant_id === main || r.merchant_id !== other)).toBe(true);
    expect(list.data.rows.some((r: { merchant_id: number | null }) => r.merchant_id === other)).toBe(false);
  });
});

describe('DomainLinkLog', () => {
  it('makes a link by hand for a merchant in scope only, and lists only the reader\'s merchants', async () => {
    const mine = await t.post(admin, SHORT_LINK_API.linkAdd, { merchant_id: main, link_purpose: 'promotion', link_channel: 'web', long_url: 'https://h5.example.com/promo' });
    expect(mine.code).toBe(20000);
    await createShortLink(t.db, { merchantId: other, purpose: 'marketing', longUrl: 'https://other.example.com/' });
    const bad = await t.post(admin, SHORT_LINK_API.linkAdd, { merchant_id: main, link_purpose: 'promotion', long_url: 'ftp://x' });
    expect(bad.code).toBe(40000);
    const list = await t.get(op, SHORT_LINK_API.linkList, { size: 500 });
    expect(list.code).toBe(20000);
    expect(list.data.rows.length).toBeGreaterThan(0);
    expect(list.data.rows.every((r: { merchant_id: number }) => r.merchant_id !== other)).toBe(true);
    const otherLink = (await t.db.select().from(shortLink).where(eq(shortLink.merchantId, other)))[0]!;
    expect((await t.get(op, SHORT_LINK_API.linkDaily, { id: otherLink.id })).code).toBe(40400);
  });

  it('shows clicks by day', async () => {
    const made = await createShortLink(t.db, { merchantId: main, purpose: 'marketing', longUrl: 'https://h5.example.com/d' });
    await follow(made.code);
    await follow(made.code);
    const d = await t.get(admin, SHORT_LINK_API.linkDaily, { id: made.id });
    expect(d.code).toBe(20000);
    expect(d.data.days).toHaveLength(1);
    expect(d.data.days[0].clicks).toBe(2);
    expect(d.data.days[0].visitors).toBe(1);
  });

  it('seeds its demo data once', async () => {
    await seedShortLinkDemo(t.db);
    const n = (await t.db.select({ n: count() }).from(shortLink))[0]!.n;
    await seedShortLinkDemo(t.db);
    expect((await t.db.select({ n: count() }).from(shortLink))[0]!.n).toBe(n);
  });
});
