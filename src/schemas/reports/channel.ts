import type { GroupBy, Measure, ReportDecl, StatFilter } from '../statistics';
import { SLICES, SLICE_GROUPS, statNode } from '../statistics';
import { offsetLabel } from './repayment';

/** Registration, channel and provider reports (docs/statistics.md "Channels"). */

/** Days after the due date at which OverdueProviderStatistics measures what is still unpaid. */
export const OVERDUE_OFFSETS = [0, 1, 7, 30] as const;

/** Channel types (`channel.type`): the `provider` dimension; `none` = customers or orders without a channel. */
export const PROVIDERS = ['organic', 'facebook', 'google', 'tiktok', 'affiliate', 'sms', 'offline', 'none'] as const;

/** The customer list, filtered by registration date (created_from/_to), merchant and channel. */
const CUSTOMERS_PATH = '/client/clientUser';

const funnelSteps: Measure[] = [
  { key: 'registered', title: 'stat.m.registered', unit: 'count', drill: { path: CUSTOMERS_PATH, on: 'created' } },
  { key: 'applied', title: 'stat.m.appliedCustomers', unit: 'count' },
  { key: 'approved', title: 'stat.m.approvedCustomers', unit: 'count' },
  { key: 'disbursed', title: 'stat.m.disbursedCustomers', unit: 'count' },
  { key: 'apply_rate', title: 'stat.m.applyRate', unit: 'rate', numerator: 'applied', denominator: 'registered' },
  { key: 'approve_rate', title: 'stat.m.approveRate', unit: 'rate', numerator: 'approved', denominator: 'applied' },
  { key: 'disburse_rate', title: 'stat.m.disburseRate', unit: 'rate', numerator: 'disbursed', denominator: 'approved' },
  { key: 'conversion_rate', title: 'stat.m.conversionRate', unit: 'rate', numerator: 'disbursed', denominator: 'registered' },
];
const firstPayment: Measure[] = [
  { key: 'first_due', title: 'stat.m.firstDue', unit: 'count' },
  { key: 'first_default', title: 'stat.m.firstDefault', unit: 'count' },
  { key: 'fpd_rate', title: 'stat.m.fpdRate', unit: 'rate', numerator: 'first_default', denominator: 'first_due' },
];
/** The whole funnel without drill-downs: the customer list cannot filter by channel type or by external channels. */
const funnelNoDrill: Measure[] = [...funnelSteps, ...firstPayment].map(({ drill: _drill, ...m }) => m);

/** Registrations are customers: no product and always new, so only merchant and channel slice them. */
const FUNNEL_FILTERS: readonly StatFilter[] = ['merchant_id', 'channel_id'];
const TIME_GROUPS: readonly GroupBy[] = ['date', 'week', 'month'];
const funnelChart = { kind: 'bar', measures: ['registered', 'applied', 'approved', 'disbursed'] } as const;

const overdueMeasures: Measure[] = [
  { key: 'orders', title: 'stat.m.cohortOrders', unit: 'count', drill: { on: 'due' } },
  { key: 'amount', title: 'stat.m.cohortAmount', unit: 'money' },
  ...OVERDUE_OFFSETS.flatMap((k): Measure[] => {
    const day = { day: offsetLabel(k) };
    return [
      { key: `due_${k}`, title: 'stat.m.judgedAt', titleValues: day, unit: 'count', hidden: true },
      { key: `due_amount_${k}`, title: 'stat.m.judgedAmountAt', titleValues: day, unit: 'money', hidden: true },
      { key: `overdue_${k}`, title: 'stat.m.overdueAt', titleValues: day, unit: 'count', hidden: true },
      { key: `overdue_amount_${k}`, title: 'stat.m.overdueAmountAt', titleValues: day, unit: 'money', hidden: true },
    ];
  }),
  ...OVERDUE_OFFSETS.map((k): Measure => ({
    key: `overdue_rate_${k}`, title: 'stat.m.overdueRateAt', titleValues: { day: offsetLabel(k) }, unit: 'rate', numerator: `overdue_${k}`, denominator: `due_${k}`,
  })),
  ...OVERDUE_OFFSETS.map((k): Measure => ({
    key: `overdue_amount_rate_${k}`, title: 'stat.m.overdueAmountRateAt', titleValues: { day: offsetLabel(k) }, unit: 'rate',
    numerator: `overdue_amount_${k}`, denominator: `due_amount_${k}`,
  })),
];

export const channelReports: ReportDecl[] = [
  {
    id: 'registrationStatistics', page: 'registrationStatistics', node: statNode('registrationStatistics'), dateTitle: 'stat.dim.registrationDate',
    filters: FUNNEL_FILTERS, groupBys: [...TIME_GROUPS, 'merchant', 'channel'], measures: funnelSteps, chart: funnelChart,
  },
  {
    id: 'ChannelProviderStatistics', page: 'ChannelProviderStatistics', node: statNode('ChannelProviderStatistics'), dateTitle: 'stat.dim.registrationDate',
    filters: FUNNEL_FILTERS, groupBys: ['channel', ...TIME_GROUPS, 'merchant'], defaultGroupBy: 'channel',
    measures: [...funnelSteps, ...firstPayment], chart: funnelChart,
  },
  {
    id: 'providerStatisticsManage', page: 'providerStatisticsManage', node: statNode('providerStatisticsManage'), dateTitle: 'stat.dim.registrationDate',
    filters: FUNNEL_FILTERS, groupBys: ['provider', ...TIME_GROUPS, 'merchant'], defaultGroupBy: 'provider',
    measures: funnelNoDrill, chart: { kind: 'bar', measures: ['apply_rate', 'approve_rate', 'disburse_rate', 'conversion_rate'] },
  },
  {
    id: 'externalChannelStatistics', page: 'externalChannelStatistics', node: statNode('externalChannelStatistics'), dateTitle: 'stat.dim.registrationDate',
    filters: FUNNEL_FILTERS, groupBys: [...TIME_GROUPS, 'channel', 'provider', 'merchant'], measures: funnelNoDrill, chart: funnelChart,
  },
  {
    id: 'OverdueProviderStatistics', page: 'OverdueProviderStatistics', node: statNode('OverdueProviderStatistics'), dateTitle: 'stat.dim.dueDate',
    filters: SLICES, groupBys: ['channel', 'provider', ...SLICE_GROUPS.filter((g) => g !== 'channel')], defaultGroupBy: 'channel',
    measures: overdueMeasures, chart: { kind: 'bar', measures: OVERDUE_OFFSETS.map((k) => `overdue_rate_${k}`) },
  },
];
