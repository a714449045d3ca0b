import { describe, expect, it } from 'vitest';
import { fakeList, type FakeRow } from './fakeList';
import { RowWindow, flipSort, type FetchPlan } from './rowWindow';

type Serve = ReturnType<typeof fakeList>;

/** Plans rows [a, b], answers every fetch from the fake server, repeats until nothing is missing. */
function settle(w: RowWindow<FakeRow>, serve: Serve, a: number, b: number, log: FetchPlan[] = []): FetchPlan[] {
  for (let round = 0; round < 20; round++) {
    const { fetch } = w.plan(a, b, 0);
    if (!fetch.length) return log;
    for (const p of fetch) {
      w.begin(p);
      log.push(p);
      w.receive(p, serve(p.query), w.keysFor(a, b));
    }
  }
  throw new Error('did not settle');
}

function expectRows(w: RowWindow<FakeRow>, a: number, b: number) {
  for (let i = a; i <= b; i++) expect(w.getRow(i)?.id, `row ${i}`).toBe(i);
}

describe('flipSort', () => {
  it('flips the direction', () => {
    expect(flipSort('created_at:desc')).toBe('created_at:asc');
    expect(flipSort('id:asc')).toBe('id:desc');
    expect(flipSort('amount')).toBe('amount:desc');
  });
});

