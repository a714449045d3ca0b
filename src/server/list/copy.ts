import { PGlite, types } from '@electric-sql/pglite';
import { is, SQL } from 'drizzle-orm';
import { PgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/**
 * Export batches on the embedded database: PGlite decodes query results in JavaScript, message by message, which
 * costs ~10 µs a row; `COPY (query) TO '/dev/blob'` hands the same rows over as one block of PostgreSQL text
 * several times faster. The rows are decoded here exactly as drizzle decodes a select (the same
 * `mapFromDriverValue` of each column), so lists and exports see the same values. A computed field (a subquery, an
 * expression) is decoded by the result type PostgreSQL reports for it, with the parsers drizzle's PGlite driver
 * uses, then its own decoder — again what the ordinary query gives. Used only when every selected field is one of
 * these and every parameter is a scalar; otherwise (and on real PostgreSQL) the ordinary query runs.
 */

/** Column types whose PostgreSQL text form this module decodes. */
const TYPES = /^(smallint|integer|bigint|serial|bigserial|smallserial|real|double precision|numeric|decimal|boolean|text|varchar|char|character|uuid|json|jsonb|date|time|timestamp|interval)\b/;
const NUMERIC_JS = /^(smallint|integer|serial|smallserial|real|double precision)/;

/** Batches read through COPY and batches that fell back to the query (tests check that the fast path is taken). */
export const COPY_STATS = { batches: 0, fallbacks: 0 };

export function pgliteOf(db: Db): PGlite | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : null;
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
 * The parsers a select through drizzle gets: the client's own (PGlite's defaults and the array types it read from
 * the database at start), overridden as drizzle's PGlite driver does (drizzle-orm/pglite/session.js): timestamps,
 * dates, intervals and their arrays stay text.
 */
const DRIZZLE_TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const parserSets = new WeakMap<PGlite, Record<number, (s: string, oid: number) => unknown>>();

function parsersOf(client: PGlite): Record<number, (s: string, oid: number) => unknown> {
  let p = parserSets.get(client);
  if (!p) {
    p = { ...client.parsers, ...Object.fromEntries(DRIZZLE_TEXT_TYPES.map((oid) => [oid, (s: string) => s])) };
    parserSets.set(client, p);
  }
  return p;
}

/** Result type OIDs of recent queries (the describe costs a round trip; an export repeats two query texts). */
const resultTypes = new Map<string, number[]>();
const RESULT_TYPES_MAX = 200;

async function resultTypesOf(client: PGlite, text: string): Promise<number[] | null> {
  let oids = resultTypes.get(text);
  if (!oids) {
    const described = await client.describeQuery(text).catch(() => null);
    if (!described) return null;
    oids = described.resultFields.map((f) => f.dataTypeID);
    if (resultTypes.size >= RESULT_TYPES_MAX) resultTypes.delete(resultTypes.keys().next().value as string);
    resultTypes.set(text, oids);
  }
  return oids;
}

/**
 * How each selected field turns text into the value drizzle would give; null when a field is not supported.
 * `text` (with its $n placeholders) is described when a computed field needs its result type.
 */
async function decoders(client: PGlite, text: string, fields: Record<string, Field>, textFields: ReadonlySet<string>): Promise<Array<(s: string) => unknown> | null> {
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
      oids ??= await resultTypesOf(client, text);
      const oid = oids?.[i];
      if (oid === undefined || oids!.length !== entries.length) return null;
      const decoder = computed.decoder;
      const parsers = parsersOf(client);
      out.push((s) => decoder.mapFromDriverValue(types.parseType(s, oid, parsers)));
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
export async function copyRows(client: PGlite, query: PgSelect, fields: Record<string, Field>, textFields: ReadonlySet<string>): Promise<Record<string, unknown>[] | null> {
  const { sql: text, params } = query.toSQL();
  const dec = await decoders(client, text, fields, textFields);
  const inlined = dec ? inlineParams(text, params as unknown[]) : null;
  const res = inlined === null ? null : await client.query(`COPY (${inlined}) TO '/dev/blob' WITH (FORMAT text)`).catch(() => null);
  if (!dec || !res) {
    COPY_STATS.fallbacks++;
    return null;
  }
  COPY_STATS.batches++;
  // No rows, no blob.
  const blob = (res as { blob?: Blob }).blob;
  const body = blob ? await blob.text() : '';
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
