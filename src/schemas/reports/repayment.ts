import type { Measure, ReportDecl } from '../statistics';
import { SLICES, SLICE_GROUPS, statNode } from '../statistics';

/** Repayment and money reports (docs/statistics.md "Repayment"). */

/** Days relative to the due date at which repayment is measured (repaymentStatisticsRecord). */
export const REPAY_OFFSETS = [-2, -1, 0, 1, 3, 5, 7, 10, 15, 30] as const;
export const offsetLabel = (k: number): string => (k === 0 ? 'D' : k < 0 ? `D${k}` : `D+${k}`);
/** Column key part of an offset: m2, m1, 0, p1 … */
export const offsetKey = (k: number): string => (k < 0 ? `m${-k}` : k === 0 ? '0' : `p${k}`);

export const cohortMeasures: Measure[] = [
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

export const financialMeasures: Measure[] = [
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
];

export const repaymentReports: ReportDecl[] = [
  {
    id: 'repaymentStatisticsRecord', page: 'repaymentStatisticsRecord', node: statNode('repaymentStatisticsRecord'), dateTitle: 'stat.dim.dueDate',
    filters: SLICES, groupBys: SLICE_GROUPS, measures: cohortMeasures, chart: { kind: 'line', measures: ['rate_m2', 'rate_0', 'rate_p3', 'rate_p30'] },
  },
  {
    id: 'financialSummary', page: 'financialSummary', node: statNode('financialSummary'), dateTitle: 'stat.dim.businessDate',
    filters: SLICES, groupBys: SLICE_GROUPS, measures: financialMeasures, chart: { kind: 'bar', measures: ['paid_out', 'net_cash'] },
  },
];
