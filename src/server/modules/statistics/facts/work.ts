import { sql, type SQL } from 'drizzle-orm';
import { REVIEW_STAGE_STATUS } from '../../../../schemas/lifecycle';
import { STAGE_QUEUES } from '../../../../schemas/review';
import type { DbOrTx } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import type { FactBuilder, FactContext } from '../refresh';
import { dateRuns, inWindow, inWindows, localDate, resumSql, type Window } from './sql';

/**
 * Fact maintenance of the work reports (docs/statistics.md "Review and withdrawal"): stat_review and stat_withdrawal
 * from the status history (every approval, rejection, confirmation and close writes one with its account, the demo's
 * generated orders too), review claims (work_task), withdrawal contacts and reminder SMS. stat_marketing is the
 * marketing area's (src/server/modules/marketing/facts.ts).
 */

/** A decision is made out of one of these statuses; the stage key is the review record's. */
const REVIEW_FROM: Record<string, string> = {
  ...Object.fromEntries(Object.entries(REVIEW_STAGE_STATUS).map(([stage, status]) => [status, stage])),
  reloan: 'reloan',
};
/** Where an approval goes: the next stage or pending withdrawal (a close is the rejection; other moves are not decisions). */
const APPROVE_TO: readonly string[] = [...Object.values(REVIEW_STAGE_STATUS), 'withdrawal'];
const REVIEW_QUEUE_STAGE: Record<string, string> = Object.fromEntries(Object.values(STAGE_QUEUES).map((q) => [q.queue, q.stage]));
/** Contact results (withdrawal_contact_result) that reached the customer, that did not, and the refusal. */
const CONTACT_REACHED = ['1', '2', '3'];
const CONTACT_UNREACHED = ['4', '6'];
const CONTACT_DECLINED = '5';

const list = (xs: readonly string[]) => sql.join(xs.map((x) => sql`${x}`), sql`, `);
const caseOf = (col: SQL, map: Record<string, string>) =>
  sql`case ${col} ${sql.join(Object.entries(map).map(([k, v]) => sql`when ${k} then ${v}`), sql` `)} end`;
/**
 * History row h, its order o, and `ent.at`: when the order last entered `status` before h (read through the history's
 * order index), looked up only for the rows `when` holds.
 */
const historySince = (status: SQL, when: SQL = sql`true`) => sql`order_status_history h join loan_order o on o.id = h.order_id
  left join lateral (select max(e.created_at) as at from order_status_history e
    where ${when} and e.order_id = h.order_id and e.to_status = ${status} and e.id < h.id) ent on true`;
/** Seconds from `ent.at` to h (0 when the order never entered the status). */
const SECONDS = sql`greatest(0, coalesce(round(extract(epoch from h.created_at - ent.at)), 0))`;

function datesSql(ws: Window[]): SQL {
  const one = (w: Window) => sql`(${sql.join([sql`true`, ...(w.from ? [sql`business_date >= ${w.from}::date`] : []), ...(w.to ? [sql`business_date <= ${w.to}::date`] : [])], sql` and `)})`;
  return sql`(${sql.join(ws.map(one), sql` or `)})`;
}

interface Columns { [col: string]: SQL }
/** One source of events: its date, staff and measures (the others 0), the order it belongs to as `o`. */
function events(cols: readonly string[], at: SQL, staff: SQL, measures: Columns, from: SQL, where: SQL, extra: Columns = {}): SQL {
  const values = cols.map((c) => sql`${measures[c] ?? sql`0`}::bigint as ${sql.identifier(c)}`);
  const keys = Object.entries(extra).map(([k, v]) => sql`${v} as ${sql.identifier(k)}, `);
  return sql`select ${at} as d, o.product_id, coalesce(o.channel_id, 0) as ch, o.is_returning as r, ${sql.join(keys, sql``)}${staff} as staff,
    ${sql.join(values, sql`, `)} from ${from} where ${where}`;
}

