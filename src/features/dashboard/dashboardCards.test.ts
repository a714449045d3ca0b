import { describe, expect, it } from 'vitest';
import type { DashboardSummary } from '../../schemas/dashboard';
import { dashboardCards, seriesEmpty } from './dashboardCards';

const me = { account: 'amy', name: 'Amy', operations_today: 3, last_login: { at: '2026-01-01T08:00:00Z', ip: '10.0.0.1' } };
const overview: NonNullable<DashboardSummary['overview']> = {
  accounts: { total: 12, enabled: 10, online: 4 },
  logins_today: { success: 9, failed: 2 },
  operations_today: 40,
  roles: 5,
  merchants: { main: 1, sub: 2 },
  dict_items: 30,
  series: [{ date: '2026-01-01', logins: 0, failures: 0, operations: 0 }],
};

describe('dashboardCards', () => {
  it('shows only my own figures without the overview', () => {
    const cards = dashboardCards({ me, overview: null, generated_at: '' });
    expect(cards.map((c) => c.key)).toEqual(['myOperations', 'myLastLogin']);
    expect(cards.every((c) => c.group === 'me')).toBe(true);
  });

  it('adds the organisation figures, linked to the screens that list them', () => {
    const cards = dashboardCards({ me, overview, generated_at: '' });
    const by = Object.fromEntries(cards.map((c) => [c.key, c]));
    expect(by.online).toMatchObject({ value: 4, to: 'log.admin_token_login', group: 'org' });
    expect(by.logins).toMatchObject({ value: 9, alert: true, note: { values: { count: 2 } }, to: 'log.admin_login' });
    expect(by.merchants).toMatchObject({ value: 3, note: { values: { main: 1, sub: 2 } } });
    expect(by.accounts.note!.values).toEqual({ count: 10 });
    expect(by.dict.value).toBe(30);
    expect(by.myLastLogin.lastLogin).toEqual(me.last_login);
  });

  it('knows an empty week', () => {
    expect(seriesEmpty(overview.series)).toBe(true);
    expect(seriesEmpty([{ logins: 0, failures: 1, operations: 0 }])).toBe(false);
  });
});
