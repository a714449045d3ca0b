/**
 * The fast path of exports (exportPlan.ts, exportText.ts, exportSink.ts) writes the same file as the general path
 * (keyset batches → drizzle rows → shapeRow → export columns): byte for byte in CSV, cell for cell in XLSX, over
 * NULLs, quotes, commas, newlines, tabs, backslashes, formula-like text, non-Latin text, money in several
 * currencies, labels, timestamps in whole seconds and with microseconds, and masked phones.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, pgTable, real, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type Envelope, type TestApp } from '../../../tests/support/testApp';
import { listApp } from '../../../tests/support/listFixtures';
import { EXPONENT, majorUnits } from '../modules/client/client.routes';
import { adminAccount } from '../modules/empower/empower.table';
import { LANG_BY_CODE } from '../../schemas/i18n';
import { translate } from '../i18n';
import { bulkSourceOf } from './copy';
import { defineList } from './define';
import { EXPORT_SETTINGS } from './export';
import { fastExport } from './exportPlan';
import { localSink } from './exportSink';
import { csvText, majorOf } from './exportText';
import { resolveSort } from './query';
import { labelColumn, moneyColumn } from './values';

const ROWS = 230;
const defaults = { ...EXPORT_SETTINGS };

const fx = pgTable('fast_export', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name'),
  phone: varchar('phone', { length: 20 }),
  amount: bigint('amount', { mode: 'number' }),
  currency: varchar('currency', { length: 3 }),
  returning: boolean('is_returning'),
  score: real('score'),
  day: date('day', { mode: 'string' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

const list = defineList({
  id: 'test.fast',
  permission: 'review_allOrder',
  from: fx,
  columns: { id: fx.id, name: fx.name, phone: fx.phone, amount: fx.amount, currency: fx.currency, returning: fx.returning, score: fx.score, day: fx.day, created_at: fx.createdAt },
  filters: z.object({}),
  sorts: { created_at: fx.createdAt, id: fx.id },
  defaultSort: 'created_at:desc',
  mask: { phone: 'phone' },
  exportColumns: [
    { key: 'id', title: 'field.id' },
    { key: 'name', title: 'field.name' },
    { key: 'phone', title: 'field.phone' },
    moneyColumn('amount', 'field.loan_amount'),
    { key: 'currency', title: 'field.currency' },
    labelColumn('returning', 'field.customer_type', 'returning', 'new'),
    { key: 'score', title: 'field.value' },
    { key: 'day', title: 'field.due_date' },
    { key: 'created_at', title: 'field.created_at' },
    { key: 'amount', title: 'field.remark' },
  ],
});

const NAMES = ['plain', 'comma, here', 'quote "x" end', 'two\nlines', 'cr\r\nlf', '=SUM(A1:A9)', '+1 555 0100', '-12.5', '@cmd', '-not a number',
  '中文名字', 'العربية', 'ไทย', 'tab\there', 'back\\slash', '', null, "'already quoted", '\tlead tab', 'Tiếng Việt'];
const PHONES = ['13812345678', '123', null, '+8613800000000', '0987654321', '', '=1+1'];
const CURRENCIES = ['VND', 'CNY', 'USD', null, 'XXX', 'EGP', 'INR'];

let t: TestApp;
let app: FastifyInstance;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql.raw(`CREATE TABLE fast_export (id bigserial PRIMARY KEY, name text, phone varchar(20), amount bigint, currency varchar(3),
    is_returning boolean, score real, day date, created_at timestamptz NOT NULL)`));
  const lit = (v: string | null) => (v === null ? 'NULL' : `E'${v.replace(/\\/g, '\\\\').replace(/'/g, "''").replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t')}'`);
  const arr = (a: Array<string | null>) => `ARRAY[${a.map(lit).join(',')}]::text[]`;
  await t.db.execute(sql.raw(`INSERT INTO fast_export (name, phone, amount, currency, is_returning, score, day, created_at)
    SELECT (${arr(NAMES)})[1 + i % ${NAMES.length}], (${arr(PHONES)})[1 + i % ${PHONES.length}],
      CASE WHEN i % 11 = 0 THEN NULL ELSE (i * 7919 % 2000001) - 1000000 END, (${arr(CURRENCIES)})[1 + i % ${CURRENCIES.length}],
      CASE i % 3 WHEN 0 THEN true WHEN 1 THEN false END, CASE WHEN i % 4 = 0 THEN NULL ELSE i / 8.0 END,
      CASE WHEN i % 5 = 0 THEN NULL ELSE date '2026-03-01' + i END,
      timestamptz '1999-12-31 23:59:59+00' + (i % 9) * interval '1 year' + (CASE WHEN i % 2 = 0 THEN i * 123457 ELSE i * 1000000 END) * interval '1 microsecond'
    FROM generate_series(1, ${ROWS}) AS i`));
  ({ app } = await listApp(t.db, () => t.clock.now, [['/loanapi/test/fast', list]]));
  await t.db.update(adminAccount).set({ privacyProtection: true }).where(eq(adminAccount.account, 'supervisor'));
  for (const a of ['admin', 'supervisor']) tokens[a] = await t.login(a);
});
afterEach(() => Object.assign(EXPORT_SETTINGS, defaults));
afterAll(async () => {
  await app?.close();
  await t?.close();
});

/** The file of an export through the route. */
async function exported(account: string, format: 'csv' | 'xlsx', query: Record<string, string> = {}): Promise<Buffer> {
  const res = await app.inject({ method: 'GET', url: '/loanapi/test/fast', query: { download_excel: '1', format, ...query }, headers: { authorization: tokens[account], 'lang-code': '200' } });
  const body = res.json() as Envelope;
  expect(body.code, body.msg).toBe(20000);
  return (await app.inject({ method: 'GET', url: body.data.file_url })).rawPayload;
}