function insertSql(table: string, cols: readonly string[], merchantId: number, sources: SQL[], extraKeys: string[] = []): SQL {
  const ex = extraKeys.map((k) => sql.identifier(k));
  const exSel = ex.length ? sql`${sql.join(ex, sql`, `)}, ` : sql``;
  return sql`insert into ${sql.identifier(table)} (merchant_id, business_date, product_id, channel_id, "returning", ${exSel}staff_id, ${sql.join(cols.map((c) => sql.identifier(c)), sql`, `)})
    select ${merchantId}, d, product_id, ch, r, ${exSel}staff, ${sql.join(cols.map((c) => sql`sum(${sql.identifier(c)})`), sql`, `)}
    from (${sql.join(sources, sql` union all `)}) e group by d, product_id, ch, r, ${exSel}staff`;
}

const REVIEW_COLS = ['claimed', 'approved', 'rejected', 'decide_seconds', 'matured', 'went_overdue'] as const;

/** An order `o` paid out and due before today. */
const orderMatured = (c: FactContext) => sql`(o.success_at is not null and o.due_date < ${c.today}::date)`;
/** Whether order `o` ever moved overdue: a scalar probe with LIMIT (an EXISTS may be planned as a hashed subplan over the whole history). */
const everOverdue = sql`coalesce((select true from order_status_history v where v.order_id = o.id and v.to_status = 'overdue' limit 1), false)`;

/** The outcome of approvals: paid out and due before today (matured), and of those the ones that ever went overdue. */
function outcomeMeasures(c: FactContext): Columns {
  const approved = sql`(h.to_status <> 'closed')`;
  const matured = sql`(${approved} and ${orderMatured(c)})`;
  return { matured: sql`${matured}::int`, went_overdue: sql`(${matured} and ${everOverdue})::int` };
}

/** History row h is an approval by a reviewer (a decision out of a review stage that did not close the order). */
const APPROVAL = sql`h.account_id is not null and h.from_status in (${list(Object.keys(REVIEW_FROM))}) and h.to_status in (${list(APPROVE_TO)})`;

/** stat_review_outcome rows of the orders `orders` (a condition on loan_order o), written or replaced. */
function outcomeRowsSql(c: FactContext, orders: SQL): SQL {
  return sql`insert into stat_review_outcome (order_id, merchant_id, matured, went_overdue)
    select o.id, o.merchant_id, ${orderMatured(c)}, ${orderMatured(c)} and ${everOverdue} from loan_order o where ${orders}
    on conflict (order_id) do update set merchant_id = excluded.merchant_id, matured = excluded.matured, went_overdue = excluded.went_overdue
      where (stat_review_outcome.matured, stat_review_outcome.went_overdue) is distinct from (excluded.matured, excluded.went_overdue)`;
}

/** Review decisions in the windows: the status-history rows leaving a review stage, by an account. */
function decisionsWhere(c: FactContext, ws: Window[]): SQL {
  return sql`o.merchant_id = ${c.merchantId} and h.account_id is not null and h.from_status in (${list(Object.keys(REVIEW_FROM))})
    and h.to_status in (${list([...APPROVE_TO, 'closed'])}) and ${inWindows(sql`h.merchant_id = ${c.merchantId}`, sql`h.created_at`, c.tz, ws)}`;
}

function reviewSql(c: FactContext, ws: Window[]): SQL {
  const m = sql`o.merchant_id = ${c.merchantId}`;
  const approvedSql = sql`(h.to_status <> 'closed')`;
  const decisions = events(REVIEW_COLS, localDate(sql`h.created_at`, c.tz), sql`h.account_id`, {
    approved: sql`${approvedSql}::int`, rejected: sql`(not ${approvedSql})::int`, decide_seconds: SECONDS, ...outcomeMeasures(c),
  }, historySince(sql`h.from_status`), decisionsWhere(c, ws),
  { stage: caseOf(sql`h.from_status`, REVIEW_FROM) });
  const claims = events(REVIEW_COLS, localDate(sql`t.claimed_at`, c.tz), sql`t.assignee_id`, { claimed: sql`1` },
    sql`work_task t join loan_order o on o.id = t.order_id`,
    sql`${m} and t.queue in (${list(Object.keys(REVIEW_QUEUE_STAGE))}) and t.assignee_id is not null
      and ${inWindows(sql`t.merchant_id = ${c.merchantId}`, sql`t.claimed_at`, c.tz, ws)}`,
    { stage: caseOf(sql`t.queue`, REVIEW_QUEUE_STAGE) });
  return insertSql('stat_review', REVIEW_COLS, c.merchantId, [decisions, claims], ['stage']);
}

