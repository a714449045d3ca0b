import ExcelJS from 'exceljs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { BANK_API } from '../../../schemas/bank';
import { bank } from '../client/client.table';
import { role } from '../empower/empower.table';
import { operationLog } from '../log/log.table';
import { bankBin } from './bank.table';
import { bankOfCard } from './lookup';

/** /system/bank over HTTP: banks, BINs, the per-row import report, the lookup, permissions and market scoping. */
let t: TestApp;
let admin: string;
let agent: string;
let collector: string;
let vcb: number;
let icbc: number;

const rowsOf = (r: { data: unknown }) => (r.data as { rows: Array<Record<string, unknown>> }).rows;
const nBins = async () => (await t.db.select({ n: count() }).from(bankBin))[0].n;
const nBanks = async () => (await t.db.select({ n: count() }).from(bank))[0].n;

async function upload(token: string, market: string, file: Buffer, name = 'bins.csv') {
  const boundary = '----bankTest';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="market"\r\n\r\n${market}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST', url: BANK_API.binImport, payload: body,
    headers: { authorization: token, 'x-api-token': token, 'lang-code': '100', 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return res.json() as { code: number; msg: string; data: any };
}

beforeAll(async () => {
  t = await createTestApp();
  // The withdrawal agent reads banks (demo template); here it may also edit them, to prove market scoping on writes.
  await t.db.update(role).set({ nodeKeys: ['payment_PaymentOrderQuery', 'system_bank', 'system_bank_edit', 'system_bank_binAdd', 'system_bank_import'] })
    .where(eq(role.identifier, 'withdrawal_agent'));
  [admin, agent, collector] = await Promise.all([t.login('admin'), t.login('withdrawal'), t.login('collector')]);
  const a = await t.post(admin, BANK_API.add, { market: 'vn', code: 'vcb', name: 'Vietcombank', sort: 1 });
  expect(a.code, a.msg).toBe(20000);
  vcb = a.data.id;
  expect(a.data.code).toBe('VCB');
  const b = await t.post(admin, BANK_API.add, { market: 'cn', code: 'ICBC', name: 'ICBC' });
  icbc = b.data.id;
}, 90_000);
afterAll(() => t?.close());

describe('banks', () => {
  it('refuses bad input and a duplicate code, writing nothing', async () => {
    const before = await nBanks();
    for (const bad of [
      { market: 'vn', code: 'A B', name: 'x' }, { market: 'zz', code: 'AB', name: 'x' }, { market: 'vn', code: 'AB', name: '' },
      { market: 'vn', code: 'AB', name: 'a\u0000b' }, { market: 'vn', code: 'AB', name: 'x'.repeat(101) }, { market: 'vn', code: 'AB', name: 'x', sort: -1 },
    ]) expect((await t.post(admin, BANK_API.add, bad)).code, JSON.stringify(bad)).toBe(40000);
    const dup = await t.post(admin, BANK_API.add, { market: 'vn', code: 'VCB', name: 'Again' });
    expect(dup.code).toBe(40900);
    expect(await nBanks()).toBe(before);
  });

  it('edits, disables and enables, with the operation log', async () => {
    const e = await t.post(admin, BANK_API.edit, { id: vcb, market: 'vn', code: 'VCB', name: 'Vietcombank JSC', sort: 2 });
    expect(e.code, e.msg).toBe(20000);
    expect((await t.post(admin, BANK_API.disable, { ids: [vcb] })).data).toEqual({ changed: 1 });
    expect((await t.db.select().from(bank).where(eq(bank.id, vcb)))[0].enabled).toBe(false);
    expect((await t.post(admin, BANK_API.enable, { ids: [vcb] })).data).toEqual({ changed: 1 });
    const logs = await t.db.select().from(operationLog).where(eq(operationLog.targetType, 'bank'));
    expect(logs.map((l) => l.action)).toEqual(expect.arrayContaining(['system.bank.add', 'system.bank.edit', 'system.bank.disable', 'system.bank.enable']));
  });

  it('scopes to the markets of the account\'s merchants and checks permissions', async () => {
    const list = await t.get(agent, BANK_API.list, {});
    expect(list.code).toBe(20000);
    expect(rowsOf(list).map((r) => r.code)).toEqual(['VCB']);
    // Another market's bank answers like a missing one, and nothing changes.
    const e = await t.post(agent, BANK_API.edit, { id: icbc, market: 'cn', code: 'ICBC', name: 'Renamed' });
    expect(e.code).toBe(40400);
    expect((await t.post(agent, BANK_API.edit, { id: vcb, market: 'cn', code: 'VCB', name: 'Moved' })).code).toBe(40400);
    expect((await t.db.select().from(bank).where(eq(bank.id, icbc)))[0].name).toBe('ICBC');
    expect((await t.post(agent, BANK_API.add, { market: 'vn', code: 'NEW', name: 'New' })).code).toBe(40300);
    expect((await t.post(agent, BANK_API.disable, { ids: [vcb] })).code).toBe(40300);
    expect((await t.get(collector, BANK_API.list, {})).code).toBe(40300);
  });
});

describe('BINs and the lookup', () => {
  it('adds BINs, refuses a taken or malformed prefix, and finds a card\'s bank by the longest prefix', async () => {
    expect((await t.post(admin, BANK_API.binAdd, { bank_id: vcb, prefix: '970436' })).code).toBe(20000);
    const credit = await t.post(admin, BANK_API.binAdd, { bank_id: vcb, prefix: '97043699', card_type: 'credit' });
    expect(credit.code, credit.msg).toBe(20000);
    expect((await t.post(admin, BANK_API.binAdd, { bank_id: icbc, prefix: '622202' })).code).toBe(20000);
    const before = await nBins();
    expect((await t.post(admin, BANK_API.binAdd, { bank_id: vcb, prefix: '970436' })).code).toBe(40900);
    for (const prefix of ['12345', '123456789', '97a436', '']) expect((await t.post(admin, BANK_API.binAdd, { bank_id: vcb, prefix })).code, prefix).toBe(40000);
    expect(await nBins()).toBe(before);

    expect(await bankOfCard(t.db, '9704 3612 3456 7890')).toMatchObject({ bank_code: 'VCB', prefix: '970436', card_type: 'debit' });
    expect(await bankOfCard(t.db, '9704369912345678')).toMatchObject({ bank_code: 'VCB', prefix: '97043699', card_type: 'credit' });
    expect(await bankOfCard(t.db, '4111111111111111')).toBeNull();
    expect(await bankOfCard(t.db, '6222021234567890', 'vn')).toBeNull();
    // The enabled prefixes are mirrored for the bank auto-match list.
    expect((await t.db.select().from(bank).where(eq(bank.id, vcb)))[0].bins).toEqual(['970436', '97043699']);

    const found = await t.get(agent, BANK_API.lookup, { card_number: '9704-3612-3456-7890' });
    expect(found.data).toMatchObject({ bank_code: 'VCB' });
    expect((await t.get(agent, BANK_API.lookup, { card_number: '6222021234567890' })).data).toBeNull();
    expect((await t.get(agent, BANK_API.lookup, { card_number: 'abc' })).code).toBe(40000);
    // The agent's BIN list holds only its market.
    expect(rowsOf(await t.get(agent, BANK_API.binList, {})).every((r) => r.market === 'vn')).toBe(true);
    expect(rowsOf(await t.get(admin, BANK_API.binList, { prefix: '9704369912345678' })).map((r) => r.prefix).sort()).toEqual(['970436', '97043699']);
  });

  it('a disabled bank matches no card; removing a BIN updates the mirror', async () => {
    await t.post(admin, BANK_API.disable, { ids: [vcb] });
    expect(await bankOfCard(t.db, '9704361234567890')).toBeNull();
    await t.post(admin, BANK_API.enable, { ids: [vcb] });
    const [row] = await t.db.select().from(bankBin).where(eq(bankBin.prefix, '97043699'));
    expect((await t.post(admin, BANK_API.binDel, { id: row.id })).code).toBe(20000);
    expect((await t.db.select().from(bank).where(eq(bank.id, vcb)))[0].bins).toEqual(['970436']);
    expect((await t.post(agent, BANK_API.binAdd, { bank_id: icbc, prefix: '622203' })).code).toBe(40400);
  });
});

describe('BIN import', () => {
  it('writes the good rows and reports every bad row by its row number and reason', async () => {
    const csv = [
      'prefix,bank_code,card_type,enabled',
      '970437,VCB,debit,1', //           2 ok (new)
      '970436,vcb,credit,yes', //        3 ok (updates the existing one)
      '12345,VCB,debit,1', //            4 too short
      '970438,NOPE,debit,1', //          5 unknown bank
      '970439,VCB,gold,1', //            6 bad card type
      '970440,VCB,debit,maybe', //       7 bad flag
      '970437,VCB,debit,1', //           8 repeat of row 2
      '622202,ICBC,debit,1', //          9 a bank of another market
      '',
      '97044100,VCB,,', //               11 ok, defaults
    ].join('\n');
    const r = await upload(admin, 'vn', Buffer.from(csv));
    expect(r.code, r.msg).toBe(20000);
    expect(r.data).toMatchObject({ rows: 9, added: 2, updated: 1 });
    expect(r.data.refused.map((x: { row: number; id: string }) => [x.row, x.id])).toEqual([
      [4, 'bank.validation.prefix'], [5, 'bank.import.unknownBank'], [6, 'bank.import.badCardType'], [7, 'bank.import.badEnabled'],
      [8, 'bank.import.duplicateRow'], [9, 'bank.import.unknownBank'],
    ]);
    expect(r.data.refused[4].values).toEqual({ row: 2 });
    const [updated] = await t.db.select().from(bankBin).where(eq(bankBin.prefix, '970436'));
    expect(updated.cardType).toBe('credit');
    expect((await t.db.select().from(bank).where(eq(bank.id, vcb)))[0].bins).toEqual(['970436', '970437', '97044100']);
  });

  it('reads an XLSX file the same way', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('bins');
    ws.addRow(['Prefix', 'Bank_Code']);
    ws.addRow([970450, 'VCB']);
    ws.addRow(['bad', 'VCB']);
    const r = await upload(admin, 'vn', Buffer.from(await wb.xlsx.writeBuffer()), 'bins.xlsx');
    expect(r.code, r.msg).toBe(20000);
    expect(r.data).toMatchObject({ rows: 2, added: 1, refused: [{ row: 3, id: 'bank.validation.prefix' }] });
  });

  it('refuses an unreadable file whole, another market, or no permission, writing nothing', async () => {
    const before = await nBins();
    expect((await upload(admin, 'vn', Buffer.from('prefix,colour\n970460,red'))).code).toBe(40000);
    expect((await upload(admin, 'vn', Buffer.from([0, 1, 2, 3]))).code).toBe(40000);
    expect((await upload(admin, 'zz', Buffer.from('prefix,bank_code\n970461,VCB'))).code).toBe(40000);
    expect((await upload(agent, 'cn', Buffer.from('prefix,bank_code\n622209,ICBC'))).code).toBe(40400);
    expect((await upload(collector, 'vn', Buffer.from('prefix,bank_code\n970462,VCB'))).code).toBe(40300);
    expect(await nBins()).toBe(before);
  });
});
