import { sql, type SQL } from 'drizzle-orm';
import {
  AMOUNT_BAND_LABELS, BUCKETS, BUCKET_LABELS, COUNT_BAND_LABELS, SEGMENT_OFFSETS, SETTLED_BUCKET, VINTAGE_AGES,
} from '../../../../schemas/reports/portfolio';
import { offsetKey } from '../../../../schemas/reports/repayment';
import type { GroupBy, ReportDecl, StatResult, StatRow } from '../../../../schemas/statistics';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import type { Actor } from '../../../plugins/session';
import { intSql } from '../facts/sql';
import { col, runReport, sortRows, withRates, type ReportSource, type StatFilters } from '../engine';

/** Sources of the order, overdue and portfolio reports (src/schemas/reports/portfolio.ts; docs/statistics/portfolio.md). */

/** Bucket keys are their index; the names are the same in every language (days overdue). */
const bucketLabels = async (_db: Db, g: GroupBy) => (g === 'bucket' ? new Map(BUCKETS.map((b) => [String(b), BUCKET_LABELS[b]])) : undefined);

const snapshot: ReportSource = {
  table: 'stat_overdue_snapshot', rollup: 'stat_overdue_snapshot_all', dateColumn: 'snapshot_date',
  sums: {
    orders: col('orders'), outstanding: col('outstanding_minor'),
    ...Object.fromEntries(BUCKETS.flatMap((b) => [
      [`orders_b${b}`, sql`coalesce(sum(orders) filter (where bucket = ${b}), 0)`],
      [`outstanding_b${b}`, sql`coalesce(sum(outstanding_minor) filter (where bucket = ${b}), 0)`],
    ])),
  },
  keys: { bucket: sql`bucket::text` },
  labels: bucketLabels,
};

const par: ReportSource = {
  table: 'stat_overdue_snapshot', rollup: 'stat_overdue_snapshot_all', dateColumn: 'snapshot_date',
  sums: {
    outstanding: col('outstanding_minor'),
    at_risk_1: sql`coalesce(sum(outstanding_minor) filter (where bucket >= 1), 0)`,
    at_risk_7: col('od7_minor'),
    at_risk_30: col('od30_minor'),
  },
};

/**
 * Reads stat_vintage_all (one row per merchant and payout date) unless a product, channel or new/returning is asked
 * for: the default weekly view, and month, date and merchant, stay on the roll-up.
 */
const vintage: ReportSource = {
  table: 'stat_vintage', rollup: 'stat_vintage_all', dateColumn: 'payout_date',
  sums: {
    loans: col('loans'), amount: col('amount_minor'),
    ...Object.fromEntries(VINTAGE_AGES.flatMap((k) => [`reached_${k}`, `od7_at_${k}`, `od30_at_${k}`].map((c) => [c, col(c)]))),
  },
};

const roll: ReportSource = {
  table: 'stat_roll', rollup: 'stat_roll_all', dateColumn: 'from_date',
  sums: {
    orders: col('orders'),
    ...Object.fromEntries([...BUCKETS, SETTLED_BUCKET].map((b) => [`to_${b}`, sql`coalesce(sum(orders) filter (where to_bucket = ${b}), 0)`])),
  },
  keys: { bucket: sql`from_bucket::text` },
  labels: bucketLabels,
};

/** Segment key: new|returning, loan count band, amount band (`returning:3:2`); its name from the bands' labels. */
const segmentKey = sql`(case when "returning" then 'returning' else 'new' end) || ':' || count_band || ':' || amount_band`;
const segments: ReportSource = {
  table: 'stat_loan_segment', rollup: 'stat_loan_segment_nr', rollupKeeps: ['customer_type'], dateColumn: 'payout_date',
  sums: {
    loans: col('loans'), amount: col('amount_minor'),
    ...Object.fromEntries(SEGMENT_OFFSETS.flatMap((k) => [`matured_${k}`, `unpaid_${k}`].map((c) => [c, col(c)]))),
  },
  keys: { segment: segmentKey },
  labels: async (_db, g, keys) => (g === 'segment' ? new Map(keys.map((k) => [k, segmentLabel(k)])) : undefined),
};

/** `new · 3–5 · 25–50%`: the type stays as the key word (the screen names it: see docs/statistics/portfolio.md). */
function segmentLabel(key: string): string {
  const [type, count, amount] = key.split(':');
  return [type, COUNT_BAND_LABELS[Number(count) - 1] ?? count, AMOUNT_BAND_LABELS[Number(amount) - 1] ?? amount].join(' · ');
}

const n = intSql;
/**
 * The cohorts due D+k before each merchant's business date (day D + k has ended in its market: before the last
 * rebuild's date, `rebuiltFor` indexed by merchant id) and of them those `unpaid` at D+k, for k = 0 and 7.
 */