/**
 * The outcome columns of past approval dates, updated in place: a past date's decisions, claims and decision times
 * are history (today's events cannot add to them), so its rows keep their keys and only matured / went_overdue are
 * summed again — without the time-in-stage lookup per decision that recomputing the rows whole costs.
 */
function reviewOutcomeSql(c: FactContext, ws: Window[]): SQL {
  const cols = ['matured', 'went_overdue'] as const;
  const outcomes = events(cols, localDate(sql`h.created_at`, c.tz), sql`h.account_id`, outcomeMeasures(c),
    sql`order_status_history h join loan_order o on o.id = h.order_id`, decisionsWhere(c, ws), { stage: caseOf(sql`h.from_status`, REVIEW_FROM) });
  return sql`update stat_review s set matured = x.matured, went_overdue = x.went_overdue
    from (select d, product_id, ch, r, stage, staff, sum(matured) as matured, sum(went_overdue) as went_overdue
      from (${outcomes}) e group by d, product_id, ch, r, stage, staff) x
    where s.merchant_id = ${c.merchantId} and s.business_date = x.d and s.product_id = x.product_id and s.channel_id = x.ch
      and s."returning" = x.r and s.stage = x.stage and s.staff_id = x.staff
      and (s.matured, s.went_overdue) is distinct from (x.matured, x.went_overdue)`;
}

const WITHDRAWAL_COLS = ['entered', 'withdrawn', 'withdrawn_agent', 'within_2h', 'within_24h', 'withdraw_seconds', 'expired', 'closed_staff',
  'contacts', 'contact_reached', 'contact_unreached', 'contact_declined', 'reminders'] as const;

function withdrawalSql(c: FactContext, w: Window): SQL {
  const m = sql`o.merchant_id = ${c.merchantId}`;
  const entered = sql`(h.to_status = 'withdrawal' and coalesce(h.from_status, '') not in ('failed', 'suspended'))`;
  const confirmed = sql`(h.from_status = 'withdrawal' and h.to_status = 'disbursing')`;
  const closed = sql`(h.from_status = 'withdrawal' and h.to_status = 'closed')`;
  const staff = sql`(h.account_id is not null)`;
  const sources = [
    // One pass over the history: an approval into pending withdrawal (a return after a failed payout or a released
    // interception is not a new one; staff 0), its confirmation (by an agent or, staff 0, the customer), its close.
    events(WITHDRAWAL_COLS, localDate(sql`h.created_at`, c.tz), sql`case when ${entered} then 0 else coalesce(h.account_id, 0) end`, {
      entered: sql`${entered}::int`,
      withdrawn: sql`${confirmed}::int`, withdrawn_agent: sql`(${confirmed} and ${staff})::int`, withdraw_seconds: sql`case when ${confirmed} then ${SECONDS} else 0 end`,
      within_2h: sql`(${confirmed} and ${SECONDS} <= 7200)::int`, within_24h: sql`(${confirmed} and ${SECONDS} <= 86400)::int`,
      expired: sql`(${closed} and not ${staff})::int`, closed_staff: sql`(${closed} and ${staff})::int`,
    }, historySince(sql`'withdrawal'`, confirmed),
    sql`h.merchant_id = ${c.merchantId} and ${m} and (${entered} or ${confirmed} or ${closed}) and ${inWindow(sql`h.created_at`, c.tz, w)}`),
    events(WITHDRAWAL_COLS, localDate(sql`k.created_at`, c.tz), sql`coalesce(k.account_id, 0)`, {
      contacts: sql`1`, contact_reached: sql`(k.result in (${list(CONTACT_REACHED)}))::int`,
      contact_unreached: sql`(k.result in (${list(CONTACT_UNREACHED)}))::int`, contact_declined: sql`(k.result = ${CONTACT_DECLINED})::int`,
    }, sql`withdrawal_contact k join loan_order o on o.id = k.order_id`,
    sql`k.merchant_id = ${c.merchantId} and ${m} and ${inWindow(sql`k.created_at`, c.tz, w)}`),
    events(WITHDRAWAL_COLS, localDate(sql`s.created_at`, c.tz), sql`coalesce(s.account_id, 0)`, { reminders: sql`1` },
      sql`withdrawal_sms_log s join loan_order o on o.id = s.order_id`,
      sql`s.merchant_id = ${c.merchantId} and ${m} and s.kind = 'reminder' and ${inWindow(sql`s.created_at`, c.tz, w)}`),
  ];
  return insertSql('stat_withdrawal', WITHDRAWAL_COLS, c.merchantId, sources);
}

