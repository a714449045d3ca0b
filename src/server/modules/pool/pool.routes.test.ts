import crypto from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { POOL_API, SOURCE_HEADERS, workApi } from '../../../schemas/pool';
import { customer } from '../client/client.table';
import { appCall, intakeWorld, registerBody, vnBorrower, type IntakeWorld } from '../intake/intake.fixtures';
import { computeSignature, sha256Hex } from '../intake/signature';
import { operationLog } from '../log/log.table';
import { merchant } from '../merchant/merchant.table';
import { loanOrder } from '../order/order.table';
import { onPoolApplication } from './conversions';
import { seedPoolDemo } from './demo';
import { poolConversion, poolEntry, poolEvent, poolLead, poolSource } from './pool.table';
import { expireClaims } from './refresh';

/**
 * The pool area over HTTP: the dormant lists by rule, merchant scoping, the exclusive claim, the holder's work,
 * expiry back to the pool, dispatch, conversions credited to the holder (registration through the real intake API,
 * application through onPoolApplication), external sources (signed API: bad signature and replay refused; file
 * import with a per-row report, a malformed file writing nothing) and bad input.
 */
let t: TestApp;
let admin: string;
let marketing: string;
let registrar: string;
let world: IntakeWorld;
let main: number;
let other: number;
let marketingId: number;
let registrarId: number;

const DAY = 86_400_000;
let seq = 0;

/** A customer of `merchantId` with settled loans (the last settled `daysAgo` days ago, `overdue` days late at worst). */
async function settledCustomer(merchantId: number, o: { daysAgo: number; overdue?: number; live?: boolean; closedAfter?: boolean }): Promise<number> {
  seq++;
  const phone = `0913${String(100000 + seq).slice(-6)}`;
  const [c] = await t.db.insert(customer).values({ code: `TPOOL${seq}`, merchantId, market: 'vn', name: `Pool Customer ${seq}`, phone }).returning();
  const settledAt = new Date(t.clock.now.getTime() - o.daysAgo * DAY);
  const created = new Date(settledAt.getTime() - 20 * DAY);
  const base = { merchantId, customerId: c.id, productId: world.mainProduct.id, currency: 'VND' };
  await t.db.insert(loanOrder).values({
    ...base, orderNo: `TPO${seq}a`, status: 'settled', settled: true, settledAt, overdueDays: o.overdue ?? 0, createdAt: created,
  });
  if (o.closedAfter) await t.db.insert(loanOrder).values({ ...base, orderNo: `TPO${seq}c`, status: 'closed', createdAt: settledAt });
  if (o.live) await t.db.insert(loanOrder).values({ ...base, orderNo: `TPO${seq}b`, status: 'repaying', createdAt: new Date(settledAt.getTime() + DAY) });
  return c.id;
}

const entryOf = async (customerId: number) => (await t.db.select().from(poolEntry).where(eq(poolEntry.customerId, customerId)).orderBy(desc(poolEntry.id)))[0];
const rowsOf = async (token: string, url: string, q: Record<string, unknown> = {}) => {
  const r = await t.get(token, url, { size: 500, ...q });
  expect(r.code, r.msg).toBe(20000);
  return r.data.rows as Array<Record<string, any>>;
};

beforeAll(async () => {
  t = await createTestApp();
  [admin, marketing, registrar] = await Promise.all([t.login('admin'), t.login('marketing'), t.login('registrar')]);
  world = await intakeWorld(t);
  main = world.main.id;
  [{ id: other }] = await t.db.insert(merchant).values({ code: 'POOL-OTHER', name: 'Other Lender', currency: 'VND' }).returning({ id: merchant.id });
  const { adminAccount } = await import('../empower/empower.table');
  const accounts = await t.db.select({ id: adminAccount.id, account: adminAccount.account }).from(adminAccount);
  marketingId = accounts.find((a) => a.account === 'marketing')!.id;
  registrarId = accounts.find((a) => a.account === 'registrar')!.id;
}, 60_000);
afterAll(() => t.close());

