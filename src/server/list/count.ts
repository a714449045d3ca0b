import { count, sql } from 'drizzle-orm';
import { getTableConfig, type PgSelect, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

export interface Counted {
  /** Exact when `total_exact`, else the planner's estimate (at least cap + 1). */
  total: number;
  total_exact: boolean;
  /** More rows match than the cap that was counted exactly. */
  total_capped: boolean;
}


/** The planner's row estimate of a query (EXPLAIN (FORMAT JSON), never executed). */
export async function plannerEstimate(db: Db, query: PgSelect): Promise<number | null> {
  const res = await db.execute(sql`EXPLAIN (FORMAT JSON) ${query}`);
  let plan = rowsOf(res)[0]?.['QUERY PLAN'];
  if (typeof plan === 'string') plan = JSON.parse(plan);
  const rows = (plan as Array<{ Plan?: { 'Plan Rows'?: number } }> | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' && Number.isFinite(rows) ? rows : null;
}

/** pg_class.reltuples of a table: the size ANALYZE/autovacuum last saw; null when never analysed (-1). */
export async function tableEstimate(db: Db, table: PgTable): Promise<number | null> {
  const { name, schema } = getTableConfig(table);
  const qualified = schema ? `"${schema}"."${name}"` : `"${name}"`;
  const res = await db.execute(sql`select reltuples::float8 as n from pg_class where oid = to_regclass(${qualified})`);
  const n = Number(rowsOf(res)[0]?.n);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/**
 * Counts at most cap + 1 matching rows (`count(*)` over a `LIMIT cap+1` subquery, so the work is bounded);
 * past the cap the total is the estimate: the table's size when nothing filters it, else the plan's rows.
 * `keyQuery` builds (fresh each call: builders are mutable) the query selecting the key of the matching rows,
 * with no ORDER BY or LIMIT.
 */
export async function cappedCount(db: Db, keyQuery: () => PgSelect, cap: number, opts: { table?: PgTable | null; filtered: boolean }): Promise<Counted> {
  const sub = keyQuery().limit(cap + 1).as('capped');
  const [{ n }] = await db.select({ n: count() }).from(sub);
  const c = Number(n);
  if (c <= cap) return { total: c, total_exact: true, total_capped: false };
  let estimate: number | null = null;
  if (!opts.filtered && opts.table) estimate = await tableEstimate(db, opts.table);
  if (estimate === null) {
    estimate = await plannerEstimate(db, keyQuery());
  }
  return { total: Math.max(Math.round(estimate ?? 0), cap + 1), total_exact: false, total_capped: true };
}

/**
 * Totals of recent first pages, reused by the requests that continue them (a cursor or an offset: scrolling a grid
 * asks for many pages of the same query, and each would count again). Keyed by list, account and filters; short-lived.
 */
const TTL_MS = 30_000;
const MAX_ENTRIES = 1_000;
const recent = new Map<string, { at: number; counted: Counted }>();

export function countKey(listId: string, accountId: number, filters: Record<string, unknown>): string {
  const stable = Object.keys(filters).sort().filter((k) => filters[k] !== undefined).map((k) => [k, filters[k]]);
  return `${listId}\u0000${accountId}\u0000${JSON.stringify(stable)}`;
}

export function recentCount(key: string, now: number): Counted | undefined {
  const hit = recent.get(key);
  if (!hit) return undefined;
  if (now - hit.at > TTL_MS) {
    recent.delete(key);
    return undefined;
  }
  return hit.counted;
}

export function rememberCount(key: string, counted: Counted, now: number): void {
  recent.delete(key);
  recent.set(key, { at: now, counted });
  if (recent.size > MAX_ENTRIES) recent.delete(recent.keys().next().value as string);
}