/**
 * Statuses whose entry today can change the outcome columns of an earlier approval: matured (paid out and due before
 * today: today is fixed within the day, a payout today is due after it) moves only with the due date — an extension
 * or a reversal —, went_overdue with a move to overdue.
 */
const OUTCOME_MOVES = ['overdue', 'extended', 'failed'];

/** Orders of the merchant that made one of those moves today. */
const movedToday = (c: FactContext) => sql`select distinct v.order_id from order_status_history v where v.merchant_id = ${c.merchantId}
  and v.to_status in (${list(OUTCOME_MOVES)}) and ${inWindow(sql`v.created_at`, c.tz, { from: c.today })}`;

/**
 * The outcome of the approvals before today of the orders that moved today, brought up to date: each moved order's
 * outcome now against its stat_review_outcome row, and the difference added to the rows of its earlier approvals
 * (their history read through the order index). An order without a row (approved before the table existed) has the
 * outcome columns of its approval dates summed again whole. Then the rows of the moved orders and of today's approvals
 * are written. Returns the dates whose stat_review rows changed.
 */
async function refreshOutcomes(tx: DbOrTx, c: FactContext): Promise<string[]> {
  const m = c.merchantId;
  const before = sql`h.created_at < (${c.today}::date::timestamp at time zone ${c.tz})`;
  const now = rowsOf<{ id: string; matured: boolean; went: boolean; was_matured: boolean | null; was_went: boolean | null }>(await tx.execute(sql`
    select o.id, ${orderMatured(c)} as matured, ${orderMatured(c)} and ${everOverdue} as went, s.matured as was_matured, s.went_overdue as was_went
    from (${movedToday(c)}) t join loan_order o on o.id = t.order_id left join stat_review_outcome s on s.order_id = o.id
    where o.merchant_id = ${m}`));
  const changed = now.filter((r) => r.was_matured !== null && (r.matured !== r.was_matured || r.went !== r.was_went));
  const missing = now.filter((r) => r.was_matured === null).map((r) => r.id);
  const dates = new Set<string>();
  if (changed.length) {
    const arr = (xs: Array<string | number>) => `{${xs.join(',')}}`;
    const delta = (a: boolean, b: boolean | null) => Number(a) - Number(b);
    const res = await tx.execute(sql`update stat_review s set matured = s.matured + d.dm, went_overdue = s.went_overdue + d.dw
      from (select ${localDate(sql`h.created_at`, c.tz)} as d, o.product_id, coalesce(o.channel_id, 0) as ch, o.is_returning as r,
          ${caseOf(sql`h.from_status`, REVIEW_FROM)} as stage, h.account_id as staff, sum(x.dm) as dm, sum(x.dw) as dw
        from unnest(${arr(changed.map((r) => r.id))}::bigint[], ${arr(changed.map((r) => delta(r.matured, r.was_matured)))}::int[],
            ${arr(changed.map((r) => delta(r.went, r.was_went)))}::int[]) as x(order_id, dm, dw)
          join order_status_history h on h.order_id = x.order_id join loan_order o on o.id = h.order_id
        where ${APPROVAL} and o.merchant_id = ${m} and ${before}
        group by 1, 2, 3, 4, 5, 6) d
      where s.merchant_id = ${m} and s.business_date = d.d and s.product_id = d.product_id and s.channel_id = d.ch
        and s."returning" = d.r and s.stage = d.stage and s.staff_id = d.staff
      returning to_char(s.business_date, 'YYYY-MM-DD') as d`);
    for (const r of rowsOf<{ d: string }>(res)) dates.add(r.d);
  }
  if (missing.length) {
    const res = await tx.execute(sql`select distinct to_char(${localDate(sql`h.created_at`, c.tz)}, 'YYYY-MM-DD') as d
      from order_status_history h where h.order_id = any(${`{${missing.join(',')}}`}::bigint[]) and ${APPROVAL} and ${before}`);
    const whole = rowsOf<{ d: string }>(res).map((r) => r.d);
    if (whole.length) await tx.execute(reviewOutcomeSql(c, dateRuns(whole)));
    for (const d of whole) dates.add(d);
  }
  // Two index paths, not one condition with OR (that read the whole history). An order approved today that has its row
  // already keeps it: its outcome changes only by a move, which the first path takes.
  await tx.execute(outcomeRowsSql(c, sql`o.merchant_id = ${m} and o.id in (
    select t.order_id from (${movedToday(c)}) t where exists (select 1 from order_status_history h where h.order_id = t.order_id and ${APPROVAL})
    union all select h.order_id from order_status_history h where ${APPROVAL}
      and ${inWindows(sql`h.merchant_id = ${m}`, sql`h.created_at`, c.tz, [{ from: c.today }])}
      and not exists (select 1 from stat_review_outcome s where s.order_id = h.order_id))`));
  return [...dates].filter((d) => d < c.today).sort();
}

