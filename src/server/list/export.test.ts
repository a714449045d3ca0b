import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Envelope, type TestApp } from '../../../tests/support/testApp';
import { createScratch, listApp, scratch, scratchList } from '../../../tests/support/listFixtures';
import { LANG_BY_CODE } from '../../schemas/i18n';
import type { Deps } from '../deps';
import { translate } from '../i18n';
import { adminAccount } from '../modules/empower/empower.table';
import { exportJob } from '../modules/export/export.table';
import { COPY_STATS, inlineParams } from './copy';
import { EXPORT_LOCK, EXPORT_SETTINGS, exportDir, xlsxWriter } from './export';
import { buildWhere, readPage, resolveSort, type Position } from './query';

const OK = 20000;
const ROWS = 60;
const defaults = { ...EXPORT_SETTINGS };

let t: TestApp;
let app: FastifyInstance;
let deps: Deps;
const tokens: Record<string, string> = {};

const list = scratchList();
// A query that fails in the database (division by zero) and a row hook that fails half-way through the file.
const failing = scratchList({ id: 'test.failing', where: () => [sql`(1 / (${scratch.id} - ${scratch.id})) = 1`] });
const failsLate = scratchList({
  id: 'test.fails_late',
  map: (row: Record<string, unknown>) => {
    if (row.id === 40) throw new Error('row hook failed');
    return row;
  },
});

beforeAll(async () => {
  t = await createTestApp();
  await createScratch(t.db, ROWS);
  ({ app, deps } = await listApp(t.db, () => t.clock.now, [
    ['/loanapi/test/scratch', list], ['/loanapi/test/failing', failing], ['/loanapi/test/fails_late', failsLate],
    ['/loanapi/test/scratch_post', list, 'POST'],
  ]));
  await t.db.update(adminAccount).set({ privacyProtection: true }).where(eq(adminAccount.account, 'supervisor'));
  for (const a of ['admin', 'submerchant', 'supervisor', 'merchant']) tokens[a] = await t.login(a);
});
afterEach(() => Object.assign(EXPORT_SETTINGS, defaults));
afterAll(async () => {
  await app?.close();
  await t?.close();
});

async function get(account: string | null, url: string, query: Record<string, unknown> = {}, lang = '100') {
  const res = await app.inject({ method: 'GET', url, query: query as Record<string, string>, headers: { ...(account ? { authorization: tokens[account] } : {}), 'lang-code': lang } });
  return res;
}
async function call(account: string, url: string, query: Record<string, unknown> = {}, lang = '100'): Promise<Envelope> {
  return (await get(account, url, query, lang)).json() as Envelope;
}

/** Every row of the list as the account sees it. */
async function allRows(account: string, query: Record<string, unknown> = {}): Promise<any[]> {
  const rows: any[] = [];
  let cursor: string | null = null;
  do {
    const res = await call(account, '/loanapi/test/scratch', { ...query, size: 500, ...(cursor ? { cursor } : {}) });
    expect(res.code).toBe(OK);
    rows.push(...res.data.rows);
    cursor = res.data.next_cursor;
  } while (cursor);
  return rows;
}

/** RFC 4180 parser (quoted fields with commas, quotes and newlines). */
function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (ch === '"') quoted = false; else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { row.push(cell); cell = ''; } else if (ch === '\r' && text[i + 1] === '\n') { row.push(cell); out.push(row); row = []; cell = ''; i++; } else cell += ch;
  }
  if (cell || row.length) { row.push(cell); out.push(row); }
  return out;
}

const cellText = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const columns = ['id', 'name', 'phone', 'id_number', 'amount', 'note', 'created_at'];
const titles = ['field.id', 'field.name', 'field.phone', 'export.col.targetId', 'field.value', 'field.remark', 'export.col.time'];

async function download(fileUrl: string) {
  return app.inject({ method: 'GET', url: fileUrl });
}