/** The file the fast path writes in this thread from the COPY text of the export's query (any engine). */
async function converted(privacy: boolean, format: 'csv' | 'xlsx', sort?: string): Promise<Buffer> {
  const ctx = { db: t.db, cfg: {} as never, now: () => t.clock.now };
  const fast = fastExport(list, ctx, undefined, resolveSort(list, sort), { privacy });
  expect(fast).not.toBeNull();
  const text = await bulkSourceOf(t.db)!.copy(fast!.query);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fast-')), `f.${format}`);
  const header = list.def.exportColumns.map((c) => translate(LANG_BY_CODE.zh, c.title));
  const sink = localSink({ plan: fast!.plan, header, file, format, sheetRows: EXPORT_SETTINGS.sheetRows, yieldEvery: 100, sheetNames: ['S1'] });
  // In uneven pieces, cut inside lines and inside multi-byte characters.
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0, n = 1; at < bytes.length; at += n, n = n * 3 + 1) await sink.push(bytes.subarray(at, at + n));
  expect(await sink.end()).toBe(ROWS);
  return fs.readFileSync(file);
}

async function cells(file: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as unknown as ArrayBuffer);
  return wb.worksheets.flatMap((s) => s.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1)));
}

describe('export fast path', () => {
  it('majorOf is majorUnits', () => {
    for (const cur of [...Object.keys(EXPONENT), 'XXX', '', null, undefined]) {
      for (const v of [0, 1, -1, 1250, 123456789, -1000000, null, undefined, '']) {
        expect(majorOf(v, cur, EXPONENT)).toBe(majorUnits(v as number, cur as string));
      }
    }
  });

  it('csvText defuses and quotes as its rule says, whatever the value type', () => {
    // The rule, written plainly: text of the value; a leading = + - @ tab or CR defused unless the text is a number;
    // quoted when it holds a quote, comma, CR or LF.
    const rule = (v: unknown) => {
      if (v === null || v === undefined) return '';
      let t = typeof v === 'object' ? JSON.stringify(v) : String(v);
      if (/^[=+\-@\t\r]/.test(t) && !/^[+-]?\d[\d\s.,]*$/.test(t)) t = `'${t}`;
      return /[",\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
    };
    const values: unknown[] = [null, undefined, '', 0, -0, 5, -5, 1.5, -1.25, 1e21, -1e-7, NaN, Infinity, -Infinity, true, false,
      '-5', '-5,000.50', '- 5', '-x', '+1', '+x', '=1+1', '=SUM(A1)', '@cmd', '\tx', '\rx', 'a,b', 'say "hi"', 'two\nlines',
      'Nguyễn', 'مرحبا', '12', { a: 1 }, ['x', 'y,z'], '-"q"'];
    for (const v of values) expect(csvText(v), String(v)).toBe(rule(v));
  });

  it('the list takes the fast path; a row hook or an opaque value turns it off', () => {
    const ctx = { db: t.db, cfg: {} as never, now: () => t.clock.now };
    expect(fastExport(list, ctx, undefined, resolveSort(list, undefined), { privacy: false })).not.toBeNull();
    const hooked = defineList({ ...list.def, id: 'test.hooked', map: (r: Record<string, unknown>) => r });
    expect(fastExport(hooked, ctx, undefined, resolveSort(hooked, undefined), { privacy: false })).toBeNull();
    const opaque = defineList({ ...list.def, id: 'test.opaque', exportColumns: [{ key: 'id', title: 'field.id', value: (r: { id: number }) => r.id * 2 }] });
    expect(fastExport(opaque, ctx, undefined, resolveSort(opaque, undefined), { privacy: false })).toBeNull();
  });

  for (const account of ['admin', 'supervisor']) {
    it(`CSV from COPY text is byte-identical to the general path (${account}${account === 'supervisor' ? ', phones masked' : ''})`, async () => {
      EXPORT_SETTINGS.fastPath = false;
      EXPORT_SETTINGS.batchSize = 37;
      const general = await exported(account, 'csv', { sort: 'id:asc' });
      const text = general.toString('utf8');
      expect(text).toContain('"quote ""x"" end"');
      expect(text).toContain("'=SUM(A1:A9)");
      expect(text).toContain('中文名字');
      if (account === 'supervisor') expect(text).toMatch(/138\*{6}78/);
      expect(Buffer.compare(await converted(account === 'supervisor', 'csv', 'id:asc'), general)).toBe(0);
    });
  }

  it('XLSX from COPY text has the cells of the general path', async () => {
    EXPORT_SETTINGS.fastPath = false;
    const general = await cells(await exported('supervisor', 'xlsx'));
    expect(general).toHaveLength(ROWS + 1);
    expect(await cells(await converted(true, 'xlsx'))).toEqual(general);
  });

  it.runIf(process.env.DATABASE_URL)('PostgreSQL: the route streams one COPY, in this thread or in a worker, to the same file', async () => {
    EXPORT_SETTINGS.fastPath = false;
    const general = await exported('supervisor', 'csv');
    const generalX = await cells(await exported('supervisor', 'xlsx'));
    EXPORT_SETTINGS.fastPath = true;
    EXPORT_SETTINGS.chunkBytes = 1000;
    expect(Buffer.compare(await exported('supervisor', 'csv'), general)).toBe(0);
    EXPORT_SETTINGS.workerRows = 0;
    expect(Buffer.compare(await exported('supervisor', 'csv'), general)).toBe(0);
    expect(await cells(await exported('supervisor', 'xlsx'))).toEqual(generalX);
  });
});
