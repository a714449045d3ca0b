/**
 * Our streaming XLSX writer: the minimal OOXML package (no styles, no shared strings; text as inline strings),
 * each sheet's XML built as text and appended to its zip entry, zipped by archiver at a low deflate level.
 * exceljs spent ~55 µs a row building cell objects and XML nodes; here a row is one string concatenation
 * (docs/decisions.md, "XLSX writer").
 */
import fs from 'node:fs';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { SheetWriter } from './writers';

/** The part of archiver (5.x, no bundled types) used here. */
interface Archive extends NodeJS.EventEmitter {
  pipe(dest: Writable): Writable;
  append(source: NodeJS.ReadableStream | string | Buffer, data: { name: string }): this;
  finalize(): Promise<void>;
  abort(): this;
}
const archiver = createRequire(import.meta.url)('archiver') as (format: 'zip', opts: { zlib?: { level: number; chunkSize?: number; memLevel?: number }; highWaterMark?: number }) => Archive;

/** Excel's limit for the text of one cell. */
export const XLSX_MAX_TEXT = 32_767;
/** Level 1: the XML is very repetitive, so it still shrinks ~7×, at a fraction of the default level's CPU. */
const DEFLATE_LEVEL = 1;
/** zlib's output chunk (16 KB by default): fewer, larger chunks mean fewer callbacks on the writing thread. */
const DEFLATE_CHUNK = 256 * 1024;
/** Text built before it is handed to the zip entry (and backpressure is honoured). */
const FLUSH_CHARS = 256 * 1024;
/** What the zip entry buffers before write() asks us to wait. */
const ENTRY_HWM = 1024 * 1024;

