/**
 * The fast path of exports: COPY text of the exported fields straight to the cells of the file, with no row object
 * and no drizzle mapping per row. Pure (no database, no list declaration): it runs in the export worker thread,
 * which receives a plan — how each field's text becomes the value the general path would give (shapeRow after
 * drizzle's mapping), which fields are masked, and how each export column derives its cell — as plain data.
 * Built by exportPlan.ts; export.fast.test.ts proves it writes byte-identical files.
 */
import { maskValue } from './mask';

/** How a field's COPY text becomes the shaped value (drizzle's mapFromDriverValue, then shapeRow's Date → ISO). */
export type FieldKind =
  | 'text' // strings as PostgreSQL prints them (text, varchar, uuid, date and numeric in string mode)
  | 'num' // Number(text): integers, bigint in number mode, real, double, numeric in number mode
  | 'bool'
  | 'ts' // timestamptz in date mode → ISO
  | 'tsLocal' // timestamp without time zone in date mode (drizzle reads it as UTC) → ISO
  | 'dateObj'; // date in date mode → ISO

export type CellOp =
  /** The field's shaped value. */
  | { op: 'field'; f: number }
  /** Minor units → major units of the row's currency (majorUnits). */
  | { op: 'money'; f: number; currency: number }
  /** A label for a truthy / falsy field. */
  | { op: 'label'; f: number; yes: string; no: string };

export interface ExportPlan {
  fields: Array<{ kind: FieldKind; mask?: 'phone' | 'id' }>;
  cells: CellOp[];
  /** Decimal exponent of each currency (minor → major units); 2 for any other. */
  exponents: Record<string, number>;
  /** The reader has privacy protection: masked fields are masked. */
  privacy: boolean;
}

const NUMBER_LIKE = /^[+-]?\d[\d\s.,]*$/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * A cell as text: '' for null, JSON for objects; a leading = + - @ (or tab, CR) is defused unless the text is a number.
 * Called for every cell of an export (35 million at a million rows): the leading character is tested by its code, and
 * a number's text, which can only start with '-' of those and never needs quotes, skips the rest.
 */
export function csvText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') {
    const n = String(v);
    return n.charCodeAt(0) === 45 && !NUMBER_LIKE.test(n) ? `'${n}` : n;
  }
  let s = typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
  const c = s.charCodeAt(0);
  // = + - @ \t \r
  if ((c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13) && !NUMBER_LIKE.test(s)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A row of cells as a CSV line (CRLF included). */
export function csvLine(cells: readonly unknown[]): string {
  let line = cells.length ? csvText(cells[0]) : '';
  for (let i = 1; i < cells.length; i++) line += ',' + csvText(cells[i]);
  return line + '\r\n';
}

/** majorUnits (client.routes.ts) without its module: the same formula over the plan's exponents. */
export function majorOf(minor: unknown, currency: unknown, exponents: Record<string, number>): number | null {
  if (minor === null || minor === undefined || minor === '') return null;
  const e = exponents[(currency as string | null | undefined) ?? ''] ?? 2;
  return Number(minor) / 10 ** e;
}

const ESC: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };

/** One field of COPY's text format: `\N` is NULL; backslash escapes (\n, \t, \\, octal, hex). */
export function unescapeCopy(f: string): string | null {
  if (f === '\\N') return null;
  if (!f.includes('\\')) return f;
  return f.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (_, e: string) => {
    if (e[0] === 'x') return String.fromCharCode(parseInt(e.slice(1), 16));
    if (/^[0-7]/.test(e)) return String.fromCharCode(parseInt(e, 8));
    return ESC[e] ?? e;
  });
}

/** `YYYY-MM-DD HH:MM:SS[.ffffff]+00`: the ISO form without building a Date (JavaScript keeps milliseconds, truncated). */
const UTC_TS = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

function isoOf(s: string, local: boolean): string {
  const m = local ? null : UTC_TS.exec(s);
  if (m) return `${m[1]}T${m[2]}.${(m[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  // Any other offset or form: exactly what drizzle does.
  return new Date(local ? `${s}+0000` : s).toISOString();
}

function shape(kind: FieldKind, s: string): unknown {
  switch (kind) {
    case 'text': return s;
    case 'num': return Number(s);
    case 'bool': return s === 't';
    case 'ts': return isoOf(s, false);
    case 'tsLocal': return isoOf(s, true);
    case 'dateObj': return new Date(s).toISOString();
  }
}

/**
 * Calls `row` with each complete COPY line's cells, as the general path's exportCells(shapeRow(row)) would give them.
 * The cells array is reused from row to row: `row` reads it, it does not keep it.
 */
function copyRows(plan: ExportPlan): (text: string, row: (cells: unknown[]) => void) => void {
  const { fields, cells, exponents } = plan;
  const n = fields.length;
  const kinds = fields.map((f) => f.kind);
  const masks = fields.map((f) => (plan.privacy ? f.mask : undefined));
  const vals: unknown[] = new Array(n);
  const out: unknown[] = new Array(cells.length);
  return (text, row) => {
    let start = 0;
    const len = text.length;
    while (start < len) {
      let end = text.indexOf('\n', start);
      if (end < 0) end = len;
      let p = start;
      for (let i = 0; i < n; i++) {
        let q = i === n - 1 ? end : text.indexOf('\t', p);
        if (q < 0 || q > end) q = end;
        const raw = unescapeCopy(text.slice(p, q));
        let v = raw === null ? null : shape(kinds[i], raw);
        const m = masks[i];
        if (m) v = maskValue(m, v);
        vals[i] = v;
        p = q + 1;
      }
      start = end + 1;
      for (let c = 0; c < cells.length; c++) {
        const op = cells[c];
        const v = vals[op.f];
        out[c] = op.op === 'field' ? v : op.op === 'money' ? majorOf(v, vals[op.currency], exponents) : v ? op.yes : op.no;
      }
      row(out);
    }
  };
}

/** Turns complete COPY lines into rows of cells (the XLSX writer's input). */
export function copyConverter(plan: ExportPlan): (text: string, out: unknown[][]) => void {
  const each = copyRows(plan);
  return (text, out) => each(text, (cells) => {
    out.push(cells.slice());
  });
}

/** Turns complete COPY lines straight into CSV lines (and says how many): no row array kept per row. */
export function copyToCsv(plan: ExportPlan): (text: string) => { csv: string; rows: number } {
  const each = copyRows(plan);
  return (text) => {
    let csv = '';
    let rows = 0;
    each(text, (cells) => {
      csv += csvLine(cells);
      rows++;
    });
    return { csv, rows };
  };
}

/** Splits a stream of COPY bytes into complete lines (a raw newline only ever ends a row in COPY's text format). */
export function lineSplitter(): { push(chunk: Uint8Array): string; rest(): string } {
  let carry: Buffer | null = null;
  return {
    push(chunk) {
      const buf = carry ? Buffer.concat([carry, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      const cut = buf.lastIndexOf(10);
      if (cut < 0) {
        carry = Buffer.from(buf);
        return '';
      }
      carry = cut + 1 < buf.length ? Buffer.from(buf.subarray(cut + 1)) : null;
      return buf.toString('utf8', 0, cut);
    },
    rest() {
      const s = carry ? carry.toString('utf8') : '';
      carry = null;
      return s.endsWith('\n') ? s.slice(0, -1) : s;
    },
  };
}