function dueSums(rebuiltFor: string, unpaid: (k: number) => SQL): Record<string, SQL> {
  return Object.fromEntries([0, 7].flatMap((k) => {
    const ended = sql`due_date + ${n(k)} < (${rebuiltFor}::date[])[merchant_id]`;
    return [[`due_${k}`, sql`coalesce(sum(orders) filter (where ${ended}), 0)`], [`unpaid_${k}`, sql`coalesce(sum(${unpaid(k)}) filter (where ${ended}), 0)`]];
  }));
}

/**
 * businessAnalysis: stat_daily (events), the repayment cohorts (by due date) and the snapshots (PAR 7), by key.
 * `rebuiltFor` is each merchant's business date of its last rebuild, an array literal indexed by merchant id.
 */
const businessParts = (rebuiltFor: string): ReportSource[] => [
  {
    table: 'stat_daily', rollup: 'stat_daily_all', dateColumn: 'business_date',
    sums: {
      applied: col('applied'), decided: sql`sum(disbursed + rejected)`, disbursed: col('disbursed'), principal_out: col('principal_out_minor'),
      money_in: sql`sum(in_principal_minor + in_interest_minor + in_fee_minor + in_penalty_minor + extension_fees_minor)`,
      net_cash: sql`sum(in_principal_minor + in_interest_minor + in_fee_minor + in_penalty_minor + extension_fees_minor - paid_out_minor)`,
    },
  },
  {
    table: 'stat_repay_cohort', rollup: 'stat_repay_due', rollupKeeps: ['customer_type'], dateColumn: 'due_date',
    // Unpaid at D+k: a settle offset above k in the cohort table; the cohort less those settled by D+k in stat_repay_due.
    sums: dueSums(rebuiltFor, (k) => sql`case when settle_offset > ${n(k)} then orders else 0 end`),
    rollupSums: dueSums(rebuiltFor, (k) => sql`orders - ${sql.identifier(`settled_${offsetKey(k)}`)}`),
  },
  { table: 'stat_overdue_snapshot', rollup: 'stat_overdue_snapshot_all', dateColumn: 'snapshot_date', sums: { outstanding: col('outstanding_minor'), at_risk_7: col('od7_minor') } },
];

async function runBusiness(db: Db, decl: ReportDecl, q: StatFilters, actor: Actor): Promise<StatResult> {
  const part = { ...decl, measures: [] };
  // Read once here rather than by a subquery per cohort row.
  const rebuilt = rowsOf<{ id: number; d: string | null }>(await db.execute(sql`select m.id, to_char(r.rebuilt_for, 'YYYY-MM-DD') as d
    from merchant m left join stat_refresh r on r.merchant_id = m.id`));
  const byId: string[] = new Array(Math.max(0, ...rebuilt.map((r) => Number(r.id)))).fill('NULL');
  for (const r of rebuilt) if (r.d) byId[Number(r.id) - 1] = r.d;
  const results = await Promise.all(businessParts(`{${byId.join(',')}}`).map((src) => runReport(db, part, src, q, actor)));
  const byKey = new Map<string, StatRow>();
  const totals: Record<string, number> = {};
  for (const r of results) {
    Object.assign(totals, r.totals);
    for (const row of r.rows) {
      const acc = byKey.get(row.key) ?? { key: row.key, label: row.label, values: {} };
      Object.assign(acc.values, row.values);
      acc.label ??= row.label;
      byKey.set(row.key, acc);
    }
  }
  const keys = decl.measures.filter((m) => m.unit !== 'rate').map((m) => m.key);
  const fill = (v: Record<string, number>) => withRates(decl, Object.fromEntries(keys.map((k) => [k, v[k] ?? 0])));
  const rows = sortRows([...byKey.values()].map((r) => ({ ...r, values: fill(r.values) })), q.sort, results[0].group_by);
  const currencies = new Set(results.filter((r) => r.rows.length).map((r) => r.currency));
  return { report: decl.id, group_by: results[0].group_by, rows, totals: fill(totals), currency: currencies.size === 1 ? [...currencies][0] : null };
}

export const portfolioSources: Record<string, ReportSource> = {
  orderStatistics: {
    table: 'stat_daily', rollup: 'stat_daily_all', dateColumn: 'business_date',
    sums: { applied: col('applied'), rejected: col('rejected'), disbursed: col('disbursed'), settled: col('settled'), overdue: col('overdue') },
  },
  OverdueAnals: snapshot,
  vintage,
  rollRate: roll,
  par,
  userLoanAnalysis: segments,
  businessAnalysis: { table: 'stat_daily', dateColumn: 'business_date', sums: {}, run: runBusiness },
};
