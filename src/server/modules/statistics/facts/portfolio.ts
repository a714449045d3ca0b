import { sql, type SQL } from 'drizzle-orm';
import { BUCKET_LAST_DAY, bucketOf, COUNT_BAND_FROM, SEGMENT_OFFSETS, SETTLED_BUCKET, VINTAGE_AGES } from '../../../../schemas/reports/portfolio';
import type { DbOrTx } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import { addDays } from '../../lifecycle/clock';
import type { FactBuilder, FactContext } from '../refresh';
import { dateConds, dateRuns, intSql, inWindows, localDate, resumSql } from './sql';

/**
 * Fact maintenance of the portfolio reports (docs/statistics/portfolio.md). The open book of every past date is
 * reconstructed from the base tables: an order is open on D when paid out on or before D and not settled by D; on D
 * it owes its principal less what repayments and reductions took off principal by D, and it is due on the due date
 * in effect on D — the end date of the last extension paid by D, else its original due date (payout date + loan days
 * when it was ever extended; loan_order.due_date otherwise).
 */

const n = intSql;
const rangeCase = (x: SQL, lastDays: readonly number[]): SQL =>
  sql`(case ${sql.join(lastDays.map((last, i) => sql`when ${x} <= ${n(last)} then ${n(i)}`), sql` `)} else ${n(lastDays.length)} end)`;
const bucketSql = (dpd: SQL): SQL => rangeCase(dpd, BUCKET_LAST_DAY);
/**
 * Bands: the buckets cut again at 7 and 30 days (PAR 7 and 30 cut through 4–7 and 16–30), so one grouping of the
 * open days gives both the buckets and the amounts 7+ / 30+ days overdue.
 */
const BAND_LAST_DAY = [...new Set([...BUCKET_LAST_DAY, 6, 29])].sort((a, b) => a - b);
const bandSql = (dpd: SQL): SQL => rangeCase(dpd, BAND_LAST_DAY);
const bandFirstDay = (i: number) => (i === 0 ? 0 : BAND_LAST_DAY[i - 1] + 1);
const BAND_BUCKET = [...BAND_LAST_DAY, Infinity].map((_, i) => bucketOf(bandFirstDay(i)));
/** The first band of the days ≥ `days` overdue (7 or 30: a band ends the day before). */
const bandFrom = (days: number) => BAND_LAST_DAY.indexOf(days - 1) + 1;

/** Which dates a pass recomputes: snapshots and roll rates from `from`, vintages of payouts from `payoutFrom` (none: all). */
interface Scope { from?: string; payoutFrom?: string }

/**
 * The state segments of the merchant's disbursed orders: per order, from each business date on which its state changed
 * (payout; principal repaid or reduced; due date moved by an extension) to the day before the next change — the
 * cumulative principal taken off and the due date in effect. Orders: those open on some date of the scope, or paid
 * out in the vintage scope.
 */
