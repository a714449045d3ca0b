import { col, type ReportSource } from '../engine';

/** Sources of the order, channel, overdue and portfolio reports (src/schemas/reports/portfolio.ts). */
export const portfolioSources: Record<string, ReportSource> = {
  orderStatistics: {
    table: 'stat_daily', dateColumn: 'business_date',
    sums: { applied: col('applied'), rejected: col('rejected'), disbursed: col('disbursed'), settled: col('settled'), overdue: col('overdue') },
  },
};
