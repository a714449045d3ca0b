import type { ListResponse, PageQuery } from './rowWindow';

/**
 * A list endpoint in memory for tests (and the Playwright harness): rows `{id}` 0..n-1 sorted by `id`, keyset
 * cursors (the boundary row's id), offsets, and a count that is exact, an estimate, or capped.
 */
export interface FakeListOptions {
  /** 'exact' (default), 'estimate' (total = estimate), 'capped' (total = min(n, cap), total_capped). */
  count?: 'exact' | 'estimate' | 'capped';
  estimate?: number;
  cap?: number;
  /** Deepest offset accepted (the server's maxOffset); deeper throws like its validation. Default 100,000. */
  maxOffset?: number;
}

export interface FakeRow {
  id: number;
  [k: string]: unknown;
}

export function fakeList(n: number, opts: FakeListOptions = {}, make: (id: number) => FakeRow = (id) => ({ id })): (q: PageQuery) => ListResponse<FakeRow> {
  return (q) => {
    const size = Math.min(500, Math.max(1, q.size));
    const asc = !(q.sort ?? 'id:asc').endsWith(':desc');
    const idAt = (pos: number) => (asc ? pos : n - 1 - pos);
    const posOf = (id: number) => (asc ? id : n - 1 - id);
    let start: number;
    let end: number;
    const skip = q.offset ?? 0;
    if (skip > (opts.maxOffset ?? 100_000)) throw new Error(`offset ${skip} too deep`);
    if (q.cursor !== undefined) {
      // Like the server: the offset applies after the cursor, in the direction read.
      const at = posOf(Number(q.cursor));
      if (q.direction === 'prev') {
        end = Math.max(0, at - skip);
        start = Math.max(0, end - size);
      } else {
        start = Math.min(n, at + 1 + skip);
        end = Math.min(n, start + size);
      }
    } else {
      start = Math.min(n, q.offset ?? 0);
      end = Math.min(n, start + size);
    }
    const rows: FakeRow[] = [];
    for (let p = start; p < end; p++) rows.push(make(idAt(p)));
    const count = opts.count ?? 'exact';
    const cap = opts.cap ?? 10_000;
    return {
      rows,
      next_cursor: end < n && rows.length ? String(rows[rows.length - 1].id) : null,
      prev_cursor: start > 0 && rows.length ? String(rows[0].id) : null,
      total: count === 'exact' ? n : count === 'estimate' ? (opts.estimate ?? n) : Math.min(n, cap),
      total_exact: count === 'exact',
      total_capped: count === 'capped' && n > cap,
    };
  };
}
