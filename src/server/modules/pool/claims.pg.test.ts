import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { POOL_API, workApi } from '../../../schemas/pool';
import { merchant } from '../merchant/merchant.table';
import { poolEntry, poolEvent, poolLead } from './pool.table';

/**
 * The pool under concurrency on real PostgreSQL (PGlite runs one transaction at a time, so these cannot fail there):
 * two agents claiming one entry many times at once leave one holder and one claim event; concurrent imports of the
 * same numbers into one source leave one lead and one entry per number. Runs with DATABASE_URL; skipped otherwise.
 */
const pg = !!process.env.DATABASE_URL;
const N = 20;

describe.skipIf(!pg)('pool concurrency on PostgreSQL', () => {
  let t: TestApp;
  let admin: string;
  let marketing: string;
  let registrar: string;
  let main: number;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, marketing, registrar] = await Promise.all([t.login('admin'), t.login('marketing'), t.login('registrar')]);
    [{ id: main }] = await t.db.select({ id: merchant.id }).from(merchant).where(eq(merchant.code, 'M001'));
  }, 120_000);
  afterAll(() => t?.close());

  it('concurrent imports of the same numbers and concurrent claims: one lead, one entry, one holder', async () => {
    const src = await t.post(admin, POOL_API.sourceAdd, { merchant_id: main, code: 'PG1', name: 'PG partner', route_to: 'pool', on_duplicate: 'skip', enabled: true });
    expect(src.code, src.msg).toBe(20000);
    const phones = Array.from({ length: 30 }, (_, i) => `09870${String(10000 + i)}`);
    const csv = Buffer.from(['phone,name', ...phones.map((p, i) => `${p},Lead ${i}`)].join('\n'));
    const upload = (token: string) => {
      const boundary = `----b${Math.random().toString(36).slice(2)}`;
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="source_id"\r\n\r\n${src.data.id}\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="l.csv"\r\nContent-Type: text/csv\r\n\r\n`), csv,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({ method: 'POST', url: POOL_API.import, payload, headers: { authorization: token, 'x-api-token': token, 'lang-code': '100', 'content-type': `multipart/form-data; boundary=${boundary}` } });
    };
    const res = (await Promise.all(Array.from({ length: 6 }, () => upload(admin)))).map((r) => r.json() as { code: number; data: { added: number } });
    expect(res.every((r) => r.code === 20000)).toBe(true);
    expect(res.reduce((n, r) => n + r.data.added, 0)).toBe(phones.length);
    expect(await t.db.select().from(poolLead).where(eq(poolLead.sourceId, src.data.id))).toHaveLength(phones.length);
    const entries = await t.db.select().from(poolEntry).where(and(eq(poolEntry.merchantId, main), eq(poolEntry.segment, 'lead')));
    expect(entries.filter((e) => phones.includes(e.phone))).toHaveLength(phones.length);

    const target = entries.find((e) => e.phone === phones[0])!;
    // The marketing agent may not claim from the public pool: the registrar races itself and an administrator.
    const claims = await Promise.all(Array.from({ length: N }, (_, i) => t.post(i % 2 ? registrar : admin, workApi('pool', 'claim'), { id: target.id })));
    expect(claims.filter((r) => r.code === 20000)).toHaveLength(1);
    expect(claims.every((r) => r.code === 20000 || r.code === 40900)).toBe(true);
    const [after] = await t.db.select().from(poolEntry).where(eq(poolEntry.id, target.id));
    expect(after.status).toBe('claimed');
    expect(await t.db.select().from(poolEvent).where(and(eq(poolEvent.entryId, target.id), eq(poolEvent.kind, 'claim')))).toHaveLength(1);
    expect((await t.post(marketing, workApi('pool', 'claim'), { id: target.id })).code).toBe(40300);
  });

  it('an agent claiming many entries at once stops at the cap', async () => {
    const rules = (await t.get(admin, POOL_API.rules, { merchant_id: main })).data;
    expect((await t.post(admin, POOL_API.rulesSave, { ...rules, agent_cap: 5 })).code).toBe(20000);
    const open = await t.db.select().from(poolEntry).where(and(eq(poolEntry.merchantId, main), eq(poolEntry.status, 'open'), eq(poolEntry.inPool, true))).limit(12);
    const res = await Promise.all(open.map((e) => t.post(registrar, workApi('pool', 'claim'), { id: e.id })));
    const held = await t.db.select().from(poolEntry).where(and(eq(poolEntry.status, 'claimed'), eq(poolEntry.merchantId, main)));
    const registrarHeld = held.filter((e) => res.some((r) => r.code === 20000 && r.data.id === e.id));
    expect(registrarHeld.length).toBeLessThanOrEqual(5);
    expect(res.filter((r) => r.code === 40900).length).toBeGreaterThan(0);
  });
});
