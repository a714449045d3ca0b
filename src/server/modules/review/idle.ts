import { and, inArray, lt, sql } from 'drizzle-orm';
import { SERVICE_QUEUES, STAGE_QUEUES } from '../../../schemas/review';
import type { DbOrTx } from '../../db/client';
import { workTask } from '../task/task.table';

/** Default of REVIEW_CLAIM_IDLE_MINUTES. */
export const DEFAULT_CLAIM_IDLE_MINUTES = 30;

/** How long a reviewer may hold an order of a stage queue without deciding it (REVIEW_CLAIM_IDLE_MINUTES; 0 = for ever). */
export function claimIdleMinutes(env: NodeJS.ProcessEnv = process.env): number {
  const v = Number(env.REVIEW_CLAIM_IDLE_MINUTES);
  return env.REVIEW_CLAIM_IDLE_MINUTES !== undefined && env.REVIEW_CLAIM_IDLE_MINUTES !== '' && Number.isFinite(v) && v >= 0 ? v : DEFAULT_CLAIM_IDLE_MINUTES;
}

const STAGE_TASK_QUEUES = Object.values(STAGE_QUEUES).map((q) => q.queue);
/** The stage queue of each customer-service queue: an order at customer service stays with its reviewer. */
const SERVICE_OF_STAGE = Object.values(SERVICE_QUEUES).map((s) => [STAGE_QUEUES[s.stagePage].queue, s.queue] as const);

/**
 * Gives back to their queue the stage orders claimed longer ago than the idle time (business time) and not at customer
 * service, so an order opened and left is not locked away from the other reviewers. Run lazily by the routes that
 * read or take claims (next, claim, decisions, dispatch): no job has to run for the rule to hold. Answers how many.
 */
export async function releaseIdleClaims(db: DbOrTx, at: Date, minutes = claimIdleMinutes()): Promise<number> {
  if (!(minutes > 0)) return 0;
  const before = new Date(at.getTime() - minutes * 60_000);
  const atService = sql.join(SERVICE_OF_STAGE.map(([stage, svc]) => sql`(${workTask.queue} = ${stage} and exists(select 1 from ${workTask} s where s.queue = ${svc} and s.order_id = ${workTask.orderId} and s.status in ('open', 'claimed')))`), sql` or `);
  const rows = await db.update(workTask)
    .set({ status: 'open', assigneeId: null, claimedAt: null, updatedAt: sql`now()` })
    .where(and(inArray(workTask.queue, STAGE_TASK_QUEUES), sql`${workTask.status} = 'claimed'`, lt(workTask.claimedAt, before), sql`not (${atService})`))
    .returning({ id: workTask.id });
  return rows.length;
}
