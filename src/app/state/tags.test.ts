import { beforeEach, describe, expect, it } from 'vitest';
import { byId, visibleFor } from '../../../commands';
import { addView, closeAllViews, closeOtherViews, closeView, resetViews, setViewLabel, syncViews, tags } from './tags';

const cmd = (id: string) => byId.get(id)!;

describe('visited views', () => {
  beforeEach(() => {
    resetViews();
    syncViews(visibleFor(['admin_y']));
  });

  it('starts with the affix dashboard tab', () => {
    expect(tags.views.map((v) => v.name)).toEqual(['dashboard.home']);
    expect(tags.views[0].affix).toBe(true);
  });

  it('adds one tab per path and keeps the latest query', () => {
    addView(cmd('empower.user'), '/empower/user?page=1');
    addView(cmd('empower.user'), '/empower/user?page=2');
    expect(tags.views.map((v) => v.fullPath)).toEqual(['/dashboard', '/empower/user?page=2']);
  });

  it('closing the active tab goes to its left neighbour; affix tabs never close', () => {
    addView(cmd('empower.user'), '/empower/user');
    addView(cmd('system.dict'), '/system/dict');
    expect(closeView('/system/dict', '/system/dict')).toBe('/empower/user');
    expect(closeView('/empower/user', '/dashboard')).toBeNull();
    expect(closeView('/dashboard', '/dashboard')).toBeNull();
    expect(tags.views.map((v) => v.path)).toEqual(['/dashboard']);
  });

  it('close others keeps affix tabs and the chosen one; close all keeps affix tabs', () => {
    addView(cmd('empower.user'), '/empower/user');
    addView(cmd('system.dict'), '/system/dict');
    closeOtherViews('/system/dict');
    expect(tags.views.map((v) => v.path)).toEqual(['/dashboard', '/system/dict']);
    expect(closeAllViews()).toBe('/dashboard');
    expect(tags.views.map((v) => v.path)).toEqual(['/dashboard']);
  });

  it('drops tabs the next session can not open', () => {
    addView(cmd('empower.user'), '/empower/user');
    addView(cmd('log.admin_login'), '/log/admin_login');
    syncViews(visibleFor(['log_admin_login']));
    expect(tags.views.map((v) => v.name)).toEqual(['dashboard.home', 'log.admin_login']);
  });

  it('takes a literal label from the screen', () => {
    addView(cmd('empower.user'), '/empower/user');
    setViewLabel('/empower/user?x=1', 'Someone');
    expect(tags.views[1].label).toBe('Someone');
  });
});
