import { sql, type SQL } from 'drizzle-orm';

/** SQL pieces every fact builder uses: business dates of timestamps in a market's zone, and date windows. */

export interface Window { from?: string; to?: string }

/** The business date of a timestamp column in the zone, and a condition keeping the window's dates. */
export const localDate = (col: SQL, tz: string) => sql`(${col} at time zone ${tz})::date`;
export function inWindow(col: SQL, tz: string, w: Window): SQL {
  const parts: SQL[] = [sql`${col} is not null`];
  // Compared as timestamps (not the converted date), so the created_at / paid_at indexes can serve a day's window.
  if (w.from) parts.push(sql`${col} >= (${w.from}::date::timestamp at time zone ${tz})`);
  if (w.to) parts.push(sql`${col} < ((${w.to}::date + 1)::timestamp at time zone ${tz})`);
  return sql.join(parts, sql` and `);
}


/** `col` within the window of business dates (a date column). */
export function dateConds(col: string, w: Window): SQL {
  const parts: SQL[] = [sql`true`];
  if (w.from) parts.push(sql`${sql.identifier(col)} >= ${w.from}::date`);
  if (w.to) parts.push(sql`${sql.identifier(col)} <= ${w.to}::date`);
  return sql.join(parts, sql` and `);
}
