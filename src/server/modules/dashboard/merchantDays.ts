import { asc, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { marketTimeZone } from '../../../schemas/merchant';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/session';
import { addDays, dateIn } from '../lifecycle/clock';
import { isUnscoped } from '../empower/scope';
import { merchant } from '../merchant/merchant.table';

/** A merchant of the account's scope with the business date of its market. */
export interface ScopedMerchant { id: number; name: string; currency: string; zone: string; today: string }

/** The account's merchants (every one for admin_y, none without authorised merchants), each with its market's today. */
export async function scopedMerchants(db: Db, actor: Actor, now: Date): Promise<ScopedMerchant[]> {
  if (!isUnscoped(actor) && !actor.merchantIds.length) return [];
  const rows = await db.select({ id: merchant.id, name: merchant.name, currency: merchant.currency, market: merchant.market }).from(merchant)
    .where(isUnscoped(actor) ? undefined : inArray(merchant.id, actor.merchantIds)).orderBy(asc(merchant.id));
  return rows.map((r) => {
    const zone = marketTimeZone(r.market);
    return { id: r.id, name: r.name, currency: r.currency, zone, today: dateIn(now, zone) };
  });
}

/** Merchants sharing a zone and a business date: a condition per group keeps the SQL short (markets are few). */
export interface DayGroup { zone: string; today: string; ids: number[] }
export function dayGroups(ms: readonly ScopedMerchant[]): DayGroup[] {
  const out = new Map<string, DayGroup>();
  for (const m of ms) {
    const key = `${m.zone}|${m.today}`;
    const g = out.get(key) ?? { zone: m.zone, today: m.today, ids: [] };
    g.ids.push(m.id);
    out.set(key, g);
  }
  return [...out.values()];
}

const anyOf = (parts: SQL[]): SQL => (parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`);
/** `col in (ids)` of a column or a raw SQL expression (ids are never empty: a group has a merchant). */
export const inIds = (col: SQLWrapper, ids: readonly number[]): SQL => sql`${col} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;

/** Rows of a date column between today − `back` and today − `upTo` of each row's merchant. */
export function datesBack(groups: readonly DayGroup[], merchantCol: SQLWrapper, dateCol: SQLWrapper, back: number, upTo = 0): SQL {
  return anyOf(groups.map((g) => sql`(${inIds(merchantCol, g.ids)} and ${dateCol} between ${addDays(g.today, -back)}::date and ${addDays(g.today, -upTo)}::date)`));
}

/**
 * Rows whose timestamp falls on a business date from `from(today)` up to now in its merchant's zone: compared as
 * timestamps, so an index on the time column serves it.
 */
export function timeSince(groups: readonly DayGroup[], merchantCol: SQLWrapper, timeCol: SQLWrapper, from: (today: string) => string): SQL {
  return anyOf(groups.map((g) => sql`(${inIds(merchantCol, g.ids)} and ${timeCol} >= (${from(g.today)}::date::timestamp at time zone ${g.zone})
    and ${timeCol} < ((${g.today}::date + 1)::timestamp at time zone ${g.zone}))`));
}

/** Index of a merchant's date in a series of `days` ending on its today less `shift` days (−1 outside). */
export function seriesIndex(today: string, date: string, days: number, shift = 0): number {
  const back = dayNumber(today) - shift - dayNumber(date);
  return back >= 0 && back < days ? days - 1 - back : -1;
}

/**
 * Days since 1970 of a yyyy-MM-dd date, each date parsed once: a dashboard answer places a thousand fact rows, the
 * cohorts three times (parsing them took 3 ms of its 25). A few hundred dates a year.
 */
const DAY_NUMBERS = new Map<string, number>();
function dayNumber(date: string): number {
  let n = DAY_NUMBERS.get(date);
  if (n === undefined) {
    n = Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
    if (DAY_NUMBERS.size >= 100_000) DAY_NUMBERS.clear();
    DAY_NUMBERS.set(date, n);
  }
  return n;
}
