import { z } from 'zod';
import { filterId } from './client';
import type { OrderStatus } from './order';

/**
 * Reports of /statistics (docs/statistics.md), declared once as data: the server's report engine serves them from the
 * fact tables and the console's ReportScreen renders them; neither re-declares a measure's key, title or unit.
 */

/** The 24 pages of the statistics group, in the order of commands/permissions.ts. */
export const STAT_PAGES = ['collectionSummaryNew', 'collectionStatistics', 'collectionPersonnel', 'financialStatistics', 'financialSummary',
  'repaymentStatisticsRecord', 'repaymentSummary', 'repaymentCombined', 'repaymentReborrow',
  'reminderWithdrawalSummary', 'SummaryWithdrawalCustomers', 'withdrawShare', 'reminderWithdrawal', 'reviewStatistics',
  'marketingPersonnel', 'registrationStatistics', 'ChannelProviderStatistics', 'providerStatisticsManage',
  'externalChannelStatistics', 'OverdueProviderStatistics', 'OverdueAnals', 'userLoanAnalysis', 'businessAnalysis',
  'orderStatistics'] as const;
export type StatPage = (typeof STAT_PAGES)[number];

export type MeasureUnit = 'count' | 'money' | 'rate' | 'duration';
/**
 * Every grouping a report may declare (the engine's source says how each is computed; week and month start on the
 * Monday / the 1st of the date dimension). A report lists the ones it offers.
 */
export const GROUP_BYS = ['date', 'week', 'month', 'merchant', 'product', 'channel', 'provider', 'customer_type', 'staff', 'team', 'stage', 'bucket', 'segment'] as const;
export type GroupBy = (typeof GROUP_BYS)[number];
export const STAT_FILTERS = ['merchant_id', 'product_id', 'channel_id', 'customer_type', 'staff_id'] as const;
export type StatFilter = (typeof STAT_FILTERS)[number];

/**
 * Where a count drills down to: a list screen (default /review/allOrder) filtered by the row's date on the date
 * filter `<on>_from/_to`, the report's slice filters, the row's group (`dims`: group-by → the list's filter name;
 * merchant, product, channel, customer_type map to their own names by default) and `params` (e.g. statuses).
 */
export interface Drill {
  path?: string;
  on: string;
  status?: OrderStatus[];
  dims?: Partial<Record<GroupBy, string>>;
  params?: Record<string, string | string[]>;
}

export interface Measure {
  key: string;
  /** Message id of the column title; `titleValues` fill its ICU arguments. */
  title: string;
  titleValues?: Record<string, string>;
  unit: MeasureUnit;
  /** Rates: the measures whose quotient this is (shown on hover). */
  numerator?: string;
  denominator?: string;
  /** Not a column of its own (a rate's numerator); still in the rows and the export. */
  hidden?: boolean;
  drill?: Drill;
}

export interface ReportDecl {
  /** The report's id: its API path segment (the page id for a page's main report). */
  id: string;
  /** The page it is shown on; a page with several reports shows them as tabs, in declaration order. */
  page: StatPage;
  /** Message id of the tab title when the page has several reports. */
  tab?: string;
  /** Permission node: the page's node (commands/permissions.ts, area statistics). */
  node: string;
  /** Message id of the date dimension's title (business date, due date …). */
  dateTitle: string;
  filters: readonly StatFilter[];
  groupBys: readonly GroupBy[];
  measures: readonly Measure[];
  chart: { kind: 'line' | 'bar'; measures: readonly string[] };
  /** The grouping shown first (default: date). */
  defaultGroupBy?: GroupBy;
}

/** The permission node of a statistics page. */
export const statNode = (id: StatPage): string => `statistics_${id}`;
/** Filters every fact has: merchant, product, channel, new/returning. */
export const SLICES: readonly StatFilter[] = ['merchant_id', 'product_id', 'channel_id', 'customer_type'];
/** Groupings of every fact table keyed by date, merchant, product, channel and new/returning. */
export const SLICE_GROUPS: readonly GroupBy[] = ['date', 'week', 'month', 'merchant', 'product', 'channel', 'customer_type'];

/** Longest range a report answers, days. */
export const MAX_RANGE_DAYS = 366;

const day = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
  // zod runs refinements after a failed regex too: an invalid date must answer false, not throw (toISOString would).
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'validation.date');

/** GET /loanapi/statistics/<report>: one query for every report; the declaration says which filters apply. */
export const statQuery = z.object({
  date_from: day,
  date_to: day,
  merchant_id: filterId.optional(),
  product_id: filterId.optional(),
  channel_id: filterId.optional(),
  customer_type: z.enum(['new', 'returning']).optional(),
  staff_id: filterId.optional(),
  group_by: z.enum(GROUP_BYS).optional(),
  /** `<measure or key>:asc|desc`; the key (date, merchant …) ascending by default. */
  sort: z.string().trim().max(64).regex(/^[a-z0-9_]+:(asc|desc)$/i).optional(),
}).refine((q) => q.date_from <= q.date_to, { message: 'validation.date', path: ['date_to'] })
  .refine((q) => (Date.parse(q.date_to) - Date.parse(q.date_from)) / 86_400_000 < MAX_RANGE_DAYS, { message: 'validation.date', path: ['date_to'] });
export type StatQuery = z.input<typeof statQuery>;

export interface StatRow {
  /** Date (YYYY-MM-DD), id (merchant, product, channel; 0 = none) or new/returning, by group_by. */
  key: string;
  /** Display name of a merchant, product or channel key. */
  label?: string;
  values: Record<string, number>;
}

export interface StatResult {
  report: string;
  group_by: GroupBy;
  rows: StatRow[];
  totals: Record<string, number>;
  /** Currency of the money measures when one merchant (or one market) is in the rows; null when they are mixed. */
  currency: string | null;
}

export const STAT_API = (id: string): string => `/loanapi/statistics/${id}`;
