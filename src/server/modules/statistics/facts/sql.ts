import { sql, type SQL } from 'drizzle-orm';
import { addDays } from '../../lifecycle/clock';

/** SQL pieces every fact builder uses: business dates of timestamps in a market's zone, and date windows. */

export interface Window { from?: string; to?: string }

/** A constant integer inlined into the SQL (date + integer needs a typed operand; these are ours, never input). */
export const intSql = (k: number): SQL => sql.raw(String(Math.trunc(k)));

/** The business date of a timestamp column in the zone, and a condition keeping the window's dates. */
export const localDate = (col: SQL, tz: string) => sql`(${col} at time zone ${tz})::date`;
export function inWindow(col: SQL, tz: string, w: Window): SQL {
  const parts: SQL[] = [sql`${col} is not null`];
  // Compared as timestamps (not the converted date), so the created_at / paid_at indexes can serve a day's window.
  if (w.from) parts.push(sql`${col} >= (${w.from}::date::timestamp at time zone ${tz})`);
  if (w.to) parts.push(sql`${col} < ((${w.to}::date + 1)::timestamp at time zone ${tz})`);
  return sql.join(parts, sql` and `);
}

/**
 * Business dates as windows, consecutive ones merged; with `merchant` (a condition), each window of `col` carries it,
 * so that each is one range of a (merchant, time) index — with the merchant outside the OR, PostgreSQL may AND a
 * bitmap of the merchant's whole table (2,000,000 history entries at 1M orders) with the windows'.
 */
export function dateRuns(dates: readonly string[]): Window[] {
  const out: Window[] = [];
  for (const d of [...dates].sort()) {
    const last = out[out.length - 1];
    if (last && addDays(last.to!, 1) === d) last.to = d;
    else out.push({ from: d, to: d });
  }
  return out;
}
export function inWindows(merchant: SQL, col: SQL, tz: string, ws: readonly Window[]): SQL {
  if (!ws.length) return sql`false`;
  return sql`(${sql.join(ws.map((w) => sql`(${merchant} and ${inWindow(col, tz, w)})`), sql` or `)})`;
}

/** `col` within the window of business dates (a date column). */
export function dateConds(col: string, w: Window): SQL {
  const parts: SQL[] = [sql`true`];
  if (w.from) parts.push(sql`${sql.identifier(col)} >= ${w.from}::date`);
  if (w.to) parts.push(sql`${sql.identifier(col)} <= ${w.to}::date`);
  return sql.join(parts, sql` and `);
}

/**
 * Fills a roll-up from its table for one merchant's rows matching `which`: the `keys` kept (merchant_id first), the
 * `cols` summed over everything else. The caller has deleted the same rows of the roll-up, in the same transaction.
 */
export function resumSql(rollup: string, table: string, keys: readonly string[], cols: readonly string[], merchantId: number, which: SQL): SQL {
  const groups = sql.join(keys.map((k) => sql.identifier(k)), sql`, `);
  const names = sql.join(cols.map((c) => sql.identifier(c)), sql`, `);
  const sums = sql.join(cols.map((c) => sql`sum(${sql.identifier(c)})`), sql`, `);
  return sql`insert into ${sql.identifier(rollup)} (${groups}, ${names})
    select ${groups}, ${sums} from ${sql.identifier(table)} where merchant_id = ${merchantId} and ${which} group by ${groups}`;
}
