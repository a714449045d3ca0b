import { and, count, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { BLACKLIST_API } from '../../../schemas/blacklist';
import { bankCard, customer, customerDevice } from '../client/client.table';
import { appCall, intakeWorld, registerBody, vnBorrower, type IntakeWorld } from '../intake/intake.fixtures';
import { operationLog } from '../log/log.table';
import { merchant } from '../merchant/merchant.table';
import { blacklistEntry, riskBlacklistEntry } from './blacklist.table';
import { seedBlacklistDemo } from './demo';
import { runBlacklistExpiry, runRiskSync } from './jobs';
import { blacklistEntriesOf } from './match';
import { RISK_SANDBOX_DEFAULTS, sandboxPublished } from './risk/sandbox';

/**
 * The blacklist area over HTTP: add (normalised identifiers, one open entry per person, concurrent adds), scope, the
 * customer flags through add / expire / remove / expiry by time / registration, imports (per-row report, malformed
 * files write nothing), the risk-control list (feed sync, re-check) and intake refusing a listed applicant.
 */
let t: TestApp;
let w: IntakeWorld;
let admin: string;
/** The main merchant's operator (M001 and its sub-merchant): the blacklist actions are theirs. */
let op: string;
let main: number;
let other: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await intakeWorld(t);
  main = w.main.id;
  [admin, op] = await Promise.all([t.login('admin'), t.login('merchant')]);
  [{ id: other }] = await t.db.insert(merchant).values({ code: 'M-OTHER', name: 'Other Lender', currency: 'VND' }).returning({ id: merchant.id });
  await seedBlacklistDemo(t.db, t.clock.now);
}, 90_000);
afterAll(() => t?.close());

let seq = 0;
/** A customer of `merchantId` with a phone, an ID number, a device and a card (unique per call). */
async function makeCustomer(merchantId = main) {
  seq++;
  const phone = `09${String(70000000 + seq * 7919).padStart(8, '0')}`;
  const idNumber = `0792${String(10000000 + seq * 131).padStart(8, '0')}`;
  const [c] = await t.db.insert(customer).values({
    code: `BLT${String(seq).padStart(6, '0')}`, merchantId, market: 'vn', name: `Test Person ${seq}`, phone, idNumber,
  }).returning();
  const deviceId = `dev-bl-${seq}-a1b2`;
  const card = `970436${String(1000000000 + seq).padStart(10, '0')}`;
  await t.db.insert(customerDevice).values({ customerId: c.id, deviceId });
  await t.db.insert(bankCard).values({ customerId: c.id, merchantId, bankName: 'Vietcombank', bankCode: 'VCB', cardNumber: card, cardholder: c.name });
  return { ...c, deviceId, card };
}
const flags = async (id: number) => (await t.db.select({ b: customer.blacklisted, l: customer.blacklistLevel }).from(customer).where(eq(customer.id, id)))[0];
const add = (token: string, over: Record<string, unknown>) => t.post(token, BLACKLIST_API.add, { merchant_id: main, level: 2, reason: '1', ...over });
const lastLog = async (action: string) => (await t.db.select().from(operationLog).where(eq(operationLog.action, action)).orderBy(desc(operationLog.id)).limit(1))[0];
const entryCount = async () => (await t.db.select({ n: count() }).from(blacklistEntry))[0].n;

function multipart(fields: Record<string, string>, file: { name: string; content: Buffer; type?: string } | null) {
  const boundary = `----bl${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'text/csv'}\r\n\r\n`));
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
async function upload(token: string, fields: Record<string, string>, file: { name: string; content: Buffer; type?: string } | null) {
  const m = multipart(fields, file);
  const res = await t.app.inject({ method: 'POST', url: BLACKLIST_API.import, payload: m.payload, headers: { ...m.headers, authorization: token, 'x-api-token': token, 'lang-code': '100' } });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: any }) };
}

