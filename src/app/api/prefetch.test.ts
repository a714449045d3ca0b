import { describe, expect, it } from 'vitest';
import { keepAhead, PREFETCH_TTL_MS, prefetchKey, takeAhead } from './prefetch';

describe('answers fetched ahead', () => {
  it('the first read of the same call takes the answer, once', async () => {
    const key = prefetchKey('t1', '/loanapi/review/order_detail', { id: 7 });
    let calls = 0;
    keepAhead(key, async () => ({ id: 7, n: ++calls }));
    keepAhead(key, async () => ({ id: 7, n: ++calls })); // a fresh one is kept: not asked twice
    expect(calls).toBe(1);
    await expect(takeAhead(key)).resolves.toEqual({ id: 7, n: 1 });
    expect(takeAhead(key)).toBeUndefined();
  });

  it('is keyed by session token and query, whatever the order of the query keys', () => {
    expect(prefetchKey('a', '/p', { x: 1, y: 2 })).toBe(prefetchKey('a', '/p', { y: 2, x: 1 }));
    expect(prefetchKey('a', '/p', { x: 1 })).not.toBe(prefetchKey('b', '/p', { x: 1 }));
    expect(prefetchKey('a', '/p', { x: 1 })).not.toBe(prefetchKey('a', '/p', { x: 2 }));
  });

  it('an answer older than the time to live is not served', async () => {
    const key = prefetchKey('t1', '/old', {});
    const t0 = Date.now();
    keepAhead(key, async () => 'stale', t0);
    expect(takeAhead(key, t0 + PREFETCH_TTL_MS + 1)).toBeUndefined();
  });

  it('a failed fetch is forgotten, so the read asks again', async () => {
    const key = prefetchKey('t1', '/fails', {});
    keepAhead(key, async () => { throw new Error('down'); });
    await new Promise((r) => setTimeout(r, 0));
    expect(takeAhead(key)).toBeUndefined();
  });
});