describe('RowWindow: which pages for a visible range', () => {
  it('starts with the first page, no cursor and no offset', () => {
    const w = new RowWindow<FakeRow>({ sort: 'id:asc' });
    const { fetch } = w.plan(0, 30);
    expect(fetch).toHaveLength(1);
    expect(fetch[0]).toMatchObject({ key: 'h0', kind: 'first', query: { size: 100, sort: 'id:asc' } });
    expect(fetch[0].query.offset).toBeUndefined();
    expect(fetch[0].query.cursor).toBeUndefined();
  });

  it('scrolling on follows next_cursor (keyset), scrolling back after a jump follows prev_cursor', () => {
    const serve = fakeList(1_000_000);
    const w = new RowWindow<FakeRow>({ sort: 'id:asc' });
    settle(w, serve, 0, 30);
    const next = settle(w, serve, 90, 130);
    expect(next.map((p) => [p.key, p.kind, p.query.cursor, p.query.direction])).toEqual([['h1', 'cursor', '99', 'next']]);
    expectRows(w, 0, 199);

    // 250,000 rows down: beyond the server's maxOffset (100,000), so it hops: offset, then cursor + offset.
    const jump = settle(w, serve, 250_010, 250_040);
    expect(jump.map((p) => [p.key, p.query.offset, p.query.cursor !== undefined])).toEqual([['h1000', 100_000, false], ['h2001', 100_000, true], ['h2500', 49_800, true]]);
    expect(jump.every((p) => p.query.offset! <= 100_000)).toBe(true);
    // Within reach of a loaded page: one request, cursor + offset.
    const near = settle(w, serve, 300_010, 300_040);
    expect(near.map((p) => [p.key, p.query.offset, p.query.direction])).toEqual([['h3000', 49_900, 'next']]);
    const back = settle(w, serve, 249_980, 250_010);
    expect(back.map((p) => [p.key, p.kind, p.query.cursor, p.query.direction])).toEqual([['h2499', 'cursor', '250000', 'prev']]);
    expectRows(w, 249_900, 250_099);
  });

  it('reaches the last rows of a million with one request: the flipped first page', () => {
    const serve = fakeList(1_000_000);
    const w = new RowWindow<FakeRow>({ sort: 'id:asc' });
    settle(w, serve, 0, 30);
    const end = settle(w, serve, 999_970, 999_999);
    expect(end).toHaveLength(1);
    expect(end[0]).toMatchObject({ key: 't0', kind: 'first', reverse: true, query: { size: 100, sort: 'id:desc' } });
    expect(end[0].query.offset).toBeUndefined();
    expect(w.getRow(999_999)?.id).toBe(999_999);
    expectRows(w, 999_900, 999_999);
    // Scrolling up from the end walks the flipped order by cursor.
    const up = settle(w, serve, 999_880, 999_910);
    expect(up.map((p) => [p.key, p.kind, p.query.sort, p.query.cursor, p.query.direction])).toEqual([['t1', 'cursor', 'id:desc', '999900', 'next']]);
    expectRows(w, 999_800, 999_999);
  });

  it('jumps from the nearer end, never deeper than the server\'s maxOffset', () => {
    const serve = fakeList(1_000_000);
    const w = new RowWindow<FakeRow>({ sort: 'created_at:desc' });
    settle(w, serve, 0, 10);
    for (const at of [100_000, 400_000, 600_000, 900_000]) {
      const { fetch } = w.plan(at, at + 30, 0);
      expect(fetch.every((p) => p.kind === 'offset'), `at ${at}`).toBe(true);
      for (const p of fetch) expect(p.query.offset!).toBeLessThanOrEqual(100_000);
      if (at > 500_000) expect(fetch[0]).toMatchObject({ frame: 'tail', reverse: true, query: { sort: 'created_at:asc' } });
      else expect(fetch[0]).toMatchObject({ frame: 'head', query: { sort: 'created_at:desc' } });
    }
  });

  it('reaches any row of a million in at most five requests, and the middle by either end', () => {
    const serve = fakeList(1_000_000);
    for (const at of [123_456, 500_000, 777_777, 999_999]) {
      const w = new RowWindow<FakeRow>({ sort: 'id:asc' });
      settle(w, serve, 0, 30);
      const log = settle(w, serve, at, Math.min(999_999, at + 30));
      expect(log.length, `at ${at}`).toBeLessThanOrEqual(5);
      expectRows(w, at, Math.min(999_999, at + 30));
    }
  });

  it('a scripted scroll from top to bottom lands every row in place', () => {
    const n = 12_345;
    const serve = fakeList(n);
    const w = new RowWindow<FakeRow>({ sort: 'id:asc', maxPages: 8 });
    const kinds = new Set<string>();
    for (let top = 0; top < n; top += 37) {
      const log = settle(w, serve, top, Math.min(n - 1, top + 29));
      log.forEach((p) => kinds.add(p.kind));
      expectRows(w, top, Math.min(n - 1, top + 29));
    }
    expect([...kinds].sort()).toEqual(['cursor', 'first']);
    expect(w.total).toBe(n);
    expect(w.pageCount).toBeLessThanOrEqual(8);
  });

  it('prefetches around the view, visible pages first', () => {
    const serve = fakeList(10_000);
    const w = new RowWindow<FakeRow>({ sort: 'id:asc' });
    settle(w, serve, 0, 10);
    const { fetch } = w.plan(180, 199, 50);
    expect(fetch.map((p) => [p.key, p.visible])).toEqual([['h1', true], ['h2', false]]);
  });
});

