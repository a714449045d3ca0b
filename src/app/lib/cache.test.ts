import { describe, expect, it } from 'vitest';
import { CACHE_MAX_ENTRIES, CACHE_TTL_MS, ResponseCache, cacheKey } from './cache';

describe('ResponseCache', () => {
  it('spec §9 defaults: 600 entries, 2 hours', () => {
    expect(CACHE_MAX_ENTRIES).toBe(600);
    expect(CACHE_TTL_MS).toBe(7_200_000);
  });

  it('expires entries after the lifetime', () => {
    let now = 0;
    const c = new ResponseCache<number>(10, 1000, () => now);
    c.set('a', 1);
    now = 999;
    expect(c.get('a')).toBe(1);
    now = 1000;
    expect(c.get('a')).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('evicts the least recently used entry', () => {
    const c = new ResponseCache<number>(3);
    c.set('a', 1);
    c.set('b', 2);
    c.set('c', 3);
    expect(c.get('a')).toBe(1); // a is now the most recent
    c.set('d', 4);
    expect(c.has('b')).toBe(false);
    expect(c.has('a')).toBe(true);
    expect(c.size).toBe(3);
  });

  it('600 entries at most with the defaults', () => {
    const c = new ResponseCache<number>();
    for (let i = 0; i < 700; i++) c.set(`k${i}`, i);
    expect(c.size).toBe(600);
    expect(c.has('k99')).toBe(false);
    expect(c.has('k100')).toBe(true);
  });

  it('deletePrefix and clear', () => {
    const c = new ResponseCache<number>();
    c.set('dict:a|{}', 1);
    c.set('dict:ab|{}', 2);
    c.deletePrefix('dict:a|');
    expect(c.has('dict:ab|{}')).toBe(true);
    expect(c.has('dict:a|{}')).toBe(false);
    c.clear();
    expect(c.size).toBe(0);
  });
});

describe('cacheKey', () => {
  it('sorts the filter and drops empty values', () => {
    expect(cacheKey('/x', { b: 2, a: 1, c: '', d: undefined, e: null })).toBe('/x|{"a":1,"b":2}');
    expect(cacheKey('/x', { a: 1, b: 2 })).toBe(cacheKey('/x', { b: 2, a: 1 }));
  });
});
