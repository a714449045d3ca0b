import type { Drill, GroupBy } from '../../schemas/statistics';

/**
 * The pure side of the report screen: the default date range, moving a range by its own length, and where a count
 * drills down to in /review/allOrder.
 */
export interface DayRange {
  date_from: string;
  date_to: string;
}

const DAY_MS = 86_400_000;
const toDays = (d: string) => Date.parse(`${d}T00:00:00Z`) / DAY_MS;
const fromDays = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The calendar date of `at` where the console runs (YYYY-MM-DD). */
export function localDay(at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())}`;
}

/** The last `days` days up to and including `today`. */
export function lastDays(today: string, days = 30): DayRange {
  return { date_from: fromDays(toDays(today) - days + 1), date_to: today };
}

/** The range of the same length just before (-1) or just after (+1) this one. */
export function shiftRange(r: DayRange, dir: 1 | -1): DayRange {
  const len = toDays(r.date_to) - toDays(r.date_from) + 1;
  return { date_from: fromDays(toDays(r.date_from) + dir * len), date_to: fromDays(toDays(r.date_to) + dir * len) };
}

export const ALL_ORDERS_PATH = '/review/allOrder';
/** The all-orders filter a row's group key fixes. */
const DIMENSION_FILTER: Partial<Record<GroupBy, string>> = {
  merchant: 'merchant_id', product: 'product_id', channel: 'channel_id', customer_type: 'customer_type',
};
const SLICE_FILTERS = ['merchant_id', 'product_id', 'channel_id', 'customer_type'] as const;
const PERIODS: readonly GroupBy[] = ['date', 'week', 'month'];

/** The last day of the month of `d` (YYYY-MM-DD). */
function monthEnd(d: string): string {
  const [y, m] = d.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/**
 * The days a row stands for: its date, its week (Monday to Sunday) or its month, inside the report's range (the
 * first and last weeks or months of a range are partial); the whole range for the totals row and other groupings.
 */
export function rowRange(query: DayRange, groupBy: GroupBy, rowKey: string | null): DayRange {
  if (rowKey === null || !/^\d{4}-\d{2}-\d{2}$/.test(rowKey)) return { date_from: query.date_from, date_to: query.date_to };
  const end = groupBy === 'date' ? rowKey : groupBy === 'week' ? fromDays(toDays(rowKey) + 6) : groupBy === 'month' ? monthEnd(rowKey) : null;
  if (end === null) return { date_from: query.date_from, date_to: query.date_to };
  return { date_from: rowKey > query.date_from ? rowKey : query.date_from, date_to: end < query.date_to ? end : query.date_to };
}

/**
 * The all-orders list behind a count: the row's days (rowRange) on the drill's date field, the report's filters,
 * the row's group, the drill's statuses. Null when the list cannot express the row (orders without a channel).
 */
export function drillHref(drill: Drill, query: DayRange & Record<string, unknown>, groupBy: GroupBy, rowKey: string | null): string | null {
  const q = new URLSearchParams();
  const days = rowRange(query, groupBy, rowKey);
  q.set(`${drill.on}_from`, days.date_from);
  q.set(`${drill.on}_to`, days.date_to);
  const fixed: Record<string, string> = {};
  for (const k of SLICE_FILTERS) if (query[k] !== undefined && query[k] !== '') fixed[k] = String(query[k]);
  // The staff filter goes to the list under the name its staff grouping uses (collector_id …), if it has one.
  if (query.staff_id !== undefined && query.staff_id !== '' && drill.dims?.staff) fixed[drill.dims.staff] = String(query.staff_id);
  const dim = drill.dims?.[groupBy] ?? DIMENSION_FILTER[groupBy];
  // A row of a grouping the list cannot filter on (provider, bucket …) would open every group's orders.
  if (rowKey !== null && !dim && !PERIODS.includes(groupBy)) return null;
  if (rowKey !== null && dim && !PERIODS.includes(groupBy)) {
    if (dim === 'channel_id' && rowKey === '0') return null;
    fixed[dim] = rowKey;
  }
  for (const [k, v] of Object.entries(fixed)) q.set(k, v);
  for (const s of drill.status ?? []) q.append('status', s);
  for (const [k, v] of Object.entries(drill.params ?? {})) for (const one of Array.isArray(v) ? v : [v]) q.append(k, one);
  return `${drill.path ?? ALL_ORDERS_PATH}?${q.toString()}`;
}
