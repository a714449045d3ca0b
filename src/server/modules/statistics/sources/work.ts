import { sql } from 'drizzle-orm';
import type { ReportDecl, StatResult, StatRow } from '../../../../schemas/statistics';
import { col, runReport, withRates, type ReportSource } from '../engine';

/** Sources of the work reports (src/schemas/reports/work.ts). */

const staffKeys = { staff: sql`staff_id::text` };

/**
 * Means (unit duration: a sum of seconds over a count) are quotients computed after summing, like rates; the engine
 * computes only rates, so these sources answer through the generic query and add them (and re-sort by them).
 */
function withMeans(decl: ReportDecl, values: Record<string, number>): Record<string, number> {
  const out = { ...values };
  for (const m of decl.measures) {
    if (m.unit !== 'duration' || !m.numerator || !m.denominator) continue;
    const den = values[m.denominator] ?? 0;
    out[m.key] = den ? (values[m.numerator] ?? 0) / den : 0;
  }
  return out;
}

function resort(rows: StatRow[], sort: string | undefined, computed: ReadonlySet<string>): StatRow[] {
  const [field, dir] = (sort ?? '').split(':');
  if (!computed.has(field)) return rows;
  const sign = dir === 'desc' ? -1 : 1;
  // Array.prototype.sort is stable: ties keep the engine's key order.
  return [...rows].sort((a, b) => sign * (a.values[field] - b.values[field]));
}

/** A source answered by the generic engine, then finished by `post` (means, shares) on its rows and totals. */
function finished(base: ReportSource, post: (decl: ReportDecl, r: StatResult) => void = () => {}): ReportSource {
  return {
    ...base,
    run: async (db, decl, q, actor) => {
      const r = await runReport(db, decl, base, q, actor);
      post(decl, r);
      r.rows = r.rows.map((row) => ({ ...row, values: withMeans(decl, row.values) }));
      r.totals = withMeans(decl, r.totals);
      const computed = new Set(decl.measures.filter((m) => m.unit === 'duration' || m.key === 'share').map((m) => m.key));
      r.rows = resort(r.rows, q.sort, computed);
      return r;
    },
  };
}

const review: ReportSource = {
  table: 'stat_review', rollup: 'stat_review_all', dateColumn: 'business_date', staffColumn: 'staff_id',
  keys: { ...staffKeys, stage: sql`stage` },
  sums: {
    claimed: col('claimed'), approved: col('approved'), rejected: col('rejected'), decided: sql`sum(approved + rejected)`,
    decide_seconds: col('decide_seconds'), matured: col('matured'), went_overdue: col('went_overdue'),
  },
};

const withdrawal: ReportSource = {
  table: 'stat_withdrawal', rollup: 'stat_withdrawal_all', dateColumn: 'business_date', staffColumn: 'staff_id', keys: staffKeys,
  sums: {
    entered: col('entered'), withdrawn: col('withdrawn'), withdrawn_agent: col('withdrawn_agent'),
    withdrawn_self: sql`sum(withdrawn - withdrawn_agent)`, within_2h: col('within_2h'), within_24h: col('within_24h'),
    withdraw_seconds: col('withdraw_seconds'), expired: col('expired'), closed_staff: col('closed_staff'), closed: sql`sum(expired + closed_staff)`,
    contacts: col('contacts'), contact_reached: col('contact_reached'), contact_unreached: col('contact_unreached'),
    contact_declined: col('contact_declined'), reminders: col('reminders'),
  },
};

/**
 * The withdrawal reports without a staff filter or grouping (SummaryWithdrawalCustomers, grouped by new/returning by
 * default, and reminderWithdrawalSummary) read the roll-up that keeps new/returning and sums the staff away
 * (stat_withdrawal_nr: at most two rows per merchant and date, fewer than stat_withdrawal_all's one per agent) unless
 * a product or channel is asked for. A staff filter or grouping added to them would need stat_withdrawal_all's staff
 * column: the query would fail on the roll-up rather than answer wrong.
 */
const withdrawalCustomers: ReportSource = { ...withdrawal, rollup: 'stat_withdrawal_nr', rollupKeeps: ['customer_type'] };

/** A row's share of the withdrawals of every row shown (the totals row: all of them). */
function shares(decl: ReportDecl, r: StatResult): void {
  const all = r.totals.withdrawn ?? 0;
  r.rows = r.rows.map((row) => ({ ...row, values: withRates(decl, { ...row.values, all_withdrawn: all }) }));
  r.totals = withRates(decl, { ...r.totals, all_withdrawn: all });
}

const marketing: ReportSource = {
  table: 'stat_marketing', dateColumn: 'business_date', staffColumn: 'staff_id', keys: staffKeys,
  sums: { contacts: col('contacts'), agreed: col('agreed'), registered: col('registered'), applied: col('applied'), disbursed: col('disbursed') },
};

export const workSources: Record<string, ReportSource> = {
  reviewStatistics: finished(review),
  reminderWithdrawalSummary: finished(withdrawalCustomers),
  SummaryWithdrawalCustomers: finished(withdrawalCustomers),
  withdrawShare: finished({ ...withdrawal, sums: { ...withdrawal.sums, all_withdrawn: sql`0` } }, shares),
  reminderWithdrawal: withdrawal,
  marketingPersonnel: marketing,
};