describe('export: download_excel=1', () => {
  it('CSV: file_url to a file whose rows are the list rows, masked, header in the account language', async () => {
    const res = await call('supervisor', '/loanapi/test/scratch', { download_excel: 1, format: 'csv', sort: 'amount:desc', status: 1 }, '200');
    expect(res.code, res.msg).toBe(OK);
    expect(res.data).toMatchObject({ status: 'done', rows_done: ROWS / 4 });
    expect(res.data.file_url).toMatch(/^\/loanapi\/export\/download\?id=\d+&exp=\d+&sig=[\w-]{43}$/);
    const file = await download(res.data.file_url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toMatch(/attachment; filename="test\.scratch-\d{8}-\d{4}\.csv"/);
    const text = file.body;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = parseCsv(text.slice(1));
    expect(header).toEqual(titles.map((id) => translate(LANG_BY_CODE.zh, id)));
    const rows = await allRows('supervisor', { sort: 'amount:desc', status: 1 });
    expect(lines).toEqual(rows.map((r) => columns.map((c) => cellText(r[c]))));
    expect(lines.some((l) => l[5].includes('"quoted"\nline'))).toBe(true);
    expect(lines.every((l) => /\*{5}/.test(l[2]) && /\*{4}/.test(l[3]))).toBe(true);
    // The request is in the operation log.
    const jobId = Number(new URL(res.data.file_url, 'http://x').searchParams.get('id'));
    const [job] = await t.db.select().from(exportJob).where(eq(exportJob.id, jobId));
    expect(job).toMatchObject({ list: 'test.scratch', format: 'csv', status: 'done', rowsDone: ROWS / 4, rowsTotal: ROWS / 4 });
    expect(job.query).toEqual({ filters: { status: '1' }, sort: 'amount:desc', lang: 'zh' });
  });

  it('XLSX is the default format; the scope applies to the export', async () => {
    const res = await call('submerchant', '/loanapi/test/scratch', { download_excel: '1' });
    expect(res.code, res.msg).toBe(OK);
    const file = await download(res.data.file_url);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets).toHaveLength(1);
    const values = wb.worksheets[0].getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    const rows = await allRows('submerchant');
    expect(values).toHaveLength(rows.length + 1);
    expect(rows.length).toBe(ROWS / 2);
    expect(values.slice(1).map((r) => r[0])).toEqual(rows.map((r) => r.id));
  });

  it('a POST list exports from a JSON body (download_excel as a number), replaying the filters as sent', async () => {
    const res = await app.inject({ method: 'POST', url: '/loanapi/test/scratch_post', payload: { download_excel: 1, format: 'csv', status: 2, merchant_id: 1 }, headers: { authorization: tokens.admin } });
    const body = res.json() as Envelope;
    expect(body.code, body.msg).toBe(OK);
    const [, ...lines] = parseCsv((await download(body.data.file_url)).body.slice(1));
    expect(lines.map((l) => Number(l[0]))).toEqual((await allRows('admin', { status: 2, merchant_id: 1 })).map((r) => r.id));
    const [job] = await t.db.select().from(exportJob).where(eq(exportJob.id, body.data.job_id));
    expect(job.query).toEqual({ filters: { status: 2, merchant_id: 1 }, sort: 'created_at:desc', lang: 'vi' });
  });

  it('XLSX starts a new sheet, with the header, past the sheet limit', async () => {
    EXPORT_SETTINGS.sheetRows = 5;
    const res = await call('admin', '/loanapi/test/scratch', { download_excel: 1, format: 'xlsx', merchant_id: 2, status: 1, sort: 'id:asc' });
    expect(res.code, res.msg).toBe(OK);
    const file = await download(res.data.file_url);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = await allRows('admin', { merchant_id: 2, status: 1, sort: 'id:asc' });
    expect(rows.length).toBe(15);
    expect(wb.worksheets.map((s) => s.rowCount)).toEqual([6, 6, 6]);
    const header = titles.map((id) => translate(LANG_BY_CODE.en, id));
    const ids: unknown[] = [];
    for (const s of wb.worksheets) {
      expect((s.getRow(1).values as unknown[]).slice(1)).toEqual(header);
      for (let r = 2; r <= s.rowCount; r++) ids.push(s.getRow(r).getCell(1).value);
    }
    expect(ids).toEqual(rows.map((r) => r.id));
    const names = wb.worksheets.map((s) => s.name);
    expect(names[0]).toBe(translate(LANG_BY_CODE.en, 'export.sheetName', { n: 1 }));
    expect(new Set(names).size).toBe(3);
  });

  it('the XLSX writer takes the sheet limit as a parameter', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-')), 'split.xlsx');
    const w = xlsxWriter(file, ['a', 'b'], { sheetRows: 5, yieldEvery: 3 });
    for (let i = 0; i < 11; i++) await w.row([i, `r${i}`]);
    await w.close();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    expect(wb.worksheets.map((s) => s.rowCount)).toEqual([6, 6, 2]);
    expect(wb.worksheets[2].getRow(2).values).toEqual([undefined, 10, 'r10']);
  });

  it('answers the job id when the file is not ready in time; the owner polls status until done', async () => {
    EXPORT_SETTINGS.waitMs = 0;
    EXPORT_SETTINGS.batchSize = 7;
    const res = await call('admin', '/loanapi/test/scratch', { download_excel: 1, format: 'csv' });
    expect(res.code).toBe(OK);
    expect(res.data.file_url).toBeUndefined();
    expect(['queued', 'running']).toContain(res.data.status);
    const id = res.data.job_id;
    let st: Envelope;
    for (;;) {
      st = await call('admin', '/loanapi/export/status', { id });
      expect(st.code).toBe(OK);
      if (st.data.status === 'done') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(st.data).toMatchObject({ job_id: id, status: 'done', rows_done: ROWS, rows_total: ROWS });
    const file = await download(st.data.file_url);
    expect(parseCsv(file.body.slice(1))).toHaveLength(ROWS + 1);
    // Someone else's job is not found.
    expect((await call('merchant', '/loanapi/export/status', { id })).code).toBe(40400);
    expect((await call('admin', '/loanapi/export/status', { id: 'x' })).code).toBe(40000);
    expect((await get(null, '/loanapi/export/status', { id })).json().code).toBe(50008);
  });
});

