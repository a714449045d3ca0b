/**
 * The row window of a server list: which rows the grid has, which pages to fetch for what the user sees, and how.
 * Pure (no React, no fetch): ListSource drives it, the unit tests exercise it directly.
 *
 * Server contract (list engine): GET <url>?<filters>&size=&sort=field:asc|desc and either `cursor` + `direction`
 * (next | prev, keyset) or `offset` (a jump); the answer is
 * `{rows, next_cursor, prev_cursor, total, total_exact, total_capped}`. Rows come in the order of `sort` whatever the
 * direction; `next_cursor` continues after the last row returned, `prev_cursor` before the first; null when nothing
 * is left on that side. `total` is an estimate (or a lower bound when `total_capped`) unless `total_exact`.
 *
 * Model: two tilings of pages of `pageSize` rows.
 *  - head pages `h<p>` hold rows [p·P, (p+1)·P) counted from the first row, fetched in the list's own order;
 *  - tail pages `t<q>` hold the rows at distance [q·P, (q+1)·P) from the LAST row, fetched with the sort flipped
 *    (so `t0` is the flipped list's first page: the last rows, whatever the count) and stored in display order.
 * With an exact count both tilings agree. With an estimate, rows reached from the top stay right at the top and
 * rows reached from the bottom stay right at the bottom; only the seam between them is approximate, and it closes
 * as soon as a page at either end tells the real count. So End, or dragging the scrollbar to the bottom of a
 * million-row list, costs one cheap request (the flipped first page), and no offset is ever deeper than half the
 * list.
 *
 * A missing tile is fetched by the cheapest way: the keyset cursor of a loaded neighbour (sequential scrolling),
 * else the first page of either order, else a jump: an offset from the nearer end, or from the cursor of the
 * nearest loaded page. The server refuses offsets deeper than its maxOffset (100,000 by default), so a jump into
 * the middle of a million rows goes in hops of maxOffset rows (cursor + offset), each hop a cached page:
 * five requests at most for 1,000,000 rows, one for any row within 100,000 of a loaded page or of either end.
 * Pages are kept in an LRU of `maxPages`; requests for tiles no longer wanted (scrolled past) are reported for
 * cancelling.
 */

export type Frame = 'head' | 'tail';

export interface ListResponse<R> {
  rows: R[];
  next_cursor: string | null;
  prev_cursor: string | null;
  total: number;
  total_exact: boolean;
  total_capped: boolean;
}

/** How to fetch the page on one side of a loaded page: a keyset request in one sort. */
export interface Continuation {
  sort: string | undefined;
  cursor: string;
  direction: 'next' | 'prev';
  /** Fetched with the flipped sort: reverse the rows into display order. */
  reverse: boolean;
}

export interface Page<R> {
  frame: Frame;
  index: number;
  /** Display order (top to bottom). A tail page shorter than P sits against the end of its tile. */
  rows: R[];
  /** The page just above in display order: a continuation, null when this page holds the first row. */
  before: Continuation | null;
  /** The page just below: a continuation, null when this page holds the last row. */
  after: Continuation | null;
}

export interface PageQuery {
  size: number;
  sort?: string;
  cursor?: string;
  direction?: 'next' | 'prev';
  offset?: number;
}

export type FetchKind = 'first' | 'cursor' | 'offset';

export interface FetchPlan {
  key: string;
  frame: Frame;
  index: number;
  kind: FetchKind;
  query: PageQuery;
  /** Rows arrive in flipped order. */
  reverse: boolean;
  /** Relative cost, for choosing between the ways (1 = a keyset page). */
  cost: number;
  /** Covers rows the user sees now (else a prefetch). */
  visible: boolean;
}

export interface WindowOptions {
  /** Rows per request (the server accepts up to 500). Default 100. */
  pageSize?: number;
  /** Pages kept (LRU). Default 60 (6,000 rows). */
  maxPages?: number;
  /** 'field:asc' | 'field:desc'; without it the list can't be read from the end and jumps use offsets only. */
  sort?: string | null;
  /** Row count to show before the first answer (a reload keeps the scroll position). */
  initialTotal?: number;
  /** The deepest `offset` the list accepts (the server's maxOffset, default 100,000). */
  maxOffset?: number;
  /** The server applies `offset` after a `cursor` too (jumps from a loaded page). Default true. */
  cursorOffset?: boolean;
}

