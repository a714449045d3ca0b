import type { ReportDecl } from '../statistics';
import { SLICES, SLICE_GROUPS, statNode } from '../statistics';

/** Orders, channels, overdue and portfolio reports (docs/statistics.md "Portfolio"). */
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
];
