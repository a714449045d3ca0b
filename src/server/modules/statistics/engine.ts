import { inArray, sql, type SQL } from 'drizzle-orm';
import type { GroupBy, ReportDecl, StatPage, StatResult, StatRow } from '../../../schemas/statistics';
import { REPAY_OFFSETS, offsetKey, statQuery } from '../../../schemas/statistics';
import type { z } from 'zod';
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
}

const col = (name: string) => sql`sum(${sql.identifier(name)})`;
const DAILY = 'stat_daily';

export const SOURCES: Partial<Record<StatPage, ReportSource>> = {
  orderStatistics: {
    table: DAILY, dateColumn: 'business_date',
    sums: { applied: col('applied'), rejected: col('rejected'), disbursed: col('disbursed'), settled: col('settled'), overdue: col('overdue') },
  },
  financialSummary: {
    table: DAILY, dateColumn: 'business_date',
    sums: {
      principal_out: col('principal_out_minor'), paid_out: col('paid_out_minor'), fees: col('fees_minor'),
      in_principal: col('in_principal_minor'), in_interest: col('in_interest_minor'), in_fee: col('in_fee_minor'), in_penalty: col('in_penalty_minor'),
      extension_fees: col('extension_fees_minor'), reductions: col('reductions_minor'),
      net_cash: sql`sum(in_principal_minor + in_interest_minor + in_fee_minor + in_penalty_minor + extension_fees_minor - paid_out_minor)`,
    },
  },
  repaymentStatisticsRecord: {
    table: 'stat_repay_cohort', dateColumn: 'due_date',
    sums: {
      orders: col('orders'), amount: col('amount_minor'),
      ...Object.fromEntries(REPAY_OFFSETS.flatMap((k) => [
        [`settled_${offsetKey(k)}`, sql`coalesce(sum(orders) filter (where settle_offset <= ${k}), 0)`],
        [`settled_amount_${offsetKey(k)}`, sql`coalesce(sum(amount_minor) filter (where settle_offset <= ${k}), 0)`],
      ])),
    },
  },
};

const KEY_SQL: Record<GroupBy, (dateColumn: string) => SQL> = {
  date: (c) => sql`to_char(${sql.identifier(c)}, 'YYYY-MM-DD')`,
  merchant: () => sql`merchant_id::text`,
  product: () => sql`product_id::text`,
  channel: () => sql`channel_id::text`,
  customer_type: () => sql`case when "returning" then 'returning' else 'new' end`,
};

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
  return sql.join(parts.filter((p): p is SQL => !!p), sql` and `);
}

/** Fills the rates of a set of summed values from their numerators and denominators (0 when nothing to divide). */
export function withRates(decl: ReportDecl, values: Record<string, number>): Record<string, number> {
  const out = { ...values };
  for (const m of decl.measures) {
    if (m.unit !== 'rate' || !m.numerator || !m.denominator) continue;
    const den = values[m.denominator] ?? 0;
    out[m.key] = den ? (values[m.numerator] ?? 0) / den : 0;
  }
  return out;
}

export async function runReport(db: Db, decl: ReportDecl, src: ReportSource, q: StatFilters, actor: Actor): Promise<StatResult> {
  const key = KEY_SQL[q.group_by](src.dateColumn);
  const keys = Object.keys(src.sums);
  const selects = keys.map((k) => sql`${src.sums[k]} as ${sql.identifier(k)}`);
  const where = whereOf(decl, src, q, actor);
  const raw = rowsOf<Record<string, unknown>>(await db.execute(sql`select ${key} as key, ${sql.join(selects, sql`, `)}
    from ${sql.identifier(src.table)} where ${where} group by 1`));
  const totals: Record<string, number> = Object.fromEntries(keys.map((k) => [k, 0]));
  let rows: StatRow[] = raw.map((r) => {
    const values: Record<string, number> = {};
    for (const k of keys) {
      values[k] = Number(r[k] ?? 0);
      totals[k] += values[k];
    }
    return { key: String(r.key), values: withRates(decl, values) };
  });
  rows = sortRows(rows, q.sort, q.group_by);
  await label(db, q.group_by, rows);
  const currencies = rowsOf<{ currency: string }>(await db.execute(sql`select distinct m.currency from merchant m
    where m.id in (select distinct merchant_id from ${sql.identifier(src.table)} where ${where})`));
  return { report: decl.id, group_by: q.group_by, rows, totals: withRates(decl, totals), currency: currencies.length === 1 ? currencies[0].currency : null };
}

function sortRows(rows: StatRow[], sort: string | undefined, groupBy: GroupBy): StatRow[] {
  const [field, dir] = (sort ?? 'key:asc').split(':');
  const sign = dir === 'desc' ? -1 : 1;
  const numericKey = groupBy === 'merchant' || groupBy === 'product' || groupBy === 'channel';
  const byKey = (a: StatRow, b: StatRow) => (numericKey ? Number(a.key) - Number(b.key) : a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  const cmp = field === 'key' || !(field in (rows[0]?.values ?? {}))
    ? byKey
    : (a: StatRow, b: StatRow) => (a.values[field] - b.values[field]) || byKey(a, b);
  return [...rows].sort((a, b) => sign * cmp(a, b));
}

/** Names of merchant, product and channel keys. */
async function label(db: Db, groupBy: GroupBy, rows: StatRow[]): Promise<void> {
  const ids = rows.map((r) => Number(r.key)).filter((n) => n > 0);
  if (!ids.length) return;
  const table = groupBy === 'merchant' ? merchant : groupBy === 'product' ? product : groupBy === 'channel' ? channel : null;
  if (!table) return;
  const names = await db.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, ids));
  const byId = new Map(names.map((n) => [String(n.id), n.name]));
  for (const r of rows) r.label = byId.get(r.key);
}