const NEEDS_WORK = /[&<>"\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
// Characters XML 1.0 forbids (controls but tab/LF/CR, U+FFFE/U+FFFF, unpaired surrogates) go; CR is kept as a
// reference because a parser turns a literal CR into LF.
const ESCAPES = /[&<>"\r]|[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;' };

/** Text for XML content or attributes: escaped, with what XML 1.0 cannot carry removed. */
export function xmlText(s: string): string {
  return NEEDS_WORK.test(s) ? s.replace(ESCAPES, (c) => ENTITY[c] ?? '') : s;
}

/** A cell value as exports write it: null stays empty, numbers and booleans typed, anything else text (≤ 32,767). */
function textOf(v: unknown): string {
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return s.length > XLSX_MAX_TEXT ? s.slice(0, XLSX_MAX_TEXT) : s;
}

const colNames: string[] = [];
function colName(i: number): string {
  while (colNames.length <= i) {
    let n = colNames.length + 1;
    let s = '';
    while (n > 0) {
      const m = (n - 1) % 26;
      s = String.fromCharCode(65 + m) + s;
      n = (n - 1 - m) / 26;
    }
    colNames.push(s);
  }
  return colNames[i];
}

/**
 * One row's XML. Every cell carries its reference (`r`): ECMA-376 makes it optional and Excel does without, but
 * streaming readers (exceljs's WorkbookReader among them) fail without it, so the fifth less XML is not worth it.
 */
export function rowXml(r: number, cells: unknown[]): string {
  let s = `<row r="${r}">`;
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i];
    if (v === null || v === undefined) continue;
    const at = `<c r="${(colNames[i] ?? colName(i)) + r}"`;
    if (typeof v === 'number' && Number.isFinite(v)) s += `${at}><v>${v}</v></c>`;
    else if (typeof v === 'boolean') s += `${at} t="b"><v>${v ? 1 : 0}</v></c>`;
    else {
      const t = textOf(v);
      // Without xml:space="preserve" leading and trailing blanks may be dropped by the reader.
      const edge = t.length > 0 && (t.charCodeAt(0) <= 32 || t.charCodeAt(t.length - 1) <= 32);
      s += edge ? `${at} t="inlineStr"><is><t xml:space="preserve">${xmlText(t)}</t></is></c>` : `${at} t="inlineStr"><is><t>${xmlText(t)}</t></is></c>`;
    }
  }
  return s + '</row>';
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const SHEET_OPEN = `${XML_HEAD}<worksheet xmlns="${NS_MAIN}"><sheetData>`;
const SHEET_CLOSE = '</sheetData></worksheet>';

function packageParts(names: string[]): Array<[string, string]> {
  const sheets = names.map((_, i) => i + 1);
  return [
    ['[Content_Types].xml', `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">`
      + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
      + '<Default Extension="xml" ContentType="application/xml"/>'
      + '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
      + sheets.map((n) => `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')
      + '</Types>'],
    ['_rels/.rels', `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">`
      + `<Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`],
    ['xl/workbook.xml', `${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><sheets>`
      + names.map((name, i) => `<sheet name="${xmlText(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')
      + '</sheets></workbook>'],
    ['xl/_rels/workbook.xml.rels', `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">`
      + sheets.map((n) => `<Relationship Id="rId${n}" Type="${NS_REL}/worksheet" Target="worksheets/sheet${n}.xml"/>`).join('')
      + '</Relationships>'],
  ];
}

/**
 * Excel's rules for sheet names: at most 31 characters, none of []:*?/\, not starting or ending with an
 * apostrophe, unique ignoring case (a missing translation repeats itself, so a clash falls back to SheetN).
 */
export function sheetNamer(given?: (n: number) => string): (n: number) => string {
  const used = new Set<string>();
  return (n) => {
    let s = (given?.(n) ?? '').replace(/[[\]:*?/\\]/g, ' ').replace(/^'+|'+$/g, '').trim().slice(0, 31);
    if (!s || used.has(s.toLowerCase())) s = `Sheet${n}`;
    while (used.has(s.toLowerCase())) s = `${s}_`.slice(-31);
    used.add(s.toLowerCase());
    return s;
  };
}

/**
 * XLSX streamed to `file`: rows become XML text, handed to the current sheet's zip entry in chunks, waiting
 * whenever the entry is full (so memory stays flat however fast rows come); past `sheetRows` data rows a new
 * sheet (with the header) starts.
 */
export function xlsxStreamWriter(file: string, header: string[], opts: { sheetRows: number; yieldEvery?: number; sheetName?: (n: number) => string }): SheetWriter {
  const limit = Math.max(1, opts.sheetRows);
  const every = Math.max(1, opts.yieldEvery ?? 1000);
  const nameOf = sheetNamer(opts.sheetName);
  const names: string[] = [];
  const out = fs.createWriteStream(file);
  const zip = archiver('zip', { zlib: { level: DEFLATE_LEVEL, chunkSize: DEFLATE_CHUNK, memLevel: 9 } });
  let failure: Error | null = null;
  const wakers = new Set<() => void>();
  const fail = (err: Error) => {
    failure ??= err;
    for (const w of wakers) w();
  };
  zip.on('error', fail);
  zip.on('warning', fail);
  out.on('error', fail);
  zip.pipe(out);

  let entry: PassThrough | null = null;
  let buf = '';
  let r = 0;
  let n = 0;

  const flush = async () => {
    if (failure) throw failure;
    if (!buf || !entry) return;
    const ok = entry.write(buf);
    buf = '';
    if (ok) return;
    const e = entry;
    await new Promise<void>((resolve) => {
      const done = () => {
        e.removeListener('drain', done);
        e.removeListener('close', done);
        wakers.delete(done);
        resolve();
      };
      e.on('drain', done);
      e.on('close', done);
      wakers.add(done);
    });
    if (failure) throw failure;
  };
  const endSheet = async () => {
    if (!entry) return;
    buf += SHEET_CLOSE;
    await flush();
    entry.end();
    entry = null;
  };
  const startSheet = async () => {
    await endSheet();
    names.push(nameOf(names.length + 1));
    entry = new PassThrough({ highWaterMark: ENTRY_HWM });
    zip.append(entry, { name: `xl/worksheets/sheet${names.length}.xml` });
    r = 1;
    buf += SHEET_OPEN + rowXml(1, header);
  };
  const add = async (cells: unknown[]) => {
    if (!entry || r > limit) await startSheet();
    buf += rowXml(++r, cells);
  };

  return {
    async row(cells) {
      await add(cells);
      if (++n % every === 0 || buf.length >= FLUSH_CHARS) await flush();
    },
    async rows(rows) {
      for (const cells of rows) {
        await add(cells);
        if (buf.length >= FLUSH_CHARS) await flush();
      }
      n += rows.length;
      await flush();
    },
    async close() {
      if (!entry) await startSheet();
      await endSheet();
      for (const [name, text] of packageParts(names)) zip.append(text, { name });
      await Promise.all([zip.finalize(), finished(out)]);
      if (failure) throw failure;
    },
    async abort() {
      entry?.destroy();
      zip.abort();
      // Wait for the file to be closed, so that it can be removed (the open may still be pending).
      if (!out.closed) {
        const closed = once(out, 'close').catch(() => undefined);
        out.destroy();
        await closed;
      }
    },
  };
}
