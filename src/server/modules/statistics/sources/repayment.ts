import { sql, type SQL } from 'drizzle-orm';
import { CUSTOMER_SIDES, REBORROW_DAYS, REPAY_OFFSETS, offsetKey } from '../../../../schemas/reports/repayment';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import { addDays } from '../../lifecycle/clock';
import { marketZoneSql } from '../../merchant/market';
import { col, runReport, type ReportSource } from '../engine';
import { NOT_SETTLED } from '../refresh';

/** Sources of the repayment reports (src/schemas/reports/repayment.ts). */

const moneyIn = sql`in_principal_minor + in_interest_minor + in_fee_minor + in_penalty_minor`;
const financialSums: Record<string, SQL> = {
  principal_out: col('principal_out_minor'), paid_out: col('paid_out_minor'), fees: col('fees_minor'),
  in_principal: col('in_principal_minor'), in_interest: col('in_interest_minor'), in_fee: col('in_fee_minor'), in_penalty: col('in_penalty_minor'),
  extension_fees: col('extension_fees_minor'), reductions: col('reductions_minor'),
  net_cash: sql`sum(${moneyIn} + extension_fees_minor - paid_out_minor)`,
};

const financial: ReportSource = { table: 'stat_daily', rollup: 'stat_daily_all', dateColumn: 'business_date', sums: financialSums };

const financialStats: ReportSource = {
  table: 'stat_daily', rollup: 'stat_daily_all', dateColumn: 'business_date',
  sums: {
    ...financialSums, disbursed: col('disbursed'), repayments: col('repayments'), extensions: col('extensions'),
    money_in: sql`sum(${moneyIn})`, cash_in: sql`sum(${moneyIn} + extension_fees_minor)`,
  },
};

/** `sum(<column>)` of the cohort rows settled by D+k (an open order's offset is NOT_SETTLED, above every k). */
const settledBy = (column: string, k: number, where?: SQL): SQL =>
  sql`coalesce(sum(${sql.identifier(column)}) filter (where settle_offset <= ${k}${where ? sql` and ${where}` : sql``}), 0)`;

const repaidSums = Object.fromEntries(REPAY_OFFSETS.flatMap((k) => [
  [`settled_${offsetKey(k)}`, settledBy('orders', k)],
  [`settled_amount_${offsetKey(k)}`, settledBy('amount_minor', k)],
]));
/** The same from stat_repay_due, whose columns are the cohorts settled by each D+k. */
const repaidDue = Object.fromEntries(REPAY_OFFSETS.flatMap((k) => [`settled_${offsetKey(k)}`, `settled_amount_${offsetKey(k)}`]).map((c) => [c, col(c)]));

/**
 * The cohort reports read stat_repay_due (product and channel summed away, new/returning kept) unless a product or a
 * channel is asked for; then the cohort table by settle offset.
 */
const cohortTables = { table: 'stat_repay_cohort', rollup: 'stat_repay_due', rollupKeeps: ['customer_type'] as const, dateColumn: 'due_date' };

const cohort: ReportSource = {
  ...cohortTables,
  sums: { orders: col('orders'), amount: col('amount_minor'), ...repaidSums },
  rollupSums: { orders: col('orders'), amount: col('amount_minor'), ...repaidDue },
};

const open = (column: string) => sql`coalesce(sum(${sql.identifier(column)}) filter (where settle_offset = ${NOT_SETTLED}), 0)`;
const summary: ReportSource = {
  ...cohort,
  sums: { ...cohort.sums, outstanding: open('orders'), outstanding_amount: open('amount_minor') },
  rollupSums: { ...cohort.rollupSums, outstanding: col('open_orders'), outstanding_amount: col('open_amount_minor') },
};

const side = (t: (typeof CUSTOMER_SIDES)[number]) => (t === 'returning' ? sql`"returning"` : sql`not "returning"`);
/** `sum(<column>)` of one side's rows. */
const ofSide = (column: string, t: (typeof CUSTOMER_SIDES)[number]) => sql`coalesce(sum(${sql.identifier(column)}) filter (where ${side(t)}), 0)`;
const combined: ReportSource = {
  // New and returning side by side.
  ...cohortTables,
  sums: Object.fromEntries(CUSTOMER_SIDES.flatMap((t) => [
    [`${t}_orders`, ofSide('orders', t)],
    [`${t}_ontime`, settledBy('orders', 0, side(t))],
    [`${t}_amount`, ofSide('amount_minor', t)],
    [`${t}_ontime_amount`, settledBy('amount_minor', 0, side(t))],
  ])),
  rollupSums: Object.fromEntries(CUSTOMER_SIDES.flatMap((t) => [
    [`${t}_orders`, ofSide('orders', t)],
    [`${t}_ontime`, ofSide('settled_0', t)],
    [`${t}_amount`, ofSide('amount_minor', t)],
    [`${t}_ontime_amount`, ofSide('settled_amount_0', t)],
  ])),
};

