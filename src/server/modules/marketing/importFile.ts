import ExcelJS from 'exceljs';
import { CODE } from '../../../schemas/common';
import { IMPORT_LIMITS } from '../../../schemas/marketing';
import { AppError } from '../../errors';

/**
 * Reading an import into raw rows (docs/marketing.md "Import"). The whole file is read and checked before anything is
 * written, so a malformed file (not UTF-8 text, not a workbook, no numbers, too many rows) is refused with 40000 and
 * leaves no trace. A header row is recognised by a cell that names the phone column (or any cell holding letters);
 * the numbers are then read from that column, otherwise from the first one.
 */

export interface RawRow {
  /** Row (line) number in the file, 1-based, as a spreadsheet shows it. */
  row: number;
  value: string;
}

export const malformed = (messageId: string, values: Record<string, string | number> = {}) =>
  new AppError(CODE.VALIDATION, messageId, values, 200, [{ path: 'file', id: messageId, values }]);

const PHONE_HEADER = /^(phone|mobile|tel|telephone|phone_?number|number|手机号?|电话|手機|電話|số điện thoại|điện thoại|sđt|เบอร์โทร|โทรศัพท์|الهاتف|رقم الهاتف|मोबाइल|फ़ोन)$/i;
const HAS_LETTERS = /\p{L}/u;

function pickColumn(header: string[]): number {
  const named = header.findIndex((h) => PHONE_HEADER.test(h.trim()));
  return named >= 0 ? named : 0;
}

function finish(rows: RawRow[]): RawRow[] {
  const kept = rows.filter((r) => r.value !== '');
  if (!kept.length) throw malformed('marketing.fileEmpty');
  if (kept.length > IMPORT_LIMITS.maxRows) throw malformed('marketing.fileTooManyRows', { max: IMPORT_LIMITS.maxRows });
  return kept;
}

/** Splits one CSV line (RFC 4180 quotes; comma, semicolon or tab separated). */
function csvCells(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') { cur += '"'; i++; } else if (c === '"') quoted = false; else cur += c;
    } else if (c === '"' && cur === '') quoted = true;
    else if (c === ',' || c === ';' || c === '\t') { out.push(cur); cur = ''; } else cur += c;
  }
  out.push(cur);
  return out.map((x) => x.trim());
}

function decodeText(buf: Buffer): string {
  let s: string;
  try {
    s = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    throw malformed('marketing.fileMalformed');
  }
  if (s.includes('\u0000')) throw malformed('marketing.fileMalformed');
  return s.replace(/^\uFEFF/, '');
}

export function parseCsv(buf: Buffer): RawRow[] {
  const lines = decodeText(buf).split(/\r\n|\n|\r/);
  let col = 0;
  let start = 0;
  const first = csvCells(lines[0] ?? '');
  if (first.some((c) => HAS_LETTERS.test(c))) { col = pickColumn(first); start = 1; }
  const rows: RawRow[] = [];
  for (let i = start; i < lines.length; i++) {
    if (!lines[i].trim()) continue;
    rows.push({ row: i + 1, value: (csvCells(lines[i])[col] ?? '').slice(0, 64) });
  }
  return finish(rows);
}

/** Pasted numbers: one per line, or several on a line separated by commas, semicolons or tabs. */
export function parseText(text: string): RawRow[] {
  if (text.includes('\u0000')) throw malformed('marketing.fileMalformed');
  const rows: RawRow[] = [];
  let n = 0;
  for (const line of text.split(/\r\n|\n|\r/)) {
    for (const cell of line.split(/[,;\t]/)) {
      const v = cell.trim();
      if (!v) continue;
      n++;
      rows.push({ row: n, value: v.slice(0, 64) });
    }
  }
  return finish(rows);
}

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'object' && 'text' in v && typeof v.text === 'string') return v.text.trim();
  if (typeof v === 'object' && 'richText' in v) return v.richText.map((r) => r.text).join('').trim();
  if (typeof v === 'object' && 'result' in v) return cellText(v.result as ExcelJS.CellValue);
  return '';
}

/** The first worksheet of an .xlsx workbook. */
export async function parseXlsx(buf: Buffer): Promise<RawRow[]> {
  // A zip starts with PK\x03\x04; anything else is not a workbook (exceljs would spend time finding that out).
  if (buf.length < 4 || buf.readUInt32LE(0) !== 0x04034b50) throw malformed('marketing.fileMalformed');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw malformed('marketing.fileMalformed');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw malformed('marketing.fileEmpty');
  if (ws.rowCount > IMPORT_LIMITS.maxRows + 1) throw malformed('marketing.fileTooManyRows', { max: IMPORT_LIMITS.maxRows });
  const rows: RawRow[] = [];
  let col = 1;
  let headerSeen = false;
  ws.eachRow({ includeEmpty: false }, (r, n) => {
    const values = (r.values as ExcelJS.CellValue[]).slice(1).map(cellText);
    if (!headerSeen) {
      headerSeen = true;
      if (values.some((c) => HAS_LETTERS.test(c))) { col = pickColumn(values) + 1; return; }
    }
    rows.push({ row: n, value: cellText(r.getCell(col).value).slice(0, 64) });
  });
  return finish(rows);
}

/** By the file name's extension; CSV and plain text lists read alike. */
export async function parseImportFile(fileName: string, buf: Buffer): Promise<{ source: 'csv' | 'xlsx'; rows: RawRow[] }> {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (ext === 'xlsx') return { source: 'xlsx', rows: await parseXlsx(buf) };
  if (ext === 'csv' || ext === 'txt') return { source: 'csv', rows: parseCsv(buf) };
  throw malformed('marketing.fileType');
}