describe('internal blacklist', () => {
  it('adds an entry by phone in any written form, refuses the same person twice, and logs it', async () => {
    const c = await makeCustomer();
    const r = await add(op, { type: 'phone', value: `+84 ${c.phone.slice(1, 4)} ${c.phone.slice(4, 7)} ${c.phone.slice(7)}`, remark: 'Fraud ring' });
    expect(r.code, r.msg).toBe(20000);
    expect(r.data).toMatchObject({ type: 'phone', value: c.phone, level: 2, source: 'staff', customers_flagged: 1 });
    expect(await flags(c.id)).toEqual({ b: true, l: 2 });
    expect((await lastLog('client.blackList.add'))?.targetId).toBe(String(r.data.id));

    const again = await add(op, { type: 'phone', value: c.phone.replace(/(\d{4})(\d{3})/, '$1-$2-') });
    expect(again.code).toBe(40900);
    expect(again.data.issues[0]).toMatchObject({ path: 'value', id: 'blacklist.alreadyListed' });

    const list = await t.get(op, BLACKLIST_API.list, { merchant_id: main, value: c.phone });
    expect(list.code, list.msg).toBe(20000);
    expect(list.data.rows).toHaveLength(1);
    expect(list.data.rows[0]).toMatchObject({ id: r.data.id, live: true, customers: 1, reason_label: 'Wilful default', created_by_name: expect.any(String) });
  });

  it('refuses bad input with 40000 and writes nothing', async () => {
    const before = await entryCount();
    for (const body of [
      { type: 'phone', value: '12345' }, { type: 'bank_card', value: 'abc' }, { type: 'nope', value: 'x' }, { type: 'phone', value: '0912345678', level: 9 },
      { type: 'phone', value: '0912345678', reason: '999' }, { type: 'phone', value: '0912345678', expires_at: '2001-01-01' },
      { type: 'device', value: 'x'.repeat(65) }, { type: 'device', value: 'abc\u0007def' }, { type: 'phone', value: 'a\u0000b' },
      { type: 'phone', value: '0912345678', merchant_id: 2147483648 }, { type: 'phone', value: '0912345678', merchant_id: -1 },
      { type: 'phone', value: '0912345678', remark: 'x'.repeat(100_000) }, { type: 'phone', value: '0912345678', expires_at: '2026-13-45' },
    ]) {
      const r = await add(op, body);
      expect(r.code, JSON.stringify(body)).toBe(40000);
    }
    for (const [url, body] of [[BLACKLIST_API.expire, { id: 9007199254740993 }], [BLACKLIST_API.del, { id: -1 }], [BLACKLIST_API.recheck, { customer_id: 'abc' }]] as const) {
      expect((await t.post(op, url, body)).code, url).toBe(40000);
    }
    for (const q of [{ level: 7 }, { created_from: '2026-02-30' }, { value: 'x'.repeat(65) }, { sort: 'value:asc' }]) {
      expect((await t.get(op, BLACKLIST_API.list, q)).code, JSON.stringify(q)).toBe(40000);
    }
    expect((await t.get(op, BLACKLIST_API.list, { value: "' OR 1=1 --" })).data.rows).toEqual([]);
    expect(await entryCount()).toBe(before);
  });

  it('concurrent adds of one person make one entry (real parallelism on PostgreSQL)', async () => {
    const c = await makeCustomer();
    const forms = [c.idNumber, ` ${c.idNumber.toLowerCase()} `, c.idNumber, `${c.idNumber.slice(0, 4)} ${c.idNumber.slice(4)}`, c.idNumber, c.idNumber];
    const results = await Promise.all(forms.map((value) => add(op, { type: 'id_number', value })));
    expect(results.map((r) => r.code).sort()).toEqual([20000, 40900, 40900, 40900, 40900, 40900]);
    const rows = await t.db.select().from(blacklistEntry).where(and(eq(blacklistEntry.merchantId, main), eq(blacklistEntry.normValue, c.idNumber)));
    expect(rows).toHaveLength(1);
  });

  it('concurrent imports of overlapping files list each person once', async () => {
    const people = await Promise.all([makeCustomer(), makeCustomer(), makeCustomer(), makeCustomer()]);
    const file = (ps: ReadonlyArray<(typeof people)[number]>) => Buffer.from(['type,value,reason', ...ps.map((p) => `phone,${p.phone},1`)].join('\n'));
    const [a, b] = await Promise.all([
      upload(op, { merchant_id: String(main) }, { name: 'a.csv', content: file(people.slice(0, 3)) }),
      upload(op, { merchant_id: String(main) }, { name: 'b.csv', content: file(people.slice(1)) }),
    ]);
    expect([a.code, b.code]).toEqual([20000, 20000]);
    expect(a.data.added + b.data.added).toBe(4);
    expect(a.data.refused.length + b.data.refused.length).toBe(2);
    for (const p of people) {
      expect(await t.db.select().from(blacklistEntry).where(and(eq(blacklistEntry.merchantId, main), eq(blacklistEntry.normValue, p.phone)))).toHaveLength(1);
      expect(await flags(p.id)).toEqual({ b: true, l: 2 });
    }
  });

  it("keeps another merchant's entries invisible and out of reach", async () => {
    const c = await makeCustomer(other);
    const foreign = await t.post(admin, BLACKLIST_API.add, { merchant_id: other, type: 'device', value: c.deviceId, level: 3, reason: '2' });
    expect(foreign.code, foreign.msg).toBe(20000);
    expect(await flags(c.id)).toEqual({ b: true, l: 3 });

    const list = await t.get(op, BLACKLIST_API.list, { size: 500 });
    expect(list.data.rows.some((r: { id: number }) => r.id === foreign.data.id)).toBe(false);
    expect((await t.get(op, BLACKLIST_API.list, { merchant_id: other })).data.rows).toHaveLength(0);
    for (const url of [BLACKLIST_API.expire, BLACKLIST_API.del]) expect((await t.post(op, url, { id: foreign.data.id })).code).toBe(40400);
    expect((await add(op, { merchant_id: other, type: 'phone', value: '0912000111' })).code).toBe(40400);
    expect(await flags(c.id)).toEqual({ b: true, l: 3 });
    // The administrator sees every merchant.
    expect((await t.get(admin, BLACKLIST_API.list, { merchant_id: other })).data.rows.map((r: { id: number }) => r.id)).toContain(foreign.data.id);
  });
});

