import { and, eq, not, or, type SQL } from 'drizzle-orm';
import { pageKey } from '../../../../commands/permissions';
import { WITHDRAWAL_QUEUES } from '../../../schemas/withdrawal';
import { loanOrder } from '../order/order.table';
import { claimedBy, disbursed, dormant, marketRow, notified, onMarket, reminderDue, unclaimed } from './queue-sql';

/**
 * The work pages of /withdrawalMoney as data: which task queue each works, which orders are in it (`state`), and
 * which of those a given agent sees (`claim`). The lists and the actions read the same spec, so an action applies
 * exactly to the rows its screen shows (docs/withdrawal.md).
 */
export type WorkPage =
  | 'waitFor' | 'MywaitForOrder' | 'MarketWaitTakeOrder' | 'MyTakeConfirmOrder' | 'MyPaymentNoticeOrder'
  | 'dormantTask' | 'WaitForcustomerService' | 'MywaitSMS';

export interface PageSpec {
  queue: string;
  /** Orders belonging to the page, whoever holds them. */
  state: (now: Date) => SQL;
  /** Which of them `accountId` sees (before the screen's claim filters): pool, own, or both. */
  claim: 'pool' | 'mine' | 'any' | 'poolOrMine';
}

const Q = WITHDRAWAL_QUEUES;
const waiting = () => eq(loanOrder.status, 'withdrawal');

export const PAGES: Record<WorkPage, PageSpec> = {
  /** The assignment pool: approved orders waiting for the customer, not on the market, nobody on them yet. */
  waitFor: { queue: Q.waitFor, claim: 'pool', state: (now) => and(waiting(), not(onMarket(now)))! },
  /** Orders of the pool an agent claimed or was dispatched. */
  MywaitForOrder: { queue: Q.waitFor, claim: 'mine', state: () => and(waiting(), not(marketRow()))! },
  /** The market: orders handed over by their agent, or left unclaimed too long; any agent may take one. */
  MarketWaitTakeOrder: { queue: Q.waitFor, claim: 'pool', state: (now) => and(waiting(), onMarket(now))! },
  /** Market orders an agent took. */
  MyTakeConfirmOrder: { queue: Q.waitFor, claim: 'mine', state: () => and(waiting(), marketRow())! },
  /** Orders the agent worked that were paid out: the customer is to be told. */
  MyPaymentNoticeOrder: { queue: Q.waitFor, claim: 'mine', state: () => and(disbursed(), not(notified()))! },
  /** Approved customers who never withdrew (the order closed out of withdrawal), to win back. */
  dormantTask: { queue: Q.dormant, claim: 'any', state: (now) => dormant(now, Q.dormant) },
  /** Failed payouts: the customer must fix their card before the money can go again. */
  WaitForcustomerService: { queue: Q.customerService, claim: 'any', state: () => eq(loanOrder.status, 'failed') },
  /** SMS reminders due for orders waiting for withdrawal (unclaimed, or the agent's own). */
  MywaitSMS: { queue: Q.waitFor, claim: 'poolOrMine', state: (now) => and(waiting(), reminderDue(now))! },
};

/** The claim condition of a page for an account (work_task LEFT JOINed for the page's queue). */
export function claimWhere(spec: PageSpec, accountId: number): SQL | undefined {
  switch (spec.claim) {
    case 'pool': return unclaimed();
    case 'mine': return claimedBy(accountId);
    case 'poolOrMine': return or(unclaimed(), claimedBy(accountId));
    default: return undefined;
  }
}

/** Permission node of a page of the withdrawal group. */
export const pageNode = (page: string) => pageKey('withdrawalMoney', page);

/** All queues of the area (waitingForRelease, housekeeping). */
export const AREA_QUEUES = Object.values(Q) as string[];