/** Offset cost: rows skipped per unit of a keyset page (≈ 1.5 ms per 10,000 rows on PostgreSQL). */
const OFFSET_ROWS_PER_UNIT = 10_000;

/** 'created_at:desc' → 'created_at:asc'. */
export function flipSort(sort: string): string {
  const i = sort.lastIndexOf(':');
  const field = i < 0 ? sort : sort.slice(0, i);
  const dir = i < 0 ? 'asc' : sort.slice(i + 1);
  return `${field}:${dir === 'desc' ? 'asc' : 'desc'}`;
}

export const pageKey = (frame: Frame, index: number): string => `${frame === 'head' ? 'h' : 't'}${index}`;

export class RowWindow<R> {
  readonly pageSize: number;
  readonly maxPages: number;
  readonly sort: string | undefined;
  readonly flipped: string | undefined;
  readonly maxOffset: number;
  readonly cursorOffset: boolean;

  /** Any answer received. */
  known = false;
  /** The row count is exact (the server said so, or a page reached an end). */
  exact = false;
  /** The server's count was capped: `total` is a lower bound. */
  capped = false;

  private estimate: number;
  private exactTotal = 0;
  private headExtent = 0;
  private tailExtent = 0;
  private readonly pages = new Map<string, Page<R>>();
  private readonly inflight = new Map<string, FetchPlan>();
  private readonly failed = new Map<string, unknown>();

  constructor(opts: WindowOptions = {}) {
    this.pageSize = Math.max(1, Math.min(500, opts.pageSize ?? 100));
    this.maxPages = Math.max(4, opts.maxPages ?? 60);
    this.sort = opts.sort || undefined;
    this.flipped = this.sort ? flipSort(this.sort) : undefined;
    this.estimate = Math.max(0, opts.initialTotal ?? 0);
    this.maxOffset = Math.max(0, opts.maxOffset ?? 100_000);
    this.cursorOffset = opts.cursorOffset ?? true;
  }

  /** Rows the grid shows. */
  get total(): number {
    if (this.exact) return this.exactTotal;
    return Math.max(this.estimate, this.headExtent, this.tailExtent);
  }

  get pageCount(): number {
    return this.pages.size;
  }

  get inflightKeys(): string[] {
    return [...this.inflight.keys()];
  }

  get failures(): ReadonlyMap<string, unknown> {
    return this.failed;
  }

  hasPage(key: string): boolean {
    return this.pages.has(key);
  }

  page(key: string): Page<R> | undefined {
    return this.pages.get(key);
  }

  /** The row at display index i, when loaded. */
  getRow(i: number): R | undefined {
    const P = this.pageSize;
    if (i < 0) return undefined;
    const p = Math.floor(i / P);
    const hp = this.pages.get(`h${p}`);
    if (hp) {
      const r = hp.rows[i - p * P];
      if (r !== undefined) return r;
    }
    if (!this.flipped) return undefined;
    const n = this.total;
    if (i >= n) return undefined;
    const d = n - 1 - i;
    const q = Math.floor(d / P);
    const tp = this.pages.get(`t${q}`);
    if (!tp) return undefined;
    const k = d - q * P;
    return k < tp.rows.length ? tp.rows[tp.rows.length - 1 - k] : undefined;
  }

  isLoaded(i: number): boolean {
    return this.getRow(i) !== undefined;
  }

  /** Display indices of every loaded row in [from, to] (inclusive), ascending. */
  loadedIndices(from = 0, to = Number.MAX_SAFE_INTEGER): number[] {
    const P = this.pageSize;
    const n = this.total;
    const out = new Set<number>();
    for (const pg of this.pages.values()) {
      let start: number;
      if (pg.frame === 'head') start = pg.index * P;
      else start = n - pg.index * P - pg.rows.length;
      for (let j = 0; j < pg.rows.length; j++) {
        const i = start + j;
        if (i >= from && i <= to && i >= 0 && i < n && this.getRow(i) === pg.rows[j]) out.add(i);
      }
    }
    return [...out].sort((a, b) => a - b);
  }