describe('export: signed links', () => {
  let url: string;
  beforeAll(async () => {
    url = (await call('admin', '/loanapi/test/scratch', { download_excel: 1, format: 'csv', merchant_id: 2 })).data.file_url;
  });
  const param = (u: string, k: string) => new URL(u, 'http://x').searchParams.get(k)!;
  const withParam = (u: string, k: string, v: string) => {
    const x = new URL(u, 'http://x');
    x.searchParams.set(k, v);
    return x.pathname + x.search;
  };

  it('needs no session but refuses a forged signature, another job id or a moved expiry', async () => {
    expect((await download(url)).statusCode).toBe(200);
    const sig = param(url, 'sig');
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    for (const bad of [
      withParam(url, 'sig', flipped),
      withParam(url, 'id', String(Number(param(url, 'id')) - 1)),
      withParam(url, 'exp', String(Number(param(url, 'exp')) + 3600)),
      withParam(url, 'sig', 'short'),
    ]) {
      const res = await download(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json().code).toBe(40300);
      expect(res.json().msg).toBe(translate(LANG_BY_CODE.vi, 'export.linkInvalid'));
    }
    expect((await download(withParam(url, 'id', 'abc'))).json().code).toBe(40000);
  });

  it('expires after 10 minutes; status hands out a fresh link', async () => {
    t.clock.advance(9 * 60_000);
    expect((await download(url)).statusCode).toBe(200);
    t.clock.advance(2 * 60_000);
    const res = await download(url);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 40300, msg: translate(LANG_BY_CODE.vi, 'export.linkExpired') });
    tokens.admin = await t.login('admin');
    const st = await call('admin', '/loanapi/export/status', { id: param(url, 'id') });
    expect(st.data.status).toBe('done');
    expect((await download(st.data.file_url)).statusCode).toBe(200);
  });

  it('a link to a file that is gone is a 404', async () => {
    const [job] = await t.db.select().from(exportJob).where(eq(exportJob.id, Number(param(url, 'id'))));
    fs.rmSync(path.join(exportDir(deps), job.fileKey!));
    const st = await call('admin', '/loanapi/export/status', { id: job.id });
    const res = await download(st.data.file_url);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(40400);
  });
});

