import { inArray, sql, type SQL } from 'drizzle-orm';
import type { GroupBy, ReportDecl, StatResult, StatRow } from '../../../schemas/statistics';
import type { statQuery } from '../../../schemas/statistics';
import type { z } from 'zod';
import { adminAccount } from '../empower/empower.table';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Actor } from '../../plugins/session';
import { isUnscoped } from '../empower/scope';
import { channel } from '../merchant/channel.table';
import { merchant } from '../merchant/merchant.table';
import { product } from '../merchant/product.table';

/**
 * The report engine: a declared report (src/schemas/statistics.ts) plus its source here — a fact table, the column of
 * its date dimension and an SQL sum per stored measure — answers any filter, grouping and sort. Rates are computed
 * from their numerator and denominator after summing, so a totals row is the rate of the totals, not a mean of rates.
 */
export interface ReportSource {
  table: string;
  dateColumn: string;
  sums: Record<string, SQL>;
  /**
   * Group-bys the table has beyond the defaults (KEY_SQL), or other SQL for them: a text key per row, or a key read
   * from a joined table (`KeyJoin`). A function is given the table the query reads (`table` or `rollup`).
   */
  keys?: Partial<Record<GroupBy, SQL | ((table: string) => SQL | KeyJoin)>>;
  /** A condition every query of the source adds (e.g. external channels only). */
  where?: SQL;
  /** The column `staff_id` filters on. */
  staffColumn?: string;
  /** Names of the keys of a group-by the defaults do not label (stage, bucket …); undefined = shown as they are. */
  labels?: (db: Db, groupBy: GroupBy, keys: string[]) => Promise<Map<string, string> | undefined>;
  /**
   * The table summed over product, channel and new/returning (same other columns, or only those the source's report
   * can ask for), read instead of `table` when the query neither filters nor groups by those three (or only by those
   * of them it keeps, `rollupKeeps`): the same figures from a fraction of the rows.
   */
  rollup?: string;
  /** Slices the roll-up keeps (its rows still have the column): asking for them does not send the query to `table`. */
  rollupKeeps?: readonly Slice[];
  /** The sums as the roll-up's columns give them, when its columns are not the table's (the same keys as `sums`). */
  rollupSums?: Record<string, SQL>;
  /** A report the generic query cannot express (a matrix, a list): answers the whole request itself. */
  run?: (db: Db, decl: ReportDecl, q: StatFilters, actor: Actor) => Promise<StatResult>;
}

/** `sum(<column>)`: the usual stored measure. */
export const col = (name: string): SQL => sql`sum(${sql.identifier(name)})`;

/** Group-by keys of every fact table (merchant, product, channel, returning and a date column). */
const KEY_SQL: Partial<Record<GroupBy, (dateColumn: string) => SQL>> = {
  date: (c) => sql`to_char(${sql.identifier(c)}, 'YYYY-MM-DD')`,
  week: (c) => sql`to_char(date_trunc('week', ${sql.identifier(c)}), 'YYYY-MM-DD')`,
  month: (c) => sql`to_char(date_trunc('month', ${sql.identifier(c)}), 'YYYY-MM-DD')`,
  merchant: () => sql`merchant_id::text`,
  product: () => sql`product_id::text`,
  channel: () => sql`channel_id::text`,
  customer_type: () => sql`case when "returning" then 'returning' else 'new' end`,
};

/** The group-by a query asks for: the declaration's default when none (or one the report does not offer). */
export function groupOf(decl: ReportDecl, q: StatFilters): GroupBy {
  const g = q.group_by ?? decl.defaultGroupBy ?? 'date';
  return decl.groupBys.includes(g) ? g : (decl.defaultGroupBy ?? decl.groupBys[0] ?? 'date');
}

/**
 * A key read from another table: `join` (a LEFT JOIN on a unique key, so no row is lost or repeated) follows the fact
 * table, and `key` names its columns. The joined relation's column names must not be the fact table's (the report's
 * conditions and sums name those unqualified).
 */
export interface KeyJoin { key: SQL; join: SQL }