  private tileOf(frame: Frame, i: number): number {
    return frame === 'head' ? Math.floor(i / this.pageSize) : Math.floor((this.total - 1 - i) / this.pageSize);
  }

  /** First display index of the tile. */
  private tileStart(frame: Frame, index: number): number {
    return frame === 'head' ? index * this.pageSize : this.total - (index + 1) * this.pageSize;
  }

  /** First display index after the tile (head) or after the tile's bottom (tail) — where the scan goes on. */
  private tileEnd(frame: Frame, index: number): number {
    return frame === 'head' ? (index + 1) * this.pageSize : this.total - index * this.pageSize;
  }

  private touch(key: string): void {
    const pg = this.pages.get(key);
    if (!pg) return;
    this.pages.delete(key);
    this.pages.set(key, pg);
  }

  private covering(i: number): { key: string; frame: Frame; index: number } | null {
    const ph = this.tileOf('head', i);
    const kh = `h${ph}`;
    const hp = this.pages.get(kh);
    if (hp && i - ph * this.pageSize < hp.rows.length) return { key: kh, frame: 'head', index: ph };
    if (this.flipped) {
      const qt = this.tileOf('tail', i);
      const kt = `t${qt}`;
      const tp = this.pages.get(kt);
      if (tp && this.getRow(i) !== undefined) return { key: kt, frame: 'tail', index: qt };
      if (this.inflight.has(kt) || this.failed.has(kt)) return { key: kt, frame: 'tail', index: qt };
    }
    if (this.inflight.has(kh) || this.failed.has(kh)) return { key: kh, frame: 'head', index: ph };
    return null;
  }

  /** The continuation towards higher tile indices (head: down the list; tail: up towards the first row). */
  private up(pg: Page<R>): Continuation | null {
    return pg.frame === 'head' ? pg.after : pg.before;
  }

  private down(pg: Page<R>): Continuation | null {
    return pg.frame === 'head' ? pg.before : pg.after;
  }

  /**
   * The cheapest request towards tile t of a frame: the tile itself when it is within reach (the first page, an
   * offset ≤ maxOffset from the start of that order, or a cursor of a loaded page of the frame plus an offset
   * ≤ maxOffset), else a stepping stone as far towards it as one request goes (a million-row list is crossed in
   * a few hops of maxOffset rows; each hop stays cached).
   */
  private reach(frame: Frame, t: number, visible: boolean): FetchPlan | null {
    const P = this.pageSize;
    const sort = frame === 'head' ? this.sort : this.flipped;
    const reverse = frame === 'tail';
    const step = Math.max(0, Math.floor(this.maxOffset / P));
    const hopCost = 1 + (step * P) / OFFSET_ROWS_PER_UNIT;
    let best: FetchPlan | null = null;
    const consider = (index: number, kind: FetchKind, query: PageQuery, skipped: number, remaining: number, tie: number) => {
      const hops = remaining <= 0 ? 0 : Math.ceil(remaining / (step + 1));
      const cost = 1 + skipped / OFFSET_ROWS_PER_UNIT + hops * hopCost + tie;
      if (best && best.cost <= cost) return;
      best = { key: pageKey(frame, index), frame, index, kind, reverse, cost, visible, query };
    };
    const base = { size: P, ...(sort ? { sort } : {}) };
    // From the start of the order.
    if (t === 0) consider(0, 'first', base, 0, 0, 0);
    else if (t * P <= this.maxOffset) consider(t, 'offset', { ...base, offset: t * P }, t * P, 0, 0.01);
    else if (step > 0) consider(step, 'offset', { ...base, offset: step * P }, step * P, t - step, 0.01);
    // From a loaded page of the frame, by its cursor (plus an offset to jump).
    const jump = this.cursorOffset ? step : 0;
    for (const pg of this.pages.values()) {
      if (pg.frame !== frame || pg.index === t) continue;
      const higher = pg.index < t;
      const c = higher ? this.up(pg) : this.down(pg);
      if (!c || (higher && pg.rows.length !== P)) continue;
      const gap = higher ? t - pg.index - 1 : pg.index - t - 1;
      const skip = Math.min(gap, jump);
      const index = higher ? pg.index + 1 + skip : pg.index - 1 - skip;
      const query: PageQuery = { size: P, ...(c.sort ? { sort: c.sort } : {}), cursor: c.cursor, direction: c.direction, ...(skip ? { offset: skip * P } : {}) };
      consider(index, skip ? 'offset' : 'cursor', query, skip * P, Math.abs(t - index), skip ? 0.01 : 0);
    }
    return best;
  }

