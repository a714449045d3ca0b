import { can, pageKey, SUPER_KEY } from '../../../../commands/permissions';
import { STAGE_PAGES, type StagePage } from '../../../schemas/review';
import { statNode, type StatPage } from '../../../schemas/statistics';
import type { AcquisitionAccess } from './acquisition';
import type { LendingAccess } from './lending';

/** The dashboard sections an account sees, from its permission nodes (docs/dashboard.md "Who sees what"). */
export interface DashboardAccess {
  signins: boolean;
  lending: LendingAccess;
  queues: boolean;
  /** The review stages whose queue I work. */
  reviewStages: StagePage[];
  collector: boolean;
  pool: boolean;
  merchants: boolean;
  acquisition: AcquisitionAccess;
}

export function dashboardAccess(nodes: ReadonlySet<string>): DashboardAccess {
  const unscoped = nodes.has(SUPER_KEY);
  const report = (page: StatPage) => can(nodes, statNode(page));
  // A personal desk (my queue, my cases) belongs to whoever was given that page; admin_y alone works no queue.
  const desk = (key: string) => !unscoped && can(nodes, key);
  return {
    signins: unscoped || can(nodes, pageKey('log', 'admin_login')),
    lending: {
      orders: report('orderStatistics'),
      approvals: report('reminderWithdrawalSummary'),
      money: report('financialSummary'),
      overdue: report('repaymentStatisticsRecord'),
      recovered: report('collectionSummaryNew'),
    },
    queues: can(nodes, pageKey('review', 'allOrder')) || report('reviewStatistics'),
    reviewStages: STAGE_PAGES.filter((p) => desk(pageKey('review', p))),
    collector: desk(pageKey('collection', 'myCollectionList')),
    pool: can(nodes, pageKey('collection', 'collectionRemark')),
    merchants: can(nodes, pageKey('merchant', 'BalanceInfo')),
    acquisition: {
      marketing: desk(pageKey('Marketing', 'myMarketingList')),
      held: desk(pageKey('highSeas', 'myhighSeasList')),
      pool: desk(pageKey('highSeas', 'highSeasList')),
    },
  };
}
