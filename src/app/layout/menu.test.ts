import { describe, expect, it } from 'vitest';
import { byId } from '../../../commands';
import { GROUPS } from '../../../commands/permissions';
import { breadcrumbsFor, buildMenu } from './menu';

const titles: Record<string, string> = {
  'route.dashboard.home': 'Dashboard',
  'route.empower.user': 'Accounts',
  'route.empower.role': 'Roles',
  'route.empower.empower': 'Permission nodes',
  'route.system.dict': 'Dictionary',
  'route.log.admin_login': 'Account login log',
  'route.log.admin_operate': 'Account operation log',
  'route.auth.googleValidator': 'Google Authenticator',
  'menu.log': 'Logs',
  'menu.empower': 'Permissions',
  'menu.system': 'System',
};
const tr = (id: string) => titles[id] ?? id;

describe('buildMenu', () => {
  it('puts the dashboard first, then the groups in GROUPS order, pages by sidebar order', () => {
    const m = buildMenu(['admin_y']);
    expect(m.top.map((c) => c.id)).toEqual(['dashboard.home']);
    const order = GROUPS.map((g) => g.key);
    const keys = m.groups.map((g) => g.key);
    expect([...keys].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(keys);
    for (const g of m.groups) {
      expect(g.title).toBe(`menu.${g.area}`);
      const orders = g.items.map((c) => c.sidebar!.order);
      expect([...orders].sort((a, b) => a - b)).toEqual(orders);
    }
  });

  it('never lists hidden screens', () => {
    const ids = buildMenu(['admin_y']).groups.flatMap((g) => g.items.map((c) => c.id));
    expect(ids).not.toContain('auth.googleValidator');
    expect(ids).not.toContain('auth.personalSettings');
  });

  it('shows only what the nodes grant', () => {
    const m = buildMenu(['log_admin_login']);
    expect(m.top.map((c) => c.id)).toEqual(['dashboard.home']);
    expect(m.groups.map((g) => g.key)).toEqual(['log']);
    expect(m.groups[0].items.map((c) => c.id)).toEqual(['log.admin_login']);
  });

  it('a group node grants the whole group', () => {
    const m = buildMenu(['SysEmpower']);
    expect(m.groups.map((g) => g.key)).toEqual(['SysEmpower']);
    expect(m.groups[0].items.length).toBeGreaterThan(1);
  });
});

describe('breadcrumbsFor', () => {
  const home = byId.get('dashboard.home');
  it('starts with the dashboard: dashboard > group > page', () => {
    expect(breadcrumbsFor(byId.get('empower.user'), home)).toEqual([
      { title: 'route.dashboard.home', href: '/dashboard' },
      { title: 'menu.empower' },
      { title: 'route.empower.user' },
    ]);
  });
  it('is only the dashboard on the dashboard', () => {
    expect(breadcrumbsFor(home, home)).toEqual([{ title: 'route.dashboard.home', href: undefined }]);
  });
  it('uses a literal label when the screen set one', () => {
    expect(breadcrumbsFor(byId.get('auth.googleValidator'), home, 'Mr X').at(-1)).toEqual({ title: 'Mr X', literal: true });
  });
});