  /** How to get the rows around display row i: the request and the tile it serves. */
  private choose(i: number, visible: boolean): { plan: FetchPlan; frame: Frame; index: number } | null {
    const head = this.reach('head', this.tileOf('head', i), visible);
    const q = this.flipped && this.total > 0 ? this.tileOf('tail', i) : -1;
    const tail = q >= 0 ? this.reach('tail', q, visible) : null;
    // Head wins ties: the top of the list is the common case and its rows never move with the estimate.
    if (tail && (!head || tail.cost < head.cost)) return { plan: tail, frame: 'tail', index: q };
    return head ? { plan: head, frame: 'head', index: this.tileOf('head', i) } : null;
  }

  /**
   * What to fetch for visible rows [first, last] (inclusive) with `prefetch` rows either side, and which in-flight
   * requests nobody needs any more (to abort). The caller starts the fetches and reports with `begin`, `receive`,
   * `fail`. Loaded pages in view are marked recently used.
   */
  plan(first: number, last: number, prefetch = Math.ceil(this.pageSize / 2)): { fetch: FetchPlan[]; cancel: string[] } {
    const n = this.total;
    const wanted = new Set<string>();
    const fetch: FetchPlan[] = [];
    const add = (plan: FetchPlan) => {
      wanted.add(plan.key);
      if (this.inflight.has(plan.key) || this.failed.has(plan.key) || this.pages.has(plan.key)) return;
      const same = fetch.find((f) => f.key === plan.key);
      if (same) same.visible ||= plan.visible;
      else fetch.push(plan);
    };
    if (!this.known && n === 0) {
      const c = this.choose(0, true);
      if (c) add(c.plan);
    } else if (n > 0) {
      const a = Math.max(0, Math.min(first, last, n - 1));
      const b = Math.min(n - 1, Math.max(first, last));
      const lo = Math.max(0, a - prefetch);
      const hi = Math.min(n - 1, b + prefetch);
      let i = lo;
      while (i <= hi) {
        const cov = this.covering(i);
        if (cov) {
          wanted.add(cov.key);
          if (this.tileStart(cov.frame, cov.index) <= b && this.tileEnd(cov.frame, cov.index) > a) this.touch(cov.key);
          i = Math.max(i + 1, this.tileEnd(cov.frame, cov.index));
          continue;
        }
        const c = this.choose(i, false);
        if (!c) {
          i++;
          continue;
        }
        // A stepping stone towards a visible tile is as urgent as the tile.
        c.plan.visible = this.tileStart(c.frame, c.index) <= b && this.tileEnd(c.frame, c.index) > a;
        add(c.plan);
        i = Math.max(i + 1, this.tileEnd(c.frame, c.index));
      }
    }
    const cancel = [...this.inflight.keys()].filter((k) => !wanted.has(k));
    fetch.sort((x, y) => Number(y.visible) - Number(x.visible) || x.cost - y.cost);
    return { fetch, cancel };
  }

  begin(plan: FetchPlan): void {
    this.inflight.set(plan.key, plan);
    this.failed.delete(plan.key);
  }

  /** A request was aborted (scrolled past) or dropped: the tile may be planned again. */
  cancel(key: string): void {
    this.inflight.delete(key);
  }