const reviewFacts: FactBuilder = {
  name: 'work.review',
  async refresh(tx, c) {
    const ws: Window[] = c.full ? [{ from: c.from }] : [{ from: c.today, to: c.today }];
    await tx.execute(sql`delete from stat_review where merchant_id = ${c.merchantId} and ${datesSql(ws)}`);
    await tx.execute(reviewSql(c, ws));
    let past: string[] = [];
    if (c.full) {
      if (!c.from) await tx.execute(sql`delete from stat_review_outcome where merchant_id = ${c.merchantId}`);
      await tx.execute(outcomeRowsSql(c, sql`o.merchant_id = ${c.merchantId} and o.id in (select h.order_id from order_status_history h
        where ${APPROVAL} and ${inWindows(sql`h.merchant_id = ${c.merchantId}`, sql`h.created_at`, c.tz, ws)})`));
    } else past = await refreshOutcomes(tx, c);
    await regroup(tx, c, 'stat_review', 'stat_review_all', ['stage', 'staff_id'], REVIEW_COLS, [...ws, ...(past.length ? dateRuns(past) : [])]);
  },
};

/**
 * Re-sums a roll-up (the table summed over the columns it does not keep: merchant and date are always kept, `keys`
 * besides) for the dates of `ws` of the merchant, from the table as just recomputed.
 */
async function regroup(tx: DbOrTx, c: FactContext, table: string, rollup: string, keys: readonly string[], cols: readonly string[], ws: Window[]): Promise<void> {
  const dates = datesSql(ws);
  await tx.execute(sql`delete from ${sql.identifier(rollup)} where merchant_id = ${c.merchantId} and ${dates}`);
  await tx.execute(resumSql(rollup, table, ['merchant_id', 'business_date', ...keys], cols, c.merchantId, dates));
}

const withdrawalFacts: FactBuilder = {
  name: 'work.withdrawal',
  async refresh(tx, c) {
    const w: Window = c.full ? { from: c.from } : { from: c.today, to: c.today };
    await tx.execute(sql`delete from stat_withdrawal where merchant_id = ${c.merchantId} and ${datesSql([w])}`);
    await tx.execute(withdrawalSql(c, w));
    await regroup(tx, c, 'stat_withdrawal', 'stat_withdrawal_all', ['staff_id'], WITHDRAWAL_COLS, [w]);
    await regroup(tx, c, 'stat_withdrawal', 'stat_withdrawal_nr', ['returning'], WITHDRAWAL_COLS, [w]);
  },
};

/** Fact maintenance of the work reports (docs/statistics.md). */
export const workFacts: FactBuilder[] = [reviewFacts, withdrawalFacts];
