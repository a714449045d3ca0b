import { describe, expect, it } from 'vitest';
import { ICON_NAMES } from '../../app/layout/icons';
import { moveInGrid, searchIcons } from './iconSearch';

describe('searchIcons', () => {
  it('answers every icon, in declaration order, for an empty query', () => {
    expect(searchIcons(ICON_NAMES, '  ')).toEqual(ICON_NAMES);
  });

  it('matches case-insensitively and ignores separators', () => {
    for (const q of ['chevron d', 'CHEVRON-DOWN', 'chevron_down', 'chevrondown']) expect(searchIcons(ICON_NAMES, q), q).toEqual(['chevronDown']);
  });

  it('puts names starting with the query first, then names containing it', () => {
    expect(searchIcons(['logout', 'log', 'dialog', 'blog'] as const, 'log')).toEqual(['logout', 'log', 'dialog', 'blog']);
    expect(searchIcons(ICON_NAMES, 'side')).toEqual(['sidebarCollapse', 'sidebarExpand']);
  });

  it('finds nothing for a name that is not in the set', () => {
    expect(searchIcons(ICON_NAMES, 'unicorn')).toEqual([]);
  });

  it('holds the icons the console draws, each once', () => {
    expect(new Set(ICON_NAMES).size).toBe(ICON_NAMES.length);
    for (const n of ['dashboard', 'search', 'code', 'chevronRight', 'phone']) expect(ICON_NAMES).toContain(n);
  });
});

describe('moveInGrid', () => {
  // 10 cells, 4 to a row: 0 1 2 3 / 4 5 6 7 / 8 9
  it('moves by one across and by a row up and down, staying put at the edges', () => {
    expect(moveInGrid(0, 'ArrowRight', 10, 4)).toBe(1);
    expect(moveInGrid(9, 'ArrowRight', 10, 4)).toBe(9);
    expect(moveInGrid(0, 'ArrowLeft', 10, 4)).toBe(0);
    expect(moveInGrid(1, 'ArrowDown', 10, 4)).toBe(5);
    expect(moveInGrid(6, 'ArrowDown', 10, 4)).toBe(6);
    expect(moveInGrid(5, 'ArrowUp', 10, 4)).toBe(1);
    expect(moveInGrid(2, 'ArrowUp', 10, 4)).toBe(2);
    expect(moveInGrid(5, 'End', 10, 4)).toBe(9);
    expect(moveInGrid(5, 'Home', 10, 4)).toBe(0);
  });

  it('mirrors left and right in a right-to-left layout', () => {
    expect(moveInGrid(1, 'ArrowLeft', 10, 4, true)).toBe(2);
    expect(moveInGrid(1, 'ArrowRight', 10, 4, true)).toBe(0);
    expect(moveInGrid(1, 'ArrowDown', 10, 4, true)).toBe(5);
  });

  it('starts at the first cell and answers -1 for an empty grid', () => {
    expect(moveInGrid(-1, 'ArrowDown', 10, 4)).toBe(0);
    expect(moveInGrid(12, 'ArrowDown', 10, 4)).toBe(0);
    expect(moveInGrid(0, 'ArrowDown', 0, 4)).toBe(-1);
  });
});
