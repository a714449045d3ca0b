import { sql } from 'drizzle-orm';
import type { QueueLength, ReviewerSection } from '../../../schemas/dashboard';
import { STAGE_PAGES, STAGE_QUEUES, type StagePage } from '../../../schemas/review';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { addDays } from '../lifecycle/clock';
import { type DayGroup, inIds, timeSince } from './merchantDays';

/** Merchant scope of a live-table query: null = every merchant (admin_y); an empty list never reaches here. */
type Ids = readonly number[] | null;

/**
 * Orders waiting in each manual stage of the scope, how many of them a reviewer claimed and how many I did. The
 * waiting count reads only the (status, …) index of loan_order (55,000 orders in review stages on the generated book:
 * an index-only count); the claims are counted from the few claimed tasks (the queue's live-task index), each kept
 * only while its order is still in the queue's stage, instead of probing work_task once per waiting order.
 */
async function stageCounts(db: Db, ids: Ids, accountId: number) {
  const queues = sql.join(STAGE_PAGES.map((p) => sql`${STAGE_QUEUES[p].queue}`), sql`, `);
  const statusOfQueue = sql.join(STAGE_PAGES.map((p) => sql`when ${STAGE_QUEUES[p].queue} then ${STAGE_QUEUES[p].status}`), sql` `);
  const [waiting, claimedRes] = await Promise.all([
    waitingCounts(db, ids),
    db.execute(sql`select t.queue as key, count(*) as n, count(*) filter (where t.assignee_id = ${accountId}) as mine
      from work_task t join loan_order o on o.id = t.order_id
      where t.queue in (${queues}) and t.status = 'claimed' and o.status = (case t.queue ${statusOfQueue} end)${ids ? sql` and ${inIds(sql`t.merchant_id`, ids)}` : sql``}
      group by t.queue`),
  ]);
  const claimed = new Map(rowsOf<{ key: string; n: string; mine: string }>(claimedRes).map((r) => [r.key, r]));
  return new Map(STAGE_PAGES.map((p) => {
    const c = claimed.get(STAGE_QUEUES[p].queue);
    return [p, { waiting: waiting.get(STAGE_QUEUES[p].status) ?? 0, claimed: Number(c?.n ?? 0), mine: Number(c?.mine ?? 0) }];
  }));
}

/**
 * How long a count of the waiting orders is shared. Counting them reads every index entry of the stages (55,000 at
 * 1M orders: 9 ms, a third of a dashboard answer) and every open dashboard asks for it; a queue length a few seconds
 * old is as good on a card, and the claims beside it stay live.
 */
export const WAITING_TTL_MS = 5_000;
/** Per database (tests run several in one process), per scope. */
const waitingCaches = new WeakMap<Db, Map<string, { at: number; counts: Promise<Map<string, number>> }>>();

/** Orders in each stage's status, per merchant scope: one count per scope at most every WAITING_TTL_MS, shared. */
function waitingCounts(db: Db, ids: Ids): Promise<Map<string, number>> {
  const key = ids ? [...ids].sort((a, b) => a - b).join(',') : '*';
  let waitingCache = waitingCaches.get(db);
  if (!waitingCache) waitingCaches.set(db, (waitingCache = new Map()));
  const now = Date.now();
  const hit = waitingCache.get(key);
  if (hit && now - hit.at < WAITING_TTL_MS) return hit.counts;
  const statuses = sql.join(STAGE_PAGES.map((p) => sql`${STAGE_QUEUES[p].status}`), sql`, `);
  const counts = db.execute(sql`select o.status as key, count(*) as n from loan_order o
      where o.status in (${statuses})${ids ? sql` and ${inIds(sql`o.merchant_id`, ids)}` : sql``}
      group by o.status`).then((res) => new Map(rowsOf<{ key: string; n: string }>(res).map((r) => [r.key, Number(r.n)])));
  // A failed count is not kept; the cache holds the scopes seen lately only.
  counts.catch(() => waitingCache.delete(key));
  if (waitingCache.size > 1_000) waitingCache.clear();
  waitingCache.set(key, { at: now, counts });
  return counts;
}

/** Queue length per stage (the supervisor's view). */
export async function queueLengths(db: Db, ids: Ids): Promise<QueueLength[]> {
  if (ids && !ids.length) return STAGE_PAGES.map((page) => ({ page, waiting: 0, claimed: 0 }));
  const counts = await stageCounts(db, ids, 0);
  return STAGE_PAGES.map((page) => ({ page, waiting: counts.get(page)!.waiting, claimed: counts.get(page)!.claimed }));
}

/**
 * A reviewer's stages: claimable (waiting, nobody holds it) and claimed by me; and my stage decisions of today and
 * the last 7 business days, from the review records (indexed by account and time).
 */
export async function reviewerSection(db: Db, ids: Ids, groups: readonly DayGroup[], accountId: number, pages: readonly StagePage[]): Promise<ReviewerSection> {
  const empty = !!ids && !ids.length;
  const counts = empty ? null : await stageCounts(db, ids, accountId);
  const stages = pages.map((page) => {
    const c = counts?.get(page) ?? { waiting: 0, claimed: 0, mine: 0 };
    return { page, claimable: c.waiting - c.claimed, mine: c.mine };
  });
  const decided = { today: 0, week: 0, approved_today: 0, approved_week: 0 };
  if (!groups.length) return { stages, decided };
  const today = timeSince(groups, sql`r.merchant_id`, sql`r.created_at`, (d) => d);
  const manual = sql.join(STAGE_PAGES.map((p) => sql`${STAGE_QUEUES[p].stage}`), sql`, `);
  const res = await db.execute(sql`select count(*) as week, count(*) filter (where ${today}) as today,
      count(*) filter (where r.result = 'approved') as approved_week, count(*) filter (where r.result = 'approved' and ${today}) as approved_today
    from review_record r
    where r.account_id = ${accountId} and r.stage in (${manual}) and r.result in ('approved', 'rejected')
      and ${timeSince(groups, sql`r.merchant_id`, sql`r.created_at`, (d) => addDays(d, -6))}`);
  const [r] = rowsOf<Record<keyof typeof decided, string>>(res);
  return {
    stages,
    decided: { today: Number(r?.today ?? 0), week: Number(r?.week ?? 0), approved_today: Number(r?.approved_today ?? 0), approved_week: Number(r?.approved_week ?? 0) },
  };
}
