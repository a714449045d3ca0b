import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { CONTENT_API } from '../../../schemas/content';
import { appCall, intakeWorld, type IntakeWorld } from '../intake/intake.fixtures';
import { merchant } from '../merchant/merchant.table';
import { contentAppVersion, contentBanner, contentHelp, contentMessage } from './content.table';
import { seedContentDemo } from './demo';

/** The content area over HTTP: console writes (validation, scope, permissions, version codes) and the signed app reads. */
let t: TestApp;
let w: IntakeWorld;
let admin: string;
let op: string;
let collector: string;
let other: number;
const IMG = '/files/2026-01/11111111-2222-4333-8444-555555555555.png';

beforeAll(async () => {
  t = await createTestApp();
  w = await intakeWorld(t);
  [admin, op, collector] = await Promise.all([t.login('admin'), t.login('merchant'), t.login('collector')]);
  [{ id: other }] = await t.db.insert(merchant).values({ code: 'M-CONTENT', name: 'Other Lender', currency: 'VND' }).returning({ id: merchant.id });
  await seedContentDemo(t.db, t.clock.now);
}, 90_000);
afterAll(() => t?.close());

const n = async (table: typeof contentBanner | typeof contentAppVersion | typeof contentHelp | typeof contentMessage) =>
  (await t.db.select({ n: count() }).from(table as typeof contentBanner))[0].n;

describe('banners', () => {
  const banner = (over: Record<string, unknown> = {}) => ({ merchant_id: w.main.id, title: 'Spring sale', image: IMG, link_url: 'https://example.com/x', sort: 5, ...over });

  it('adds, edits and deletes a banner of the operator\'s merchant', async () => {
    const r = await t.post(op, CONTENT_API.bannerAdd, banner());
    expect(r.code).toBe(20000);
    const id = r.data.id as number;
    const e = await t.post(op, CONTENT_API.bannerEdit, { id, ...banner({ title: 'Summer sale', enabled: false }) });
    expect(e.code).toBe(20000);
    const [row] = await t.db.select().from(contentBanner).where(eq(contentBanner.id, id));
    expect(row).toMatchObject({ title: 'Summer sale', enabled: false });
    const list = await t.get(op, CONTENT_API.bannerList, { title: 'Summer' });
    expect(list.code).toBe(20000);
    expect((list.data as { rows: Array<{ id: number }> }).rows.map((x) => x.id)).toContain(id);
    expect((await t.post(op, CONTENT_API.bannerDel, { id })).code).toBe(20000);
    expect(await t.db.select().from(contentBanner).where(eq(contentBanner.id, id))).toHaveLength(0);
  });

  it('refuses bad input and writes nothing', async () => {
    const before = await n(contentBanner);
    for (const bad of [
      banner({ link_url: 'javascript:alert(1)' }), banner({ link_url: 'ftp://x.y/z' }), banner({ image: 'https://evil.example/x.png' }),
      banner({ title: 'a\u0000b' }), banner({ title: 'x'.repeat(101) }), banner({ starts_at: '2026-02-10T00:00:00Z', ends_at: '2026-02-01T00:00:00Z' }),
    ]) {
      const r = await t.post(op, CONTENT_API.bannerAdd, bad);
      expect(r.code, JSON.stringify(bad)).toBe(40000);
    }
    expect(await n(contentBanner)).toBe(before);
  });

  it('keeps merchant staff to their merchant and checks permissions', async () => {
    const before = await n(contentBanner);
    expect((await t.post(op, CONTENT_API.bannerAdd, banner({ merchant_id: other }))).code).toBe(40400);
    const [foreign] = await t.db.insert(contentBanner).values({ merchantId: other, title: 'Theirs', image: IMG }).returning();
    expect((await t.post(op, CONTENT_API.bannerDel, { id: foreign.id })).code).toBe(40400);
    expect((await t.post(op, CONTENT_API.bannerEdit, { id: foreign.id, ...banner() })).code).toBe(40400);
    const list = await t.get(op, CONTENT_API.bannerList, {});
    expect((list.data as { rows: Array<{ merchant_id: number }> }).rows.every((x) => x.merchant_id !== other)).toBe(true);
    expect((await t.post(collector, CONTENT_API.bannerAdd, banner())).code).toBe(40300);
    expect((await t.post(admin, CONTENT_API.bannerDel, { id: foreign.id })).code).toBe(20000);
    expect(await n(contentBanner)).toBe(before);
  });
});

