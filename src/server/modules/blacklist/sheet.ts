import ExcelJS from 'exceljs';

/**
 * Reads an uploaded table (CSV or XLSX, told apart by the bytes, not the name) into header-keyed rows, or says why the
 * file can't be read (`SheetError`, a message id): the caller then writes nothing. Written for the blacklist import
 * and shaped for any import: headers are matched case-insensitively against the columns the caller knows, values are
 * text (numbers and dates of an XLSX as their plain text, so a card number never becomes 4.1e15).
 */

export class SheetError extends Error {
  constructor(public readonly messageId: string, public readonly values: Record<string, string | number> = {}) {
    super(messageId);
  }
}

export interface Sheet {
  /** Data rows (header excluded), keyed by the known column names; `line` is the row number in the file (header = 1). */
  rows: Array<{ line: number; cells: Record<string, string> }>;
}

const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** RFC 4180 with the usual tolerance: `,` `;` or tab (whichever the header uses), CRLF or LF, a UTF-8 BOM. */
export function parseCsv(textIn: string): string[][] {
  const text = textIn.charCodeAt(0) === 0xfeff ? textIn.slice(1) : textIn;
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const sep = [',', ';', '\t'].map((s) => [s, firstLine.split(s).length] as const).sort((a, b) => b[1] - a[1])[0][0];
  const out: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') { cell += '"'; i++; } else quoted = false;
      } else cell += ch;
      continue;
    }
    if (ch === '"' && cell === '') quoted = true;
    else if (ch === sep) { row.push(cell); cell = ''; }
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell); out.push(row); row = []; cell = '';
    } else cell += ch;
  }
  if (quoted) throw new SheetError('blacklist.file.badCsv');
  if (cell !== '' || row.length) { row.push(cell); out.push(row); }
  return out;
}

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v).toString() : String(v);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String(v.text);
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    return '';
  }
  return String(v);
}

async function xlsxRows(buf: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw new SheetError('blacklist.file.badXlsx');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new SheetError('blacklist.file.badXlsx');
  const out: string[][] = [];
  ws.eachRow({ includeEmpty: true }, (r, n) => {
    const values = r.values as ExcelJS.CellValue[];
    out[n - 1] = values.slice(1).map(cellText);
  });
  for (let i = 0; i < out.length; i++) out[i] ??= [];
  return out;
}

/**
 * The rows of `buf`. `required` columns must all be in the header; unknown headers are refused too (a typo would
 * otherwise drop a column silently). Blank lines are skipped. More than `maxRows` data rows: refused.
 */
export async function readSheet(buf: Buffer, columns: readonly string[], required: readonly string[], maxRows: number): Promise<Sheet> {
  if (!buf.length) throw new SheetError('blacklist.file.empty');
  let table: string[][];
  if (buf.subarray(0, 4).equals(XLSX_MAGIC)) table = await xlsxRows(buf);
  else {
    if (buf.includes(0)) throw new SheetError('blacklist.file.notTable');
    const text = new TextDecoder('utf-8', { fatal: true });
    let decoded: string;
    try {
      decoded = text.decode(buf);
    } catch {
      throw new SheetError('blacklist.file.notUtf8');
    }
    table = parseCsv(decoded);
  }
  const header = (table[0] ?? []).map((h) => h.trim().toLowerCase());
  while (header.length && header[header.length - 1] === '') header.pop();
  if (!header.length) throw new SheetError('blacklist.file.noHeader');
  const unknown = header.filter((h) => !columns.includes(h));
  if (unknown.length) throw new SheetError('blacklist.file.unknownColumns', { columns: unknown.slice(0, 5).join(', '), known: columns.join(', ') });
  const missing = required.filter((r) => !header.includes(r));
  if (missing.length) throw new SheetError('blacklist.file.missingColumns', { columns: missing.join(', ') });
  const rows: Sheet['rows'] = [];
  for (let i = 1; i < table.length; i++) {
    const line = table[i];
    if (!line.some((c) => c.trim() !== '')) continue;
    if (line.length > header.length && line.slice(header.length).some((c) => c.trim() !== '')) {
      throw new SheetError('blacklist.file.extraCells', { row: i + 1 });
    }
    if (rows.length >= maxRows) throw new SheetError('blacklist.file.tooManyRows', { max: maxRows });
    rows.push({ line: i + 1, cells: Object.fromEntries(header.map((h, k) => [h, (line[k] ?? '').trim()])) });
  }
  if (!rows.length) throw new SheetError('blacklist.file.noRows');
  return { rows };
}