function segmentsCte(ctx: FactContext, scope: Scope): SQL {
  const { merchantId, tz } = ctx;
  const conds: SQL[] = [sql`o.merchant_id = ${merchantId}`, sql`o.success_at is not null`, sql`o.due_date is not null`];
  const inScope: SQL[] = [];
  if (scope.from) {
    // Open on a date ≥ from: not settled, or settled after it.
    inScope.push(sql`not o.settled or o.settled_at is null or o.settled_at >= ((${scope.from}::date + 1)::timestamp at time zone ${tz})`);
  }
  if (scope.payoutFrom) inScope.push(sql`o.success_at >= (${scope.payoutFrom}::date::timestamp at time zone ${tz})`);
  if (scope.from || scope.payoutFrom) conds.push(sql`(${sql.join(inScope.map((c) => sql`(${c})`), sql` or `)})`);
  return sql`o as (
      select o.id, o.product_id, coalesce(o.channel_id, 0) as ch, o.is_returning as r, o.loan_amount_minor as amt, o.loan_days, o.due_date,
        ${localDate(sql`o.success_at`, tz)} as d0,
        case when o.settled and o.settled_at is not null then ${localDate(sql`o.settled_at`, tz)} end as ds
      from loan_order o where ${sql.join(conds, sql` and `)}
    ),
    ev as (
      select p.order_id, ${localDate(sql`p.paid_at`, tz)} as d, p.principal_minor::bigint as paid, null::date as due
        from repayment p join o on o.id = p.order_id where p.merchant_id = ${merchantId} and p.status = 'success' and p.principal_minor <> 0 and p.paid_at is not null
      union all
      select rd.order_id, ${localDate(sql`rd.decided_at`, tz)}, rd.principal_minor::bigint, null::date
        from reduction rd join o on o.id = rd.order_id where rd.merchant_id = ${merchantId} and rd.status = 'approved' and rd.principal_minor <> 0 and rd.decided_at is not null
      union all
      select x.order_id, ${localDate(sql`x.paid_at`, tz)}, 0::bigint, x.end_date
        from extension x join o on o.id = x.order_id where x.merchant_id = ${merchantId} and x.status = 'success' and x.end_date is not null and x.paid_at is not null
    ),
    st as (
      select order_id, d, sum(paid)::bigint as paid, max(due) as due from (
        select o.id as order_id, o.d0 as d, 0::bigint as paid,
          case when o.id in (select order_id from ev where due is not null) then o.d0 + o.loan_days else o.due_date end as due
        from o
        union all select order_id, d, paid, due from ev
      ) e group by order_id, d
    ),
    seg as (
      -- Extensions only move a due date later, so the running max is the one in effect.
      select order_id, d as d_from, lead(d) over n as d_next, sum(paid) over w as paid, max(due) over w as due,
        greatest(max(due) over w, lead(due) over n) as next_due
      from st window w as (partition by order_id order by d rows unbounded preceding), n as (partition by order_id order by d)
    )`;
}

/** The measures of stat_vintage at each age, and all of them (what its roll-up sums). */
const VINTAGE_AGE_SUMS = VINTAGE_AGES.flatMap((k) => [`reached_${k}`, `od7_at_${k}`, `od30_at_${k}`]);
const VINTAGE_SUMS = ['loans', 'amount_minor', ...VINTAGE_AGE_SUMS];

/**
 * One statement: the daily snapshots and roll rates of the dates from `scope.from` to today (every date an order is
 * open: generate_series over its segments), and the vintages of the payout dates from `scope.payoutFrom`.
 */
