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
 * Orders waiting in each manual stage of the scope, how many of them a reviewer claimed and how many I did. Queues
 * are short (orders leave a stage within hours), and the (merchant, status) index of loan_order finds them; the claim
 * is the stage task's, looked up by the live-task index of work_task.
 */
async function stageCounts(db: Db, ids: Ids, accountId: number) {
  const queueOf = sql.join(STAGE_PAGES.map((p) => sql`when ${STAGE_QUEUES[p].status} then ${STAGE_QUEUES[p].queue}`), sql` `);
  const claimed = (by: boolean) => sql`exists (select 1 from work_task t where t.queue = (case o.status ${queueOf} end)
    and t.order_id = o.id and t.status = 'claimed'${by ? sql` and t.assignee_id = ${accountId}` : sql``})`;
  const res = await db.execute(sql`select o.status, count(*) as waiting, count(*) filter (where ${claimed(false)}) as claimed,
      count(*) filter (where ${claimed(true)}) as mine
    from loan_order o
    where o.status in (${sql.join(STAGE_PAGES.map((p) => sql`${STAGE_QUEUES[p].status}`), sql`, `)})${ids ? sql` and ${inIds(sql`o.merchant_id`, ids)}` : sql``}
    group by o.status`);
  const rows = rowsOf<{ status: string; waiting: string; claimed: string; mine: string }>(res);
  return new Map(STAGE_PAGES.map((p) => {
    const r = rows.find((x) => x.status === STAGE_QUEUES[p].status);
    return [p, { waiting: Number(r?.waiting ?? 0), claimed: Number(r?.claimed ?? 0), mine: Number(r?.mine ?? 0) }];
  }));
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