describe('RowWindow: counts', () => {
  it('an estimate grows and becomes exact when a page reaches the end', () => {
    const serve = fakeList(250, { count: 'estimate', estimate: 1000 });
    const w = new RowWindow<FakeRow>({ sort: 'id:asc' });
    settle(w, serve, 0, 30);
    expect(w.total).toBe(1000);
    expect(w.exact).toBe(false);
    settle(w, serve, 150, 249);
    expect(w.exact).toBe(true);
    expect(w.total).toBe(250);
    expectRows(w, 0, 249);
  });

  it('with an estimate the last rows still sit at the bottom, and the first at the top', () => {
    const serve = fakeList(5_000, { count: 'estimate', estimate: 4_000 });
    const w = new RowWindow<FakeRow>({ sort: 'id:asc' });
    settle(w, serve, 0, 30);
    settle(w, serve, 3_970, 3_999);
    expect(w.total).toBe(4_000);
    // The bottom row of the grid is the list's last row, whatever the estimate.
    expect(w.getRow(3_999)?.id).toBe(4_999);
    expect(w.getRow(0)?.id).toBe(0);
  });

  it('a capped count is a lower bound: scrolling past it extends the grid', () => {
    const serve = fakeList(50_000, { count: 'capped', cap: 1_000 });
    const w = new RowWindow<FakeRow>({ sort: 'id:asc' });
    settle(w, serve, 0, 30);
    expect(w.capped).toBe(true);
    for (let top = 0; top < 1_500; top += 50) settle(w, serve, top, top + 30);
    expect(w.total).toBeGreaterThan(1_500);
    expectRows(w, 1_400, 1_480);
  });

  it('an empty list is exact 0 after the first page', () => {
    const w = new RowWindow<FakeRow>({ sort: 'id:asc' });
    settle(w, fakeList(0), 0, 0);
    expect(w.known).toBe(true);
    expect(w.exact).toBe(true);
    expect(w.total).toBe(0);
  });

  it('without a sort, the end is reached by offset', () => {
    const serve = fakeList(100_000);
    const w = new RowWindow<FakeRow>({});
    settle(w, serve, 0, 10);
    const log = settle(w, serve, 99_990, 99_999);
    expect(log.map((p) => [p.frame, p.kind])).toEqual([['head', 'offset']]);
    expectRows(w, 99_990, 99_999);
  });
});

describe('RowWindow: cache and requests', () => {
  it('keeps at most maxPages, dropping the least recently used, never a page in view', () => {
    const serve = fakeList(100_000);
    const w = new RowWindow<FakeRow>({ sort: 'id:asc', maxPages: 4 });
    for (const top of [0, 100, 200, 300]) settle(w, serve, top, top + 10);
    settle(w, serve, 0, 10); // h0 used again
    settle(w, serve, 400, 410);
    expect(w.pageCount).toBe(4);
    expect(w.hasPage('h0')).toBe(true);
    expect(w.hasPage('h1')).toBe(false);
    expect(w.evict(new Set(['h2', 'h3', 'h4', 'h0']))).toEqual([]);
  });

  it('reports in-flight requests for rows scrolled past, and drops their late answers', () => {
    const serve = fakeList(1_000_000);
    const w = new RowWindow<FakeRow>({ sort: 'id:asc' });
    settle(w, serve, 0, 10);
    const { fetch } = w.plan(100, 130, 0);
    w.begin(fetch[0]);
    expect(w.inflightKeys).toEqual(['h1']);
    const moved = w.plan(600_000, 600_030, 0);
    expect(moved.cancel).toEqual(['h1']);
    w.cancel('h1');
    expect(w.receive(fetch[0], serve(fetch[0].query))).toBe(false);
    expect(w.hasPage('h1')).toBe(false);
    // Still in view: not cancelled, not planned twice.
    const again = w.plan(600_000, 600_030, 0);
    w.begin(again.fetch[0]);
    const same = w.plan(600_005, 600_035, 0);
    expect(same.cancel).toEqual([]);
    expect(same.fetch).toEqual([]);
  });

  it('a failed page is not asked again until retried', () => {
    const w = new RowWindow<FakeRow>({ sort: 'id:asc' });
    const p = w.plan(0, 10).fetch[0];
    w.begin(p);
    w.fail(p, new Error('boom'));
    expect(w.plan(0, 10).fetch).toEqual([]);
    w.clearFailures();
    expect(w.plan(0, 10).fetch.map((x) => x.key)).toEqual(['h0']);
  });

  it('lists the loaded rows of a range once each', () => {
    const serve = fakeList(1_000);
    const w = new RowWindow<FakeRow>({ sort: 'id:asc' });
    settle(w, serve, 0, 10);
    settle(w, serve, 990, 999);
    expect(w.loadedIndices(95, 105)).toEqual([95, 96, 97, 98, 99]);
    expect(w.loadedIndices(0, 999)).toHaveLength(200);
  });
});
