import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { TEMPLATE_API } from '../../../schemas/template';
import { operationLog } from '../log/log.table';
import { merchant } from '../merchant/merchant.table';
import { seedTemplateDemo } from './demo';
import { template } from './template.table';

/** The template area over HTTP: permissions, validation (unknown variables), scoping, enable switching, the public page. */
let t: TestApp;
let admin: string;
let op: string;
let collector: string;
let main: number;
let other: number;

beforeAll(async () => {
  t = await createTestApp();
  [admin, op, collector] = await Promise.all([t.login('admin'), t.login('merchant'), t.login('collector')]);
  main = (await t.db.select().from(merchant).where(eq(merchant.code, 'M001')))[0].id;
  [{ id: other }] = await t.db.insert(merchant).values({ code: 'M-TPL', name: 'Other Lender', currency: 'VND' }).returning({ id: merchant.id });
  await seedTemplateDemo(t.db);
}, 90_000);
afterAll(() => t?.close());

const n = async () => (await t.db.select({ n: count() }).from(template))[0].n;
const h5 = (over: Record<string, unknown> = {}) => ({ merchant_id: main, kind: 'h5_landing', lang: 'en', title: 'Offer', body: '<h1>{merchant}</h1><p>{max_amount}</p>', ...over });

describe('writes', () => {
  it('adds, edits and deletes a template of the operator\'s merchant, with the operation log', async () => {
    const r = await t.post(op, TEMPLATE_API.add, h5({ title: 'Summer' }));
    expect(r.code).toBe(20000);
    const id = r.data.id as number;
    expect((await t.post(op, TEMPLATE_API.edit, { id, lang: 'vi', title: 'Mùa hè', body: '<p>{product}</p>' })).code).toBe(20000);
    const [row] = await t.db.select().from(template).where(eq(template.id, id));
    expect(row).toMatchObject({ lang: 'vi', title: 'Mùa hè', body: '<p>{product}</p>', enabled: false, merchantId: main });
    const logs = await t.db.select().from(operationLog).where(and(eq(operationLog.targetType, 'template'), eq(operationLog.targetId, String(id))));
    expect(logs.map((l) => l.action).sort()).toEqual(['template.add', 'template.edit']);
    const list = await t.get(op, TEMPLATE_API.list, { title: 'Mùa' });
    expect((list.data.rows as Array<{ id: number }>).map((x) => x.id)).toEqual([id]);
    expect((await t.post(op, TEMPLATE_API.del, { id })).code).toBe(20000);
    expect(await t.db.select().from(template).where(eq(template.id, id))).toHaveLength(0);
  });

  it('refuses unknown variables (one issue each), bad text and an SMS body too long, writing nothing', async () => {
    const before = await n();
    const r = await t.post(op, TEMPLATE_API.add, h5({ body: '<p>{merchant} {nmae} {coupon}</p>' }));
    expect(r.code).toBe(40000);
    expect((r.data.issues as Array<{ path: string; values: { name: string } }>).map((i) => [i.path, i.values.name])).toEqual([['body', 'nmae'], ['body', 'coupon']]);
    expect(r.msg).toContain('nmae');
    for (const bad of [h5({ title: 'a\u0000b' }), h5({ body: 'x\u0000' }), h5({ kind: 'email' }), h5({ lang: 'fr' }), h5({ body: '   ' }),
      h5({ kind: 'sms', body: 'x'.repeat(501) }), h5({ body: 'x'.repeat(20_001) }), h5({ kind: 'sms', body: '{max_amount}' })]) {
      expect((await t.post(op, TEMPLATE_API.add, bad)).code, JSON.stringify(bad).slice(0, 80)).toBe(40000);
    }
    const [sms] = await t.db.select().from(template).where(and(eq(template.merchantId, main), eq(template.kind, 'sms')));
    expect((await t.post(op, TEMPLATE_API.edit, { id: sms.id, lang: 'vi', title: 'x', body: 'x'.repeat(501) })).code).toBe(40000);
    expect((await t.post(op, TEMPLATE_API.edit, { id: sms.id, lang: 'vi', title: 'x', body: '{product}' })).code).toBe(40000);
    expect(await n()).toBe(before);
  });

  it('keeps merchant staff to their merchants; global templates are the administrator\'s', async () => {
    const before = await n();
    expect((await t.post(op, TEMPLATE_API.add, h5({ merchant_id: other }))).code).toBe(40400);
    expect((await t.post(op, TEMPLATE_API.add, h5({ merchant_id: null }))).code).toBe(40300);
    const [foreign] = await t.db.insert(template).values({ merchantId: other, kind: 'sms', lang: 'en', title: 'Theirs', body: 'x' }).returning();
    for (const url of [TEMPLATE_API.enable, TEMPLATE_API.disable, TEMPLATE_API.del]) expect((await t.post(op, url, { id: foreign.id })).code, url).toBe(40400);
    expect((await t.post(op, TEMPLATE_API.edit, { id: foreign.id, lang: 'en', title: 'x', body: 'y' })).code).toBe(40400);
    const [global] = await t.db.select().from(template).where(and(eq(template.kind, 'sms'), eq(template.lang, 'en'))).limit(1);
    expect(global.merchantId).toBeNull();
    expect((await t.post(op, TEMPLATE_API.edit, { id: global.id, lang: 'en', title: 'x', body: 'y' })).code).toBe(40300);
    const rows = (await t.get(op, TEMPLATE_API.list, { size: 200 })).data.rows as Array<{ merchant_id: number | null }>;
    expect(rows.some((r) => r.merchant_id === null)).toBe(true);
    expect(rows.every((r) => r.merchant_id !== other)).toBe(true);
    expect((await t.post(collector, TEMPLATE_API.add, h5())).code).toBe(40300);
    expect((await t.get(collector, TEMPLATE_API.list, {})).code).toBe(40300);
    expect((await t.post(admin, TEMPLATE_API.del, { id: foreign.id })).code).toBe(20000);
    expect(await n()).toBe(before);
  });

  it('enabling one switches off the enabled one of the same merchant, kind and language', async () => {
    const a = (await t.post(op, TEMPLATE_API.add, h5({ lang: 'ThA', title: 'A', enabled: true }))).data.id as number;
    const b = (await t.post(op, TEMPLATE_API.add, h5({ lang: 'ThA', title: 'B' }))).data.id as number;
    const enabled = async () => (await t.db.select().from(template).where(and(eq(template.lang, 'ThA'), eq(template.enabled, true)))).map((r) => r.id);
    expect(await enabled()).toEqual([a]);
    expect((await t.post(op, TEMPLATE_API.enable, { id: b })).code).toBe(20000);
    expect(await enabled()).toEqual([b]);
    expect((await t.post(op, TEMPLATE_API.disable, { id: b })).code).toBe(20000);
    expect(await enabled()).toEqual([]);
  });
});