function portfolioSql(ctx: FactContext, scope: Scope): SQL {
  const { merchantId, today } = ctx;
  const lower = scope.from ? sql`greatest(s.d_from, o.d0, ${scope.from}::date)` : sql`greatest(s.d_from, o.d0)`;
  const upper = sql`least(coalesce(s.d_next - 1, ${today}::date), coalesce(o.ds - 1, ${today}::date), ${today}::date)`;
  const ages = sql.join(VINTAGE_AGES.map((k) => sql`(${n(k)})`), sql`, `);
  const vintageCols = VINTAGE_AGE_SUMS.map((c) => sql.identifier(c));
  // Age k is reached when payout + k has ended (before today); the order counts as 7+/30+ when open then and that late.
  const vintageSums = VINTAGE_AGES.flatMap((k) => {
    const reached = sql`v.k = ${n(k)} and v.d0 + ${n(k)} < ${today}::date`;
    return [sql`count(*) filter (where ${reached})`, sql`count(*) filter (where ${reached} and v.dpd >= 7)`, sql`count(*) filter (where ${reached} and v.dpd >= 30)`];
  });
  const payoutCond = scope.payoutFrom ? sql`o.d0 >= ${scope.payoutFrom}::date` : sql`true`;
  const bucketOfBand = sql`(case band ${sql.join(BAND_BUCKET.map((b, i) => sql`when ${n(i)} then ${n(b)}`), sql` `)} end)`;
  return sql`with ${segmentsCte(ctx, scope)},
    days as (
      select o.product_id, o.ch, o.r, b.lo + g.i as d, ${bandSql(sql`b.lo - s.due + g.i`)} as band, greatest(0, o.amt - s.paid) as outstanding,
        -- Where the order is on the next date: none for today, settled, or its bucket then (the next segment's on its first day).
        case when b.lo + g.i >= ${today}::date then -1 when o.ds = b.lo + g.i + 1 then ${n(SETTLED_BUCKET)}
          when s.d_next = b.lo + g.i + 1 then ${bucketSql(sql`b.lo + g.i + 1 - s.next_due`)} else ${bucketSql(sql`b.lo - s.due + g.i + 1`)} end as nxt
      from seg s join o on o.id = s.order_id
        cross join lateral (select ${lower} as lo, ${upper} as hi) b
        cross join lateral generate_series(0, b.hi - b.lo) as g(i)
    ),
    agg as (select d, product_id, ch, r, band, nxt, count(*) as orders, sum(outstanding) as outstanding from days group by 1, 2, 3, 4, 5, 6),
    snap as (
      insert into stat_overdue_snapshot (merchant_id, snapshot_date, product_id, channel_id, "returning", bucket, orders, outstanding_minor, od7_minor, od30_minor)
      select ${merchantId}, d, product_id, ch, r, ${bucketOfBand}, sum(orders), sum(outstanding),
        coalesce(sum(outstanding) filter (where band >= ${n(bandFrom(7))}), 0), coalesce(sum(outstanding) filter (where band >= ${n(bandFrom(30))}), 0)
      from agg group by 2, 3, 4, 5, 6
    ),
    roll as (
      insert into stat_roll (merchant_id, from_date, product_id, channel_id, "returning", from_bucket, to_bucket, orders)
      select ${merchantId}, d, product_id, ch, r, ${bucketOfBand}, nxt, sum(orders) from agg where nxt >= 0 group by 2, 3, 4, 5, 6, 7
    )
    insert into stat_vintage (merchant_id, payout_date, product_id, channel_id, "returning", loans, amount_minor, ${sql.join(vintageCols, sql`, `)})
    select ${merchantId}, v.d0, v.product_id, v.ch, v.r, count(*) filter (where v.k = ${n(VINTAGE_AGES[0])}),
      coalesce(sum(v.amt) filter (where v.k = ${n(VINTAGE_AGES[0])}), 0), ${sql.join(vintageSums, sql`, `)}
    from (
      select o.id, o.d0, o.product_id, o.ch, o.r, o.amt, a.k,
        case when o.ds is null or o.ds > o.d0 + a.k then (o.d0 + a.k) - s.due end as dpd
      from o cross join (values ${ages}) as a(k)
        left join seg s on s.order_id = o.id and s.d_from <= o.d0 + a.k and (s.d_next is null or s.d_next > o.d0 + a.k)
      where ${payoutCond}
    ) v group by 2, 3, 4, 5`;
}

