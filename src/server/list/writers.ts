/** The file writers of exports (CSV, XLSX), used by the runner (export.ts) and by the export worker thread. */
import fs from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { setImmediate as tick } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { csvText } from './exportText';

export interface SheetWriter {
  row(cells: unknown[]): Promise<void>;
  /** Many rows at once (the fast path: one call per COPY chunk). */
  rows(rows: unknown[][]): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
}

/** CSV (RFC 4180, UTF-8 with BOM so that spreadsheet programs read it as UTF-8) through a write stream, honouring backpressure. */
export function csvWriter(file: string, header: string[]): SheetWriter {
  const stream = fs.createWriteStream(file);
  let buf = '\uFEFF' + header.map(csvText).join(',') + '\r\n';
  let lines = 0;
  const flush = async () => {
    if (!buf) return;
    const ok = stream.write(buf);
    buf = '';
    lines = 0;
    // events.once rejects when the stream errors while we wait.
    if (!ok) await once(stream, 'drain');
  };
  return {
    async row(cells) {
      buf += cells.map(csvText).join(',') + '\r\n';
      if (++lines >= 200) await flush();
    },
    async rows(rows) {
      for (const cells of rows) buf += cells.map(csvText).join(',') + '\r\n';
      await flush();
    },
    async close() {
      await flush();
      stream.end();
      await finished(stream);
    },
    async abort() {
      // Wait for the file to be closed, so that it can be removed (the open may still be pending).
      if (!stream.closed) {
        const closed = once(stream, 'close').catch(() => undefined);
        stream.destroy();
        await closed;
      }
    },
  };
}

const XLSX_MAX_TEXT = 32_767;

function xlsxCell(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return s.length > XLSX_MAX_TEXT ? s.slice(0, XLSX_MAX_TEXT) : s;
}

/**
 * exceljs hands a sheet's XML to its zip entry stream without waiting for it (utils/stream-buf.js writes each
 * 64 KB block and moves on), while zlib compresses on the thread pool: rows produced faster than they compress
 * pile up there — hundreds of MB over a million rows. Past XLSX_BUFFERED_MAX waiting there, wait until the stream
 * has taken it all (below that, rows are produced while zlib works); when the stream is not where exceljs keeps
 * it, just yield to the event loop.
 */
const XLSX_BUFFERED_MAX = 4 * 1024 * 1024;

async function sheetDrained(sheet: ExcelJS.Worksheet): Promise<void> {
  // archiver's PassThrough comes from readable-stream, which keeps the state only in _writableState.
  type Entry = NodeJS.EventEmitter & { destroyed?: boolean; _writableState?: { length?: number; needDrain?: boolean } };
  const entry = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0] as Entry | undefined;
  const state = entry?._writableState;
  if (!entry || !state?.needDrain || (state.length ?? 0) < XLSX_BUFFERED_MAX || entry.destroyed) {
    await tick();
    return;
  }
  await new Promise<void>((resolve) => {
    const done = () => {
      entry.removeListener('drain', done);
      entry.removeListener('close', done);
      entry.removeListener('error', done);
      resolve();
    };
    entry.on('drain', done);
    entry.on('close', done);
    // The error itself reaches the workbook's commit, which fails the export.
    entry.on('error', done);
  });
}

/**
 * XLSX through exceljs's streaming writer: each row is committed as written, and every `yieldEvery` rows the
 * writer waits for the zip stream to take the data (sheetDrained), so memory stays flat; past `sheetRows` data
 * rows a new sheet (with the header) starts.
 */
export function xlsxWriter(file: string, header: string[], opts: { sheetRows: number; yieldEvery: number; sheetName?: (n: number) => string }): SheetWriter {
  const limit = Math.max(1, opts.sheetRows);
  const every = Math.max(1, opts.yieldEvery);
  const used = new Set<string>();
  // Excel: at most 31 characters, none of []:*?/\, unique in the workbook (a missing translation repeats itself).
  const name = (n: number) => {
    let s = (opts.sheetName?.(n) ?? '').replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 31);
    if (!s || used.has(s.toLowerCase())) s = `Sheet${n}`;
    while (used.has(s.toLowerCase())) s = `${s}_`.slice(-31);
    used.add(s.toLowerCase());
    return s;
  };
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: false });
  let sheet: ExcelJS.Worksheet | null = null;
  let sheets = 0;
  let inSheet = 0;
  let n = 0;
  const next = () => {
    sheet?.commit();
    sheet = wb.addWorksheet(name(++sheets));
    sheet.addRow(header).commit();
    inSheet = 0;
  };
  const row = async (cells: unknown[]) => {
    if (!sheet || inSheet >= limit) next();
    sheet!.addRow(cells.map(xlsxCell)).commit();
    inSheet++;
    if (++n % every === 0) await sheetDrained(sheet!);
  };
  return {
    row,
    async rows(rows) {
      for (const cells of rows) await row(cells);
    },
    async close() {
      if (!sheet) next();
      sheet!.commit();
      await wb.commit();
    },
    async abort() {
      await wb.commit().catch(() => undefined);
    },
  };
}