  isInflight(key: string): boolean {
    return this.inflight.has(key);
  }

  fail(plan: FetchPlan, error: unknown): void {
    if (this.inflight.get(plan.key) !== plan) return;
    this.inflight.delete(plan.key);
    this.failed.set(plan.key, error);
  }

  /** Forget failures so that the tiles are planned again (Retry). */
  clearFailures(): void {
    this.failed.clear();
  }

  /**
   * Stores an answer. Returns false when the request was no longer wanted (cancelled or superseded).
   * Updates the count: exact when the server says so or when a page reaches an end of the list; else the
   * server's latest estimate, never less than the rows seen from either end.
   */
  receive(plan: FetchPlan, res: ListResponse<R>, pinned: ReadonlySet<string> = new Set()): boolean {
    if (this.inflight.get(plan.key) !== plan) return false;
    this.inflight.delete(plan.key);
    const P = this.pageSize;
    const rows = plan.reverse ? [...res.rows].reverse() : res.rows;
    const sort = plan.query.sort;
    const cont = (cursor: string | null, direction: 'next' | 'prev'): Continuation | null =>
      cursor ? { sort, cursor, direction, reverse: plan.reverse } : null;
    // Display order: in the flipped order "next" walks towards the first row.
    const before = plan.reverse ? cont(res.next_cursor, 'next') : cont(res.prev_cursor, 'prev');
    const after = plan.reverse ? cont(res.prev_cursor, 'prev') : cont(res.next_cursor, 'next');
    const page: Page<R> = { frame: plan.frame, index: plan.index, rows, before, after };
    this.known = true;
    this.capped = !!res.total_capped;

    // What the page says about the count.
    let exactFromEdge: number | null = null;
    const edge = plan.frame === 'head' ? after === null : before === null;
    if (edge && (rows.length > 0 || plan.index === 0)) exactFromEdge = plan.index * P + rows.length;
    if (rows.length === 0 && plan.index > 0) {
      // Past an end the estimate put too far: the list is shorter than this offset.
      if (!this.exact && !res.total_exact) this.estimate = Math.min(this.estimate, plan.index * P);
      if (plan.frame === 'head') this.headExtent = Math.min(this.headExtent, plan.index * P);
      else this.tailExtent = Math.min(this.tailExtent, plan.index * P);
    } else {
      this.pages.set(plan.key, page);
      const extent = plan.index * P + rows.length + ((plan.frame === 'head' ? after : before) ? P : 0);
      if (plan.frame === 'head') this.headExtent = Math.max(this.headExtent, extent);
      else this.tailExtent = Math.max(this.tailExtent, extent);
    }

    if (res.total_exact) this.setExact(Math.max(0, res.total));
    else if (exactFromEdge !== null) this.setExact(exactFromEdge);
    else if (!this.exact) this.estimate = Math.max(0, res.total);

    this.evict(pinned);
    return true;
  }

  private setExact(n: number): void {
    this.exact = true;
    this.exactTotal = n;
    const P = this.pageSize;
    for (const [k, pg] of this.pages) if (pg.index * P >= n && pg.index > 0) this.pages.delete(k);
  }

  /** Drops least recently used pages beyond `maxPages`, never one in `pinned` (in view). */
  evict(pinned: ReadonlySet<string> = new Set()): string[] {
    const dropped: string[] = [];
    for (const key of this.pages.keys()) {
      if (this.pages.size <= this.maxPages) break;
      if (pinned.has(key)) continue;
      this.pages.delete(key);
      dropped.push(key);
    }
    return dropped;
  }

  /** Keys of the tiles covering rows [first, last]. */
  keysFor(first: number, last: number): Set<string> {
    const out = new Set<string>();
    const n = this.total;
    for (let i = Math.max(0, first); i <= Math.min(last, n - 1);) {
      const cov = this.covering(i);
      if (!cov) {
        i++;
        continue;
      }
      out.add(cov.key);
      i = Math.max(i + 1, this.tileEnd(cov.frame, cov.index));
    }
    return out;
  }
}