/** Loans by segment, by payout date (from `payoutFrom`, or of the listed dates). */
function segmentSql(ctx: FactContext, w: { payoutFrom?: string; dates?: string[] }): SQL {
  const { merchantId, tz, today } = ctx;
  const d0 = localDate(sql`o.success_at`, tz);
  const conds: SQL[] = [sql`o.merchant_id = ${merchantId}`, sql`o.success_at is not null`, sql`o.due_date is not null`];
  if (w.payoutFrom) conds.push(sql`o.success_at >= (${w.payoutFrom}::date::timestamp at time zone ${tz})`);
  // Dates as ranges of payout times: the (merchant, success_at) index serves them (a condition on the converted date
  // read every disbursed order of the merchant).
  if (w.dates) conds.push(inWindows(sql`o.merchant_id = ${merchantId}`, sql`o.success_at`, tz, dateRuns(w.dates)));
  // The customer's nth disbursed loan at the merchant (payout time, then id, orders them).
  const nth = sql`(select count(*) from loan_order p where p.customer_id = o.customer_id and p.merchant_id = o.merchant_id
    and p.success_at is not null and p.due_date is not null and (p.success_at < o.success_at or (p.success_at = o.success_at and p.id <= o.id)))`;
  const countBand = sql`(case ${sql.join(COUNT_BAND_FROM.map((from, i) => sql`when nth >= ${n(from)} then ${n(i + 1)}`).reverse(), sql` `)} end)`;
  const sums = SEGMENT_OFFSETS.flatMap((k) => {
    const matured = sql`due_date + ${n(k)} < ${today}::date`;
    return [sql`count(*) filter (where ${matured})`, sql`count(*) filter (where ${matured} and (ds is null or ds > due_date + ${n(k)}))`];
  });
  const cols = SEGMENT_OFFSETS.flatMap((k) => [sql.identifier(`matured_${k}`), sql.identifier(`unpaid_${k}`)]);
  return sql`insert into stat_loan_segment (merchant_id, payout_date, product_id, channel_id, "returning", count_band, amount_band, loans, amount_minor, ${sql.join(cols, sql`, `)})
    select ${merchantId}, d0, product_id, ch, r, ${countBand}, amount_band, count(*), sum(amt), ${sql.join(sums, sql`, `)}
    from (
      select ${d0} as d0, o.product_id, coalesce(o.channel_id, 0) as ch, o.is_returning as r, o.loan_amount_minor as amt, o.due_date,
        case when o.settled and o.settled_at is not null then ${localDate(sql`o.settled_at`, tz)} end as ds, ${nth} as nth,
        least(4, greatest(1, ceil(o.loan_amount_minor * 4.0 / greatest(pr.max_amount_minor, 1))::int)) as amount_band
      from loan_order o join product pr on pr.id = o.product_id where ${sql.join(conds, sql` and `)}
      offset 0 -- not inlined: the count band's CASE would run the nth-loan count once per branch
    ) x group by 2, 3, 4, 5, 6, 7`;
}

const SEGMENT_SUMS = ['loans', 'amount_minor', ...SEGMENT_OFFSETS.flatMap((k) => [`matured_${k}`, `unpaid_${k}`])];

async function deleteSegments(tx: DbOrTx, merchantId: number, which: SQL): Promise<void> {
  for (const t of ['stat_loan_segment', 'stat_loan_segment_nr']) {
    await tx.execute(sql`delete from ${sql.identifier(t)} where merchant_id = ${merchantId} and ${which}`);
  }
}

/** stat_loan_segment_nr of the rewritten dates: the full table's rows summed over product and channel. */
const segmentRollupSql = (merchantId: number, which: SQL): SQL =>
  resumSql('stat_loan_segment_nr', 'stat_loan_segment', ['merchant_id', 'payout_date', 'returning', 'count_band', 'amount_band'], SEGMENT_SUMS, merchantId, which);

/**
 * Payout dates whose segment figures today's events changed: loans paid out today and loans extended today. Two
 * range scans (today's payouts, today's extensions): as one condition with OR, every disbursed loan of the merchant
 * was read (0.28 s for the largest at 1M orders).
 */
async function touchedPayoutDates(tx: DbOrTx, ctx: FactContext): Promise<string[]> {
  const start = sql`(${ctx.today}::date::timestamp at time zone ${ctx.tz})`;
  const res = await tx.execute(sql`select distinct to_char(${localDate(sql`t.success_at`, ctx.tz)}, 'YYYY-MM-DD') as d from (
      select o.success_at from loan_order o where o.merchant_id = ${ctx.merchantId} and o.success_at >= ${start}
      union all select o.success_at from extension x join loan_order o on o.id = x.order_id
        where x.merchant_id = ${ctx.merchantId} and x.status = 'success' and x.paid_at >= ${start}
          and o.merchant_id = ${ctx.merchantId} and o.success_at is not null) t`);
  return rowsOf<{ d: string }>(res).map((r) => r.d);
}