describe('app versions', () => {
  const version = (code: number, over: Record<string, unknown> = {}) => ({
    merchant_id: w.main.id, platform: 'ios', version_code: code, version_name: `2.${code}`, download_url: 'https://example.com/app.ipa',
    notes: { en: 'Fixes', vi: 'Sửa lỗi' }, ...over,
  });

  it('requires an increasing code per platform, also under concurrency', async () => {
    expect((await t.post(op, CONTENT_API.versionAdd, version(500))).code).toBe(20000);
    const again = await t.post(op, CONTENT_API.versionAdd, version(500));
    expect(again.code).toBe(40900);
    expect((await t.post(op, CONTENT_API.versionAdd, version(400))).code).toBe(40900);
    const results = await Promise.all([1, 2, 3, 4].map(() => t.post(op, CONTENT_API.versionAdd, version(600))));
    expect(results.filter((r) => r.code === 20000)).toHaveLength(1);
    const rows = await t.db.select().from(contentAppVersion).where(eq(contentAppVersion.versionCode, 600));
    expect(rows).toHaveLength(1);
    expect((await t.post(op, CONTENT_API.versionAdd, version(700, { download_url: 'file:///etc/passwd' }))).code).toBe(40000);
    expect((await t.post(op, CONTENT_API.versionAdd, version(700, { notes: { xx: 'no' } }))).code).toBe(40000);
  });
});

describe('help and messages', () => {
  it('adds a help article and refuses an unknown language', async () => {
    const ok = await t.post(op, CONTENT_API.helpAdd, { merchant_id: w.main.id, lang: 'en', category: 'loan', title: 'Fees?', body: 'Line one\nLine two' });
    expect(ok.code).toBe(20000);
    expect((await t.post(op, CONTENT_API.helpAdd, { merchant_id: w.main.id, lang: 'fr', category: 'loan', title: 'x', body: 'y' })).code).toBe(40000);
  });

  it('sends to one customer only with a customer id of the merchant', async () => {
    const before = await n(contentMessage);
    expect((await t.post(op, CONTENT_API.messageAdd, { merchant_id: w.main.id, title: 'Hi', body: 'x', audience: 'customer' })).code).toBe(40000);
    expect((await t.post(op, CONTENT_API.messageAdd, { merchant_id: w.main.id, title: 'Hi', body: 'x', audience: 'all', customer_id: 1 })).code).toBe(40000);
    expect((await t.post(op, CONTENT_API.messageAdd, { merchant_id: w.main.id, title: 'Hi', body: 'x', audience: 'customer', customer_id: 999999999 })).code).toBe(40000);
    expect(await n(contentMessage)).toBe(before);
  });
});

describe('borrower app reads', () => {
  it('refuses unsigned requests', async () => {
    for (const url of [CONTENT_API.appBanners, `${CONTENT_API.appHelp}?lang=en`, `${CONTENT_API.appVersion}?platform=android`, `${CONTENT_API.appMessages}?phone=0912345678`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('serves active banners in order, help by language, the latest version with force, and messages', async () => {
    const banners = await appCall(t, w.mainApp, 'GET', CONTENT_API.appBanners);
    expect(banners.code).toBe(20000);
    const titles = (banners.data as Array<{ title: string; sort: number }>).map((b) => b.title);
    expect(titles).toContain('First loan at 0% interest');
    expect(titles).not.toContain('Holiday offer');
    const sorts = (banners.data as Array<{ sort: number }>).map((b) => b.sort);
    expect([...sorts].sort((a, b) => a - b)).toEqual(sorts);

    const help = await appCall(t, w.mainApp, 'GET', `${CONTENT_API.appHelp}?lang=vi`);
    expect((help.data as unknown[]).length).toBe(3);

    const v = await appCall(t, w.mainApp, 'GET', `${CONTENT_API.appVersion}?platform=android&version_code=100`);
    expect(v.data).toMatchObject({ update: true, force: true, latest: { version_code: 110 } });
    const cur = await appCall(t, w.mainApp, 'GET', `${CONTENT_API.appVersion}?platform=android&version_code=110`);
    expect(cur.data).toMatchObject({ update: false, force: false });

    const msgs = await appCall(t, w.mainApp, 'GET', `${CONTENT_API.appMessages}?phone=0900000000`);
    expect((msgs.data as unknown[]).length).toBeGreaterThanOrEqual(2);
  });
});
