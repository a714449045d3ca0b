import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { CODE } from '../../schemas/common';
import { AppError } from '../errors';
import type { Actor } from '../plugins/session';
import { castType, validValue, type Cursor } from './cursor';
import type { AnyList, ListCtx, SortDir } from './define';
import { maskRow } from './mask';
import { bulkSourceOf, copyRows } from './copy';
import { selectNamed } from '../db/prepared';

/** Fields the engine adds to a page's select, as PostgreSQL text. */
const ENGINE_TEXT: ReadonlySet<string> = new Set(['__pk', '__k']);

/** A keyset position: the sort column's value (absent when sorting by the key) and the key, as PostgreSQL text. */
export interface Position {
  v?: string;
  k: string;
}

export interface ResolvedSort {
  key: string;
  col: PgColumn;
  dir: SortDir;
  /** The sort column is the list's key (no second column in the keyset). */
  byKey: boolean;
}

export interface RawPage {
  rows: Record<string, unknown>[];
  /** Position of the first and last row returned. */
  first: Position | null;
  last: Position | null;
  /** Rows exist past the page in the direction it was read. */
  more: boolean;
}

/** A validation refusal (40000) naming the parameter, worded in the caller's language by the error handler. */
export function invalid(param: string, messageId: string, values: Record<string, string | number> = {}): AppError {
  return new AppError(CODE.VALIDATION, messageId, { param, ...values }, 200, [{ path: param, id: messageId, values: { param, ...values } }]);
}

/** `field:asc|desc` (direction optional, ascending) from the list's whitelist; the default sort when absent. */
export function resolveSort(list: AnyList, sort: string | undefined): ResolvedSort {
  let key: string = list.defaultSort.key;
  let dir: SortDir = list.defaultSort.dir;
  if (sort) {
    const [k, d] = sort.split(':');
    if (!list.sortKeys.includes(k)) throw invalid('sort', 'validation.sortUnknown', { field: k.slice(0, 64), allowed: list.sortKeys.join(', ') });
    key = k;
    dir = d === 'desc' ? 'desc' : 'asc';
  }
  const col = (list.def.sorts as Record<string, PgColumn>)[key];
  return { key, col, dir, byKey: col === list.key };
}

/** Checks that a decoded cursor belongs to this list and sort, and that its values cast to the columns' types. */
export function positionOf(list: AnyList, sort: ResolvedSort, c: Cursor): Position {
  const ok = c.l === list.id && c.s === sort.key && c.d === sort.dir
    && validValue(list.key, c.k)
    && (sort.byKey ? c.v === undefined : c.v !== undefined && validValue(sort.col, c.v));
  if (!ok) throw invalid('cursor', 'validation.cursorInvalid');
  return { v: c.v, k: c.k };
}

/** Filters, actor's scope and the list's own conditions, ANDed. */
export async function buildWhere(list: AnyList, filters: Record<string, unknown>, actor: Actor, ctx: ListCtx): Promise<SQL | undefined> {
  const conds: (SQL | undefined)[] = [];
  if (list.def.scope) conds.push(await list.def.scope(actor, ctx));
  if (list.def.where) conds.push(...(await list.def.where(filters as never, actor, ctx)));
  const present = conds.filter((c): c is SQL => c !== undefined);
  return present.length ? and(...present) : undefined;
}

function select(list: AnyList, ctx: ListCtx, fields: Record<string, PgColumn | SQL | SQL.Aliased>): PgSelect {
  const from = list.def.from;
  if (typeof from === 'function') return from(ctx.db, fields);
  return ctx.db.select(fields).from(from).$dynamic() as unknown as PgSelect;
}

/** The query selecting the key of every matching row (for counts). */
export function keyQuery(list: AnyList, ctx: ListCtx, where: SQL | undefined): PgSelect {
  const fields = { __pk: list.key };
  const q = list.table ? (ctx.db.select(fields).from(list.table).$dynamic() as unknown as PgSelect) : select(list, ctx, fields);
  return q.where(where);
}

