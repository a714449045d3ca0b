import type { Measure, ReportDecl } from '../statistics';
import { SLICES, SLICE_GROUPS, statNode } from '../statistics';

/** Orders, overdue and portfolio reports (docs/statistics.md "Portfolio"). */

/**
 * Days-overdue buckets of an open order, by index (the fact tables store the index): the last day of each (days past
 * the due date in effect; 0 and less = current), the last one open-ended.
 */
export const BUCKET_LAST_DAY = [0, 3, 7, 15, 30, 60] as const;
export const BUCKET_LABELS = ['0', '1–3', '4–7', '8–15', '16–30', '31–60', '61+'] as const;
export const BUCKETS = BUCKET_LABELS.map((_, i) => i);
/** Roll-rate destination of an order settled on the next date. */
export const SETTLED_BUCKET = 7;
export const bucketOf = (daysOverdue: number): number => {
  const i = BUCKET_LAST_DAY.findIndex((last) => daysOverdue <= last);
  return i < 0 ? BUCKET_LAST_DAY.length : i;
};
/** Days after the payout date at which vintages are measured. */
export const VINTAGE_AGES = [7, 14, 30, 60, 90] as const;
/** Days after the due date at which userLoanAnalysis measures unpaid loans (30: default). */
export const SEGMENT_OFFSETS = [1, 7, 30] as const;
/** Loan count bands (the customer's nth disbursed loan at the merchant): band → first n of it. */
export const COUNT_BAND_FROM = [1, 2, 3, 6] as const;
export const COUNT_BAND_LABELS = ['1', '2', '3–5', '6+'] as const;
/** Amount bands: share of the product's maximum amount, by quarter (band 1 = up to 25 %). */
export const AMOUNT_BAND_LABELS = ['≤25%', '25–50%', '50–75%', '>75%'] as const;

const bucketMeasures: Measure[] = [
  { key: 'orders', title: 'stat.m.openOrders', unit: 'count' },
  { key: 'outstanding', title: 'stat.m.outstandingPrincipal', unit: 'money' },
  ...BUCKETS.map((b): Measure => ({ key: `orders_b${b}`, title: 'stat.m.bucketOrders', titleValues: { bucket: BUCKET_LABELS[b] }, unit: 'count' })),
  ...BUCKETS.map((b): Measure => ({ key: `outstanding_b${b}`, title: 'stat.m.bucketOutstanding', titleValues: { bucket: BUCKET_LABELS[b] }, unit: 'money' })),
];

const vintageMeasures: Measure[] = [
  { key: 'loans', title: 'stat.m.loans', unit: 'count', drill: { on: 'loan' } },
  { key: 'amount', title: 'stat.m.principalOut', unit: 'money' },
  ...VINTAGE_AGES.flatMap((k): Measure[] => [
    { key: `reached_${k}`, title: 'stat.m.reachedAge', titleValues: { days: String(k) }, unit: 'count', hidden: true },
    { key: `od7_at_${k}`, title: 'stat.m.od7AtAge', titleValues: { days: String(k) }, unit: 'count', hidden: true },
    { key: `od30_at_${k}`, title: 'stat.m.od30AtAge', titleValues: { days: String(k) }, unit: 'count', hidden: true },
  ]),
  ...VINTAGE_AGES.map((k): Measure => ({
    key: `rate7_${k}`, title: 'stat.m.od7RateAtAge', titleValues: { days: String(k) }, unit: 'rate', numerator: `od7_at_${k}`, denominator: `reached_${k}`,
  })),
  ...VINTAGE_AGES.map((k): Measure => ({
    key: `rate30_${k}`, title: 'stat.m.od30RateAtAge', titleValues: { days: String(k) }, unit: 'rate', numerator: `od30_at_${k}`, denominator: `reached_${k}`,
  })),
];

const DESTINATIONS = [...BUCKETS, SETTLED_BUCKET];
const destTitle = (b: number): Pick<Measure, 'title' | 'titleValues'> =>
  (b === SETTLED_BUCKET ? { title: 'stat.m.rollSettled' } : { title: 'stat.m.rollTo', titleValues: { bucket: BUCKET_LABELS[b] } });
