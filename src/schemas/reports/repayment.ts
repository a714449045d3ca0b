import type { Drill, Measure, ReportDecl } from '../statistics';
import { SLICES, SLICE_GROUPS, statNode } from '../statistics';
import type { OrderStatus } from '../order';

/** Repayment and money reports (docs/statistics.md "Repayment"). */

/** Days relative to the due date at which repayment is measured (repaymentStatisticsRecord). */
export const REPAY_OFFSETS = [-2, -1, 0, 1, 3, 5, 7, 10, 15, 30] as const;
export const offsetLabel = (k: number): string => (k === 0 ? 'D' : k < 0 ? `D${k}` : `D+${k}`);
/** Column key part of an offset: m2, m1, 0, p1 … */
export const offsetKey = (k: number): string => (k < 0 ? `m${-k}` : k === 0 ? '0' : `p${k}`);
/** Days after a settlement within which a next order counts as borrowing again (repaymentReborrow). */
export const REBORROW_DAYS = [1, 3, 7, 15, 30] as const;
/** Statuses of a disbursed order not settled yet. */
export const OPEN_LOAN_STATUSES: OrderStatus[] = ['repaying', 'overdue', 'extended', 'bad_debt'];

const dueOrders: Drill = { on: 'due' };
const dueOpen: Drill = { on: 'due', status: OPEN_LOAN_STATUSES };

/** A due-date cohort's size: its orders and their contract amounts. */
const cohortSize: Measure[] = [
  { key: 'orders', title: 'stat.m.cohortOrders', unit: 'count', drill: dueOrders },
  { key: 'amount', title: 'stat.m.cohortAmount', unit: 'money' },
];

/** Repaid by D+k for every offset: counts, amounts and both rates; `shown` picks which are columns. */
function repaidBy(shown: { counts: boolean; amounts: boolean; rates: boolean; amountRates: boolean }): Measure[] {
  return [
    ...REPAY_OFFSETS.flatMap((k): Measure[] => [
      { key: `settled_${offsetKey(k)}`, title: 'stat.m.settledBy', titleValues: { day: offsetLabel(k) }, unit: 'count', hidden: !shown.counts },
      { key: `settled_amount_${offsetKey(k)}`, title: 'stat.m.settledAmountBy', titleValues: { day: offsetLabel(k) }, unit: 'money', hidden: !shown.amounts },
    ]),
    ...REPAY_OFFSETS.map((k): Measure => ({
      key: `rate_${offsetKey(k)}`, title: 'stat.m.rateBy', titleValues: { day: offsetLabel(k) }, unit: 'rate',
      numerator: `settled_${offsetKey(k)}`, denominator: 'orders', hidden: !shown.rates,
    })),
    ...REPAY_OFFSETS.map((k): Measure => ({
      key: `amount_rate_${offsetKey(k)}`, title: 'stat.m.amountRateBy', titleValues: { day: offsetLabel(k) }, unit: 'rate',
      numerator: `settled_amount_${offsetKey(k)}`, denominator: 'amount', hidden: !shown.amountRates,
    })),
  ];
}

export const cohortMeasures: Measure[] = [...cohortSize, ...repaidBy({ counts: false, amounts: false, rates: true, amountRates: true })];

/** repaymentSummary: the counts and amounts themselves, the count rates, and what is still open. */
export const summaryMeasures: Measure[] = [
  ...cohortSize,
  ...repaidBy({ counts: true, amounts: true, rates: true, amountRates: false }),
  { key: 'outstanding', title: 'stat.m.outstanding', unit: 'count', drill: dueOpen },
  { key: 'outstanding_amount', title: 'stat.m.outstandingAmount', unit: 'money' },
  { key: 'outstanding_rate', title: 'stat.m.outstandingRate', unit: 'rate', numerator: 'outstanding', denominator: 'orders' },
];

/** repaymentLastThreeDays: the cohorts due yesterday, today and tomorrow, repaid so far. */
export const recentMeasures: Measure[] = [
  ...cohortSize,
  { key: 'repaid', title: 'stat.m.repaidSoFar', unit: 'count', drill: { on: 'due', status: ['settled'] } },
  { key: 'repaid_amount', title: 'stat.m.repaidSoFarAmount', unit: 'money' },
  { key: 'rate', title: 'stat.m.repaidSoFarRate', unit: 'rate', numerator: 'repaid', denominator: 'orders' },
  { key: 'amount_rate', title: 'stat.m.repaidSoFarAmountRate', unit: 'rate', numerator: 'repaid_amount', denominator: 'amount' },
  { key: 'outstanding', title: 'stat.m.outstanding', unit: 'count', drill: dueOpen },
];

export const CUSTOMER_SIDES = ['new', 'returning'] as const;
/** repaymentCombined: the on-time figures of new and of returning customers, side by side (ICU select on `type`). */
export const combinedMeasures: Measure[] = CUSTOMER_SIDES.flatMap((t): Measure[] => [
  { key: `${t}_orders`, title: 'stat.m.typeDue', titleValues: { type: t }, unit: 'count', drill: { on: 'due', params: { customer_type: t } } },
  { key: `${t}_ontime`, title: 'stat.m.typeOnTime', titleValues: { type: t }, unit: 'count' },
  { key: `${t}_rate`, title: 'stat.m.typeOnTimeRate', titleValues: { type: t }, unit: 'rate', numerator: `${t}_ontime`, denominator: `${t}_orders` },
  { key: `${t}_amount`, title: 'stat.m.typeAmount', titleValues: { type: t }, unit: 'money' },
  { key: `${t}_ontime_amount`, title: 'stat.m.typeOnTimeAmount', titleValues: { type: t }, unit: 'money', hidden: true },
  { key: `${t}_amount_rate`, title: 'stat.m.typeOnTimeAmountRate', titleValues: { type: t }, unit: 'rate', numerator: `${t}_ontime_amount`, denominator: `${t}_amount` },
]);

