import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import * as drizzleUtils from 'drizzle-orm/utils';
import type { PgSelect } from 'drizzle-orm/pg-core';
import pg from 'pg';

/** Internal to drizzle (no type): the selection as the ordered field list its prepared queries map rows with. */
const { orderSelectedFields } = drizzleUtils as unknown as { orderSelectedFields(fields: Record<string, unknown>): SelectedField[] };

interface SelectedField { path: string[]; field: unknown }
interface Decoder { mapFromDriverValue(v: unknown): unknown }

/** What one statement text needs on every run: its name, drizzle's query config (row mode, type parsers), decoders. */
interface Plan {
  config: { name: string; text: string };
  client: pg.Pool;
  keys: string[];
  decoders: Decoder[];
}

/**
 * Per pool, per selection, by statement text. The text alone does not name the fields (drizzle selects columns without
 * aliases, so two selections of the same columns under other names read the same text), hence the selection: the
 * caller's stable object for it (a list's columns), else the names of its fields. A list's texts are few (which
 * filters are present, the sort); the cap is a backstop.
 */
const plans = new WeakMap<pg.Pool, WeakMap<object, Map<string, Plan>>>();
const byNames = new Map<string, object>();
const MAX_PLANS = 2_000;

/**
 * Runs a select as a named prepared statement on PostgreSQL. A list page's statement is parsed and planned on
 * every request otherwise, and planning a join over loan_order (many indexes to weigh) costs the server 1–2 ms, more
 * than running it; named by its text, it is planned once per connection (PostgreSQL settles on the generic plan
 * after five executions). The text of a list query depends only on which filters are present and the sort, so the
 * names stay few; they go with the connection. PGlite plans in-process, cheaply: the ordinary query there.
 *
 * Same rows and mapping as awaiting the builder. Drizzle's own prepared query is built once per text (its name, row
 * mode and type parsers are kept) and its rows are mapped here with the fields' decoders found once: drizzle
 * otherwise builds the query object and looks up each field's kind again for every value of every row. `selection`:
 * an object that stands for the selected fields (the same object whenever they are the same), else their names do.
 */
export async function selectNamed<T = Record<string, unknown>>(q: PgSelect, selection?: object): Promise<T[]> {
  const b = q as unknown as Internals;
  const pool = b.session?.client;
  if (!(pool instanceof pg.Pool)) return (await q) as T[];
  const query = b.dialect.sqlToQuery(b.getSQL());
  let bySelection = plans.get(pool);
  if (!bySelection) plans.set(pool, (bySelection = new WeakMap()));
  let owner = selection;
  if (!owner) {
    const names = Object.keys(b.config.fields).join('\u0000');
    owner = byNames.get(names);
    if (!owner) byNames.set(names, (owner = {}));
  }
  let byText = bySelection.get(owner);
  if (!byText) bySelection.set(owner, (byText = new Map()));
  let plan = byText.get(query.sql);
  if (!plan) {
    const fields = orderSelectedFields(b.config.fields);
    const name = `q_${createHash('sha1').update(query.sql).digest('base64url')}`;
    const prepared = b.session!.prepareQuery(query, fields, name, true);
    // Nested selections (objects of a join) need drizzle's own mapping, with its null-join handling.
    if (fields.some((f) => f.path.length !== 1) || !prepared.queryConfig) {
      prepared.joinsNotNullableMap = b.joinsNotNullableMap;
      return (await prepared.execute()) as T[];
    }
    plan = { config: prepared.queryConfig, client: pool, keys: fields.map((f) => f.path[0]), decoders: fields.map((f) => decoderOf(f.field)) };
    if (byText.size >= MAX_PLANS) byText.clear();
    byText.set(query.sql, plan);
  }
  const { rows } = await plan.client.query<unknown[]>(plan.config as pg.QueryConfig, query.params);
  const { keys, decoders } = plan;
  const n = keys.length;
  const out = new Array<T>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    const o: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) {
      const v = row[i];
      o[keys[i]] = v === null ? null : decoders[i].mapFromDriverValue(v);
    }
    out[r] = o as T;
  }
  return out;
}

/** The decoder drizzle's mapResultRow uses for a selected field: a column, or the SQL's (an alias's SQL's) decoder. */
function decoderOf(field: unknown): Decoder {
  const f = field as { mapFromDriverValue?: unknown; decoder?: Decoder; sql?: { decoder: Decoder }; _?: { sql: { decoder: Decoder } } };
  if (typeof f.mapFromDriverValue === 'function') return f as Decoder;
  if (f.decoder) return f.decoder;
  if (f._?.sql) return f._.sql.decoder;
  return f.sql!.decoder;
}

/** The builder's internals drizzle's own `prepare()` reads (drizzle-orm/pg-core/query-builders/select.js `_prepare`). */
interface Internals {
  session?: {
    client: unknown;
    prepareQuery(query: { sql: string; params: unknown[] }, fields: unknown, name: string, arrayMode: boolean): {
      joinsNotNullableMap?: unknown; execute(): Promise<unknown>;
      /** NodePgPreparedQuery's config of the array-mode query: name, text, rowMode and drizzle's type parsers. */
      queryConfig?: { name: string; text: string };
    };
  };
  dialect: { sqlToQuery(sql: SQL): { sql: string; params: unknown[] } };
  config: { fields: Record<string, unknown> };
  joinsNotNullableMap: unknown;
  getSQL(): SQL;
}
