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

/** The output of the CSV path: bytes appended to a buffer that grows (a new one per chunk: the file stream keeps it). */
class Out {
  buf: Buffer;
  o = 0;
  constructor(size: number) {
    this.buf = Buffer.allocUnsafe(size);
  }
  room(n: number): void {
    if (this.o + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.o + n));
    this.buf.copy(next, 0, 0, this.o);
    this.buf = next;
  }
  copy(src: Buffer, p: number, q: number): void {
    this.room(q - p);
    // Buffer.copy costs more than a short field's bytes (argument checks, a view per call): by hand below 64.
    if (q - p < 64) {
      const buf = this.buf;
      let o = this.o;
      for (let k = p; k < q; k++) buf[o++] = src[k];
      this.o = o;
    } else this.o += src.copy(this.buf, this.o, p, q);
  }
  byte(b: number): void {
    this.room(1);
    this.buf[this.o++] = b;
  }
  text(s: string): void {
    this.room(s.length * 3);
    this.o += this.buf.write(s, this.o, 'utf8');
  }
  /** Text known to be ASCII (a number's): by hand, as copy. */
  ascii(s: string): void {
    this.room(s.length);
    const buf = this.buf;
    let o = this.o;
    for (let k = 0; k < s.length; k++) buf[o++] = s.charCodeAt(k);
    this.o = o;
  }
}

/**
 * One cell of a row: its CSV bytes, from the row's fields (field i is src[start[i], end[i])). `special` says whether
 * a byte range holds a backslash, comma or quote (what a text field cannot be copied with).
 */
type CellBytes = (src: Buffer, start: Int32Array, end: Int32Array, out: Out, special: (p: number, q: number) => boolean) => void;

const isNull = (src: Buffer, p: number, q: number) => q - p === 2 && src[p] === 92 && src[p + 1] === 78; // \N
/** An integer as PostgreSQL prints it that Number() keeps exactly and String() prints the same: -?[1-9]\d{0,14} or 0. */
function plainInt(src: Buffer, p: number, q: number): boolean {
  if (src[p] === 45) p++;
  const n = q - p;
  if (n < 1 || n > 15 || (src[p] === 48 && n > 1)) return false;
  for (let k = p; k < q; k++) if (src[k] < 48 || src[k] > 57) return false;
  return true;
}
function intOf(src: Buffer, p: number, q: number): number {
  const neg = src[p] === 45;
  let v = 0;
  for (let k = neg ? p + 1 : p; k < q; k++) v = v * 10 + (src[k] - 48);
  return neg ? -v : v;
}

/**
 * Each cell's CSV bytes, chosen once per column from the plan: exactly csvText(the cell copyRows gives), by short cuts
 * on the bytes where the column allows — a text field with nothing to escape, quote or defuse is copied as it came;
 * an integer's text is already String(Number(text)); a UTC timestamp's ISO form is cut from its text; money divides
 * the integer read from its digits; a label's two texts are encoded once. Anything else (escapes, masks, other
 * kinds) decodes the field and takes the general functions.
 */
function cellBytes(plan: ExportPlan): CellBytes[] {
  const { fields, exponents } = plan;
  const mask = (i: number) => (plan.privacy ? fields[i].mask : undefined);
  /** The shaped (and masked) value of field i: the general path's. */
  const valueOf = (i: number) => {
    const kind = fields[i].kind;
    const m = mask(i);
    return (src: Buffer, start: Int32Array, end: Int32Array): unknown => {
      const s = unescapeCopy(src.toString('utf8', start[i], end[i]));
      if (s === null) return null;
      const v = shape(kind, s);
      return m ? maskValue(m, v) : v;
    };
  };
  const general = (i: number): CellBytes => {
    const v = valueOf(i);
    return (src, start, end, out, special) => out.text(csvText(v(src, start, end)));
  };
  return plan.cells.map((op): CellBytes => {
    if (op.op === 'money') {
      const { f, currency: c } = op;
      const minor = valueOf(f);
      const currency = valueOf(c);
      const exact = !mask(f) && fields[f].kind === 'num' && !mask(c) && fields[c].kind === 'text';
      // Exponents by the currency code's bytes: up to 3 bytes as one number (no string per cell); longer codes, or one
      // with a backslash, take the general way.
      const byBytes = new Map<number, number>();
      for (const [code, e] of Object.entries(exponents)) {
        const b = Buffer.from(code);
        if (b.length <= 3) byBytes.set(b.reduce((k, x) => k * 256 + x, 1), e);
      }
      return (src, start, end, out, special) => {
        const p = start[f];
        const q = end[f];
        if (exact && plainInt(src, p, q)) {
          const cp = start[c];
          const cq = end[c];
          if (cq - cp <= 3 && !special(cp, cq)) {
            let key = 1;
            if (!isNull(src, cp, cq)) for (let k = cp; k < cq; k++) key = key * 256 + src[k];
            out.ascii(csvText(intOf(src, p, q) / 10 ** (byBytes.get(key) ?? 2)));
            return;
          }
        }
        out.text(csvText(majorOf(minor(src, start, end), currency(src, start, end), exponents)));
      };
    }
    if (op.op === 'label') {
      const f = op.f;
      const yes = Buffer.from(csvText(op.yes));
      const no = Buffer.from(csvText(op.no));
      const put = (out: Out, b: Buffer) => out.copy(b, 0, b.length);
      if (!mask(f) && fields[f].kind === 'bool') return (src, start, end, out, special) => put(out, src[start[f]] === 116 && end[f] - start[f] === 1 ? yes : no);
      const v = valueOf(f);
      return (src, start, end, out, special) => put(out, v(src, start, end) ? yes : no);
    }
    const f = op.f;
    if (mask(f)) return general(f);
    /** The field's short cut: NULL is empty, `fast` writes the cell or says no, and then the general way does. */
    const shortcut = (fast: (src: Buffer, p: number, q: number, out: Out, special: (p: number, q: number) => boolean) => boolean): CellBytes => {
      const slow = general(f);
      return (src, start, end, out, special) => {
        const p = start[f];
        const q = end[f];
        if (!isNull(src, p, q) && !fast(src, p, q, out, special)) slow(src, start, end, out, special);
      };
    };
    switch (fields[f].kind) {
      case 'text':
        // = + - @ first (maybe defused), or a backslash, comma or quote anywhere (escape, quotes): the general way.
        // Tabs and line breaks reach here only as backslash escapes.
        return shortcut((src, p, q, out, special) => {
          if (p === q) return true;
          const c = src[p];
          if (c === 61 || c === 43 || c === 45 || c === 64 || special(p, q)) return false;
          out.copy(src, p, q);
          return true;
        });
      case 'num':
        return shortcut((src, p, q, out) => {
          if (!plainInt(src, p, q)) return false;
          out.copy(src, p, q);
          return true;
        });
      case 'bool':
        return shortcut((src, p, _q, out) => {
          out.ascii(src[p] === 116 ? 'true' : 'false');
          return true;
        });
      case 'ts':
        // YYYY-MM-DD HH:MM:SS+00 (isoOf's common case): the ISO text starts with a digit and needs no quotes.
        return shortcut((src, p, q, out) => {
          if (q - p !== 22 || src[p + 10] !== 32 || src[p + 19] !== 43 || src[p + 20] !== 48 || src[p + 21] !== 48) return false;
          out.copy(src, p, p + 10);
          out.byte(84); // T
          out.copy(src, p + 11, p + 19);
          out.ascii('.000Z');
          return true;
        });
      default:
        return general(f);
    }
  });
}

