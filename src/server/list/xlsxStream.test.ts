/**
 * Our streaming XLSX writer: what it writes is read back by exceljs as written (escaping, characters XML 1.0
 * forbids, long text, typed cells, sheet split and names), and the package holds the parts Excel expects.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { rowXml, sheetNamer, xlsxStreamWriter, xmlText, XLSX_MAX_TEXT } from './xlsxStream';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xlsxs-'));
let seq = 0;

async function write(header: string[], rows: unknown[][], opts: { sheetRows?: number; sheetName?: (n: number) => string; oneByOne?: boolean } = {}): Promise<string> {
  const file = path.join(dir, `w${++seq}.xlsx`);
  const w = xlsxStreamWriter(file, header, { sheetRows: opts.sheetRows ?? 1_048_575, yieldEvery: 2, sheetName: opts.sheetName });
  if (opts.oneByOne) for (const r of rows) await w.row(r);
  else await w.rows(rows);
  await w.close();
  return file;
}

async function readBack(file: string): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  return wb;
}

const values = (s: ExcelJS.Worksheet) => s.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));

/** The names of a zip's entries, from its central directory. */
function zipNames(buf: Buffer): string[] {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = buf.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let i = buf.readUInt16LE(eocd + 10); i > 0; i--) {
    expect(buf.readUInt32LE(at)).toBe(0x02014b50);
    const len = buf.readUInt16LE(at + 28);
    names.push(buf.toString('utf8', at + 46, at + 46 + len));
    at += 46 + len + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return names;
}

