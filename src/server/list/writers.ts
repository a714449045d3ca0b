/** The file writers of exports (CSV, XLSX), used by the runner (export.ts) and by the export worker thread. */
import fs from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { csvLine } from './exportText';
import { xlsxStreamWriter } from './xlsxStream';

export interface SheetWriter {
  row(cells: unknown[]): Promise<void>;
  /** Many rows at once (the fast path: one call per COPY chunk). */
  rows(rows: unknown[][]): Promise<void>;
  /** CSV only: lines already encoded (copyToCsv). */
  bytes?(lines: Buffer): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
}

/** CSV (RFC 4180, UTF-8 with BOM so that spreadsheet programs read it as UTF-8) through a write stream, honouring backpressure. */
export function csvWriter(file: string, header: string[]): SheetWriter {
  const stream = fs.createWriteStream(file);
  let buf = '\uFEFF' + csvLine(header);
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
      buf += csvLine(cells);
      if (++lines >= 200) await flush();
    },
    async rows(rows) {
      for (const cells of rows) buf += csvLine(cells);
      await flush();
    },
    async bytes(lines) {
      await flush();
      // events.once rejects when the stream errors while we wait.
      if (!stream.write(lines)) await once(stream, 'drain');
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

/**
 * XLSX through our streaming writer (xlsxStream.ts): exceljs cost ~55 µs a row, ours ~15 (docs/decisions.md).
 * Past `sheetRows` data rows a new sheet (with the header) starts; `yieldEvery` rows written one by one are
 * handed to the zip stream (and wait for it) at least that often.
 */
export function xlsxWriter(file: string, header: string[], opts: { sheetRows: number; yieldEvery: number; sheetName?: (n: number) => string }): SheetWriter {
  return xlsxStreamWriter(file, header, opts);
}
