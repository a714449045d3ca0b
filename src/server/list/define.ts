import { inArray, type Column, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Actor } from '../plugins/session';
import { isUnscoped } from '../modules/empower/scope';

/**
 * A list declared once serves its screen, the grid's keyset scrolling, the spec's page/size callers and
 * `download_excel=1` exports (docs/list-engine.md).
 */

export type SortDir = 'asc' | 'desc';
export type MaskKind = 'phone' | 'id';

/** What a list's hooks may read besides the actor: the database, settings and the clock. */
export interface ListCtx {
  db: Db;
  cfg: Config;
  now: () => Date;
}

/** The select map: response field → column or SQL expression. */
export type ListColumns = Record<string, PgColumn | SQL | SQL.Aliased>;

/**
 * Builder for lists that join: receives the database and the fields to select and returns the query *before*
 * WHERE / ORDER BY / LIMIT, made dynamic: `(db, fields) => db.select(fields).from(order).innerJoin(...).$dynamic()`.
 */
export type FromFactory = (db: Db, fields: Record<string, PgColumn | SQL | SQL.Aliased>) => PgSelect;

type Out<T> = T extends Date ? string : T;
type ValueOf<C> = C extends Column<infer T>
  ? T['notNull'] extends true ? Out<T['data']> : Out<T['data']> | null
  : C extends SQL.Aliased<infer U> ? Out<U>
    : C extends SQL<infer U> ? Out<U> : unknown;
/** A row as the response carries it: the columns' values, timestamps as ISO strings. */
export type ListRow<C extends ListColumns> = { [K in keyof C]: ValueOf<C[K]> };

export interface ExportColumn<R> {
  /** Field of the (masked, mapped) row. */
  key: keyof R & string;
  /** Message id of the header, translated into the exporting account's language. */
  title: string;
  /** Cell value when it is not the field as is (money in major units, a dictionary label…). */
  value?(row: R): unknown;
  /**
   * What `value` computes, as data, so that an export can take the fast path (exportText.ts) without calling it:
   * set by the helpers of values.ts (moneyColumn, labelColumn) together with the `value` it describes.
   */
  text?: { money: string } | { label: [string, string] };
}

export interface ListDef<F extends z.ZodObject, C extends ListColumns, S extends string, R> {
  /** Command id of the screen (`log.admin_login`); export jobs are recorded under it. */
  id: string;
  /** Permission node(s) of the list route (any of them grants). */
  permission: string | string[];
  /** The table, or a builder for joined lists (then `key` is required). */
  from: PgTable | FromFactory;
  /**
   * For a builder whose joins only fetch columns (LEFT JOINs on a primary key: no row filtered out nor repeated, and no
   * filter, scope or key reading the joined tables): the base table, which counts read alone. PostgreSQL removes such
   * joins from a count, but only after it has settled which columns the base table must give, so the count could not
   * be an index-only scan (all orders with status = overdue: a sequential scan of 9,000 pages, 32 ms, for 171 index
   * pages, 5 ms). Also the table whose size estimates an unfiltered total.
   */
  countFrom?: PgTable;
  /** Primary key, the tie-breaker of every sort; defaults to the table's single-column primary key. */
  key?: PgColumn;
  columns: C;
  /** Filters as a zod object; every field optional. Names of the engine's own parameters are refused. */
  filters: F;
  where?(filters: z.infer<F>, actor: Actor, ctx: ListCtx): (SQL | undefined)[] | Promise<(SQL | undefined)[]>;
  /** Authorised merchants (`merchantScope(column)`); undefined for an actor that sees everything. */
  scope?(actor: Actor, ctx: ListCtx): SQL | undefined | Promise<SQL | undefined>;
  /** Sortable columns (NOT NULL, each with an ascending index ending in the key). */
  sorts: Record<S, PgColumn>;
  defaultSort: `${NoInfer<S>}:${SortDir}`;
  /** Fields masked for actors with privacy protection (lists and exports alike). */
  mask?: Partial<Record<keyof C & string, MaskKind>>;
  /** Row post-processor, after masking (deep masking of JSON fields, derived fields). */
  map?(row: ListRow<C>, actor: Actor): R;
  exportColumns: ExportColumn<R>[];
  /** Largest `size` accepted (500). */
  maxSize?: number;
  /** `size` when none is sent (50). */
  defaultSize?: number;
  /** Deepest `offset` (or page × size) accepted (100,000): past it, the cursor. */
  maxOffset?: number;
  /** Rows counted exactly before the total is estimated (10,000). */
  countCap?: number;
}