describe('dormant lists and claims', () => {
  let good: number;
  let late: number;
  let foreign: number;

  beforeAll(async () => {
    good = await settledCustomer(main, { daysAgo: 40 });
    late = await settledCustomer(main, { daysAgo: 40, overdue: 15 });
    await settledCustomer(main, { daysAgo: 5 });
    await settledCustomer(main, { daysAgo: 40, live: true });
    await settledCustomer(main, { daysAgo: 60, closedAfter: true });
    foreign = await settledCustomer(other, { daysAgo: 40 });
    const r1 = await t.post(admin, POOL_API.refresh, { merchant_id: main });
    expect(r1.code, r1.msg).toBe(20000);
    expect(r1.data.dormant).toBe(2);
    expect((await t.post(admin, POOL_API.refresh, {})).code).toBe(20000);
  });

  it('puts settled customers in the dormant or the overdue list by rule; live, recent and withdrawal-dormant customers stay out', async () => {
    const dormant = await rowsOf(marketing, POOL_API.dormantList);
    expect(dormant.map((r) => r.customer_id)).toEqual([good]);
    const overdue = await rowsOf(marketing, POOL_API.overdueList);
    expect(overdue.map((r) => r.customer_id)).toEqual([late]);
    expect(overdue[0]).toMatchObject({ segment: 'overdue', max_overdue_days: 15, status: 'open' });
    // A second refresh adds nothing: one live entry per customer.
    const again = await t.post(admin, POOL_API.refresh, { merchant_id: main });
    expect(again.data.dormant).toBe(0);
    expect((await t.db.select().from(poolEntry).where(eq(poolEntry.customerId, good))).length).toBe(1);
  });

  it('scopes every list and write to the account\'s merchants', async () => {
    const e = await entryOf(foreign);
    expect(e.merchantId).toBe(other);
    expect((await rowsOf(marketing, POOL_API.dormantList)).some((r) => r.id === e.id)).toBe(false);
    expect((await rowsOf(admin, POOL_API.dormantList)).some((r) => r.id === e.id)).toBe(true);
    expect((await t.post(marketing, workApi('dormant', 'claim'), { id: e.id })).code).toBe(40400);
    expect((await t.get(marketing, POOL_API.events, { id: e.id })).code).toBe(40400);
    expect((await t.get(marketing, POOL_API.dormantList, { merchant_id: other })).data.rows).toEqual([]);
  });

  it('lets exactly one of two agents claiming at once win', async () => {
    const e = await entryOf(good);
    expect(e.inPool).toBe(true);
    const [a, b] = await Promise.all([t.post(marketing, workApi('dormant', 'claim'), { id: e.id }), t.post(registrar, workApi('pool', 'claim'), { id: e.id })]);
    const codes = [a.code, b.code].sort();
    expect(codes).toEqual([20000, 40900]);
    const loser = a.code === 40900 ? a : b;
    expect(loser.msg).not.toBe('');
    const after = await entryOf(good);
    expect(after.status).toBe('claimed');
    expect([marketingId, registrarId]).toContain(after.holderId);
    expect((await t.db.select().from(poolEvent).where(and(eq(poolEvent.entryId, e.id), eq(poolEvent.kind, 'claim')))).length).toBe(1);
    // Whoever won gives it back for the next tests.
    const winner = after.holderId === marketingId ? marketing : registrar;
    expect((await t.post(winner, workApi('mine', 'giveBack'), { id: e.id })).code).toBe(20000);
  });

  it('refuses a claim from a list the account does not work', async () => {
    const e = await entryOf(late);
    // The overdue entry is in the pool too (pool_dormant), so the registrar may claim it there; with the rule off, not.
    const rules = (await t.get(admin, POOL_API.rules, { merchant_id: main })).data;
    expect((await t.post(admin, POOL_API.rulesSave, { ...rules, pool_dormant: false })).code).toBe(20000);
    await t.db.update(poolEntry).set({ inPool: false }).where(eq(poolEntry.id, e.id));
    const r = await t.post(registrar, workApi('pool', 'claim'), { id: e.id });
    expect(r.code).toBe(40300);
    expect((await t.post(admin, POOL_API.rulesSave, rules)).code).toBe(20000);
  });

  it('lets only the holder work the claim: call, note, results, offer; a stale version is refused', async () => {
    const e = await entryOf(good);
    const c = await t.post(marketing, workApi('dormant', 'claim'), { id: e.id, version: e.version });
    expect(c.code, c.msg).toBe(20000);
    const mine = await rowsOf(marketing, POOL_API.myList);
    expect(mine.map((r) => r.id)).toContain(e.id);
    expect((await t.post(registrar, workApi('mine', 'note'), { id: e.id, note: 'mine now' })).code).toBe(40900);
    expect((await t.post(marketing, workApi('mine', 'call'), { id: e.id })).data.calls).toBe(1);
    expect((await t.post(marketing, workApi('mine', 'note'), { id: e.id, note: 'Call back at 5pm' })).code).toBe(20000);
    const stale = await t.post(marketing, workApi('mine', 'agreed'), { id: e.id, version: c.data.version });
    expect(stale.code).toBe(40900);
    const fresh = await entryOf(good);
    const agreed = await t.post(marketing, workApi('mine', 'agreed'), { id: e.id, version: fresh.version });
    expect(agreed.code, agreed.msg).toBe(20000);
    expect(agreed.data.outcome).toBe('agreed');
    expect((await t.db.select().from(customer).where(eq(customer.id, good)))[0].marketingStatus).toBe('agreed');
    const offer = await t.post(marketing, workApi('mine', 'offer'), { id: e.id, product_id: world.mainProduct.id, limit_minor: 5_000_000, send_sms: true });
    expect(offer.code, offer.msg).toBe(20000);
    expect(offer.data.offer_link).toContain(`hs${e.id}a${marketingId}`);
    const cust = (await t.db.select().from(customer).where(eq(customer.id, good)))[0];
    expect([cust.exclusiveProductId, cust.exclusiveLimitMinor]).toEqual([world.mainProduct.id, 5_000_000]);
    expect((await t.post(marketing, workApi('mine', 'offer'), { id: e.id, product_id: world.subProduct.id, limit_minor: 1 })).code).toBe(40000);
    const events = await t.get(marketing, POOL_API.events, { id: e.id });
    expect(events.data.map((x: { kind: string }) => x.kind)).toEqual(['offer', 'result', 'note', 'call', 'claim', 'giveBack', 'claim']);
    const log = await t.db.select().from(operationLog).where(eq(operationLog.action, 'highSeas.result.agreed'));
    expect(log.length).toBe(1);
  });

  it('returns an expired claim to the pool (the expiry job)', async () => {
    const e = await entryOf(good);
    expect(e.status).toBe('claimed');
    await expireClaims(t.db, new Date(t.clock.now.getTime() + 6 * DAY));
    expect((await entryOf(good)).status).toBe('claimed');
    expect(await expireClaims(t.db, new Date(t.clock.now.getTime() + 8 * DAY))).toBeGreaterThanOrEqual(1);
    const back = await entryOf(good);
    expect(back).toMatchObject({ status: 'open', holderId: null, inPool: true, returns: 2 });
    expect((await rowsOf(registrar, POOL_API.poolList)).map((r) => r.id)).toContain(e.id);
    const [ev] = await t.db.select().from(poolEvent).where(eq(poolEvent.entryId, e.id)).orderBy(desc(poolEvent.id)).limit(1);
    expect(ev).toMatchObject({ kind: 'expire', accountId: marketingId });
  });

  it('dispatches open entries to the least loaded agent, and takes claims back', async () => {
    const e = await entryOf(late);
    const agents = await t.get(admin, POOL_API.agents, { merchant_id: main });
    expect(agents.code, agents.msg).toBe(20000);
    expect(agents.data.map((a: { id: number }) => a.id)).toEqual(expect.arrayContaining([marketingId, registrarId]));
    const d = await t.post(admin, POOL_API.dispatch, { ids: [e.id], account_id: registrarId });
    expect(d.code, d.msg).toBe(20000);
    expect(d.data.assigned).toEqual([{ id: e.id, account_id: registrarId }]);
    expect((await entryOf(late)).holderId).toBe(registrarId);
    expect((await t.post(marketing, POOL_API.dispatch, { ids: [e.id] })).code).toBe(40300);
    const back = await t.post(admin, POOL_API.takeBack, { ids: [e.id] });
    expect(back.data.returned).toEqual([e.id]);
    expect((await entryOf(late)).status).toBe('open');
  });
});

