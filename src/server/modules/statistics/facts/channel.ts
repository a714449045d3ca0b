import { sql, type SQL } from 'drizzle-orm';
import { OVERDUE_OFFSETS } from '../../../../schemas/reports/channel';
import type { DbOrTx } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import type { FactBuilder, FactContext } from '../refresh';
import { inWindow, localDate, resumSql } from './sql';

/**
 * Fact maintenance of the channel reports (docs/statistics.md "Channels"): the registration funnel per customer and
 * per registration date, and the overdue shares at D0/D+1/D+7/D+30 per due date.
 */

/**
 * Customers of the merchant with an event today that moves them in the funnel, by what the event can change:
 * `registered` today (recomputed from their orders), `disbursed` had a loan paid out (it may be their first loan),
 * `applied` placed an order, `approved` had one reach withdrawal, `overdue` had one go overdue (each a flag at most,
 * settled in place where possible: refreshFunnel).
 */
interface Touched { registered: number[]; disbursed: number[]; applied: number[]; approved: number[]; overdue: number[] }
async function touchedCustomers(tx: DbOrTx, ctx: FactContext): Promise<Touched> {
  const m = ctx.merchantId;
  const today = { from: ctx.today };
  const res = await tx.execute(sql`select id, bool_or(k = 'r') as registered, bool_or(k = 'd') as disbursed, bool_or(k = 'a') as applied,
      bool_or(k = 'p') as approved, bool_or(k = 'o') as overdue from (
      select c.id, 'r' as k from customer c where c.merchant_id = ${m} and ${inWindow(sql`c.created_at`, ctx.tz, today)}
      union all select o.customer_id, 'a' from loan_order o where o.merchant_id = ${m} and ${inWindow(sql`o.created_at`, ctx.tz, today)}
      union all select o.customer_id, 'd' from loan_order o where o.merchant_id = ${m} and ${inWindow(sql`o.success_at`, ctx.tz, today)}
      union all select o.customer_id, case h.to_status when 'withdrawal' then 'p' else 'o' end from order_status_history h join loan_order o on o.id = h.order_id
        where h.merchant_id = ${m} and o.merchant_id = ${m} and h.to_status in ('withdrawal', 'overdue') and ${inWindow(sql`h.created_at`, ctx.tz, today)}
    ) t group by id`);
  const out: Touched = { registered: [], disbursed: [], applied: [], approved: [], overdue: [] };
  for (const r of rowsOf<{ id: string | number; registered: boolean; disbursed: boolean; applied: boolean; approved: boolean; overdue: boolean }>(res)) {
    const id = Number(r.id);
    if (r.registered) {
      out.registered.push(id);
      continue;
    }
    if (r.disbursed) out.disbursed.push(id);
    if (r.applied) out.applied.push(id);
    if (r.approved) out.approved.push(id);
    if (r.overdue) out.overdue.push(id);
  }
  return out;
}

const idArray = (ids: readonly number[]) => sql`any(${`{${ids.join(',')}}`}::bigint[])`;

/**
 * The funnel state of the customers `customers` selects (a condition on customer `c`), from their orders (`orders`: a
 * condition on loan_order `o` that keeps at least those customers' orders). Approved = an order reached `withdrawal`
 * (every review path ends there) or was disbursed; the first loan is the earliest disbursed one. One aggregation, no
 * CTEs (materialised CTEs hide their sizes from the planner). The history is probed through its order index only where
 * the order's own columns cannot answer: whether an order that was never disbursed reached withdrawal, and whether
 * the customer's first loan ever went overdue (one probe per customer, not one per order: on a busy day's 35,000
 * touched customers of one merchant that was 61,000 probes and half of the step).
 */
