import type { CommandDef } from './command.types';
import { pageScreen } from './define';
import { REPORTS, STAT_API, STAT_PAGES } from '../src/schemas/statistics';

/**
 * The 24 report pages of /statistics, all rendered by one ReportScreen (src/features/statistics). A page whose report
 * is declared (src/schemas/statistics.ts REPORTS) reads its API; the others say the report is not available yet.
 * The screen's keys (g chart/grid, e export, [ ] move the date range) are the ReportScreen's own.
 */
export const statisticsCommands: CommandDef[] = STAT_PAGES.map((page, i) => pageScreen('statistics', page, {
  order: i + 1,
  keywords: ['report', 'statistics'],
  ...(REPORTS[page] ? { api: { method: 'GET' as const, path: STAT_API(page) } } : {}),
}));
