import { PGlite, types } from '@electric-sql/pglite';
import { is, SQL } from 'drizzle-orm';
import { PgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { engineOf, poolOf, type Db } from '../db/client';

/**
 * Export batches through COPY. The query protocol costs the client several µs per field: PGlite decodes every
 * result message in JavaScript (~10 µs a row), node-postgres and drizzle parse and map every field of every row
 * (a third of an export's CPU). `COPY (query) TO …` hands the same rows over as one block of PostgreSQL text —
 * PGlite's `'/dev/blob'`, PostgreSQL's `STDOUT` (pg-copy-streams) — which is decoded here exactly as drizzle
 * decodes a select: each column with its own `mapFromDriverValue`; a computed field (a subquery, an expression)
 * by the result type PostgreSQL reports for it, with the parsers drizzle's driver uses, then its own decoder. So
 * lists and exports see the same values. Used only when every selected field is one of these and every parameter
 * is a scalar; otherwise the ordinary query runs.
 */

/** Column types whose PostgreSQL text form this module decodes. */
const TYPES = /^(smallint|integer|bigint|serial|bigserial|smallserial|real|double precision|numeric|decimal|boolean|text|varchar|char|character|uuid|json|jsonb|date|time|timestamp|interval)\b/;
const NUMERIC_JS = /^(smallint|integer|serial|smallserial|real|double precision)/;

/** Batches read through COPY and batches that fell back to the query (tests check that the fast path is taken). */
export const COPY_STATS = { batches: 0, fallbacks: 0 };

/** What the bulk read asks of PGlite: the client in this thread, or the one in its own thread (pgliteThread.ts). */
type Lite = Pick<PGlite, 'describeQuery' | 'parsers' | 'query'>;

export function pgliteOf(db: Db): Lite | null {
  const engine = engineOf(db);
  return engine?.kind === 'pglite' ? (engine.lite as Lite) : null;
}

type Parse = (s: string) => unknown;

/** What a bulk read needs from a database. */
interface BulkSource {
  /** Result type OIDs of a query (text with $n placeholders and its parameters); null when it cannot be asked. */
  resultTypes(text: string, params: unknown[]): Promise<number[] | null>;
  /** How the driver, as drizzle configures it, turns the text of a value of that type into a JavaScript value. */
  parser(oid: number): Parse;
  /** The COPY text of a (parameter-free) query. */
  copy(query: string): Promise<string>;
}

/**
 * Types drizzle's drivers leave as text (drizzle-orm/pglite/session.js, drizzle-orm/node-postgres/session.js):
 * timestamps, dates, intervals and their arrays, numeric[].
 */
const DRIZZLE_TEXT_TYPES = new Set<number>([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182]);
const asText: Parse = (s) => s;

/** Result type OIDs of recent query texts (asking costs a round trip; an export repeats two query texts). */
const resultTypeCache = new WeakMap<object, Map<string, number[]>>();
const RESULT_TYPES_MAX = 200;

async function cachedTypes(owner: object, text: string, ask: () => Promise<number[] | null>): Promise<number[] | null> {
  let cache = resultTypeCache.get(owner);
  if (!cache) resultTypeCache.set(owner, (cache = new Map()));
  let oids = cache.get(text);
  if (!oids) {
    const asked = await ask().catch(() => null);
    if (!asked) return null;
    oids = asked;
    if (cache.size >= RESULT_TYPES_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(text, oids);
  }
  return oids;
}

const sources = new WeakMap<object, BulkSource>();

/** The bulk reader of a database (PGlite or a node-postgres pool); null for anything else. */
export function bulkSourceOf(db: Db): BulkSource | null {
  const lite = pgliteOf(db);
  const pool = lite ? null : poolOf(db);
  const owner = lite ?? pool;
  if (!owner) return null;
  let src = sources.get(owner);
  if (src) return src;
  if (lite) {
    // The client's own parsers (PGlite's defaults and the array types it read at start), as a query would use them.
    let parsers: typeof lite.parsers | null = null;
    src = {
      resultTypes: (text) => cachedTypes(lite, text, async () => (await lite.describeQuery(text)).resultFields.map((f) => f.dataTypeID)),
      parser(oid) {
        if (DRIZZLE_TEXT_TYPES.has(oid)) return asText;
        parsers ??= { ...lite.parsers };
        return (s) => types.parseType(s, oid, parsers!);
      },
      async copy(query) {
        const res = await lite.query(`COPY (${query}) TO '/dev/blob' WITH (FORMAT text)`);
        // No rows, no blob.
        const blob = (res as { blob?: Blob }).blob;
        return blob ? blob.text() : '';
      },
    };
  } else {
    const p = pool!;
    src = {
      resultTypes: (text, params) => cachedTypes(p, text, async () => {
        const res = await p.query({ text: `SELECT * FROM (${text}) AS q LIMIT 0`, values: params as unknown[] });
        return res.fields.map((f) => f.dataTypeID);
      }),
      parser(oid) {
        if (DRIZZLE_TEXT_TYPES.has(oid)) return asText;
        const parse = pg.types.getTypeParser(oid, 'text') as (s: string) => unknown;
        return (s) => parse(s);
      },
      async copy(query) {
        const conn = await p.connect();
        let broken: Error | undefined;
        try {
          const stream = conn.query(copyTo(`COPY (${query}) TO STDOUT WITH (FORMAT text)`));
          const chunks: Buffer[] = [];
          for await (const chunk of stream) chunks.push(chunk as Buffer);
          return Buffer.concat(chunks).toString('utf8');
        } catch (err) {
          broken = err as Error;
          throw err;
        } finally {
          // A connection whose COPY failed half-way is not handed out again.
          conn.release(broken);
        }
      },
    };
  }
  sources.set(owner, src);
  return src;
}

/** A parameter as an untyped literal, like the untyped text parameters node-postgres binds; null when not a scalar. */
function literal(v: unknown): string | null {
  if (v === null || v === undefined) return 'NULL';
  let s: string;
  if (typeof v === 'string') s = v;
  else if (typeof v === 'number') {
    if (!Number.isFinite(v)) return null;
    s = String(v);
  } else if (typeof v === 'bigint' || typeof v === 'boolean') s = String(v);
  else return null;
  if (s.includes('\u0000')) return null;
  // E'' with backslash and quote escaped: correct whatever standard_conforming_strings says.
  return `E'${s.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** Replaces $n outside quoted literals and identifiers by the parameter's literal; null when one cannot be inlined. */
export function inlineParams(text: string, params: unknown[]): string | null {
  let out = '';
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      out += ch;
      if (ch === quote) quote = null;
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
      continue;
    }
    if (ch === '$' && /\d/.test(text[i + 1] ?? '')) {
      let j = i + 1;
      while (j < text.length && /\d/.test(text[j])) j++;
      const n = Number(text.slice(i + 1, j));
      if (n < 1 || n > params.length) return null;
      const lit = literal(params[n - 1]);
      if (lit === null) return null;
      out += lit;
      i = j - 1;
      continue;
    }
    out += ch;
  }
  return quote ? null : out;
}

const ESC: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };

/** One field of COPY's text format: `\N` is NULL; backslash escapes (\n, \t, \\, octal, hex). */
function unescape(f: string): string | null {
  if (f === '\\N') return null;
  if (!f.includes('\\')) return f;
  return f.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (_, e: string) => {
    if (e[0] === 'x') return String.fromCharCode(parseInt(e.slice(1), 16));
    if (/^[0-7]/.test(e)) return String.fromCharCode(parseInt(e, 8));
    return ESC[e] ?? e;
  });
}

type Field = PgColumn | SQL | SQL.Aliased;

/**
 * How each selected field turns text into the value drizzle would give; null when a field is not supported.
 * The query's result types are asked for when a computed field needs its own.
 */
async function decoders(src: BulkSource, text: string, params: unknown[], fields: Record<string, Field>, textFields: ReadonlySet<string>): Promise<Array<(s: string) => unknown> | null> {
  const out: Array<(s: string) => unknown> = [];
  const entries = Object.entries(fields);
  let oids: number[] | null = null;
  for (let i = 0; i < entries.length; i++) {
    const [k, f] = entries[i];
    if (textFields.has(k)) {
      out.push((s) => s);
      continue;
    }
    const computed = is(f, SQL) ? f : is(f, SQL.Aliased) ? f.sql : null;
    if (computed) {
      oids ??= await src.resultTypes(text, params);
      const oid = oids?.[i];
      if (oid === undefined || oids!.length !== entries.length) return null;
      // The decoder `.mapWith()` set (drizzle's select maps with it too; not in SQL's public type).
      const decoder = (computed as unknown as { decoder: { mapFromDriverValue(v: unknown): unknown } }).decoder;
      const parse = src.parser(oid);
      out.push((s) => decoder.mapFromDriverValue(parse(s)));
      continue;
    }
    if (!is(f, PgColumn)) return null;
    const col = f;
    const t = col.getSQLType();
    if (!TYPES.test(t) || t.endsWith(']')) return null;
    if (t === 'boolean') out.push((s) => col.mapFromDriverValue(s === 't'));
    else if (NUMERIC_JS.test(t)) out.push((s) => col.mapFromDriverValue(Number(s)));
    else out.push((s) => col.mapFromDriverValue(s));
  }
  return out;
}

/**
 * The rows of a select through COPY, as drizzle would map them; null when this query cannot take that path.
 * `textFields` are fields the caller selected as `::text` (returned as strings).
 */
export async function copyRows(src: BulkSource, query: PgSelect, fields: Record<string, Field>, textFields: ReadonlySet<string>): Promise<Record<string, unknown>[] | null> {
  const { sql: text, params } = query.toSQL();
  const dec = await decoders(src, text, params as unknown[], fields, textFields);
  const inlined = dec ? inlineParams(text, params as unknown[]) : null;
  const body = inlined === null ? null : await src.copy(inlined).catch(() => null);
  if (!dec || body === null) {
    COPY_STATS.fallbacks++;
    return null;
  }
  COPY_STATS.batches++;
  const keys = Object.keys(fields);
  const rows: Record<string, unknown>[] = [];
  let start = 0;
  while (start < body.length) {
    let end = body.indexOf('\n', start);
    if (end < 0) end = body.length;
    const parts = body.slice(start, end).split('\t');
    start = end + 1;
    const row: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const s = unescape(parts[i] ?? '\\N');
      row[keys[i]] = s === null ? null : dec[i](s);
    }
    rows.push(row);
  }
  return rows;
}
