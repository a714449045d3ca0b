import dayjs from 'dayjs';
import { DATE_FORMAT } from '../../app/lib/time';

/** Page sizes offered by the log screens (the server takes at most 500). */
export const PAGE_SIZES = [20, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;

/** The request for a page: filters without empty values, plus page (from 1) and page_size. */
export function pageQuery(filters: Record<string, unknown>, page: number, pageSize: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(filters)) {
    const val = typeof v === 'string' ? v.trim() : v;
    if (val === '' || val === null || val === undefined) continue;
    out[k] = val;
  }
  return { ...out, page, page_size: pageSize };
}

/** Number of pages for a total (at least 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** The last `days` days up to today, as YYYY-MM-DD (browser's calendar; the server reads days in the business zone). */
export function lastDays(days: number, now: Date = new Date()): { date_from: string; date_to: string } {
  const to = dayjs(now);
  return { date_from: to.subtract(days - 1, 'day').format(DATE_FORMAT), date_to: to.format(DATE_FORMAT) };
}

/** A date range whose end is before its start is swapped, so the user gets rows rather than nothing. */
export function orderedRange<T extends { date_from?: string; date_to?: string }>(f: T): T {
  if (f.date_from && f.date_to && f.date_from > f.date_to) return { ...f, date_from: f.date_to, date_to: f.date_from };
  return f;
}

/** Minutes as whole hours and minutes (for "3 h 20 min"). */
export function splitMinutes(total: number): { hours: number; minutes: number } {
  const m = Math.max(0, Math.round(total));
  return { hours: Math.floor(m / 60), minutes: m % 60 };
}