describe('flags', () => {
  it('follow the live entries: the highest level wins, expire and remove clear them, other identifiers keep them', async () => {
    const c = await makeCustomer();
    const byCard = await add(op, { type: 'bank_card', value: c.card.replace(/(\d{4})/g, '$1 ').trim(), level: 1 });
    expect(byCard.code, byCard.msg).toBe(20000);
    expect(await flags(c.id)).toEqual({ b: true, l: 1 });
    const byDevice = await add(op, { type: 'device', value: c.deviceId, level: 3, source: 'collection', reason: '4' });
    expect(await flags(c.id)).toEqual({ b: true, l: 3 });

    const entries = await blacklistEntriesOf(t.db, c, 'zh', t.clock.now);
    expect(entries.map((e) => [e.id, e.source])).toEqual([[byDevice.data.id, 'collection'], [byCard.data.id, 'staff']]);
    expect(entries[0].reason).toBe('辱骂催收员');

    const ex = await t.post(op, BLACKLIST_API.expire, { id: byDevice.data.id });
    expect(ex.code, ex.msg).toBe(20000);
    expect(ex.data.expired_at).not.toBeNull();
    expect(await flags(c.id)).toEqual({ b: true, l: 1 });
    const log = await lastLog('client.blackList.expire');
    expect(log?.before).toMatchObject({ expired_at: null });
    expect((await t.post(op, BLACKLIST_API.expire, { id: byDevice.data.id })).code).toBe(42200);
    // An expired entry no longer blocks listing the person again.
    expect((await add(op, { type: 'device', value: c.deviceId, level: 2 })).code).toBe(20000);
    expect(await flags(c.id)).toEqual({ b: true, l: 2 });

    const expiredList = await t.get(op, BLACKLIST_API.list, { merchant_id: main, state: 'expired', type: 'device', value: c.deviceId });
    expect(expiredList.data.rows.map((r: { id: number }) => r.id)).toEqual([byDevice.data.id]);

    for (const e of await blacklistEntriesOf(t.db, c, undefined, t.clock.now)) expect((await t.post(op, BLACKLIST_API.del, { id: e.id })).code).toBe(20000);
    expect(await flags(c.id)).toEqual({ b: false, l: 0 });
    expect(await lastLog('client.blackList.del')).toBeTruthy();
  });

  it('an entry whose expiry passes stops flagging once the expiry job runs', async () => {
    const c = await makeCustomer();
    const soon = new Date(t.clock.now.getTime() + 3_600_000).toISOString();
    const r = await add(op, { type: 'phone', value: c.phone, expires_at: soon });
    expect(r.code, r.msg).toBe(20000);
    expect(await flags(c.id)).toEqual({ b: true, l: 2 });
    t.clock.advance(2 * 3_600_000);
    const run = await runBlacklistExpiry(t.app.deps);
    expect(run.ran).toBe(true);
    expect(run.expired).toBeGreaterThanOrEqual(1);
    expect(await flags(c.id)).toEqual({ b: false, l: 0 });
    const [row] = await t.db.select().from(blacklistEntry).where(eq(blacklistEntry.id, r.data.id));
    expect(row.expiredAt?.toISOString()).toBe(soon);
    expect(row.expiredBy).toBeNull();
  });

  it('a listed person registering through the app is flagged at once, and intake refuses their application', async () => {
    const b = vnBorrower();
    expect((await add(op, { type: 'phone', value: b.phone, level: 2 })).code).toBe(20000);
    const reg = await appCall(t, w.mainApp, 'POST', '/loanapi/app/register', registerBody(b));
    expect(reg.code, reg.msg).toBe(20000);
    expect(await flags(reg.data.customer_id)).toEqual({ b: true, l: 2 });
    const applied = await appCall(t, w.mainApp, 'POST', '/loanapi/app/apply', { phone: b.phone, product_id: w.mainProduct.id, amount: 2_000_000, days: 7, device_id: b.device_id });
    expect([applied.code, applied.data.issues[0].id]).toEqual([40300, 'intake.blacklisted']);

    const clear = vnBorrower();
    const reg2 = await appCall(t, w.mainApp, 'POST', '/loanapi/app/register', registerBody(clear));
    expect(await flags(reg2.data.customer_id)).toEqual({ b: false, l: 0 });
  });
});