async function deleteScope(tx: DbOrTx, ctx: FactContext, scope: Scope): Promise<void> {
  const m = ctx.merchantId;
  for (const t of ['stat_overdue_snapshot', 'stat_overdue_snapshot_all']) {
    await tx.execute(sql`delete from ${sql.identifier(t)} where merchant_id = ${m} and ${dateConds('snapshot_date', { from: scope.from })}`);
  }
  for (const t of ['stat_roll', 'stat_roll_all']) {
    await tx.execute(sql`delete from ${sql.identifier(t)} where merchant_id = ${m} and ${dateConds('from_date', { from: scope.from })}`);
  }
  for (const t of ['stat_vintage', 'stat_vintage_all']) {
    await tx.execute(sql`delete from ${sql.identifier(t)} where merchant_id = ${m} and ${dateConds('payout_date', { from: scope.payoutFrom })}`);
  }
}

/** stat_vintage_all of the rewritten payout dates: the rows just written summed over product, channel and new/returning. */
const vintageRollupSql = (merchantId: number, scope: Scope): SQL =>
  resumSql('stat_vintage_all', 'stat_vintage', ['merchant_id', 'payout_date'], VINTAGE_SUMS, merchantId, dateConds('payout_date', { from: scope.payoutFrom }));

const lastAge = VINTAGE_AGES[VINTAGE_AGES.length - 1];

/**
 * A full pass recomputes everything (from `ctx.from`: snapshots and roll rates from it, vintages paid out up to 90 days
 * before it). Today's pass: today's snapshot and the roll from yesterday to today; vintages and segments of loans paid
 * out (or extended) today — their other figures count only ended days, which change at the day's full rebuild.
 */
export const portfolioFacts: FactBuilder[] = [
  {
    name: 'portfolio.book',
    async refresh(tx, ctx) {
      const scope: Scope = ctx.full
        ? { from: ctx.from, payoutFrom: ctx.from ? addDays(ctx.from, -lastAge) : undefined }
        : { from: addDays(ctx.today, -1), payoutFrom: ctx.today };
      await deleteScope(tx, ctx, scope);
      await tx.execute(portfolioSql(ctx, scope));
      await tx.execute(resumSql('stat_overdue_snapshot_all', 'stat_overdue_snapshot', ['merchant_id', 'snapshot_date', 'bucket'],
        ['orders', 'outstanding_minor', 'od7_minor', 'od30_minor'], ctx.merchantId, dateConds('snapshot_date', { from: scope.from })));
      await tx.execute(resumSql('stat_roll_all', 'stat_roll', ['merchant_id', 'from_date', 'from_bucket', 'to_bucket'], ['orders'],
        ctx.merchantId, dateConds('from_date', { from: scope.from })));
      await tx.execute(vintageRollupSql(ctx.merchantId, scope));
    },
  },
  {
    name: 'portfolio.segments',
    async refresh(tx, ctx) {
      let which: SQL;
      if (ctx.full) {
        which = dateConds('payout_date', { from: ctx.from });
        await deleteSegments(tx, ctx.merchantId, which);
        await tx.execute(segmentSql(ctx, { payoutFrom: ctx.from }));
      } else {
        const dates = await touchedPayoutDates(tx, ctx);
        if (!dates.length) return;
        which = sql`payout_date in (${sql.join(dates.map((d) => sql`${d}::date`), sql`, `)})`;
        await deleteSegments(tx, ctx.merchantId, which);
        await tx.execute(segmentSql(ctx, { dates }));
      }
      await tx.execute(segmentRollupSql(ctx.merchantId, which));
    },
  },
];