describe('preview and the public page', () => {
  it('previews with sample values, sanitised, listing unknown variables', async () => {
    const r = await t.post(op, TEMPLATE_API.preview, { kind: 'h5_landing', body: '<p onclick="x()">{merchant}</p><script>alert(1)</script>{zzz}' });
    expect(r.code).toBe(20000);
    expect(r.data.html).toBe('<p>Vay Nhanh</p>');
    expect(r.data.unknown.map((u: { name: string }) => u.name)).toEqual(['zzz']);
    expect((await t.post(collector, TEMPLATE_API.preview, { kind: 'sms', body: 'x' })).code).toBe(40300);
  });

  it('serves an enabled landing template as a script-free page with the merchant\'s values; nothing else', async () => {
    const id = (await t.post(op, TEMPLATE_API.add, h5({ lang: 'India', body: '<h1>{merchant}</h1><p>{channel}/{promo_code}</p><img src=x onerror=alert(1)>', enabled: true }))).data.id as number;
    const res = await t.app.inject({ method: 'GET', url: `/h5/t/${id}?ch=FB01&pc=%3Cscript%3E` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const [m] = await t.db.select().from(merchant).where(eq(merchant.id, main));
    expect(res.body).toContain(`<h1>${m.name}</h1>`);
    expect(res.body).toContain('<p>FB01/</p>');
    expect(res.body).not.toMatch(/<script|onerror/i);
    await t.post(op, TEMPLATE_API.disable, { id });
    expect((await t.app.inject({ method: 'GET', url: `/h5/t/${id}` })).statusCode).toBe(404);
    const [sms] = await t.db.select().from(template).where(and(eq(template.kind, 'sms'), eq(template.enabled, true))).limit(1);
    expect((await t.app.inject({ method: 'GET', url: `/h5/t/${sms.id}` })).statusCode).toBe(404);
  });
});
