import { describe, expect, it } from 'vitest';
import { can, ROOT_KEY, SUPER_KEY } from '../../../commands/permissions';
import { checkState, descendants, expand, filterNodes, nodeLabel, normalize, toggle, toggleStored } from './permissionTree';

const GROUP = 'SysEmpower';
const PAGE = 'SysEmpowerUser';
const ACTIONS = descendants(PAGE);

describe('permission tree rules', () => {
  it('checking a group stores the group key only, and shows the whole group checked', () => {
    const stored = toggleStored([], GROUP);
    expect(stored).toEqual([GROUP]);
    const checked = expand(stored);
    expect(checkState(GROUP, checked)).toBe('checked');
    for (const k of descendants(GROUP)) expect(checkState(k, checked)).toBe('checked');
    expect(checkState(ROOT_KEY, checked)).toBe('indeterminate');
  });

  it('a page grants viewing only: checking it does not check its actions', () => {
    const stored = toggleStored([], PAGE);
    expect(stored).toEqual([PAGE]);
    const checked = expand(stored);
    expect(checkState(PAGE, checked)).toBe('checked');
    for (const a of ACTIONS) expect(checkState(a, checked)).toBe('unchecked');
    expect(checkState(GROUP, checked)).toBe('indeterminate');
  });

  it('an action alone leaves its page indeterminate and stores the action only', () => {
    const stored = toggleStored([], 'SysEmpowerUser_resetPwd');
    expect(stored).toEqual(['SysEmpowerUser_resetPwd']);
    const checked = expand(stored);
    expect(checkState(PAGE, checked)).toBe('indeterminate');
    expect(checkState(GROUP, checked)).toBe('indeterminate');
    expect(checkState(ROOT_KEY, checked)).toBe('indeterminate');
  });

  it('unchecking a child of a stored group stores the rest one by one, never the half-checked group', () => {
    const stored = toggleStored([GROUP], 'SysEmpowerUser_del');
    expect(stored).not.toContain(GROUP);
    expect(stored).not.toContain('SysEmpowerUser_del');
    expect(stored).toContain(PAGE);
    expect(stored).toContain('SysEmpowerUser_resetPwd');
    expect(stored).toContain('SysEmpowerRole');
    // What the stored keys grant is exactly the group less the one action.
    for (const k of descendants(GROUP)) expect(can(stored, k), k).toBe(k !== 'SysEmpowerUser_del');
    expect(checkState(GROUP, expand(stored))).toBe('indeterminate');
  });

  it('checking every child one by one makes the parent whole: the parent key replaces them', () => {
    let stored: string[] = [];
    for (const k of descendants(GROUP)) if (checkState(k, expand(stored)) !== 'checked') stored = toggleStored(stored, k);
    expect(stored).toEqual([GROUP]);
  });

  it('unchecking a page takes its actions with it', () => {
    const stored = toggleStored([PAGE, 'SysEmpowerUser_add', 'SysEmpowerRole'], PAGE);
    expect(stored).toEqual(['SysEmpowerRole']);
  });

  it('clicking an indeterminate group checks it whole', () => {
    expect(toggleStored(['SysEmpowerUser_add'], GROUP)).toEqual([GROUP]);
  });

  it('leaves disabled nodes as they were when a parent is toggled', () => {
    const disabled = (k: string) => k === 'SysEmpowerUser_resetPwd';
    const on = normalize(toggle(PAGE, expand([]), disabled));
    expect(on).toEqual([PAGE]);
    const off = toggleStored(['SysEmpowerUser_resetPwd', 'SysEmpowerUser_add', PAGE], PAGE, disabled);
    expect(off).toEqual(['SysEmpowerUser_resetPwd']);
    expect(toggleStored([], 'SysEmpowerUser_resetPwd', disabled)).toEqual([]);
  });

  it('keeps admin_y and other non-tree keys as they are', () => {
    expect(toggleStored([SUPER_KEY], 'review')).toContain(SUPER_KEY);
    expect(checkState('review_trial', expand([SUPER_KEY]))).toBe('checked');
  });

  it('filters by key or title, keeping ancestors and descendants', () => {
    const shown = filterNodes('resetPwd', (n) => n.key)!;
    expect(shown.has('SysEmpowerUser_resetPwd')).toBe(true);
    expect(shown.has(PAGE)).toBe(true);
    expect(shown.has(GROUP)).toBe(true);
    expect(shown.has(ROOT_KEY)).toBe(true);
    expect(shown.has('review')).toBe(false);
    expect(filterNodes('  ', (n) => n.key)).toBeNull();
    expect(nodeLabel('SysEmpowerUser_resetPwd', (id) => id)).toBe('menu.empower › route.empower.user › perm.action.resetPwd');
  });
});