describe('conversions', () => {
  it('credits the registration of a claimed lead, then its application, to the agent who held it', async () => {
    const src = await t.post(admin, POOL_API.sourceAdd, { merchant_id: main, code: 'CONV', name: 'Conversion partner', route_to: 'pool', on_duplicate: 'skip', enabled: true });
    expect(src.code, src.msg).toBe(20000);
    const b = vnBorrower();
    const push = await pushSigned(src.data.api_key, src.data.secret, { leads: [{ phone: b.phone, name: b.name }] });
    expect(push.code, push.msg).toBe(20000);
    expect(push.data.added).toBe(1);
    const [entry] = await t.db.select().from(poolEntry).where(and(eq(poolEntry.merchantId, main), eq(poolEntry.phone, b.phone)));
    expect((await t.post(registrar, workApi('pool', 'claim'), { id: entry.id })).code).toBe(20000);

    const reg = await appCall(t, world.mainApp, 'POST', '/loanapi/app/register', registerBody(b));
    expect(reg.code, reg.msg).toBe(20000);
    const conv = await rowsOf(registrar, POOL_API.conversions);
    expect(conv.filter((r) => r.phone.endsWith(b.phone.slice(-2)) && r.customer_id === reg.data.customer_id)).toMatchObject([{ kind: 'registration', agent_id: registrarId }]);
    expect((await t.db.select().from(poolLead).where(eq(poolLead.phone, b.phone)))[0]).toMatchObject({ status: 'registered', customerId: reg.data.customer_id });

    const [o] = await t.db.insert(loanOrder).values({
      orderNo: `TPCONV${Date.now()}`, merchantId: main, customerId: reg.data.customer_id, productId: world.mainProduct.id, currency: 'VND', status: 'pending_review',
    }).returning();
    await t.db.transaction((tx) => onPoolApplication(tx, { customerId: reg.data.customer_id, merchantId: main, orderId: o.id, at: t.clock.now }));
    await t.db.transaction((tx) => onPoolApplication(tx, { customerId: reg.data.customer_id, merchantId: main, orderId: o.id, at: t.clock.now }));
    const credits = await t.db.select().from(poolConversion).where(eq(poolConversion.entryId, entry.id));
    expect(credits.map((c) => [c.kind, c.agentId]).sort()).toEqual([['application', registrarId], ['registration', registrarId]]);
    expect((await t.db.select().from(poolEntry).where(eq(poolEntry.id, entry.id)))[0]).toMatchObject({ status: 'closed', closeReason: 'converted' });
  });
});