/**
 * "Today" of each merchant: the business date of its last refresh in its market's zone (the facts are as of that
 * refresh, at most a minute old). Merchants never refreshed have no facts and no today.
 */
async function merchantTodays(db: Db): Promise<Map<string, number[]>> {
  const rows = rowsOf<{ merchant_id: number; today: string }>(await db.execute(sql`select r.merchant_id,
      to_char((r.refreshed_at at time zone ${marketZoneSql(sql`m.market`)})::date, 'YYYY-MM-DD') as today
    from stat_refresh r join merchant m on m.id = r.merchant_id where r.refreshed_at is not null`));
  const byDay = new Map<string, number[]>();
  for (const r of rows) byDay.set(r.today, [...(byDay.get(r.today) ?? []), Number(r.merchant_id)]);
  return byDay;
}

/**
 * repaymentLastThreeDays: the cohort sums kept to the due dates within a day of each merchant's today, over the
 * range those dates span (the query's range is ignored). Markets on different dates share the date rows; a date
 * that is near no merchant's today sums to nothing and is left out.
 */
const lastThreeDays: ReportSource = {
  ...cohortTables, sums: {},
  async run(db, decl, q, actor) {
    const byDay = await merchantTodays(db);
    const days = [...byDay.keys()].sort();
    const near = days.length ? sql.join([...byDay].map(([today, ids]) => sql`(merchant_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
      and due_date between ${addDays(today, -1)}::date and ${addDays(today, 1)}::date)`), sql` or `) : sql`false`;
    const range = days.length ? { date_from: addDays(days[0], -1), date_to: addDays(days[days.length - 1], 1) } : {};
    const sums = (of: Record<string, (near: SQL) => SQL>) => Object.fromEntries(Object.entries(of).map(([k, f]) => [k, f(sql`(${near})`)]));
    const res = await runReport(db, decl, { ...lastThreeDays, run: undefined, sums: sums(RECENT_SUMS), rollupSums: sums(RECENT_DUE_SUMS) }, { ...q, ...range }, actor);
    return { ...res, rows: res.rows.filter((r) => r.values.orders > 0) };
  },
};
const RECENT_SUMS: Record<string, (near: SQL) => SQL> = {
  orders: (near) => sql`coalesce(sum(orders) filter (where ${near}), 0)`,
  amount: (near) => sql`coalesce(sum(amount_minor) filter (where ${near}), 0)`,
  repaid: (near) => sql`coalesce(sum(orders) filter (where ${near} and settle_offset <> ${NOT_SETTLED}), 0)`,
  repaid_amount: (near) => sql`coalesce(sum(amount_minor) filter (where ${near} and settle_offset <> ${NOT_SETTLED}), 0)`,
  outstanding: (near) => sql`coalesce(sum(orders) filter (where ${near} and settle_offset = ${NOT_SETTLED}), 0)`,
};
/** The same from stat_repay_due: repaid so far = the cohort less its open orders. */
const RECENT_DUE_SUMS: Record<string, (near: SQL) => SQL> = {
  orders: (near) => sql`coalesce(sum(orders) filter (where ${near}), 0)`,
  amount: (near) => sql`coalesce(sum(amount_minor) filter (where ${near}), 0)`,
  repaid: (near) => sql`coalesce(sum(orders - open_orders) filter (where ${near}), 0)`,
  repaid_amount: (near) => sql`coalesce(sum(amount_minor - open_amount_minor) filter (where ${near}), 0)`,
  outstanding: (near) => sql`coalesce(sum(open_orders) filter (where ${near}), 0)`,
};

const reborrow: ReportSource = {
  table: 'stat_reborrow', rollup: 'stat_reborrow_all', dateColumn: 'settle_date',
  sums: {
    settled: col('settled'),
    ...Object.fromEntries(REBORROW_DAYS.map((n) => [`reborrow_${n}`, sql`coalesce(sum(settled) filter (where reborrow_offset <= ${n}), 0)`])),
  },
};

export const repaymentSources: Record<string, ReportSource> = {
  financialSummary: financial,
  financialStatistics: financialStats,
  repaymentStatisticsRecord: cohort,
  repaymentLastThreeDays: lastThreeDays,
  repaymentSummary: summary,
  repaymentCombined: combined,
  repaymentReborrow: reborrow,
};