const rollMeasures: Measure[] = [
  { key: 'orders', title: 'stat.m.rollFrom', unit: 'count' },
  ...DESTINATIONS.map((b): Measure => ({ key: `to_${b}`, ...destTitle(b), unit: 'count', hidden: true })),
  ...DESTINATIONS.map((b): Measure => ({ key: `rate_${b}`, ...destTitle(b), unit: 'rate', numerator: `to_${b}`, denominator: 'orders' })),
];

const parMeasures: Measure[] = [
  { key: 'outstanding', title: 'stat.m.outstandingPrincipal', unit: 'money' },
  ...([1, 7, 30] as const).flatMap((k): Measure[] => [
    { key: `at_risk_${k}`, title: 'stat.m.atRisk', titleValues: { days: String(k) }, unit: 'money', hidden: true },
    { key: `par${k}`, title: 'stat.m.par', titleValues: { days: String(k) }, unit: 'rate', numerator: `at_risk_${k}`, denominator: 'outstanding' },
  ]),
];

const segmentMeasures: Measure[] = [
  { key: 'loans', title: 'stat.m.loans', unit: 'count' },
  { key: 'amount', title: 'stat.m.principalOut', unit: 'money' },
  ...SEGMENT_OFFSETS.flatMap((k): Measure[] => [
    { key: `matured_${k}`, title: 'stat.m.maturedBy', titleValues: { day: `D+${k}` }, unit: 'count', hidden: true },
    { key: `unpaid_${k}`, title: 'stat.m.unpaidBy', titleValues: { day: `D+${k}` }, unit: 'count', hidden: true },
  ]),
  { key: 'overdue_rate_1', title: 'stat.m.overdueRateBy', titleValues: { day: 'D+1' }, unit: 'rate', numerator: 'unpaid_1', denominator: 'matured_1' },
  { key: 'overdue_rate_7', title: 'stat.m.overdueRateBy', titleValues: { day: 'D+7' }, unit: 'rate', numerator: 'unpaid_7', denominator: 'matured_7' },
  { key: 'default_rate_30', title: 'stat.m.defaultRateBy', titleValues: { day: 'D+30' }, unit: 'rate', numerator: 'unpaid_30', denominator: 'matured_30' },
];

const businessMeasures: Measure[] = [
  { key: 'applied', title: 'stat.m.applied', unit: 'count', drill: { on: 'created' } },
  { key: 'decided', title: 'stat.m.decided', unit: 'count', hidden: true },
  { key: 'approval_rate', title: 'stat.m.approvalRate', unit: 'rate', numerator: 'disbursed', denominator: 'decided' },
  { key: 'disbursed', title: 'stat.m.disbursed', unit: 'count', drill: { on: 'loan' } },
  { key: 'principal_out', title: 'stat.m.principalOut', unit: 'money' },
  { key: 'money_in', title: 'stat.m.moneyIn', unit: 'money' },
  { key: 'net_cash', title: 'stat.m.netCash', unit: 'money' },
  ...([0, 7] as const).flatMap((k): Measure[] => [
    { key: `due_${k}`, title: 'stat.m.maturedBy', titleValues: { day: k ? `D+${k}` : 'D' }, unit: 'count', hidden: true },
    { key: `unpaid_${k}`, title: 'stat.m.unpaidBy', titleValues: { day: k ? `D+${k}` : 'D' }, unit: 'count', hidden: true },
  ]),
  { key: 'overdue_rate_0', title: 'stat.m.overdueRateBy', titleValues: { day: 'D' }, unit: 'rate', numerator: 'unpaid_0', denominator: 'due_0' },
  { key: 'overdue_rate_7', title: 'stat.m.overdueRateBy', titleValues: { day: 'D+7' }, unit: 'rate', numerator: 'unpaid_7', denominator: 'due_7' },
  { key: 'outstanding', title: 'stat.m.outstandingPrincipal', unit: 'money', hidden: true },
  { key: 'at_risk_7', title: 'stat.m.atRisk', titleValues: { days: '7' }, unit: 'money', hidden: true },
  { key: 'par7', title: 'stat.m.par', titleValues: { days: '7' }, unit: 'rate', numerator: 'at_risk_7', denominator: 'outstanding' },
];