function customerStateSql(ctx: FactContext, customers: SQL, orders: SQL): SQL {
  const first = (v: SQL) => sql`(array_agg(${v} order by o.success_at, o.id) filter (where o.success_at is not null))[1]`;
  // A scalar probe with LIMIT, not EXISTS: with a larger work_mem PostgreSQL turns an EXISTS into a hashed subplan
  // that reads the whole history (7,000,000 rows at 1M orders) to answer a few thousand orders.
  const reached = (order: SQL, status: string) => sql`coalesce((select true from order_status_history h where h.order_id = ${order} and h.to_status = ${status} limit 1), false)`;
  return sql`insert into stat_channel_customer (customer_id, merchant_id, reg_date, channel_id, applied, approved, disbursed, first_due, first_default)
    select c.id, ${ctx.merchantId}, ${localDate(sql`c.created_at`, ctx.tz)}, coalesce(c.channel_id, 0), s.customer_id is not null,
      coalesce(s.disbursed or s.approved, false), coalesce(s.disbursed, false),
      coalesce(s.first_overdue or s.first_due_date < ${ctx.today}::date, false), coalesce(s.first_overdue, false)
    from customer c left join (
      select s0.*, case when s0.first_order is null then false else ${reached(sql`s0.first_order`, 'overdue')} end as first_overdue
      from (
        select o.customer_id, bool_or(o.success_at is not null) as disbursed,
          bool_or(case when o.success_at is not null then true else ${reached(sql`o.id`, 'withdrawal')} end) as approved,
          ${first(sql`o.due_date`)} as first_due_date, ${first(sql`o.id`)} as first_order
        from loan_order o where ${orders} group by o.customer_id
      ) s0
    ) s on s.customer_id = c.id
    where c.merchant_id = ${ctx.merchantId} and ${customers}`;
}

/** Re-sums the registration dates `dates` (a condition on `reg_date`) from the customer rows. */
function funnelSql(merchantId: number, dates: SQL): SQL {
  return sql`insert into stat_channel_funnel (merchant_id, reg_date, channel_id, registered, applied, approved, disbursed, first_due, first_default)
    select merchant_id, reg_date, channel_id, count(*), count(*) filter (where applied), count(*) filter (where approved),
      count(*) filter (where disbursed), count(*) filter (where first_due), count(*) filter (where first_default)
    from stat_channel_customer where merchant_id = ${merchantId} and ${dates} group by 1, 2, 3`;
}

async function refreshFunnel(tx: DbOrTx, ctx: FactContext): Promise<void> {
  const m = ctx.merchantId;
  if (ctx.full) {
    const dates = ctx.from ? sql`reg_date >= ${ctx.from}::date` : sql`true`;
    await tx.execute(sql`delete from stat_channel_customer where merchant_id = ${m} and ${dates}`);
    const customers = inWindow(sql`c.created_at`, ctx.tz, { from: ctx.from });
    // The merchant's orders (an order is its customer's merchant's); from a date, those of the customers registered since.
    const orders = ctx.from
      ? sql`o.merchant_id = ${m} and o.customer_id in (select c.id from customer c where c.merchant_id = ${m} and ${customers})`
      : sql`o.merchant_id = ${m}`;
    await tx.execute(customerStateSql(ctx, customers, orders));
    await tx.execute(sql`delete from stat_channel_funnel where merchant_id = ${m} and ${dates}`);
    await tx.execute(funnelSql(m, dates));
    return;
  }
  // Read once: the union scans today's windows of four tables; the ids go back as one array parameter.
  const { registered, disbursed, applied, approved, overdue } = await touchedCustomers(tx, ctx);
  const whole = registered;
  const dates = new Set<string>();
  // What an event changes, decided from the customer's row without reading their orders (most of a day's touched
  // customers): a new order makes its customer "applied", an order reaching withdrawal "approved" (set in place;
  // neither changes which loan was the first one paid out). A payout changes the row only when it is the customer's
  // first loan: a customer whose row is already "disbursed" had that loan before today (today's payout is the latest),
  // so their row cannot change at all (disbursed implies applied and approved), and a returning customer's payout
  // (most of a day's payouts) costs no read of their orders. An order gone overdue changes the row only when it is the first loan,
  // which a row already marked first_default cannot be waiting for. The others are recomputed whole, as is a
  // customer without a row yet.
  const flagged = [...new Set([...disbursed, ...applied, ...approved, ...overdue])];
  if (flagged.length) {
    const rows = rowsOf<{ id: string | number; first_default: boolean; disbursed: boolean }>(await tx.execute(sql`select customer_id as id, first_default, disbursed
      from stat_channel_customer where merchant_id = ${m} and customer_id = ${idArray(flagged)}`));
    const found = new Map(rows.map((r) => [Number(r.id), r]));
    const recompute = new Set(flagged.filter((id) => !found.has(id)));
    for (const id of overdue) if (found.get(id)?.first_default === false) recompute.add(id);
    for (const id of disbursed) if (found.get(id)?.disbursed === false) recompute.add(id);
    whole.push(...recompute);
    for (const [flag, ids] of [['applied', applied], ['approved', approved]] as const) {
      const keep = ids.filter((id) => !recompute.has(id));
      if (!keep.length) continue;
      const set = await tx.execute(sql`update stat_channel_customer set ${sql.identifier(flag)} = true
        where merchant_id = ${m} and customer_id = ${idArray(keep)} and not ${sql.identifier(flag)} returning to_char(reg_date, 'YYYY-MM-DD') as d`);
      for (const r of rowsOf<{ d: string }>(set)) dates.add(r.d);
    }
  }
  if (whole.length) {
    const touched = idArray(whole);
    await tx.execute(sql`delete from stat_channel_customer where merchant_id = ${m} and customer_id = ${touched}`);
    await tx.execute(customerStateSql(ctx, sql`c.id = ${touched}`, sql`o.customer_id = ${touched}`));
    const res = await tx.execute(sql`select distinct to_char(reg_date, 'YYYY-MM-DD') as d from stat_channel_customer where merchant_id = ${m} and customer_id = ${touched}`);
    for (const r of rowsOf<{ d: string }>(res)) dates.add(r.d);
  }
  if (!dates.size) return;
  const which = sql`reg_date = any(${`{${[...dates].join(',')}}`}::date[])`;
  await tx.execute(sql`delete from stat_channel_funnel where merchant_id = ${m} and ${which}`);
  await tx.execute(funnelSql(m, which));
}

