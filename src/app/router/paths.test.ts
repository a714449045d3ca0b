import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../commands';
import { HOME_PATH, ROUTED_SCREENS, loginUrl, refreshUrl, safeRedirect, screenForPath } from './paths';

describe('safeRedirect', () => {
  it('keeps paths inside the console', () => {
    expect(safeRedirect('/empower/user?x=1')).toBe('/empower/user?x=1');
    expect(safeRedirect(encodeURIComponent('/log/admin_login'))).toBe('/log/admin_login');
  });
  it('sends anything else home', () => {
    for (const bad of [null, '', 'https://evil.example', '//evil.example', '/\\evil', 'javascript:alert(1)', '/login', '/login?redirect=/x', '%E0%A4%A'])
      expect(safeRedirect(bad)).toBe(HOME_PATH);
  });
});

describe('loginUrl', () => {
  it('carries the wanted path', () => {
    expect(loginUrl('/empower/user?x=1')).toBe('/login?redirect=%2Fempower%2Fuser%3Fx%3D1');
  });
  it('drops pointless redirects', () => {
    expect(loginUrl('/')).toBe('/login');
    expect(loginUrl('/login?redirect=%2Fa')).toBe('/login');
    expect(loginUrl()).toBe('/login');
  });
});

describe('route table', () => {
  it('has every screen command with a route, and routes are unique', () => {
    const expected = COMMANDS.filter((c) => c.kind === 'screen' && c.route).map((c) => c.id);
    expect(ROUTED_SCREENS.map((c) => c.id)).toEqual(expected);
    const routes = ROUTED_SCREENS.map((c) => c.route!.toLowerCase());
    expect(new Set(routes).size).toBe(routes.length);
  });
  it('finds the screen of a path, ignoring query, trailing slash and case like the router', () => {
    expect(screenForPath('/empower/user?x=1')?.id).toBe('empower.user');
    expect(screenForPath('/empower/user/')?.id).toBe('empower.user');
    expect(screenForPath('/EMPOWER/User')?.id).toBe('empower.user');
    expect(screenForPath('/nope')).toBeUndefined();
  });
  it('refreshes through /redirect', () => {
    expect(refreshUrl('/empower/user?x=1')).toBe('/redirect/empower/user?x=1');
  });
});
