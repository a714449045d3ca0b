import type { DashboardSummary } from '../../schemas/dashboard';

/** The server counts an account online when a live session of it was seen this many minutes ago at most. */
export const ONLINE_WINDOW_MINUTES = 15;

/** One figure on the dashboard. Titles and notes are message ids; `to` is the screen command that lists it. */
export interface StatCard {
  key: string;
  /** Organisation-wide (from the overview) or the signed-in account's own. */
  group: 'org' | 'me';
  title: string;
  value: number | null;
  /** A second line: message id and values (numbers are formatted by the card). */
  note?: { id: string; values: Record<string, number | string> };
  /** Colour of the note when it says something needs attention (failed sign-ins). */
  alert?: boolean;
  to?: string;
  /** Last sign-in card: the time and IP are shown instead of a number. */
  lastLogin?: { at: string; ip: string } | null;
}

/**
 * The cards the summary allows: my own figures always; organisation-wide figures only when the server sent the
 * overview (accounts that read the login log, or hold admin_y).
 */
export function dashboardCards(s: DashboardSummary): StatCard[] {
  const cards: StatCard[] = [];
  const o = s.overview;
  if (o) {
    cards.push(
      { group: 'org', key: 'online', title: 'dashboard.card.online', value: o.accounts.online, note: { id: 'dashboard.note.onlineWindow', values: { minutes: ONLINE_WINDOW_MINUTES } }, to: 'log.admin_token_login' },
      {
        group: 'org', key: 'logins', title: 'dashboard.card.loginsToday', value: o.logins_today.success,
        note: { id: 'dashboard.note.failed', values: { count: o.logins_today.failed } }, alert: o.logins_today.failed > 0, to: 'log.admin_login',
      },
      { group: 'org', key: 'operations', title: 'dashboard.card.operationsToday', value: o.operations_today, to: 'log.admin_operate' },
      { group: 'org', key: 'accounts', title: 'dashboard.card.accounts', value: o.accounts.total, note: { id: 'dashboard.note.enabled', values: { count: o.accounts.enabled } }, to: 'empower.user' },
      { group: 'org', key: 'roles', title: 'dashboard.card.roles', value: o.roles, to: 'empower.role' },
      {
        group: 'org', key: 'merchants', title: 'dashboard.card.merchants', value: o.merchants.main + o.merchants.sub,
        note: { id: 'dashboard.note.merchants', values: { main: o.merchants.main, sub: o.merchants.sub } },
      },
      { group: 'org', key: 'dict', title: 'dashboard.card.dictItems', value: o.dict_items, to: 'system.dict' },
    );
  }
  cards.push(
    { group: 'me', key: 'myOperations', title: 'dashboard.card.myOperations', value: s.me.operations_today },
    { group: 'me', key: 'myLastLogin', title: 'dashboard.card.myLastLogin', value: null, lastLogin: s.me.last_login },
  );
  return cards;
}

/** True when the 7 days hold nothing to draw. */
export function seriesEmpty(series: ReadonlyArray<{ logins: number; failures: number; operations: number }>): boolean {
  return series.every((d) => d.logins + d.failures + d.operations === 0);
}