export interface List<F extends z.ZodObject = z.ZodObject, C extends ListColumns = ListColumns, S extends string = string, R = ListRow<C>>
  extends Required<Pick<ListDef<F, C, S, R>, 'maxSize' | 'defaultSize' | 'maxOffset' | 'countCap'>> {
  def: ListDef<F, C, S, R>;
  id: string;
  key: PgColumn;
  /** The base table when `from` is one, else `countFrom` (what counts read, and the table-size estimate). */
  table: PgTable | null;
  sortKeys: string[];
  defaultSort: { key: S; dir: SortDir };
}

/** Any declared list, as the engine's functions take it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyList = List<any, any, any, any>;

export const LIST_DEFAULTS = { maxSize: 500, defaultSize: 50, maxOffset: 100_000, countCap: 10_000 } as const;

/** Query parameters of the engine itself; a filter may not reuse these names. */
export const ENGINE_PARAMS = ['cursor', 'direction', 'offset', 'page', 'size', 'page_size', 'sort', 'download_excel', 'format', 'token'] as const;

/** Column types a cursor can carry as text and cast back without loss. */
const SORTABLE = /^(smallint|integer|bigint|serial|bigserial|smallserial|numeric|decimal|real|double precision|boolean|text|varchar|char|character|uuid|date|time|timestamp)/;

export function assertSortable(listId: string, name: string, col: PgColumn): void {
  if (!col.notNull && !col.primary) throw new Error(`list ${listId}: sort column ${name} (${col.name}) must be NOT NULL for keyset paging`);
  if (!SORTABLE.test(col.getSQLType())) throw new Error(`list ${listId}: sort column ${name} has type ${col.getSQLType()}, which cannot be a keyset`);
}

/** Declares a list; throws at start when the declaration could not page correctly. */
export function defineList<F extends z.ZodObject, C extends ListColumns, S extends string, R = ListRow<C>>(def: ListDef<F, C, S, R>): List<F, C, S, R> {
  const table = def.from instanceof PgTable ? def.from : def.countFrom ?? null;
  let key = def.key;
  if (!key && table) {
    const pks = getTableConfig(table).columns.filter((c) => c.primary);
    if (pks.length === 1) key = pks[0];
  }
  if (!key) throw new Error(`list ${def.id}: give \`key\` (a single-column primary key) for a joined list or a table without one`);
  assertSortable(def.id, 'key', key);
  for (const [name, col] of Object.entries(def.sorts) as [string, PgColumn][]) {
    if (!/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(name)) throw new Error(`list ${def.id}: sort key ${name} is not a plain name`);
    assertSortable(def.id, name, col);
  }
  const shape = Object.keys(def.filters.shape);
  const clash = shape.filter((k) => (ENGINE_PARAMS as readonly string[]).includes(k));
  if (clash.length) throw new Error(`list ${def.id}: filters may not be named ${clash.join(', ')} (engine parameters)`);
  for (const [k, v] of Object.entries(def.filters.shape) as [string, z.ZodType][]) {
    if (!v.safeParse(undefined).success) throw new Error(`list ${def.id}: filter ${k} must be optional`);
  }
  const [sk, sd] = def.defaultSort.split(':') as [S, SortDir];
  if (!(sk in def.sorts) || (sd !== 'asc' && sd !== 'desc')) throw new Error(`list ${def.id}: defaultSort ${def.defaultSort} is not in sorts`);
  const hidden = Object.keys(def.columns).filter((k) => k.startsWith('__'));
  if (hidden.length) throw new Error(`list ${def.id}: column names starting with __ are reserved (${hidden.join(', ')})`);
  const maxSize = def.maxSize ?? LIST_DEFAULTS.maxSize;
  return {
    def, id: def.id, key, table,
    sortKeys: Object.keys(def.sorts),
    defaultSort: { key: sk, dir: sd },
    maxSize,
    defaultSize: Math.min(def.defaultSize ?? LIST_DEFAULTS.defaultSize, maxSize),
    maxOffset: def.maxOffset ?? LIST_DEFAULTS.maxOffset,
    countCap: def.countCap ?? LIST_DEFAULTS.countCap,
  };
}

/**
 * `scope` of a list whose rows belong to a merchant: the actor's authorised merchants; admin_y sees every row; an
 * account with no merchants sees none (scoping fails closed, DESIGN §6c).
 */
export function merchantScope(column: PgColumn): (actor: Actor) => SQL | undefined {
  return (actor) => (isUnscoped(actor) ? undefined : inArray(column, actor.merchantIds));
}
