import { sql, type SQL } from 'drizzle-orm';
import { TRANSITIONS } from '../../../../schemas/lifecycle';
import { REBORROW_DAYS } from '../../../../schemas/reports/repayment';
import type { DbOrTx } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import { addDays } from '../../lifecycle/clock';
import type { FactBuilder, FactContext } from '../refresh';
import { dateConds, inWindow, localDate, type Window } from './sql';

/** Fact maintenance of the repayment reports (docs/statistics.md "Repayment"): re-borrowing after a settlement. */

/** Longest re-borrowing window counted; a later (or no) next order is stored as NO_REBORROW. */
export const REBORROW_MAX = Math.max(...REBORROW_DAYS);
export const NO_REBORROW = 32767;

/** The customer's first order created at or after the settlement of `o` (the customer index serves it). */
const firstLater = sql`(select min(n.created_at) from loan_order n
  where n.customer_id = o.customer_id and n.merchant_id = o.merchant_id and n.id <> o.id and n.created_at >= o.settled_at)`;

/** stat_reborrow_order rows of the settled orders `from` yields as `o`; `next` = the time of the customer's next order. */
function orderRowsSql(merchantId: number, tz: string, from: SQL, next: SQL): SQL {
  const d = localDate(sql`o.settled_at`, tz);
  return sql`insert into stat_reborrow_order (merchant_id, order_id, settle_date, product_id, channel_id, "returning", reborrow_offset)
    select ${merchantId}, id, d, product_id, ch, r, case when nd - d <= ${REBORROW_MAX} then nd - d else ${NO_REBORROW} end
    from (select o.id, ${d} as d, o.product_id, coalesce(o.channel_id, 0) as ch, o.is_returning as r, ${localDate(next, tz)} as nd
      from ${from}) s`;
}

/**
 * Every settlement of the window at once: the next order by creation time (a window function over the merchant's
 * orders, one sort) is the first one after the settlement unless it was placed while the loan was still open, which
 * the customer rules forbid but the data may hold; then the correlated look-up decides.
 */
function allOrderRowsSql(merchantId: number, tz: string, w: Window): SQL {
  const orders = sql`(select id, merchant_id, customer_id, product_id, channel_id, is_returning, settled, settled_at,
      lead(created_at) over (partition by customer_id order by created_at, id) as nxt
    from loan_order where merchant_id = ${merchantId}) o where o.settled and ${inWindow(sql`o.settled_at`, tz, w)}`;
  return orderRowsSql(merchantId, tz, orders, sql`(case when o.nxt is null or o.nxt >= o.settled_at then o.nxt else ${firstLater} end)`);
}

/** stat_reborrow and its roll-up of the given settle dates (all from `w` when no list), regrouped from stat_reborrow_order. */
async function regroup(tx: DbOrTx, merchantId: number, dates: Window | string[]): Promise<void> {
  const which = Array.isArray(dates) ? sql`settle_date = any(${`{${dates.join(',')}}`}::date[])` : dateConds('settle_date', dates);
  await tx.execute(sql`delete from stat_reborrow where merchant_id = ${merchantId} and ${which}`);
  await tx.execute(sql`insert into stat_reborrow (merchant_id, settle_date, product_id, channel_id, "returning", reborrow_offset, settled)
    select merchant_id, settle_date, product_id, channel_id, "returning", reborrow_offset, count(*) from stat_reborrow_order
    where merchant_id = ${merchantId} and ${which} group by 1, 2, 3, 4, 5, 6`);
  await tx.execute(sql`delete from stat_reborrow_all where merchant_id = ${merchantId} and ${which}`);
  await tx.execute(sql`insert into stat_reborrow_all (merchant_id, settle_date, reborrow_offset, settled)
    select merchant_id, settle_date, reborrow_offset, sum(settled) from stat_reborrow
    where merchant_id = ${merchantId} and ${which} group by 1, 2, 3`);
}

/**
 * Where a revoked settlement goes (the lifecycle's transitions out of settled): the history index holds the target
 * status beside the time, so the day's few revocations are found in it without reading the day's other moves
 * (123,000 rows for the largest merchant at 1M orders, a third of a second).
 */
const OUT_OF_SETTLED = sql.join([...new Set(TRANSITIONS.filter(([from]) => from === 'settled').map(([, to]) => to))].map((s) => sql`${s}`), sql`, `);

/**
 * The settlements an event of today can have changed: those of today, those of the last REBORROW_MAX days whose
 * customer placed an order today, and those revoked today (status history out of settled). A settlement whose
 * customer had already borrowed again keeps its offset (today's order comes after that one): only those still without
 * a next order, or without a row, are recomputed.
 */
async function touchedOrders(tx: DbOrTx, merchantId: number, tz: string, today: string): Promise<string> {
  const t: Window = { from: today };
  const res = await tx.execute(sql`select o.id from loan_order o where o.merchant_id = ${merchantId} and o.settled and ${inWindow(sql`o.settled_at`, tz, t)}
    union select o.id from loan_order n join loan_order o on o.customer_id = n.customer_id and o.merchant_id = n.merchant_id and o.id <> n.id
        left join stat_reborrow_order r on r.merchant_id = ${merchantId} and r.order_id = o.id
      where n.merchant_id = ${merchantId} and ${inWindow(sql`n.created_at`, tz, t)} and o.settled
        and ${inWindow(sql`o.settled_at`, tz, { from: addDays(today, -REBORROW_MAX) })}
        and (r.order_id is null or r.reborrow_offset = ${NO_REBORROW})
    union select h.order_id from order_status_history h join loan_order o on o.id = h.order_id
      where h.merchant_id = ${merchantId} and o.merchant_id = ${merchantId} and h.from_status = 'settled'
        and h.to_status in (${OUT_OF_SETTLED}) and ${inWindow(sql`h.created_at`, tz, t)}`);
  return `{${rowsOf<{ id: string }>(res).map((r) => r.id).join(',')}}`;
}

async function refreshReborrow(tx: DbOrTx, ctx: FactContext): Promise<void> {
  const { merchantId, tz } = ctx;
  if (ctx.full) {
    const w: Window = { from: ctx.from };
    await tx.execute(sql`delete from stat_reborrow_order where merchant_id = ${merchantId} and ${dateConds('settle_date', w)}`);
    await tx.execute(allOrderRowsSql(merchantId, tz, w));
    await regroup(tx, merchantId, w);
    return;
  }
  const ids = await touchedOrders(tx, merchantId, tz, ctx.today);
  if (ids === '{}') return;
  const mine = sql`merchant_id = ${merchantId} and order_id = any(${ids}::bigint[])`;
  const datesOf = async () => rowsOf<{ d: string }>(await tx.execute(sql`select distinct to_char(settle_date, 'YYYY-MM-DD') as d from stat_reborrow_order where ${mine}`)).map((r) => r.d);
  const before = await datesOf();
  await tx.execute(sql`delete from stat_reborrow_order where ${mine}`);
  await tx.execute(orderRowsSql(merchantId, tz, sql`loan_order o where o.id = any(${ids}::bigint[]) and o.settled and o.settled_at is not null`, firstLater));
  await regroup(tx, merchantId, [...new Set([...before, ...(await datesOf())])]);
}

export const repaymentFacts: FactBuilder[] = [{ name: 'reborrow', refresh: refreshReborrow }];
