import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeList, type FakeRow } from './fakeList';
import { ListSource, type LoadPage } from './listSource';
import type { PageQuery } from './rowWindow';

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function source(n: number, opts: { maxInflight?: number } = {}) {
  const serve = fakeList(n);
  const calls: PageQuery[] = [];
  const signals: AbortSignal[] = [];
  const load: LoadPage<FakeRow> = vi.fn(async (q: PageQuery, signal: AbortSignal) => {
    calls.push(q);
    signals.push(signal);
    return serve(q);
  });
  const s = new ListSource<FakeRow>({ load, sort: 'id:asc', jumpDelayMs: 100, ...opts });
  return { s, calls, signals, load };
}

describe('ListSource', () => {
  it('loads the first page, then follows the view by cursor at once', async () => {
    const { s, calls } = source(1_000_000);
    const seen = vi.fn();
    s.subscribe(seen);
    s.start();
    await flush();
    expect(s.status).toBe('ready');
    expect(s.window.total).toBe(1_000_000);
    expect(seen).toHaveBeenCalled();
    s.setRange(80, 110);
    await flush();
    expect(calls.at(-1)).toMatchObject({ cursor: '99', direction: 'next' });
    expect(s.window.getRow(150)?.id).toBe(150);
  });

  it('holds offset jumps while the view keeps moving (a scrollbar drag asks once, at the end)', async () => {
    const { s, calls } = source(1_000_000);
    s.start();
    await flush();
    const before = calls.length;
    for (const top of [100_000, 200_000, 300_000, 420_000]) {
      s.setRange(top, top + 30);
      await vi.advanceTimersByTimeAsync(30);
    }
    expect(calls.length).toBe(before);
    await vi.advanceTimersByTimeAsync(120);
    await flush();
    await vi.advanceTimersByTimeAsync(100);
    await flush();
    const after = calls.slice(before);
    // One jump, for the final position only (in hops of at most maxOffset rows), then cursor prefetch.
    const jumps = after.filter((q) => q.offset !== undefined);
    expect(jumps.every((q) => q.offset! <= 100_000)).toBe(true);
    expect(jumps.length).toBeLessThanOrEqual(5);
    // 420,000 rows down in hops of 100,000 (the server's maxOffset): offset, then cursor + offset from each hop.
    expect(jumps.map((q) => q.offset)).toEqual([100_000, 100_000, 100_000, 100_000, 19_600]);
    expect(jumps.slice(1).every((q) => q.cursor !== undefined && q.direction === 'next')).toBe(true);
    expect(s.window.getRow(420_010)?.id).toBe(420_010);
  });

  it('End is one request away: the flipped first page goes out at once', async () => {
    const { s, calls } = source(1_000_000);
    s.start();
    await flush();
    s.setRange(999_970, 999_999);
    await flush();
    expect(calls.at(-1)).toEqual({ size: 100, sort: 'id:desc' });
    expect(s.window.getRow(999_999)?.id).toBe(999_999);
  });

  it('aborts requests for rows scrolled past', async () => {
    const serve = fakeList(1_000_000);
    const pending: Array<{ q: PageQuery; signal: AbortSignal; resolve: () => void }> = [];
    const load: LoadPage<FakeRow> = (q, signal) => new Promise((resolve) => pending.push({ q, signal, resolve: () => resolve(serve(q)) }));
    const s = new ListSource<FakeRow>({ load, sort: 'id:asc', jumpDelayMs: 0 });
    s.start();
    pending[0].resolve();
    await flush();
    s.setRange(150, 180);
    expect(pending).toHaveLength(2);
    s.setRange(700_000, 700_030);
    expect(pending[1].signal.aborted).toBe(true);
    expect(pending.at(-1)!.q.offset).toBeDefined();
    pending[1].resolve();
    await flush();
    expect(s.window.hasPage('h1')).toBe(false);
  });

  it('caps concurrent requests and continues as answers arrive', async () => {
    const serve = fakeList(1_000_000);
    const pending: Array<() => void> = [];
    const load: LoadPage<FakeRow> = (q) => new Promise((resolve) => pending.push(() => resolve(serve(q))));
    const s = new ListSource<FakeRow>({ load, sort: 'id:asc', pageSize: 10, maxInflight: 2, jumpDelayMs: 0 });
    s.start();
    pending.shift()!();
    await flush();
    s.setRange(0, 60);
    expect(s.inflightCount).toBe(2);
    pending.shift()!();
    await flush();
    expect(s.inflightCount).toBe(2);
  });

  it('a failed first page is an error state; Retry loads again', async () => {
    let fail = true;
    const serve = fakeList(10);
    const load: LoadPage<FakeRow> = vi.fn(async (q: PageQuery) => {
      if (fail) throw new Error('server down');
      return serve(q);
    });
    const s = new ListSource<FakeRow>({ load, sort: 'id:asc' });
    s.start();
    await flush();
    expect(s.status).toBe('error');
    expect((s.error as Error).message).toBe('server down');
    fail = false;
    s.retry();
    await flush();
    expect(s.status).toBe('ready');
    expect(s.window.total).toBe(10);
  });

  it('a failed later page keeps the rows and reports a page error', async () => {
    const serve = fakeList(1_000);
    const load: LoadPage<FakeRow> = async (q) => {
      if (q.cursor) throw new Error('timeout');
      return serve(q);
    };
    const s = new ListSource<FakeRow>({ load, sort: 'id:asc' });
    s.start();
    await flush();
    s.setRange(90, 120);
    await flush();
    expect(s.status).toBe('ready');
    expect((s.pageError as Error).message).toBe('timeout');
  });

  it('a reload starts where the user was', async () => {
    const { s: first } = source(1_000_000);
    first.start();
    await flush();
    const { load, calls } = source(1_000_000);
    const s = new ListSource<FakeRow>({ load, sort: 'id:asc', initialTotal: first.window.total, initialRange: [999_970, 999_999] });
    expect(s.window.total).toBe(1_000_000);
    s.start();
    await flush();
    expect(calls[0]).toEqual({ size: 100, sort: 'id:desc' });
    expect(s.window.getRow(999_999)?.id).toBe(999_999);
  });

  it('dispose aborts everything and ignores late answers', async () => {
    const pending: Array<{ signal: AbortSignal }> = [];
    const load: LoadPage<FakeRow> = (_q, signal) => new Promise(() => pending.push({ signal }));
    const s = new ListSource<FakeRow>({ load, sort: 'id:asc' });
    s.start();
    s.dispose();
    expect(pending[0].signal.aborted).toBe(true);
  });
});