describe('import', () => {
  it('adds the good rows and reports every refused row with its reason', async () => {
    const c1 = await makeCustomer();
    const c2 = await makeCustomer();
    const listed = await makeCustomer();
    expect((await add(op, { type: 'phone', value: listed.phone })).code).toBe(20000);
    const csv = [
      'Type,Value,Level,Reason,Remark',
      `phone,${c1.phone},3,2,from the call centre`,
      `ID_number,${c2.idNumber.toLowerCase()},,,`,
      'phone,12345,2,1,',
      `phone,"+84${c1.phone.slice(1)}",2,1,`,
      `phone,${listed.phone},2,1,`,
      `device,dev-unknown-device-1,2,77,`,
      `passport,AB123,2,1,`,
      '',
      `bank_card,${c2.card},9,1,`,
    ].join('\r\n');
    const r = await upload(op, { merchant_id: String(main), reason: '5' }, { name: 'list.csv', content: Buffer.from(csv) });
    expect(r.code, r.msg).toBe(20000);
    expect(r.data).toMatchObject({ rows: 8, added: 2, customers_flagged: 2 });
    expect(r.data.refused.map((x: { row: number; id: string }) => [x.row, x.id])).toEqual([
      [4, 'blacklist.badPhone'], [5, 'blacklist.duplicateRow'], [6, 'blacklist.alreadyListed'], [7, 'blacklist.unknownReason'],
      [8, 'blacklist.badType'], [10, 'blacklist.badLevel'],
    ]);
    expect(await flags(c1.id)).toEqual({ b: true, l: 3 });
    // Blank level and reason take the import's defaults.
    expect(await flags(c2.id)).toEqual({ b: true, l: 2 });
    const [e2] = await t.db.select().from(blacklistEntry).where(eq(blacklistEntry.normValue, c2.idNumber));
    expect(e2).toMatchObject({ reason: '5', source: 'staff', type: 'id_number' });
    expect((await lastLog('client.blackList.import'))?.after).toMatchObject({ rows: 8, added: 2, refused: 6 });
  });

  it('reads XLSX files, text and number cells', async () => {
    const c = await makeCustomer();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('List');
    ws.addRow(['type', 'value', 'level', 'reason']);
    ws.addRow(['bank_card', c.card, 2, 3]);
    // Typed as a number, the phone lost its leading 0.
    ws.addRow(['phone', Number(c.phone), 1, 3]);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const r = await upload(op, { merchant_id: String(main) }, { name: 'list.xlsx', content: buf, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    expect(r.code, r.msg).toBe(20000);
    expect(r.data).toMatchObject({ added: 2, refused: [] });
    expect(await flags(c.id)).toEqual({ b: true, l: 2 });
    expect((await t.db.select().from(blacklistEntry).where(eq(blacklistEntry.normValue, c.phone))).map((e) => e.type)).toEqual(['phone']);
  });

  it('refuses a malformed file whole and writes nothing', async () => {
    const c = await makeCustomer();
    const before = await entryCount();
    const cases: Array<[Buffer, string]> = [
      [Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe]), 'blacklist.file.notTable'],
      [Buffer.from(`number,level\n${c.phone},2\n`), 'blacklist.file.unknownColumns'],
      [Buffer.from(`value,level\n${c.phone},2\n`), 'blacklist.file.missingColumns'],
      [Buffer.from('type,value\n'), 'blacklist.file.noRows'],
      [Buffer.from(`type,value\nphone,"${c.phone}\n`), 'blacklist.file.badCsv'],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x01, 0x02]), 'blacklist.file.badXlsx'],
      [Buffer.from(`type,value\nphone,${c.phone},extra\n`), 'blacklist.file.extraCells'],
    ];
    for (const [content, id] of cases) {
      const r = await upload(op, { merchant_id: String(main) }, { name: 'x.csv', content });
      expect([r.code, r.data?.issues?.[0]?.id], id).toEqual([40000, id]);
    }
    expect((await upload(op, { merchant_id: String(main) }, null)).code).toBe(40000);
    expect((await upload(op, { merchant_id: String(other) }, { name: 'x.csv', content: Buffer.from(`type,value\nphone,${c.phone}\n`) })).code).toBe(40400);
    expect((await t.post(op, BLACKLIST_API.import, { merchant_id: main })).code).toBe(40000);
    expect(await entryCount()).toBe(before);
    expect(await flags(c.id)).toEqual({ b: false, l: 0 });
  });
});

