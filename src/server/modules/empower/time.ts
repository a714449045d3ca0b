import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/;

/** A filter bound as a timestamptz: a day or a local time is read in the business time zone, an ISO time with a zone as is. */
function moment(s: string, timeZone: string): SQL {
  if (HAS_ZONE.test(s)) return sql`${s}::timestamptz`;
  return sql`(${s}::timestamp at time zone ${timeZone})`;
}

/**
 * Conditions for `date_from` / `date_to` filters on a timestamptz column. A day-only `date_to` includes the
 * whole day (< next midnight); a time is inclusive. Both bounds compare the bare column, so its index is used.
 */
export function dateRange(column: SQLWrapper, from: string | undefined, to: string | undefined, timeZone: string): SQL[] {
  const out: SQL[] = [];
  if (from) out.push(sql`${column} >= ${moment(from, timeZone)}`);
  if (to) {
    out.push(DATE_ONLY.test(to)
      ? sql`${column} < ((${to}::date + 1)::timestamp at time zone ${timeZone})`
      : sql`${column} <= ${moment(to, timeZone)}`);
  }
  return out;
}

/** YYYY-MM-DD of `now` in a time zone; YYYY-MM-DD `days` after a date (the business clock's own). */
export { dateIn as localDate, addDays } from '../lifecycle/clock';

/** Midnight of a local day in the business time zone, as SQL. */
export function dayStart(date: string, timeZone: string): SQL {
  return sql`(${date}::date::timestamp at time zone ${timeZone})`;
}

export function iso(d: Date | string | null | undefined): string | null {
  if (d == null) return null;
  return (d instanceof Date ? d : new Date(d)).toISOString();
}
