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
export const GROUP_BYS = ['date', 'merchant', 'product', 'channel', 'customer_type'] as const;
export type GroupBy = (typeof GROUP_BYS)[number];
export const STAT_FILTERS = ['merchant_id', 'product_id', 'channel_id', 'customer_type', 'staff_id'] as const;
export type StatFilter = (typeof STAT_FILTERS)[number];

/** Where a count drills down to: /review/allOrder filtered by the row's date on this date field, and these statuses. */
export interface Drill {
  on: 'created' | 'loan' | 'due';
  status?: OrderStatus[];
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
  id: StatPage;
  /** Permission node: the page's node (commands/permissions.ts, area statistics). */
  node: string;
  /** Message id of the date dimension's title (business date, due date …). */
  dateTitle: string;
  filters: readonly StatFilter[];
  groupBys: readonly GroupBy[];
  measures: readonly Measure[];
  chart: { kind: 'line' | 'bar'; measures: readonly string[] };
}

/** Days relative to the due date at which repayment is measured (repaymentStatisticsRecord). */
export const REPAY_OFFSETS = [-2, -1, 0, 1, 3, 5, 7, 10, 15, 30] as const;
export const offsetLabel = (k: number): string => (k === 0 ? 'D' : k < 0 ? `D${k}` : `D+${k}`);
/** Column key part of an offset: m2, m1, 0, p1 … */
export const offsetKey = (k: number): string => (k < 0 ? `m${-k}` : k === 0 ? '0' : `p${k}`);

const SLICES: readonly StatFilter[] = ['merchant_id', 'product_id', 'channel_id', 'customer_type'];
const GROUPS: readonly GroupBy[] = GROUP_BYS;
const node = (id: StatPage) => `statistics_${id}`;

const cohortMeasures: Measure[] = [
  { key: 'orders', title: 'stat.m.cohortOrders', unit: 'count', drill: { on: 'due' } },
  { key: 'amount', title: 'stat.m.cohortAmount', unit: 'money' },
  ...REPAY_OFFSETS.flatMap((k): Measure[] => [
    { key: `settled_${offsetKey(k)}`, title: 'stat.m.settledBy', titleValues: { day: offsetLabel(k) }, unit: 'count', hidden: true },
    { key: `settled_amount_${offsetKey(k)}`, title: 'stat.m.settledAmountBy', titleValues: { day: offsetLabel(k) }, unit: 'money', hidden: true },
  ]),
  ...REPAY_OFFSETS.map((k): Measure => ({
    key: `rate_${offsetKey(k)}`, title: 'stat.m.rateBy', titleValues: { day: offsetLabel(k) }, unit: 'rate', numerator: `settled_${offsetKey(k)}`, denominator: 'orders',
  })),
  ...REPAY_OFFSETS.map((k): Measure => ({
    key: `amount_rate_${offsetKey(k)}`, title: 'stat.m.amountRateBy', titleValues: { day: offsetLabel(k) }, unit: 'rate',
    numerator: `settled_amount_${offsetKey(k)}`, denominator: 'amount',
  })),
];

export const REPORTS: Partial<Record<StatPage, ReportDecl>> = {
  repaymentStatisticsRecord: {
    id: 'repaymentStatisticsRecord', node: node('repaymentStatisticsRecord'), dateTitle: 'stat.dim.dueDate', filters: SLICES, groupBys: GROUPS,
    measures: cohortMeasures, chart: { kind: 'line', measures: ['rate_m2', 'rate_0', 'rate_p3', 'rate_p30'] },
  },
  orderStatistics: {
    id: 'orderStatistics', node: node('orderStatistics'), dateTitle: 'stat.dim.businessDate', filters: SLICES, groupBys: GROUPS,
    measures: [
      { key: 'applied', title: 'stat.m.applied', unit: 'count', drill: { on: 'created' } },
      { key: 'rejected', title: 'stat.m.rejected', unit: 'count' },
      { key: 'disbursed', title: 'stat.m.disbursed', unit: 'count', drill: { on: 'loan' } },
      { key: 'settled', title: 'stat.m.settled', unit: 'count' },
      { key: 'overdue', title: 'stat.m.overdueEntered', unit: 'count' },
    ],
    chart: { kind: 'bar', measures: ['applied', 'disbursed', 'settled'] },
  },
  financialSummary: {
    id: 'financialSummary', node: node('financialSummary'), dateTitle: 'stat.dim.businessDate', filters: SLICES, groupBys: GROUPS,
    measures: [
      { key: 'principal_out', title: 'stat.m.principalOut', unit: 'money' },
      { key: 'paid_out', title: 'stat.m.paidOut', unit: 'money' },
      { key: 'fees', title: 'stat.m.fees', unit: 'money' },
      { key: 'in_principal', title: 'stat.m.inPrincipal', unit: 'money' },
      { key: 'in_interest', title: 'stat.m.inInterest', unit: 'money' },
      { key: 'in_fee', title: 'stat.m.inFee', unit: 'money' },
      { key: 'in_penalty', title: 'stat.m.inPenalty', unit: 'money' },
      { key: 'extension_fees', title: 'stat.m.extensionFees', unit: 'money' },
      { key: 'reductions', title: 'stat.m.reductions', unit: 'money' },
      { key: 'net_cash', title: 'stat.m.netCash', unit: 'money' },
    ],
    chart: { kind: 'bar', measures: ['paid_out', 'net_cash'] },
  },
};

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
  group_by: z.enum(GROUP_BYS).default('date'),
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
  report: StatPage;
  group_by: GroupBy;
  rows: StatRow[];
  totals: Record<string, number>;
  /** Currency of the money measures when one merchant (or one market) is in the rows; null when they are mixed. */
  currency: string | null;
}

export const STAT_API = (id: StatPage): string => `/loanapi/statistics/${id}`;