async function pushSigned(apiKey: string, secret: string, body: unknown, o: { nonce?: string; sig?: string; now?: number } = {}) {
  const payload = JSON.stringify(body);
  const timestamp = String(o.now ?? t.clock.now.getTime());
  const nonce = o.nonce ?? crypto.randomBytes(12).toString('base64url');
  const signature = o.sig ?? computeSignature(secret, { method: 'POST', path: POOL_API.push, timestamp, nonce, bodySha256: sha256Hex(payload) });
  const res = await t.app.inject({
    method: 'POST', url: POOL_API.push, payload,
    headers: {
      'content-type': 'application/json', 'lang-code': '100', [SOURCE_HEADERS.key]: apiKey, [SOURCE_HEADERS.timestamp]: timestamp,
      [SOURCE_HEADERS.nonce]: nonce, [SOURCE_HEADERS.signature]: signature,
    },
  });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: any }) };
}

async function importCsv(token: string, sourceId: number, file: Buffer, name = 'leads.csv') {
  const boundary = `----b${crypto.randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="source_id"\r\n\r\n${sourceId}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST', url: POOL_API.import, payload,
    headers: { authorization: token, 'x-api-token': token, 'lang-code': '100', 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return res.json() as { code: number; msg: string; data: any };
}

describe('external sources', () => {
  let source: { id: number; api_key: string; secret: string };

  beforeAll(async () => {
    const r = await t.post(admin, POOL_API.sourceAdd, { merchant_id: main, code: 'P1', name: 'Partner One', route_to: 'pool', on_duplicate: 'skip', enabled: true });
    expect(r.code, r.msg).toBe(20000);
    source = r.data;
    const [row] = await t.db.select().from(poolSource).where(eq(poolSource.id, source.id));
    expect(row.secretSealed).not.toContain(source.secret);
    const listed = await rowsOf(admin, POOL_API.sources);
    expect(JSON.stringify(listed)).not.toContain(source.secret);
  });

  it('accepts a signed push, refuses a bad signature, a replay, an old timestamp and an unknown key', async () => {
    const body = { leads: [{ phone: '0987001001', name: 'An' }, { phone: '12345678', name: 'Bad' }, { phone: '0987001001' }] };
    const nonce = 'nonce-push-0001';
    const ok = await pushSigned(source.api_key, source.secret, body, { nonce });
    expect(ok.code, ok.msg).toBe(20000);
    expect(ok.data).toMatchObject({ total: 3, added: 1, refused: 1, skipped: 1 });
    expect(ok.data.rows.map((r: { result: string; reason: string }) => [r.result, r.reason])).toEqual([
      ['added', ''], ['refused', 'pool.badPhone'], ['skipped', 'pool.dupInFile'],
    ]);
    const replay = await pushSigned(source.api_key, source.secret, body, { nonce });
    expect([replay.status, replay.code]).toEqual([401, 40100]);
    const forged = await pushSigned(source.api_key, 'sk_wrong', { leads: [{ phone: '0987001002' }] });
    expect([forged.status, forged.code]).toEqual([401, 40100]);
    const old = await pushSigned(source.api_key, source.secret, { leads: [{ phone: '0987001003' }] }, { now: t.clock.now.getTime() - 3_600_000 });
    expect(old.code).toBe(40100);
    expect((await pushSigned('src_nobody', source.secret, { leads: [{ phone: '0987001004' }] })).code).toBe(40100);
    const stored = await t.db.select().from(poolLead).where(eq(poolLead.sourceId, source.id));
    expect(stored.map((l) => l.phone)).toEqual(['0987001001']);
    // After a rotation the old secret stops working.
    const rot = await t.post(admin, POOL_API.sourceRotate, { id: source.id });
    expect(rot.code).toBe(20000);
    expect((await pushSigned(source.api_key, source.secret, { leads: [{ phone: '0987001005' }] })).code).toBe(40100);
    expect((await pushSigned(source.api_key, rot.data.secret, { leads: [{ phone: '0987001005' }] })).code).toBe(20000);
    source.secret = rot.data.secret;
  });

  it('imports a CSV with a report per row (existing customer, existing lead, bad phone) and routes new leads into the pool', async () => {
    const [existing] = await t.db.insert(customer).values({ code: 'TPOOLX', merchantId: main, market: 'vn', name: 'Known', phone: '0987002999' }).returning();
    const csv = ['phone,name,remark', '0987002001,Binh,expo', `${existing.phone},Known,`, '0987001001,Again,', 'abc,Bad,', '0987002002,Chi,'].join('\r\n');
    const r = await importCsv(admin, source.id, Buffer.from(csv));
    expect(r.code, r.msg).toBe(20000);
    expect(r.data).toMatchObject({ total: 5, added: 2, skipped: 2, refused: 1 });
    expect(r.data.rows.map((x: { row: number; reason: string }) => [x.row, x.reason])).toEqual([
      [2, ''], [3, 'pool.existingCustomer'], [4, 'pool.existingLead'], [5, 'pool.badPhone'], [6, ''],
    ]);
    const pool = await rowsOf(registrar, POOL_API.poolList, { segment: 'lead' });
    expect(pool.filter((p) => p.customer_name === 'Binh' || p.customer_name === 'Chi').length).toBe(2);
    expect((await rowsOf(admin, POOL_API.leads, { source_id: source.id })).length).toBe(5);
  });

  it('refuses a malformed file and writes nothing', async () => {
    const before = (await t.db.select().from(poolLead)).length;
    const broken = await importCsv(admin, source.id, Buffer.from('phone,name\n"0987003001,unterminated\n'));
    expect(broken.code).toBe(40000);
    const noPhone = await importCsv(admin, source.id, Buffer.from('name,remark\nX,Y\n'));
    expect(noPhone.code).toBe(40000);
    const binary = await importCsv(admin, source.id, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 1, 2, 3]), 'x.xlsx');
    expect(binary.code).toBe(40000);
    expect((await t.db.select().from(poolLead)).length).toBe(before);
    expect((await importCsv(marketing, source.id, Buffer.from('phone\n0987003002\n'))).code).toBe(40300);
  });
});

describe('bad input and the demo', () => {
  it('refuses NUL bytes, huge strings, negative and huge ids with 40000, writing nothing', async () => {
    for (const body of [{ id: -1 }, { id: 1e20 }, { id: 'x' }, { id: 1, note: 'a\u0000b' }, { id: 1, note: 'x'.repeat(5000) }]) {
      const r = await t.post(marketing, workApi('mine', 'note'), body);
      expect(r.code, JSON.stringify(body).slice(0, 40)).toBe(40000);
    }
    expect((await t.get(marketing, POOL_API.dormantList, { phone: 'x'.repeat(300) })).code).toBe(40000);
    expect((await t.post(admin, POOL_API.rulesSave, { merchant_id: main, dormant_days: -3 })).code).toBe(40000);
    expect((await t.post(admin, POOL_API.sourceAdd, { merchant_id: other + 1000, code: 'ZZ', name: 'Nobody', route_to: 'pool', on_duplicate: 'skip', enabled: true })).code).toBe(40400);
  });

  it('seeds a demo day, once', async () => {
    const start = Date.now();
    await seedPoolDemo(t.db);
    expect(Date.now() - start).toBeLessThan(3000);
    await seedPoolDemo(t.db);
    expect((await t.db.select().from(poolSource).where(eq(poolSource.code, 'DEMO-PARTNER'))).length).toBe(1);
    const held = await rowsOf(registrar, POOL_API.myList);
    expect(held.length).toBeGreaterThan(0);
  });
});