function cast(v: string, col: PgColumn): SQL {
  return sql`cast(${v} as ${sql.raw(castType(col))})`;
}

/** Rows strictly after (`>`) or before (`<`) a position in ascending order of (sort column, key). */
function keysetCondition(list: AnyList, sort: ResolvedSort, pos: Position, scan: SortDir): SQL {
  const op = sql.raw(scan === 'asc' ? '>' : '<');
  if (sort.byKey) return sql`${list.key} ${op} ${cast(pos.k, list.key)}`;
  // PostgreSQL row comparison: served by the ascending (sort column, key) index, read backwards for desc.
  return sql`(${sort.col}, ${list.key}) ${op} (${cast(pos.v!, sort.col)}, ${cast(pos.k, list.key)})`;
}

/** Whether a database error is about a value in the query (bad cast, out of range, division by zero). */
export function isDataError(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  const code = e?.cause?.code ?? e?.code;
  return typeof code === 'string' && code.startsWith('22');
}

/**
 * Reads `size` rows from a position (or from the start; `direction: 'prev'` from the end backwards), skipping
 * `offset`. Rows come in the sort's order whichever way they were read.
 */
export async function readPage(list: AnyList, ctx: ListCtx, where: SQL | undefined, sort: ResolvedSort, opts: {
  after?: Position | null; direction?: 'next' | 'prev'; offset?: number; size: number;
  /** Big batches (exports): read through COPY when the query allows it (copy.ts). */
  bulk?: boolean;
}): Promise<RawPage> {
  const back = opts.direction === 'prev';
  const scan: SortDir = back ? (sort.dir === 'asc' ? 'desc' : 'asc') : sort.dir;
  const fields: Record<string, PgColumn | SQL | SQL.Aliased> = { ...list.def.columns, __pk: sql<string>`${list.key}::text` };
  if (!sort.byKey) fields.__k = sql<string>`${sort.col}::text`;
  const order = scan === 'asc' ? asc : desc;
  const cond = opts.after ? and(where, keysetCondition(list, sort, opts.after, scan)) : where;
  let q = select(list, ctx, fields).where(cond);
  q = (sort.byKey ? q.orderBy(order(list.key)) : q.orderBy(order(sort.col), order(list.key))).limit(opts.size + 1);
  if (opts.offset) q = q.offset(opts.offset);
  const src = opts.bulk ? bulkSourceOf(ctx.db) : null;
  // A query the COPY path cannot express, or any error there, falls back to the ordinary query (which reports real errors).
  let rows = src ? await copyRows(src, q, fields, ENGINE_TEXT) : null;
  rows ??= await selectNamed(q, list.def.columns);
  const more = rows.length > opts.size;
  if (more) rows = rows.slice(0, opts.size);
  if (back) rows.reverse();
  const pos = (r: Record<string, unknown> | undefined): Position | null => (r ? { k: String(r.__pk), ...(sort.byKey ? {} : { v: String(r.__k) }) } : null);
  return { rows, first: pos(rows[0]), last: pos(rows[rows.length - 1]), more };
}

/** A raw row as the response carries it: engine fields dropped, times as ISO strings, masked, then `map`. */
const columnKeys = new WeakMap<object, string[]>();

export function shapeRow(list: AnyList, raw: Record<string, unknown>, actor: Actor): Record<string, unknown> {
  let keys = columnKeys.get(list);
  if (!keys) columnKeys.set(list, (keys = Object.keys(list.def.columns)));
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const v = raw[k];
    out[k] = v instanceof Date ? v.toISOString() : typeof v === 'bigint' ? v.toString() : v;
  }
  maskRow(out, list.def.mask as Record<string, 'phone' | 'id'> | undefined, actor);
  return list.def.map ? (list.def.map(out as never, actor) as Record<string, unknown>) : out;
}