describe('risk-control blacklist', () => {
  it('the sync job stores the feed once; the list is read-only and scoped', async () => {
    const first = await runRiskSync(t.app.deps);
    expect(first.ran).toBe(true);
    const published = sandboxPublished(RISK_SANDBOX_DEFAULTS, t.clock.now);
    const [{ n }] = await t.db.select({ n: count() }).from(riskBlacklistEntry).where(and(eq(riskBlacklistEntry.merchantId, main), eq(riskBlacklistEntry.provider, 'sandbox')));
    expect(n).toBeGreaterThanOrEqual(published);
    const again = await runRiskSync(t.app.deps);
    expect(again.received).toBe(0);

    const list = await t.get(op, BLACKLIST_API.riskList, { merchant_id: main, size: 5 });
    expect(list.code, list.msg).toBe(20000);
    expect(list.data.rows[0]).toMatchObject({ provider: 'sandbox', merchant_id: main, active: true });
    expect((await t.get(op, BLACKLIST_API.riskList, { merchant_id: other })).data.rows).toHaveLength(0);
  });

  it('re-checks one customer: a listed one is flagged, the answer is stored and logged; another merchant is out of reach', async () => {
    const c = await makeCustomer();
    await t.db.update(customer).set({ phone: `09${String(seq).padStart(4, '0')}0000` }).where(eq(customer.id, c.id));
    const found = await t.get(op, BLACKLIST_API.findCustomer, { keyword: `09${String(seq).padStart(4, '0')}0000` });
    expect(found.data.map((r: { id: number }) => r.id)).toEqual([c.id]);
    const r = await t.post(op, BLACKLIST_API.recheck, { customer_id: c.id });
    expect(r.code, r.msg).toBe(20000);
    expect(r.data).toMatchObject({ customer_id: c.id, hit: true, provider: 'sandbox', blacklisted: true });
    expect(await flags(c.id)).toMatchObject({ b: true });
    expect((await blacklistEntriesOf(t.db, c, undefined, t.clock.now)).some((e) => e.source === 'risk:sandbox')).toBe(true);
    expect((await lastLog('client.outblackList.recheck'))?.targetId).toBe(String(c.id));

    const foreign = await makeCustomer(other);
    expect((await t.post(op, BLACKLIST_API.recheck, { customer_id: foreign.id })).code).toBe(40400);
    expect((await t.get(op, BLACKLIST_API.findCustomer, { keyword: foreign.phone })).data).toEqual([]);
  });

  it('needs its permission: a collector can neither read nor re-check', async () => {
    const collector = await t.login('collector');
    expect((await t.get(collector, BLACKLIST_API.riskList)).code).toBe(40300);
    expect((await t.post(collector, BLACKLIST_API.add, { merchant_id: main, type: 'phone', value: '0912000222', level: 1, reason: '1' })).code).toBe(40300);
  });
});

describe('demo', () => {
  it('seeds entries per merchant once, with the reasons dictionary and risk-control entries', async () => {
    const before = await entryCount();
    await seedBlacklistDemo(t.db, t.clock.now);
    expect(await entryCount()).toBe(before);
    const [{ n }] = await t.db.select({ n: count() }).from(blacklistEntry).where(eq(blacklistEntry.merchantId, main));
    expect(n).toBeGreaterThan(20);
  });
});
