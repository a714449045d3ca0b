import type { CommandDef } from './command.types';
import { pageScreen } from './define';
import { reportsOf } from '../src/schemas/reports';
import { STAT_API, STAT_PAGES, type StatPage } from '../src/schemas/statistics';

/**
 * The 24 report pages of /statistics, all rendered by one ReportScreen (src/features/statistics). A page whose report
 * is declared (src/schemas/statistics.ts REPORTS) reads its API and has the report keys below; the others say the
 * report is not available yet. The keys are actions of the screen so that the palette lists them; the screen
 * supplies what they do (useCommandUi).
 */
const KEYS = [
  { name: 'toggleView', hotkey: 'g', keywords: ['chart', 'table', 'graph', 'switch view'] },
  { name: 'rangeBack', hotkey: '[', keywords: ['previous period', 'earlier', 'date range'] },
  { name: 'rangeForward', hotkey: ']', keywords: ['next period', 'later', 'date range'] },
  { name: 'export', hotkey: 'e', keywords: ['export', 'download', 'csv', 'xlsx', 'excel'] },
] as const;

function reportKeys(page: StatPage): CommandDef[] {
  const screen = `statistics.${page}`;
  return KEYS.map((k) => ({
    id: `${screen}.${k.name}`, kind: 'action', area: 'statistics', title: `action.statistics.${k.name}`, permission: null,
    screen, scope: 'screen', client: true, hotkey: k.hotkey, keywords: [...k.keywords],
  }));
}

export const statisticsCommands: CommandDef[] = STAT_PAGES.flatMap((page, i) => {
  const first = reportsOf(page)[0];
  return [
    pageScreen('statistics', page, {
      order: i + 1,
      keywords: ['report', 'statistics'],
      ...(first ? { api: { method: 'GET' as const, path: STAT_API(first.id) } } : {}),
    }),
    ...(first ? reportKeys(page) : []),
  ];
});