const overdue = statNode('OverdueAnals');
/** Snapshot groupings: a date's open book; other groupings add the range's dates up (order-days). */
const SNAPSHOT_GROUPS = ['date', 'bucket', 'merchant', 'product', 'channel', 'customer_type'] as const;

export const portfolioReports: ReportDecl[] = [
  {
    id: 'orderStatistics', page: 'orderStatistics', node: statNode('orderStatistics'), dateTitle: 'stat.dim.businessDate', filters: SLICES, groupBys: SLICE_GROUPS,
    measures: [
      { key: 'applied', title: 'stat.m.applied', unit: 'count', drill: { on: 'created' } },
      { key: 'rejected', title: 'stat.m.rejected', unit: 'count' },
      { key: 'disbursed', title: 'stat.m.disbursed', unit: 'count', drill: { on: 'loan' } },
      { key: 'settled', title: 'stat.m.settled', unit: 'count' },
      { key: 'overdue', title: 'stat.m.overdueEntered', unit: 'count' },
    ],
    chart: { kind: 'bar', measures: ['applied', 'disbursed', 'settled'] },
  },
  {
    id: 'OverdueAnals', page: 'OverdueAnals', tab: 'stat.tab.overdueBuckets', node: overdue, dateTitle: 'stat.dim.snapshotDate', filters: SLICES,
    groupBys: SNAPSHOT_GROUPS, measures: bucketMeasures,
    chart: { kind: 'line', measures: ['orders_b1', 'orders_b2', 'orders_b3', 'orders_b4', 'orders_b5', 'orders_b6'] },
  },
  {
    id: 'vintage', page: 'OverdueAnals', tab: 'stat.tab.vintage', node: overdue, dateTitle: 'stat.dim.payoutDate', filters: SLICES,
    groupBys: ['week', 'month', 'date', 'merchant', 'product', 'channel', 'customer_type'], defaultGroupBy: 'week', measures: vintageMeasures,
    chart: { kind: 'line', measures: ['rate7_14', 'rate7_30', 'rate30_60', 'rate30_90'] },
  },
  {
    id: 'rollRate', page: 'OverdueAnals', tab: 'stat.tab.rollRate', node: overdue, dateTitle: 'stat.dim.rollFromDate', filters: SLICES,
    groupBys: ['bucket'], defaultGroupBy: 'bucket', measures: rollMeasures,
    chart: { kind: 'bar', measures: DESTINATIONS.map((b) => `rate_${b}`) },
  },
  {
    id: 'par', page: 'OverdueAnals', tab: 'stat.tab.par', node: overdue, dateTitle: 'stat.dim.snapshotDate', filters: SLICES, groupBys: SLICE_GROUPS,
    measures: parMeasures, chart: { kind: 'line', measures: ['par1', 'par7', 'par30'] },
  },
  {
    id: 'userLoanAnalysis', page: 'userLoanAnalysis', node: statNode('userLoanAnalysis'), dateTitle: 'stat.dim.payoutDate', filters: SLICES,
    groupBys: ['segment', ...SLICE_GROUPS], defaultGroupBy: 'segment', measures: segmentMeasures,
    chart: { kind: 'bar', measures: ['overdue_rate_1', 'overdue_rate_7', 'default_rate_30'] },
  },
  {
    id: 'businessAnalysis', page: 'businessAnalysis', node: statNode('businessAnalysis'), dateTitle: 'stat.dim.businessDate', filters: SLICES,
    groupBys: SLICE_GROUPS, measures: businessMeasures, chart: { kind: 'line', measures: ['approval_rate', 'overdue_rate_0', 'overdue_rate_7', 'par7'] },
  },
];