describe('xlsxStream', () => {
  it('escapes markup and keeps CR, tabs, newlines, edge blanks and non-BMP text', async () => {
    const texts = ['a & b', '<tag attr="x">', "it's > 3", 'cr\r\nlf', 'lone\rcr', 'tab\there\nline', '  lead', 'trail  ', '\tt', '😀 中文 العربية', '&amp;'];
    const file = await write(['h'], texts.map((t) => [t]));
    expect(values((await readBack(file)).worksheets[0])).toEqual([['h'], ...texts.map((t) => [t])]);
    expect(rowXml(2, ['a&<>"'])).toBe('<row r="2"><c r="A2" t="inlineStr"><is><t>a&amp;&lt;&gt;&quot;</t></is></c></row>');
    expect(rowXml(3, [' x'])).toContain('<t xml:space="preserve"> x</t>');
  });

  it('drops characters XML 1.0 forbids (controls, U+FFFE/U+FFFF, unpaired surrogates), keeps valid pairs', async () => {
    const cases: Array<[string, string]> = [
      ['a\u0000b\u0001c\u0008d\u000Be\u000Cf\u001Fg', 'abcdefg'],
      ['x\uFFFEy\uFFFFz', 'xyz'],
      ['hi\uD800', 'hi'],
      ['\uDC00lo', 'lo'],
      ['\uDC00\uD800', ''],
      ['pair 😀 ok', 'pair 😀 ok'],
      ['\u007F\u0085 kept', '\u007F\u0085 kept'],
    ];
    for (const [raw, clean] of cases) expect(xmlText(raw)).toBe(clean);
    const file = await write(['h'], cases.map(([raw]) => [raw]));
    // An empty text is an empty string cell; exceljs reads it back as no value.
    expect(values((await readBack(file)).worksheets[0]).slice(1)).toEqual(cases.map(([, clean]) => (clean ? [clean] : [])));
  });

  it('cuts text at 32,767 characters without leaving half a surrogate pair', async () => {
    const long = 'x'.repeat(40_000);
    const split = 'a'.repeat(XLSX_MAX_TEXT - 1) + '😀tail';
    const file = await write(['h'], [[long], [split], ['y'.repeat(XLSX_MAX_TEXT)]]);
    const [, a, b, c] = values((await readBack(file)).worksheets[0]) as string[][];
    expect(a[0]).toBe('x'.repeat(XLSX_MAX_TEXT));
    expect(b[0]).toBe('a'.repeat(XLSX_MAX_TEXT - 1));
    expect(c[0]).toHaveLength(XLSX_MAX_TEXT);
  });

  it('writes numbers and booleans typed, leaves null empty, writes other values as text', async () => {
    const row = [0, -1.5, 123456789012, 1e21, 2 ** -30, true, false, null, undefined, 'end', NaN, Infinity, { a: 1 }, 12n, '007'];
    const file = await write(Array.from(row, (_, i) => `c${i}`), [row, [null, 'b', 'c', null, null, 6, 7]]);
    const [, read, gaps] = values((await readBack(file)).worksheets[0]);
    expect(gaps).toEqual([undefined, 'b', 'c', undefined, undefined, 6, 7]);
    expect(read).toEqual([0, -1.5, 123456789012, 1e21, 2 ** -30, true, false, undefined, undefined, 'end', 'NaN', 'Infinity', '{"a":1}', '12', '007']);
    expect(rowXml(5, [null, undefined, 1, 2, null, true])).toBe('<row r="5"><c r="C5"><v>1</v></c><c r="D5"><v>2</v></c><c r="F5" t="b"><v>1</v></c></row>');
  });

  it('starts a new sheet with the header past sheetRows, one by one or in batches; names follow Excel rules', async () => {
    const rows = Array.from({ length: 11 }, (_, i) => [i, `r${i}`]);
    const names = ['Data/2026: [all]', 'Data/2026: [all]', `'quoted'`, 'x'.repeat(40), '<R&D>'];
    for (const oneByOne of [false, true]) {
      const file = await write(['a', 'b'], rows, { sheetRows: 5, sheetName: (n) => names[n - 1] ?? '', oneByOne });
      const wb = await readBack(file);
      expect(wb.worksheets.map((s) => s.rowCount)).toEqual([6, 6, 2]);
      expect(wb.worksheets.map((s) => s.name)).toEqual(['Data 2026   all', 'Sheet2', 'quoted']);
      for (const s of wb.worksheets) expect(values(s)[0]).toEqual(['a', 'b']);
      expect(wb.worksheets.flatMap((s) => values(s).slice(1))).toEqual(rows);
    }
    const more = await readBack(await write(['a'], Array.from({ length: 5 }, (_, i) => [i]), { sheetRows: 1, sheetName: (n) => names[n - 1] ?? '' }));
    expect(more.worksheets.map((s) => s.name)).toEqual(['Data 2026   all', 'Sheet2', 'quoted', 'x'.repeat(31), '<R&D>']);
    const name = sheetNamer(() => 'Same');
    expect([name(1), name(2), name(3)]).toEqual(['Same', 'Sheet2', 'Sheet3']);
  });

  it('an empty export has the header; the package lists exactly the minimal parts', async () => {
    const file = await write(['only', 'header'], []);
    const wb = await readBack(file);
    expect(wb.worksheets.map(values)).toEqual([[['only', 'header']]]);
    expect(zipNames(fs.readFileSync(await write(['h'], [[1], [2]], { sheetRows: 1 }))).sort()).toEqual([
      '[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml',
    ]);
  });

  it('a round trip of many rows through exceljs keeps every cell', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [i, `名字 ${i} & <${i % 7}>`, i % 3 === 0 ? null : i / 8, i % 2 === 0, new Date(1.7e12 + i * 1000).toISOString()]);
    const file = await write(['id', 'name', 'score', 'flag', 'at'], rows);
    const read = values((await readBack(file)).worksheets[0]).slice(1);
    expect(read).toHaveLength(rows.length);
    expect(read[3]).toEqual([3, '名字 3 & <3>', undefined, false, rows[3][4]]);
    expect(read).toEqual(rows.map((r) => (r[2] === null ? [r[0], r[1], undefined, r[3], r[4]] : r)));
  });

  it('exceljs streaming reader reads it too (it needs every cell reference)', async () => {
    const file = await write(['a', 'b', 'c'], [[1, null, 'x'], [null, 2, 3]], { sheetRows: 1 });
    const got: unknown[][] = [];
    for await (const ws of new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit' })) {
      for await (const row of ws as AsyncIterable<ExcelJS.Row>) got.push((row.values as unknown[]).slice(1));
    }
    expect(got).toEqual([['a', 'b', 'c'], [1, undefined, 'x'], ['a', 'b', 'c'], [undefined, 2, 3]]);
  });

  it('a write error fails the writer instead of hanging; abort closes the file', async () => {
    const w = xlsxStreamWriter(path.join(dir, 'missing', 'x.xlsx'), ['h'], { sheetRows: 10, yieldEvery: 1 });
    await expect((async () => {
      for (let i = 0; i < 100_000; i++) await w.row([`row ${i}`.repeat(20)]);
      await w.close();
    })()).rejects.toThrow(/ENOENT/);
    await w.abort();
    const file = path.join(dir, 'aborted.xlsx');
    const a = xlsxStreamWriter(file, ['h'], { sheetRows: 10, yieldEvery: 1 });
    await a.rows([[1], [2]]);
    await a.abort();
    fs.rmSync(file);
    expect(fs.existsSync(file)).toBe(false);
  });
});
