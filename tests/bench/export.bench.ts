/**
 * download_excel=1 exports of the all-orders list, end to end as the console does them: the request (which waits
 * up to 15 s), status polls until done, then the download of the file. Each export runs in a fresh server
 * process, so the peak RSS the kernel reports for it (VmHWM) is that export's; the ratio between the full list and
 * a fifth of it shows whether memory grows with the number of rows (it should not: batches are streamed).
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { SUPER_KEY } from '../../commands/permissions';
import { testConfig } from '../../src/server/config';
import { fastExport } from '../../src/server/list/exportPlan';
import { buildWhere, resolveSort } from '../../src/server/list/query';
import { allOrderList } from '../../src/server/modules/order/order.routes';
import type { Actor } from '../../src/server/plugins/session';
import { startServer } from './child';
import type { SeededDb } from './seeded-db';
import { int, mib, secs, verdict, type Row } from './stats';
import fs from 'node:fs';
import path from 'node:path';

interface Started {
  job_id: number;
  status: string;
  rows_done: number;
  rows_total: number | null;
  file_url?: string;
  error?: string;
}

export interface ExportRun {
  format: 'csv' | 'xlsx';
  rows: number;
  /** Request to file ready, ms. */
  readyMs: number;
  /** Request to download complete, ms. */
  totalMs: number;
  bytes: number;
  rssBefore: number;
  peak: number;
}

async function exportOnce(db: SeededDb, format: 'csv' | 'xlsx', filters: Record<string, string>): Promise<ExportRun> {
  const srv = await startServer(db);
  try {
    const token = await srv.login();
    const rssBefore = srv.memory().rss;
    const t0 = performance.now();
    let st = await srv.get<Started>(token, '/loanapi/order/all_list', { ...filters, download_excel: 1, format });
    while (st.status !== 'done') {
      if (st.status === 'failed') throw new Error(`export failed: ${st.error}`);
      await new Promise((r) => setTimeout(r, 200));
      st = await srv.get<Started>(token, '/loanapi/export/status', { id: st.job_id });
    }
    const readyMs = performance.now() - t0;
    const res = await fetch(`${srv.base}${st.file_url}`);
    if (!res.ok || !res.body) throw new Error(`download: HTTP ${res.status}`);
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
    const totalMs = performance.now() - t0;
    const { peak } = srv.memory();
    return { format, rows: st.rows_done, readyMs, totalMs, bytes, rssBefore, peak };
  } finally {
    await srv.stop();
    // The files are hundreds of MB; nothing reads them again.
    fs.rmSync(path.join(db.dataDir, 'exports'), { recursive: true, force: true });
  }
}

/**
 * The database's own speed: `COPY (the export's query: its columns, joins and order) TO STDOUT` read by a client
 * that only counts the bytes. PostgreSQL only (PGlite has no COPY to a client stream). null when the list's export
 * does not take the fast path (then there is no single query to compare with).
 */
async function rawCopy(db: SeededDb): Promise<{ ms: number; bytes: number } | null> {
  if (!db.databaseUrl) return null;
  const pool = new pg.Pool({ connectionString: db.databaseUrl, max: 1 });
  try {
    const ctx = { db: drizzle(pool) as never, cfg: testConfig(), now: () => new Date() };
    const actor = { accountId: 0, merchantIds: [], nodes: new Set([SUPER_KEY]), nodeList: [SUPER_KEY], privacy: false } as unknown as Actor;
    const sort = resolveSort(allOrderList, undefined);
    const fast = fastExport(allOrderList, ctx, await buildWhere(allOrderList, {}, actor, ctx), sort, actor);
    if (!fast) return null;
    const conn = await pool.connect();
    try {
      const t0 = performance.now();
      let bytes = 0;
      for await (const chunk of conn.query(copyTo(`COPY (${fast.query}) TO STDOUT WITH (FORMAT text)`)) as AsyncIterable<Buffer>) bytes += chunk.length;
      return { ms: performance.now() - t0, bytes };
    } finally {
      conn.release();
    }
  } finally {
    await pool.end();
  }
}

/** `smallFrom`: created_from that keeps a fifth of the orders (the newest ones). */
export async function exportBench(db: SeededDb, orders: number, smallFrom: string, formats: Array<'csv' | 'xlsx'>): Promise<Row[]> {
  const engine = db.engine === 'pg' ? 'PostgreSQL' : 'PGlite';
  const out: Row[] = [];
  const raw = await rawCopy(db);
  if (raw) {
    out.push({
      figure: `raw COPY of the export's query (same columns, joins, order), ${int(orders)} rows`,
      engine,
      measured: `${secs(raw.ms)} (${mib(raw.bytes)}, read and discarded by the client)`,
      target: 'reference',
      verdict: '',
    });
  }
  for (const format of formats) {
    const small = await exportOnce(db, format, { created_from: smallFrom });
    const full = await exportOnce(db, format, {});
    const limitMs = format === 'csv' ? 15_000 : 25_000;
    out.push({
      figure: `export ${format.toUpperCase()}, ${int(full.rows)} rows, end to end`,
      engine,
      measured: `${secs(full.totalMs)} (file ready ${secs(full.readyMs)}, ${mib(full.bytes)}, ${int(full.rows / (full.readyMs / 1000))} rows/s)`,
      target: `≤ ${limitMs / 1000} s`,
      verdict: verdict(full.totalMs <= limitMs && full.rows === orders),
    });
    if (raw && format === 'csv') {
      const ratio = full.totalMs / raw.ms;
      out.push({
        figure: `export CSV end to end ÷ raw COPY of the same query`,
        engine,
        measured: `${secs(full.totalMs)} ÷ ${secs(raw.ms)} = ${ratio.toFixed(2)}×`,
        target: '≤ 2×',
        verdict: verdict(ratio <= 2),
      });
    }
    const ratio = full.peak / small.peak;
    out.push({
      figure: `export ${format.toUpperCase()}, peak RSS ${int(small.rows)} → ${int(full.rows)} rows`,
      engine,
      measured: `${mib(small.peak)} → ${mib(full.peak)} = ${ratio.toFixed(2)}× (idle server ${mib(full.rssBefore)}; ${int(small.rows)} rows took ${secs(small.totalMs)})`,
      target: '< 1.3×',
      verdict: verdict(ratio < 1.3),
    });
  }
  return out;
}
