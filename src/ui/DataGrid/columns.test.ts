import { describe, expect, it, vi } from 'vitest';
import { SUPER_KEY, pageKey } from '../../../commands/permissions';
import { selectionTsv } from './clipboard';
import { cellText, columnAlign, columnVisible, nextSort, parseSort, permissionList, toTsv, visibleColumns, type GridColumnDef } from './columns';

const OPERATE = pageKey('log', 'admin_operate');
const LOGIN = pageKey('log', 'admin_login');

describe('column permissions (spec §3: comma-separated list, exist / not-exist)', () => {
  const cols: GridColumnDef[] = [
    { key: 'id', title: 'field.id' },
    { key: 'phone', title: 'field.phone', permission: `${OPERATE}, ${LOGIN}` },
    { key: 'masked', title: 'field.phone', permission: OPERATE, mode: 'not-exist' },
    { key: 'login', title: 'field.account', permission: LOGIN, mode: 'exist' },
  ];

  it('splits the permission string', () => {
    expect(permissionList(' a, b ,,c ')).toEqual(['a', 'b', 'c']);
    expect(permissionList(undefined)).toEqual([]);
  });

  it('a column without a list is always shown, without the "need roles!" complaint', () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(columnVisible({}, [])).toBe(true);
    expect(columnVisible({ permission: ' , ' }, [])).toBe(true);
    expect(err).not.toHaveBeenCalled();
    err.mockRestore();
  });

  it('exist: shown when the user holds any of the nodes', () => {
    expect(visibleColumns(cols, [OPERATE]).map((c) => c.key)).toEqual(['id', 'phone']);
    expect(visibleColumns(cols, [LOGIN]).map((c) => c.key)).toEqual(['id', 'phone', 'masked', 'login']);
  });

  it('not-exist: shown when the user holds none of them', () => {
    expect(visibleColumns(cols, []).map((c) => c.key)).toEqual(['id', 'masked']);
    expect(columnVisible(cols[2], [OPERATE])).toBe(false);
  });

  it('an ancestor group or admin_y holds every node', () => {
    expect(visibleColumns(cols, [SUPER_KEY]).map((c) => c.key)).toEqual(['id', 'phone', 'login']);
    expect(visibleColumns(cols, ['log']).map((c) => c.key)).toEqual(['id', 'phone', 'login']);
  });

  it('mirrors the order on a right-to-left page', () => {
    expect(visibleColumns(cols, [], true).map((c) => c.key)).toEqual(['masked', 'id']);
    expect(columnAlign({ kind: 'text' })).toBe('left');
    expect(columnAlign({ kind: 'text' }, true)).toBe('right');
    expect(columnAlign({ kind: 'money' })).toBe('right');
    expect(columnAlign({ kind: 'number' }, true)).toBe('right');
  });
});

describe('cell text', () => {
  it('formats by kind', () => {
    const row = { id: 1, amount: 123456, currency: 'INR', n: 1234567, day: '2026-03-04T10:11:12Z', tag: 'overdue', name: 'Ann', obj: { a: 1 }, empty: null };
    expect(cellText({ key: 'amount', title: '', kind: 'money', currency: 'currency' }, row, { locale: 'en-IN' })).toBe('₹1,234.56');
    expect(cellText({ key: 'amount', title: '', kind: 'money' }, row, { locale: 'en-US', currencyOf: () => 'VND' })).toMatch(/123,456/);
    expect(cellText({ key: 'amount', title: '', kind: 'money' }, row, { locale: 'en-US' })).toBe('$1,234.56');
    expect(cellText({ key: 'n', title: '', kind: 'number' }, row, { locale: 'en-IN' })).toBe('12,34,567');
    expect(cellText({ key: 'day', title: '', kind: 'date' }, row)).toMatch(/^2026-03-0[45]$/);
    expect(cellText({ key: 'day', title: '', kind: 'datetime' }, row)).toMatch(/^2026-03-0[45] \d\d:11:12$/);
    expect(cellText({ key: 'tag', title: '', kind: 'tag' }, row, { word: (k, v) => (k === 'tag' && v === 'overdue' ? 'Overdue' : undefined) })).toBe('Overdue');
    expect(cellText({ key: 'name', title: '', format: (r) => `${r.name}!` }, row)).toBe('Ann!');
    expect(cellText({ key: 'obj', title: '' }, row)).toBe('{"a":1}');
    expect(cellText({ key: 'empty', title: '', kind: 'money' }, row)).toBe('');
  });
});

describe('sort', () => {
  it('parses and cycles', () => {
    expect(parseSort('created_at:desc')).toEqual({ field: 'created_at', dir: 'desc' });
    expect(parseSort(null)).toBeNull();
    expect(nextSort('created_at:desc', { key: 'created_at' })).toBe('created_at:asc');
    expect(nextSort('created_at:asc', { key: 'created_at' })).toBe('created_at:desc');
    expect(nextSort('created_at:asc', { key: 'name' })).toBe('name:asc');
    expect(nextSort(null, { key: 'amount', kind: 'money' })).toBe('amount:desc');
  });
});

describe('TSV copy', () => {
  const rows = Array.from({ length: 10 }, (_, i) => ({ id: i, name: `n${i}`, note: i === 2 ? 'a\tb\nc' : '' }));
  const base = {
    rows: [] as number[], cursor: null as number | null, col: 0, colCount: 3, range: null,
    getRow: (i: number) => (i < 5 ? rows[i] : undefined),
    text: (c: number, r: (typeof rows)[number]) => String([r.id, r.name, r.note][c]),
  };

  it('escapes tabs and line breaks inside values', () => {
    expect(toTsv([['a\tb', 'c\r\nd'], ['e', '']])).toBe('a b\tc d\ne\t');
  });

  it('copies the cursor cell when nothing is selected', () => {
    expect(selectionTsv({ ...base, cursor: 3, col: 1 })).toBe('n3');
    expect(selectionTsv(base)).toBe('');
  });

  it('copies the selected rows, every column, in order, skipping rows not loaded', () => {
    expect(selectionTsv({ ...base, rows: [3, 1, 7], cursor: 3 })).toBe('1\tn1\t\n3\tn3\t');
    expect(selectionTsv({ ...base, rows: [2] })).toBe('2\tn2\ta b c');
  });

  it('copies a dragged rectangle before anything else', () => {
    expect(selectionTsv({ ...base, rows: [0], range: { x: 1, y: 0, width: 2, height: 2 } })).toBe('n0\t\nn1\t');
  });

  it('nothing to copy when the rows are not loaded', () => {
    expect(selectionTsv({ ...base, rows: [8, 9] })).toBe('');
  });
});