/**
 * Overdue shares derived from the repayment cohorts (already recomputed in this transaction): not settled by D+k =
 * settle offset > k. Within a business date a row changes only with its cohort: incrementally, just the due dates
 * the cohorts' refresh recomputed. The roll-up stat_channel_overdue_ch is rewritten for the same due dates.
 */
async function refreshOverdue(tx: DbOrTx, ctx: FactContext): Promise<void> {
  let dates: SQL;
  if (ctx.full) dates = ctx.from ? sql`due_date >= ${ctx.from}::date` : sql`true`;
  else if (!ctx.dueDates?.length) return;
  else dates = sql`due_date = any(${`{${ctx.dueDates.join(',')}}`}::date[])`;
  const cols = OVERDUE_OFFSETS.flatMap((k) => [`due_${k}`, `due_amount_${k}`, `overdue_${k}`, `overdue_amount_${k}`]);
  const sums = OVERDUE_OFFSETS.flatMap((k) => {
    const over = sql`due_date + ${k}::int < ${ctx.today}::date`;
    return [
      sql`coalesce(sum(orders) filter (where ${over}), 0)`, sql`coalesce(sum(amount_minor) filter (where ${over}), 0)`,
      sql`coalesce(sum(orders) filter (where ${over} and settle_offset > ${k}), 0)`,
      sql`coalesce(sum(amount_minor) filter (where ${over} and settle_offset > ${k}), 0)`,
    ];
  });
  for (const t of ['stat_channel_overdue', 'stat_channel_overdue_ch']) {
    await tx.execute(sql`delete from ${sql.identifier(t)} where merchant_id = ${ctx.merchantId} and ${dates}`);
  }
  const names = sql.join(['orders', 'amount_minor', ...cols].map((c) => sql.identifier(c)), sql`, `);
  await tx.execute(sql`insert into stat_channel_overdue (merchant_id, due_date, product_id, channel_id, "returning", ${names})
    select merchant_id, due_date, product_id, channel_id, "returning", sum(orders), sum(amount_minor), ${sql.join(sums, sql`, `)}
    from stat_repay_cohort where merchant_id = ${ctx.merchantId} and ${dates} group by 1, 2, 3, 4, 5`);
  // The roll-up of the same due dates: the rows just written summed over product and new/returning.
  await tx.execute(resumSql('stat_channel_overdue_ch', 'stat_channel_overdue', ['merchant_id', 'due_date', 'channel_id'],
    ['orders', 'amount_minor', ...cols], ctx.merchantId, dates));
}

export const channelFacts: FactBuilder[] = [
  { name: 'channel.funnel', refresh: refreshFunnel },
  { name: 'channel.overdue', refresh: refreshOverdue },
];
