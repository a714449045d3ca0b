// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { PAGE_CACHE_TTL_MS, clearPageCache, readPageCache, removePageCache, writePageCache } from './pageCache';

beforeEach(() => localStorage.clear());

describe('page cache', () => {
  it('is valid 6 hours from the last update', () => {
    expect(PAGE_CACHE_TTL_MS).toBe(21_600_000);
    writePageCache('users', { page: 2 }, 0);
    expect(readPageCache('users', PAGE_CACHE_TTL_MS - 1)).toEqual({ page: 2 });
    writePageCache('users', { page: 3 }, 1000);
    expect(readPageCache('users', PAGE_CACHE_TTL_MS + 999)).toEqual({ page: 3 });
    expect(readPageCache('users', PAGE_CACHE_TTL_MS + 1000)).toBeUndefined();
    expect(localStorage.length).toBe(0);
  });

  it('ignores corrupt entries, removes and clears only its own keys', () => {
    localStorage.setItem('page-cache:x', '{bad');
    expect(readPageCache('x')).toBeUndefined();
    localStorage.setItem('language', 'en');
    writePageCache('a', 1);
    writePageCache('b', 2);
    removePageCache('a');
    expect(readPageCache('a')).toBeUndefined();
    clearPageCache();
    expect(readPageCache('b')).toBeUndefined();
    expect(localStorage.getItem('language')).toBe('en');
  });
});