describe('export: failures', () => {
  it('a query that fails in the database: the request answers 导出失败 and the job is failed', async () => {
    const res = await call('admin', '/loanapi/test/failing', { download_excel: 1, format: 'csv' }, '200');
    expect(res.code).toBe(50000);
    expect(res.msg).toBe(translate(LANG_BY_CODE.zh, 'export.failed'));
    const [job] = await t.db.select().from(exportJob).where(eq(exportJob.list, 'test.failing'));
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/division by zero/);
    const st = await call('admin', '/loanapi/export/status', { id: job.id }, '200');
    expect(st.data).toMatchObject({ status: 'failed', error: translate(LANG_BY_CODE.zh, 'export.failed') });
    expect(st.data.file_url).toBeUndefined();
    // The same list without export is a validation refusal, not a 500.
    expect((await call('admin', '/loanapi/test/failing')).code).toBe(40000);
  });

  it('a failure half-way through leaves no file behind, in either format', async () => {
    EXPORT_SETTINGS.batchSize = 10;
    for (const format of ['csv', 'xlsx']) {
      const before = fs.existsSync(exportDir(deps)) ? fs.readdirSync(exportDir(deps)) : [];
      const res = await call('admin', '/loanapi/test/fails_late', { download_excel: 1, format, sort: 'id:asc' });
      expect(res.code).toBe(50000);
      const [job] = await t.db.select().from(exportJob).where(eq(exportJob.list, 'test.fails_late')).orderBy(desc(exportJob.id)).limit(1);
      expect(job).toMatchObject({ status: 'failed', format, fileKey: null });
      expect(job.rowsDone).toBeGreaterThanOrEqual(30);
      expect(fs.readdirSync(exportDir(deps))).toEqual(before);
    }
  });
});

describe('export: jobs of a stopped process', () => {
  it('at start, jobs left queued or running by another process become failed (导出失败); the live ones are spared', async () => {
    const [admin] = await t.db.select({ id: adminAccount.id }).from(adminAccount).where(eq(adminAccount.account, 'admin'));
    const job = (status: string, rowsDone = 0) => ({
      accountId: admin.id, list: 'test.scratch', format: 'csv', status, rowsDone, createdAt: t.clock.now,
      query: { filters: {}, sort: 'created_at:desc', lang: 'en' },
    });
    const left = await t.db.insert(exportJob).values([job('running', 5000), job('queued'), job('done', 60), job('failed')]).returning({ id: exportJob.id });
    const [running, queued, done, failed] = left.map((r) => r.id);

    // A job this process is running (held inside its where hook), and on PostgreSQL one a live process holds.
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    let entered!: () => void;
    const inside = new Promise<void>((r) => { entered = r; });
    const slow = scratchList({ id: 'test.slow', where: async () => { entered(); await held; return []; } });
    const first = await listApp(t.db, () => t.clock.now, [['/loanapi/test/slow', slow]]);
    const [{ id: liveJob }] = await t.db.insert(exportJob).values(job('running', 100)).returning({ id: exportJob.id });
    const pool = (t.db as unknown as { $client: { connect?: () => Promise<any>; totalCount?: number } }).$client;
    const other = typeof pool.connect === 'function' && 'totalCount' in pool ? await pool.connect() : null;
    await other?.query('SELECT pg_advisory_lock($1, $2)', [EXPORT_LOCK, liveJob]);
    const asked = first.app.inject({ method: 'GET', url: '/loanapi/test/slow', query: { download_excel: '1', format: 'csv' }, headers: { authorization: tokens.admin } });
    await inside;
    const [mine] = await t.db.select().from(exportJob).where(eq(exportJob.list, 'test.slow'));
    expect(mine.status).toBe('running');

    // Another server starts on the same database.
    const second = await listApp(t.db, () => t.clock.now, [['/loanapi/test/scratch', list]]);
    const byId = new Map((await t.db.select().from(exportJob).where(inArray(exportJob.id, [running, queued, done, failed, liveJob, mine.id]))).map((j) => [j.id, j]));
    expect(byId.get(running)).toMatchObject({ status: 'failed', rowsDone: 5000 });
    expect(byId.get(running)!.error).toMatch(/interrupted/);
    expect(byId.get(running)!.finishedAt).not.toBeNull();
    expect(byId.get(queued)!.status).toBe('failed');
    expect(byId.get(done)!.status).toBe('done');
    expect(byId.get(failed)!.error).toBeNull();
    expect(byId.get(mine.id)!.status).toBe('running');
    expect(byId.get(liveJob)!.status).toBe(other ? 'running' : 'failed');

    // The owner polling it is told 导出失败.
    const st = await call('admin', '/loanapi/export/status', { id: running }, '200');
    expect(st.data).toMatchObject({ job_id: running, status: 'failed', error: translate(LANG_BY_CODE.zh, 'export.failed') });
    expect(st.data.file_url).toBeUndefined();

    release();
    expect(((await asked).json() as Envelope).data.status).toBe('done');
    await other?.query('SELECT pg_advisory_unlock($1, $2)', [EXPORT_LOCK, liveJob]);
    other?.release();
    await second.app.close();
    await first.app.close();
  });
});

