import { describe, expect, it } from 'vitest';
import { lastDays, orderedRange, pageCount, pageQuery, splitMinutes } from './logQuery';
import { fieldChanges, shortJson, stableJson } from './jsonDiff';

describe('log queries', () => {
  it('drops empty filters and adds paging', () => {
    expect(pageQuery({ account: ' amy ', success: '', ip: null, date_from: '2026-01-01' }, 2, 50))
      .toEqual({ account: 'amy', date_from: '2026-01-01', page: 2, page_size: 50 });
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(101, 50)).toBe(3);
  });

  it('gives the last N days including today and orders a reversed range', () => {
    expect(lastDays(7, new Date(2026, 0, 10, 15))).toEqual({ date_from: '2026-01-04', date_to: '2026-01-10' });
    expect(orderedRange({ date_from: '2026-02-01', date_to: '2026-01-01', x: 1 })).toEqual({ date_from: '2026-01-01', date_to: '2026-02-01', x: 1 });
  });

  it('splits minutes into hours and minutes', () => {
    expect(splitMinutes(200)).toEqual({ hours: 3, minutes: 20 });
    expect(splitMinutes(-3)).toEqual({ hours: 0, minutes: 0 });
  });
});

describe('operation before/after', () => {
  it('compares objects field by field, key order ignored', () => {
    const c = fieldChanges({ a: 1, b: { x: 1, y: 2 }, gone: true }, { a: 2, b: { y: 2, x: 1 }, added: 'n' });
    expect(c).toEqual([
      { key: 'a', before: 1, after: 2, kind: 'changed' },
      { key: 'b', before: { x: 1, y: 2 }, after: { y: 2, x: 1 }, kind: 'same' },
      { key: 'gone', before: true, after: undefined, kind: 'removed' },
      { key: 'added', before: undefined, after: 'n', kind: 'added' },
    ]);
  });

  it('treats a missing side as empty and gives up on non-objects', () => {
    expect(fieldChanges(null, { a: 1 })).toEqual([{ key: 'a', before: undefined, after: 1, kind: 'added' }]);
    expect(fieldChanges([1], [2])).toBeNull();
    expect(fieldChanges(null, null)).toEqual([]);
  });

  it('writes short, stable JSON', () => {
    expect(stableJson({ b: 1, a: [1, { d: 1, c: 2 }] })).toBe('{"a":[1,{"c":2,"d":1}],"b":1}');
    expect(shortJson('x'.repeat(10), 5)).toBe('xxxx…');
    expect(shortJson(undefined)).toBe('');
  });
});