/**
 * repaymentReborrow: settlements of a date and those whose customer ordered again within N days. The drills need the
 * all-orders list's settle-date and re-borrow filters (`settled_from/_to`, `reborrow_within`).
 */
const settledOn = (params?: Record<string, string>): Drill => ({ on: 'settled', status: ['settled'], params });
export const reborrowMeasures: Measure[] = [
  { key: 'settled', title: 'stat.m.settledOrders', unit: 'count', drill: settledOn() },
  ...REBORROW_DAYS.map((n): Measure => ({
    key: `reborrow_${n}`, title: 'stat.m.reborrowWithin', titleValues: { days: String(n) }, unit: 'count', drill: settledOn({ reborrow_within: String(n) }),
  })),
  ...REBORROW_DAYS.map((n): Measure => ({
    key: `reborrow_rate_${n}`, title: 'stat.m.reborrowRateWithin', titleValues: { days: String(n) }, unit: 'rate', numerator: `reborrow_${n}`, denominator: 'settled',
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

/** financialStatistics: the period's money per merchant with the counts behind it and money in per unit paid out. */
export const financialStatsMeasures: Measure[] = [
  { key: 'disbursed', title: 'stat.m.disbursed', unit: 'count', drill: { on: 'loan' } },
  { key: 'principal_out', title: 'stat.m.principalOut', unit: 'money' },
  { key: 'paid_out', title: 'stat.m.paidOut', unit: 'money' },
  { key: 'fees', title: 'stat.m.fees', unit: 'money' },
  { key: 'repayments', title: 'stat.m.repayments', unit: 'count' },
  { key: 'money_in', title: 'stat.m.moneyIn', unit: 'money' },
  { key: 'in_principal', title: 'stat.m.inPrincipal', unit: 'money' },
  { key: 'in_interest', title: 'stat.m.inInterest', unit: 'money' },
  { key: 'in_fee', title: 'stat.m.inFee', unit: 'money' },
  { key: 'in_penalty', title: 'stat.m.inPenalty', unit: 'money' },
  { key: 'extensions', title: 'stat.m.extensions', unit: 'count' },
  { key: 'extension_fees', title: 'stat.m.extensionFees', unit: 'money' },
  { key: 'reductions', title: 'stat.m.reductions', unit: 'money' },
  { key: 'cash_in', title: 'stat.m.cashIn', unit: 'money', hidden: true },
  { key: 'net_cash', title: 'stat.m.netCash', unit: 'money' },
  { key: 'cash_ratio', title: 'stat.m.cashRatio', unit: 'rate', numerator: 'cash_in', denominator: 'paid_out' },
];

const page = <P extends ReportDecl['page']>(p: P) => ({ page: p, node: statNode(p) });

export const repaymentReports: ReportDecl[] = [
  {
    id: 'repaymentStatisticsRecord', ...page('repaymentStatisticsRecord'), tab: 'stat.tab.byDueDate', dateTitle: 'stat.dim.dueDate',
    filters: SLICES, groupBys: SLICE_GROUPS, measures: cohortMeasures, chart: { kind: 'line', measures: ['rate_m2', 'rate_0', 'rate_p3', 'rate_p30'] },
  },
  {
    // Ignores the date range: the cohorts due on the market's business date and the day either side of it.
    id: 'repaymentLastThreeDays', ...page('repaymentStatisticsRecord'), tab: 'stat.tab.lastThreeDays', dateTitle: 'stat.dim.dueDate',
    filters: SLICES, groupBys: ['date'], measures: recentMeasures, chart: { kind: 'bar', measures: ['orders', 'repaid'] },
  },
  {
    id: 'financialSummary', ...page('financialSummary'), dateTitle: 'stat.dim.businessDate',
    filters: SLICES, groupBys: SLICE_GROUPS, measures: financialMeasures, chart: { kind: 'bar', measures: ['paid_out', 'net_cash'] },
  },
  {
    id: 'financialStatistics', ...page('financialStatistics'), dateTitle: 'stat.dim.businessDate', defaultGroupBy: 'merchant',
    filters: SLICES, groupBys: SLICE_GROUPS, measures: financialStatsMeasures, chart: { kind: 'bar', measures: ['paid_out', 'cash_in', 'net_cash'] },
  },
  {
    id: 'repaymentSummary', ...page('repaymentSummary'), dateTitle: 'stat.dim.dueDate', defaultGroupBy: 'month',
    filters: SLICES, groupBys: SLICE_GROUPS, measures: summaryMeasures, chart: { kind: 'bar', measures: ['rate_0', 'rate_p7', 'rate_p30', 'outstanding_rate'] },
  },
  {
    id: 'repaymentCombined', ...page('repaymentCombined'), dateTitle: 'stat.dim.dueDate',
    filters: ['merchant_id', 'product_id', 'channel_id'], groupBys: SLICE_GROUPS.filter((g) => g !== 'customer_type'),
    measures: combinedMeasures, chart: { kind: 'line', measures: ['new_rate', 'returning_rate'] },
  },
  {
    id: 'repaymentReborrow', ...page('repaymentReborrow'), dateTitle: 'stat.dim.settleDate',
    filters: SLICES, groupBys: SLICE_GROUPS, measures: reborrowMeasures, chart: { kind: 'line', measures: ['reborrow_rate_7', 'reborrow_rate_30'] },
  },
];
