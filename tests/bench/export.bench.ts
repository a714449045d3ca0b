/**
 * download_excel=1 exports of the all-orders list, end to end as the console does them: the request (which waits
 * up to 15 s), status polls until done, then the download of the file. Each export runs in a fresh server
 * process, so the peak RSS the kernel reports for it (VmHWM) is that export's; the ratio between the full list and
 * a fifth of it shows whether memory grows with the number of rows (it should not: batches are streamed).
 */
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

/** `smallFrom`: created_from that keeps a fifth of the orders (the newest ones). */
export async function exportBench(db: SeededDb, orders: number, smallFrom: string, formats: Array<'csv' | 'xlsx'>): Promise<Row[]> {
  const engine = db.engine === 'pg' ? 'PostgreSQL' : 'PGlite';
  const out: Row[] = [];
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