describe('export: converted log lists', () => {
  it('exports the operation log with phone numbers masked in before/after for a privacy-protected reader', async () => {
    const [r2] = await t.db.select().from(adminAccount).where(eq(adminAccount.account, 'reviewer2'));
    const changed = await t.post(tokens.admin, '/loanapi/admin_account/edit', { id: r2.id, nickname: 'R2', name: 'Reviewer Two', phone: '0912345678', role_id: r2.roleId, merchant_ids: [] });
    expect(changed.code).toBe(OK);
    // Unscoped (admin_y: only it grants every merchant) so that the administrator's writes are in view.
    await t.db.update(adminAccount).set({ specialNodes: ['admin_y'] }).where(eq(adminAccount.account, 'supervisor'));
    const token = await t.login('supervisor');
    const res = await t.get(token, '/loanapi/log/admin_operate_list', { download_excel: 1, format: 'csv', action: 'admin_account.edit' });
    expect(res.code, res.msg).toBe(OK);
    const file = await t.app.inject({ method: 'GET', url: res.data.file_url });
    const [header, ...lines] = parseCsv(file.body.slice(1));
    expect(header[0]).toBe(translate(LANG_BY_CODE.en, 'field.id'));
    expect(lines).toHaveLength(1);
    expect(lines[0].join(',')).toContain('091*****78');
    expect(lines[0].join(',')).not.toContain('0912345678');
    const list = await t.get(token, '/loanapi/log/admin_operate_list', { action: 'admin_account.edit' });
    expect(JSON.parse(lines[0][6])).toEqual(list.data.rows[0].after);
  });
});

