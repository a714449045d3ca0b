import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import type { FactBuilder, FactContext } from '../refresh';
import { dateConds, inWindow, localDate, type Window } from './sql';

/**
 * Fact maintenance of the collection reports (docs/statistics/collection.md): `stat_collection` rows of a window of business
 * dates are deleted and regrouped from the events of those dates — stage entries and hand-overs (collection_event),
 * collectors' work (call, result, promise and note events), kept promises (collection_promise), money in on open cases
 * (repayment) and cases closed as a success (completed events). The minute refresh does today only.
 */

const COLS = ['entered', 'owed_minor', 'held', 'held_owed_minor', 'worked', 'calls', 'results', 'promises', 'kept', 'recovered_minor', 'cured'] as const;
type Col = (typeof COLS)[number];

/** Events that set who holds a case: a hand-over names the collector, the others leave it in the pool. */
const HOLDING_KINDS = ['entered', 'stage_change', 'assigned', 'claimed', 'returned', 'reassigned', 'unassigned'];
const list = (xs: readonly string[]) => sql.join(xs.map((x) => sql`${x}`), sql`, `);
/** A repayment that counts as money in (as in stat_daily): successful, not an extension fee. */
const PAID = sql`r.status = 'success' and r.type <> 'extension'`;
const PAID_PARTS = sql`r.principal_minor + r.interest_minor + r.fee_minor + r.penalty_minor`;

/** The stage a case was in at `at`: its last entry at or before then (or its first, for a payment a moment before it). */
const stageAt = (caseId: SQL, at: SQL) => sql`(select s.to_stage_id from collection_event s
  where s.case_id = ${caseId} and s.kind in ('entered', 'stage_change')
  order by (s.business_at <= ${at}) desc, case when s.business_at <= ${at} then s.id else -s.id end desc limit 1)`;

/** Who held a case at `at` (0 = the pool). */
const holderAt = (caseId: SQL, at: SQL) => sql`coalesce((select case when h.kind in ('assigned', 'claimed') then h.to_collector_id end
  from collection_event h where h.case_id = ${caseId} and h.kind in (${list(HOLDING_KINDS)}) and h.business_at <= ${at}
  order by h.id desc limit 1), 0)`;

/** What an order owed at `at`: its contract amount less what was repaid before, never below 0. */
const owedAt = (orderId: SQL, at: SQL) => sql`greatest(0, (select c.contract_amount_minor from loan_order c where c.id = ${orderId})
  - coalesce((select sum(${PAID_PARTS}) from repayment r where r.order_id = ${orderId} and ${PAID} and r.paid_at < ${at}), 0))`;

interface Source { at: SQL; stage: SQL; collector: SQL; order: SQL; measures: Partial<Record<Col, SQL>>; from: SQL; where: SQL; groupBy?: SQL }

function select(s: Source, tz: string, w: Window): SQL {
  const cols = COLS.map((c) => sql`${s.measures[c] ?? sql`0`}::bigint as ${sql.identifier(c)}`);
  return sql`select ${localDate(s.at, tz)} as d, ${s.stage} as st, ${s.collector} as co, ${s.order} as oid, ${sql.join(cols, sql`, `)}
    from ${s.from} where ${s.where} and ${inWindow(s.at, tz, w)}${s.groupBy ? sql` group by ${s.groupBy}` : sql``}`;
}