/**
 * Turns complete COPY lines (bytes, without the last line's newline) straight into CSV lines (and says how many):
 * bytes to bytes, no string per row or per field where the columns allow (see cellBytes).
 */
export function copyToCsv(plan: ExportPlan): (lines: Buffer) => { csv: Buffer; rows: number } {
  const cells = cellBytes(plan);
  const n = plan.fields.length;
  const start = new Int32Array(n);
  const end = new Int32Array(n);
  return (src) => {
    const out = new Out(Math.max(4096, Math.ceil(src.length * 1.25)));
    // Where the chunk has a backslash, comma or quote, found by the native search (most chunks have few): a range
    // looks from its row's first one, as rows come in order.
    const marks: number[] = [];
    for (const b of [92, 44, 34]) for (let k = src.indexOf(b); k >= 0; k = src.indexOf(b, k + 1)) marks.push(k);
    marks.sort((a, b) => a - b);
    let row = 0;
    const special = (p: number, q: number) => {
      let j = row;
      while (j < marks.length && marks[j] < p) j++;
      return j < marks.length && marks[j] < q;
    };
    let rows = 0;
    let p = 0;
    const len = src.length;
    while (p < len) {
      // The fields of one row: tab-separated up to the newline (raw tabs and newlines are never data in COPY text).
      while (row < marks.length && marks[row] < p) row++;
      let i = 0;
      start[0] = p;
      let k = p;
      for (; k < len; k++) {
        const b = src[k];
        if (b === 10) break;
        if (b === 9 && i < n - 1) {
          end[i++] = k;
          start[i] = k + 1;
        }
      }
      end[i] = k;
      // A row with fewer fields than the plan (never from COPY): the rest are empty.
      for (let j = i + 1; j < n; j++) start[j] = end[j] = k;
      for (let c = 0; c < cells.length; c++) {
        if (c) out.byte(44);
        cells[c](src, start, end, out, special);
      }
      out.byte(13);
      out.byte(10);
      rows++;
      p = k + 1;
    }
    return { csv: out.buf.subarray(0, out.o), rows };
  };
}

/**
 * Splits a stream of COPY bytes into complete lines, kept as bytes (the CSV path), without the last newline (a raw
 * newline only ever ends a row in COPY's text format).
 */
export function byteLineSplitter(): { push(chunk: Uint8Array): Buffer; rest(): Buffer } {
  let carry: Buffer | null = null;
  const empty = Buffer.alloc(0);
  return {
    push(chunk) {
      const buf = carry ? Buffer.concat([carry, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      const cut = buf.lastIndexOf(10);
      if (cut < 0) {
        carry = Buffer.from(buf);
        return empty;
      }
      carry = cut + 1 < buf.length ? Buffer.from(buf.subarray(cut + 1)) : null;
      return buf.subarray(0, cut);
    },
    rest() {
      const b = carry ?? empty;
      carry = null;
      return b.length && b[b.length - 1] === 10 ? b.subarray(0, b.length - 1) : b;
    },
  };
}

/** Splits a stream of COPY bytes into complete lines, decoded (the XLSX path; a raw newline only ever ends a row). */
export function lineSplitter(): { push(chunk: Uint8Array): string; rest(): string } {
  const bytes = byteLineSplitter();
  return { push: (chunk) => bytes.push(chunk).toString('utf8'), rest: () => bytes.rest().toString('utf8') };
}