/** The key of group-by `g` in the rows of `table` (the source's table or its roll-up), and the join it needs. */
export function keySql(src: ReportSource, g: GroupBy, table: string = src.table): KeyJoin {
  const own = src.keys?.[g];
  const k = typeof own === 'function' ? own(table) : own ?? KEY_SQL[g]?.(src.dateColumn);
  if (!k) throw new Error(`group_by ${g} has no key in ${table}`);
  return 'join' in k && 'key' in k ? k : { key: k as SQL, join: sql`` };
}

export type StatFilters = z.output<typeof statQuery>;

/** Merchants the actor may read: null = every one; an empty list = none (scoping fails closed). */
function scopeSql(actor: Actor): SQL | undefined {
  if (isUnscoped(actor)) return undefined;
  return actor.merchantIds.length ? sql`merchant_id in (${sql.join(actor.merchantIds.map((id) => sql`${id}`), sql`, `)})` : sql`false`;
}

export function whereOf(decl: ReportDecl, src: ReportSource, q: StatFilters, actor: Actor): SQL {
  const d = sql.identifier(src.dateColumn);
  const parts: (SQL | undefined)[] = [sql`${d} >= ${q.date_from}::date`, sql`${d} <= ${q.date_to}::date`, scopeSql(actor)];
  const has = (f: string) => decl.filters.includes(f as never);
  if (has('merchant_id') && q.merchant_id) parts.push(sql`merchant_id = ${q.merchant_id}`);
  if (has('product_id') && q.product_id) parts.push(sql`product_id = ${q.product_id}`);
  if (has('channel_id') && q.channel_id) parts.push(sql`channel_id = ${q.channel_id}`);
  if (has('customer_type') && q.customer_type) parts.push(sql`"returning" = ${q.customer_type === 'returning'}`);
  if (src.where) parts.push(src.where);
  if (has('staff_id') && q.staff_id && src.staffColumn) parts.push(sql`${sql.identifier(src.staffColumn)} = ${q.staff_id}`);
  return sql.join(parts.filter((p): p is SQL => !!p), sql` and `);
}

/** The slices a roll-up may sum away, each with its group-by and its filter. */
const SLICES = { product: 'product_id', channel: 'channel_id', customer_type: 'customer_type' } as const;
export type Slice = keyof typeof SLICES;

/** Whether the query filters or groups by a slice a roll-up has summed away (product, channel, new/returning; not `kept`). */
export function usesSlices(decl: ReportDecl, q: StatFilters, groupBy: GroupBy, kept: readonly Slice[] = []): boolean {
  const has = (f: string) => decl.filters.includes(f as never);
  return (Object.entries(SLICES) as [Slice, keyof StatFilters][]).some(([slice, filter]) =>
    !kept.includes(slice) && (groupBy === slice || (has(filter) && !!q[filter])));
}

/** Fills the rates of a set of summed values from their numerators and denominators (0 when nothing to divide). */
export function withRates(decl: ReportDecl, values: Record<string, number>): Record<string, number> {
  const out = { ...values };
  for (const m of decl.measures) {
    // Rates, and means (a duration's total over its count): both are quotients of summed figures.
    if (!m.numerator || !m.denominator) continue;
    const den = values[m.denominator] ?? 0;
    out[m.key] = den ? (values[m.numerator] ?? 0) / den : 0;
  }
  return out;
}