function collectionSql(merchantId: number, tz: string, w: Window): SQL {
  const m = sql`e.merchant_id = ${merchantId}`;
  const at = sql`e.business_at`;
  const sources: Source[] = [
    {
      at, stage: sql`e.to_stage_id`, collector: sql`0`, order: sql`e.order_id`, from: sql`collection_event e`,
      measures: { entered: sql`1`, owed_minor: owedAt(sql`e.order_id`, at) }, where: sql`${m} and e.kind in ('entered', 'stage_change')`,
    },
    {
      at, stage: sql`e.to_stage_id`, collector: sql`e.to_collector_id`, order: sql`e.order_id`, from: sql`collection_event e`,
      measures: { held: sql`1`, held_owed_minor: owedAt(sql`e.order_id`, at) },
      where: sql`${m} and e.kind in ('assigned', 'claimed') and e.to_collector_id is not null`,
    },
    {
      // Work on a case carries its stage (a supervisor's stay note does not); a case counts once per day and collector.
      at, stage: sql`e.to_stage_id`, collector: sql`e.actor_id`, order: sql`e.order_id`, from: sql`collection_event e`,
      measures: {
        worked: sql`count(distinct e.case_id)`, calls: sql`count(*) filter (where e.kind = 'call')`,
        results: sql`count(*) filter (where e.kind = 'result')`, promises: sql`count(*) filter (where e.kind = 'promise')`,
      },
      where: sql`${m} and e.kind in ('call', 'result', 'promise', 'note') and e.actor_id is not null and e.to_stage_id is not null`,
      groupBy: sql`1, 2, 3, 4`,
    },
    {
      // By who made the promise and the stage it was made in.
      at: sql`p.resolved_at`, collector: sql`coalesce(p.created_by, 0)`, order: sql`p.order_id`,
      stage: sql`coalesce((select pe.to_stage_id from collection_event pe where pe.case_id = p.case_id and pe.kind = 'promise'
        and (pe.detail->>'promise_id')::bigint = p.id limit 1), c.stage_id)`,
      from: sql`collection_promise p join collection_case c on c.id = p.case_id`, measures: { kept: sql`1` },
      where: sql`c.merchant_id = ${merchantId} and p.status = 'kept'`,
    },
    {
      at: sql`r.paid_at`, stage: stageAt(sql`c.id`, sql`r.paid_at`), collector: holderAt(sql`c.id`, sql`r.paid_at`), order: sql`r.order_id`,
      from: sql`repayment r join collection_case c on c.order_id = r.order_id and r.paid_at >= c.entered_at and (c.closed_at is null or r.paid_at <= c.closed_at)`,
      measures: { recovered_minor: PAID_PARTS }, where: sql`r.merchant_id = ${merchantId} and c.merchant_id = ${merchantId} and ${PAID}`,
    },
    {
      at, stage: sql`c.stage_id`, collector: sql`coalesce(e.from_collector_id, 0)`, order: sql`e.order_id`,
      from: sql`collection_event e join collection_case c on c.id = e.case_id`, measures: { cured: sql`1` },
      where: sql`${m} and e.kind = 'completed' and c.status = 'success'`,
    },
  ];
  const sums = COLS.map((c) => sql`sum(${sql.identifier(c)})`);
  return sql`insert into stat_collection (merchant_id, business_date, stage_id, group_id, collector_id, product_id, channel_id, "returning",
      ${sql.join(COLS.map((c) => sql.identifier(c)), sql`, `)})
    select ${merchantId}, ev.d, ev.st, coalesce(s.group_id, 0), ev.co, o.product_id, coalesce(o.channel_id, 0), o.is_returning, ${sql.join(sums, sql`, `)}
    from (${sql.join(sources.map((s) => select(s, tz, w)), sql` union all `)}) ev
    join loan_order o on o.id = ev.oid
    left join collection_stage s on s.id = ev.st
    where ev.st is not null
    group by ev.d, ev.st, s.group_id, ev.co, o.product_id, o.channel_id, o.is_returning`;
}

/** The business dates a pass recomputes: all (from `from`) on a full pass, else today. */
export const collectionWindow = (ctx: FactContext): Window => (ctx.full ? { from: ctx.from } : { from: ctx.today, to: ctx.today });

async function refresh(tx: DbOrTx, ctx: FactContext): Promise<void> {
  const w = collectionWindow(ctx);
  await tx.execute(sql`delete from stat_collection where merchant_id = ${ctx.merchantId} and ${dateConds('business_date', w)}`);
  await tx.execute(collectionSql(ctx.merchantId, ctx.tz, w));
}

export const collectionFacts: FactBuilder[] = [{ name: 'collection', refresh }];