describe('export: bulk reads through COPY', () => {
  it('COPY-based batches give exactly the rows of the ordinary query', async () => {
    const tricky = ['tab\there', 'back\\slash \\N \\\\N', 'line\r\nbreak', "quote ' and \" and $1 $2", 'ünïcødé 中文 العربية', '\\x41 \\101', ''];
    const inserted = await t.db.insert(scratch).values(tricky.map((note, i) => ({
      merchantId: 1, name: `tricky${i}`, phone: `0911${i}`, idNumber: `ID\t${i}`, amount: -i * 1_000_000_007, status: 3, note,
      createdAt: new Date(Date.UTC(2026, 2, 1, 8, 0, 0, i)),
    }))).returning({ id: scratch.id });
    const before = { ...COPY_STATS };
    const l = scratchList();
    const actorOf = { accountId: 1, account: 'admin', name: 'a', sessionId: 1, nodes: new Set(['admin_y']), nodeList: [], merchantIds: [], privacy: false, ip: '' };
    const where = await buildWhere(l, { status: 3 }, actorOf, deps);
    for (const sortSpec of ['created_at:desc', 'name:asc', 'id:desc']) {
      const sort = resolveSort(l, sortSpec);
      const read = async (bulk: boolean) => {
        const rows: unknown[] = [];
        let after: Position | null = null;
        for (;;) {
          const p = await readPage(l, deps, where, sort, { after, size: 4, bulk });
          rows.push(...p.rows);
          if (!p.more) return rows;
          after = p.last;
        }
      };
      const viaQuery = await read(false);
      expect(viaQuery.length).toBe(ROWS / 4 + tricky.length);
      expect(await read(true)).toEqual(viaQuery);
    }
    // User input inlined into COPY stays a value.
    for (const name of ["' OR 1=1 --", "\\'; DROP TABLE scratch_loan; --", 'tricky1']) {
      const w = await buildWhere(l, { name }, actorOf, deps);
      const sort = resolveSort(l, 'id:asc');
      const bulk = await readPage(l, deps, w, sort, { size: 50, bulk: true });
      expect(bulk.rows).toEqual((await readPage(l, deps, w, sort, { size: 50 })).rows);
      expect(bulk.rows.map((r) => r.name), name).toEqual(name === "tricky1" ? ["tricky1"] : []);
    }
    // On either database: the bulk reads went through COPY.
    expect(COPY_STATS.batches).toBeGreaterThan(before.batches);
    expect(COPY_STATS.fallbacks).toBe(before.fallbacks);
    await t.db.delete(scratch).where(inArray(scratch.id, inserted.map((r) => r.id)));
  });

  it('computed fields (subqueries, expressions) take the COPY path too, with the values of the ordinary query', async () => {
    const l = scratchList({
      id: 'test.computed',
      columns: {
        id: scratch.id,
        name: scratch.name,
        shout: sql<string>`upper(${scratch.name})`,
        same_status: sql<number>`(select count(*) from scratch_loan s2 where s2.status = ${scratch.status})`,
        share: sql<string>`${scratch.amount} / 7.0`,
        double: sql<number>`${scratch.amount} * 2`,
        big: sql<boolean>`${scratch.status} > 1`,
        next_day: sql<string>`${scratch.createdAt} + interval '1 day'`,
        day: sql<string>`${scratch.createdAt}::date`,
        wait: sql<string>`${scratch.createdAt} - timestamptz '2026-01-01'`,
        doc: sql<unknown>`json_build_object('n', ${scratch.name}, 'note', ${scratch.note})`,
        pair: sql<string>`array[${scratch.name}, ${scratch.phone}]`,
        note_or_null: sql<string | null>`nullif(${scratch.note}, '')`,
        as_number: sql`${scratch.amount}::text`.mapWith(Number),
        aliased: sql<string>`lower(${scratch.idNumber})`.as('aliased'),
      },
    });
    const actorOf = { accountId: 1, account: 'admin', name: 'a', sessionId: 1, nodes: new Set(['admin_y']), nodeList: [], merchantIds: [], privacy: false, ip: '' };
    const before = { ...COPY_STATS };
    for (const sortSpec of ['created_at:desc', 'amount:asc']) {
      const sort = resolveSort(l, sortSpec);
      const where = await buildWhere(l, {}, actorOf, deps);
      const read = async (bulk: boolean) => {
        const rows: unknown[] = [];
        let after: Position | null = null;
        for (;;) {
          const p = await readPage(l, deps, where, sort, { after, size: 25, bulk });
          rows.push(...p.rows);
          if (!p.more) return rows;
          after = p.last;
        }
      };
      const viaQuery = await read(false);
      expect(viaQuery).toHaveLength(ROWS);
      expect(await read(true)).toEqual(viaQuery);
    }
    // On either database: the bulk reads went through COPY.
    expect(COPY_STATS.batches).toBeGreaterThan(before.batches);
    expect(COPY_STATS.fallbacks).toBe(before.fallbacks);
  });

  it('inlines parameters as escaped literals, outside quotes only, and refuses what it cannot inline', () => {
    expect(inlineParams(`select "a$1", '$2', $1 where x = $2 limit $3`, ["it's", 'a\\b', 10]))
      .toBe(`select "a$1", '$2', E'it''s' where x = E'a\\\\b' limit E'10'`);
    expect(inlineParams('select $1', [null])).toBe('select NULL');
    expect(inlineParams('select $1', [[1, 2]])).toBeNull();
    expect(inlineParams('select $2', [1])).toBeNull();
    expect(inlineParams('select $1', [Infinity])).toBeNull();
  });

  it('exports through the bulk path match the list (operation log with JSON)', async () => {
    const before = { ...COPY_STATS };
    const token = await t.login('admin');
    const res = await t.get(token, '/loanapi/log/admin_operate_list', { download_excel: 1, format: 'csv' });
    expect(res.code, res.msg).toBe(OK);
    const file = await t.app.inject({ method: 'GET', url: res.data.file_url });
    const [, ...lines] = parseCsv(file.body.slice(1));
    const listed = await t.get(token, '/loanapi/log/admin_operate_list', { page_size: 500 });
    expect(lines.map((l) => l[0])).toEqual(listed.data.rows.map((r: any) => String(r.id)));
    expect(lines.map((l) => (l[6] ? JSON.parse(l[6]) : null))).toEqual(listed.data.rows.map((r: any) => r.after));
    expect(COPY_STATS.fallbacks).toBe(before.fallbacks);
  });
});
