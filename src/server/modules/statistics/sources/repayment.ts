import { sql } from 'drizzle-orm';
import { REPAY_OFFSETS, offsetKey } from '../../../../schemas/reports/repayment';
import { col, type ReportSource } from '../engine';

/** Sources of the repayment reports (src/schemas/reports/repayment.ts). */
const financial: ReportSource = {
  table: 'stat_daily', dateColumn: 'business_date',
  sums: {
    principal_out: col('principal_out_minor'), paid_out: col('paid_out_minor'), fees: col('fees_minor'),
    in_principal: col('in_principal_minor'), in_interest: col('in_interest_minor'), in_fee: col('in_fee_minor'), in_penalty: col('in_penalty_minor'),
    extension_fees: col('extension_fees_minor'), reductions: col('reductions_minor'),
    net_cash: sql`sum(in_principal_minor + in_interest_minor + in_fee_minor + in_penalty_minor + extension_fees_minor - paid_out_minor)`,
  },
};

const cohort: ReportSource = {
  table: 'stat_repay_cohort', dateColumn: 'due_date',
  sums: {
    orders: col('orders'), amount: col('amount_minor'),
    ...Object.fromEntries(REPAY_OFFSETS.flatMap((k) => [
      [`settled_${offsetKey(k)}`, sql`coalesce(sum(orders) filter (where settle_offset <= ${k}), 0)`],
      [`settled_amount_${offsetKey(k)}`, sql`coalesce(sum(amount_minor) filter (where settle_offset <= ${k}), 0)`],
    ])),
  },
};

export const repaymentSources: Record<string, ReportSource> = {
  financialSummary: financial,
  repaymentStatisticsRecord: cohort,
};
