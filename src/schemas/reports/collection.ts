import type { Drill, GroupBy, Measure, ReportDecl } from '../statistics';
import { SLICES, statNode } from '../statistics';

/** Collection reports (docs/statistics.md "Collection"): the dates are the business dates of the events. */

/** Cases closed as a success, on the successful-collections list (closed on the row's date, its stage and holder). */
const curedDrill: Drill = { path: '/collection/collectionSuccess', on: 'closed', dims: { stage: 'stage_id', staff: 'collector_id' } };

const m = {
  entered: { key: 'entered', title: 'stat.m.casesEntered', unit: 'count' },
  owed: { key: 'owed', title: 'stat.m.owedOnEntry', unit: 'money', hidden: true },
  held: { key: 'held', title: 'stat.m.casesHeld', unit: 'count' },
  heldOwed: { key: 'held_owed', title: 'stat.m.owedOnHandover', unit: 'money', hidden: true },
  worked: { key: 'worked', title: 'stat.m.casesWorked', unit: 'count' },
  calls: { key: 'calls', title: 'stat.m.collectionCalls', unit: 'count' },
  results: { key: 'results', title: 'stat.m.contactResults', unit: 'count' },
  promises: { key: 'promises', title: 'stat.m.promisesMade', unit: 'count' },
  kept: { key: 'kept', title: 'stat.m.promisesKept', unit: 'count' },
  recovered: { key: 'recovered', title: 'stat.m.amountRecovered', unit: 'money' },
  cured: { key: 'cured', title: 'stat.m.casesCured', unit: 'count', drill: curedDrill },
} satisfies Record<string, Measure>;

const COLLECTION_FILTERS = [...SLICES, 'staff_id'] as const;
const TIME: readonly GroupBy[] = ['date', 'week', 'month'];

export const collectionReports: ReportDecl[] = [
  {
    id: 'collectionSummaryNew', page: 'collectionSummaryNew', node: statNode('collectionSummaryNew'), dateTitle: 'stat.dim.businessDate',
    filters: SLICES, groupBys: [...TIME, 'stage', 'merchant', 'product', 'customer_type'],
    measures: [
      m.entered, m.owed, m.worked, m.promises, m.kept, m.recovered,
      { key: 'recovery_rate', title: 'stat.m.recoveryRate', unit: 'rate', numerator: 'recovered', denominator: 'owed' },
    ],
    chart: { kind: 'bar', measures: ['entered', 'worked', 'promises', 'kept'] },
  },
  {
    id: 'collectionStatistics', page: 'collectionStatistics', node: statNode('collectionStatistics'), dateTitle: 'stat.dim.businessDate',
    filters: COLLECTION_FILTERS, groupBys: ['staff', 'team', 'stage', ...TIME, 'merchant'], defaultGroupBy: 'staff',
    measures: [
      m.held, m.heldOwed, m.worked, m.calls, m.promises, m.kept, m.recovered,
      { key: 'recovery_rate', title: 'stat.m.recoveryRate', unit: 'rate', numerator: 'recovered', denominator: 'held_owed' },
    ],
    chart: { kind: 'bar', measures: ['held', 'worked', 'calls', 'promises'] },
  },
  {
    id: 'cureRate', page: 'collectionStatistics', tab: 'stat.tab.cureRate', node: statNode('collectionStatistics'), dateTitle: 'stat.dim.businessDate',
    filters: COLLECTION_FILTERS, groupBys: ['stage', 'staff', 'team', ...TIME, 'merchant'], defaultGroupBy: 'stage',
    measures: [
      m.entered, m.cured,
      { key: 'cure_rate', title: 'stat.m.cureRate', unit: 'rate', numerator: 'cured', denominator: 'entered' },
      m.held, { key: 'cured_held', title: 'stat.m.curedHeld', unit: 'count' },
      { key: 'held_cure_rate', title: 'stat.m.heldCureRate', unit: 'rate', numerator: 'cured_held', denominator: 'held' },
    ],
    chart: { kind: 'bar', measures: ['cure_rate', 'held_cure_rate'] },
  },
  {
    id: 'collectionPersonnel', page: 'collectionPersonnel', node: statNode('collectionPersonnel'), dateTitle: 'stat.dim.businessDate',
    filters: COLLECTION_FILTERS, groupBys: ['staff', ...TIME, 'team', 'stage', 'merchant'], defaultGroupBy: 'staff',
    measures: [m.held, m.worked, m.calls, m.results, m.promises, m.recovered],
    chart: { kind: 'bar', measures: ['held', 'worked', 'calls', 'results'] },
  },
];