export async function runReport(db: Db, decl: ReportDecl, src: ReportSource, q: StatFilters, actor: Actor): Promise<StatResult> {
  if (src.run) return src.run(db, decl, q, actor);
  const groupBy = groupOf(decl, q);
  const table = src.rollup && !usesSlices(decl, q, groupBy, src.rollupKeeps) ? src.rollup : src.table;
  const { key, join } = keySql(src, groupBy, table);
  const sums = table === src.rollup && src.rollupSums ? src.rollupSums : src.sums;
  const keys = Object.keys(sums);
  const selects = keys.map((k) => sql`${sums[k]} as ${sql.identifier(k)}`);
  const where = whereOf(decl, src, q, actor);
  // The currencies behind each row come with the sums, as a bit per currency (the report's currency is the rows' one
  // when they share it): a second query would read the same rows again.
  const cur = await currencyBits(db);
  const raw = rowsOf<Record<string, unknown>>(await db.execute(sql`select ${key} as key, ${sql.join(selects, sql`, `)},
      bit_or((${cur.byMerchant}::bigint[])[merchant_id]) as currencies
    from ${sql.identifier(table)} ${join} where ${where} group by 1`));
  let mask = 0n;
  const totals: Record<string, number> = Object.fromEntries(keys.map((k) => [k, 0]));
  let rows: StatRow[] = raw.map((r) => {
    const values: Record<string, number> = {};
    for (const k of keys) {
      values[k] = Number(r[k] ?? 0);
      totals[k] += values[k];
    }
    mask |= BigInt(String(r.currencies ?? 0));
    return { key: String(r.key), values: withRates(decl, values) };
  });
  rows = sortRows(rows, q.sort, groupBy);
  await label(db, src, groupBy, rows);
  return { report: decl.id, group_by: groupBy, rows, totals: withRates(decl, totals), currency: cur.of(mask) };
}

/**
 * Each merchant's currency as one bit (an array indexed by merchant id, for `bit_or` in the report's query), and the
 * currency a mask of them names: the one currency when a single bit is set, else none (mixed or no rows).
 */
async function currencyBits(db: Db): Promise<{ byMerchant: string; of: (mask: bigint) => string | null }> {
  const merchants = await db.select({ id: merchant.id, currency: merchant.currency }).from(merchant);
  const codes = [...new Set(merchants.map((m) => m.currency))].sort();
  const bit = new Map(codes.map((c, i) => [c, 1n << BigInt(i % 63)]));
  const max = Math.max(0, ...merchants.map((m) => m.id));
  const arr = new Array<string>(max).fill('0');
  for (const m of merchants) arr[m.id - 1] = String(bit.get(m.currency));
  return {
    byMerchant: `{${arr.join(',')}}`,
    // More than 63 currencies would share bits: then a single bit no longer names one.
    of: (mask) => (codes.length <= 63 && mask && (mask & (mask - 1n)) === 0n ? codes[[...bit.values()].indexOf(mask)] : null),
  };
}

/** Key ascending by default, else by a measure (ties by key); numeric keys (ids, buckets) in number order. */
export function sortRows(rows: StatRow[], sort: string | undefined, groupBy: GroupBy): StatRow[] {
  const [field, dir] = (sort ?? 'key:asc').split(':');
  const sign = dir === 'desc' ? -1 : 1;
  const numericKey = rows.length > 0 && rows.every((r) => /^-?\d+$/.test(r.key)) && !/^(date|week|month)$/.test(groupBy);
  const byKey = (a: StatRow, b: StatRow) => (numericKey ? Number(a.key) - Number(b.key) : a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  const cmp = field === 'key' || !(field in (rows[0]?.values ?? {}))
    ? byKey
    : (a: StatRow, b: StatRow) => (a.values[field] - b.values[field]) || byKey(a, b);
  return [...rows].sort((a, b) => sign * cmp(a, b));
}

/** Names of the row keys: merchants, products, channels and staff by default, the source's own labels otherwise. */
async function label(db: Db, src: ReportSource, groupBy: GroupBy, rows: StatRow[]): Promise<void> {
  if (!rows.length) return;
  const own = await src.labels?.(db, groupBy, rows.map((r) => r.key));
  if (own) {
    for (const r of rows) r.label = own.get(r.key) ?? r.label;
    return;
  }
  const ids = rows.map((r) => Number(r.key)).filter((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647);
  if (!ids.length) return;
  let byId: Map<string, string>;
  if (groupBy === 'staff') {
    const names = await db.select({ id: adminAccount.id, name: adminAccount.name, account: adminAccount.account }).from(adminAccount).where(inArray(adminAccount.id, ids));
    byId = new Map(names.map((n) => [String(n.id), n.name || n.account]));
  } else {
    const table = groupBy === 'merchant' ? merchant : groupBy === 'product' ? product : groupBy === 'channel' ? channel : null;
    if (!table) return;
    const names = await db.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, ids));
    byId = new Map(names.map((n) => [String(n.id), n.name]));
  }
  for (const r of rows) r.label = byId.get(r.key) ?? r.label;
}
