import { RowWindow, type FetchPlan, type ListResponse, type PageQuery, type WindowOptions } from './rowWindow';

/**
 * Drives a RowWindow against the server: starts the fetches the window plans for the rows in view, aborts the ones
 * scrolled past, holds back offset jumps while the view is still moving (a scrollbar drag asks for one jump at the
 * end, not one per frame), and caps concurrent requests. Framework-free; the grid subscribes to `version`.
 */
export type LoadPage<R> = (query: PageQuery, signal: AbortSignal) => Promise<ListResponse<R>>;

export interface ListSourceOptions<R> extends WindowOptions {
  load: LoadPage<R>;
  /** An offset jump waits until the visible range has been still this long. Default 120 ms. */
  jumpDelayMs?: number;
  /** Requests at once. Default 4. */
  maxInflight?: number;
  /** Rows in view to start from (a reload keeps the user's place). */
  initialRange?: readonly [number, number];
  now?: () => number;
}

export type SourceStatus = 'loading' | 'ready' | 'error';

export class ListSource<R> {
  readonly window: RowWindow<R>;
  status: SourceStatus = 'loading';
  /** Why the first page failed (status 'error'). */
  error: unknown = null;
  /** A later page failed: the grid offers Retry. */
  pageError: unknown = null;
  version = 0;

  private readonly load: LoadPage<R>;
  private readonly jumpDelayMs: number;
  private readonly maxInflight: number;
  private readonly now: () => number;
  private readonly controllers = new Map<string, AbortController>();
  private readonly listeners = new Set<() => void>();
  private range: [number, number];
  private movedAt = -Infinity;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;

  constructor(opts: ListSourceOptions<R>) {
    this.window = new RowWindow<R>(opts);
    this.load = opts.load;
    this.jumpDelayMs = opts.jumpDelayMs ?? 120;
    this.maxInflight = Math.max(1, opts.maxInflight ?? 4);
    this.now = opts.now ?? (() => Date.now());
    this.range = opts.initialRange ? [opts.initialRange[0], opts.initialRange[1]] : [0, 0];
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getVersion = (): number => this.version;

  get visibleRange(): readonly [number, number] {
    return this.range;
  }

  get inflightCount(): number {
    return this.controllers.size;
  }

  private emit(): void {
    this.version++;
    for (const fn of [...this.listeners]) fn();
  }

  /** Starts loading what the initial range needs. */
  start(): void {
    this.pump();
  }

  /** The grid shows rows [first, last]. */
  setRange(first: number, last: number): void {
    if (first === this.range[0] && last === this.range[1]) return;
    this.range = [first, last];
    this.movedAt = this.now();
    this.pump();
  }

  /** Forgets failures and loads again. */
  retry(): void {
    this.window.clearFailures();
    this.error = null;
    this.pageError = null;
    if (this.status === 'error') this.status = 'loading';
    this.emit();
    this.pump();
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const c of this.controllers.values()) c.abort();
    this.controllers.clear();
    this.listeners.clear();
  }

  private pump(): void {
    if (this.disposed) return;
    const { fetch, cancel } = this.window.plan(this.range[0], this.range[1]);
    for (const key of cancel) {
      this.controllers.get(key)?.abort();
      this.controllers.delete(key);
      this.window.cancel(key);
    }
    const still = this.now() - this.movedAt >= this.jumpDelayMs;
    // A prefetch next to rows still on their way waits for them: then it is a cheap keyset page, not an offset.
    const visiblePending = fetch.some((p) => p.visible) || [...this.controllers.keys()].some((k) => this.window.isInflight(k));
    let held = false;
    for (const plan of fetch) {
      if (this.controllers.size >= this.maxInflight) break;
      if (plan.kind === 'offset' && !plan.visible && visiblePending) continue;
      if (plan.kind === 'offset' && !still) {
        held = true;
        continue;
      }
      this.begin(plan);
    }
    if (held) {
      if (this.timer) clearTimeout(this.timer);
      const wait = Math.max(0, this.movedAt + this.jumpDelayMs - this.now());
      this.timer = setTimeout(() => {
        this.timer = null;
        this.pump();
      }, wait);
    }
  }

  private begin(plan: FetchPlan): void {
    const ac = new AbortController();
    this.controllers.set(plan.key, ac);
    this.window.begin(plan);
    this.load(plan.query, ac.signal).then(
      (res) => {
        if (this.disposed || ac.signal.aborted) return;
        this.controllers.delete(plan.key);
        const pinned = this.window.keysFor(this.range[0], this.range[1]);
        if (this.window.receive(plan, normalize(res), pinned)) {
          this.status = 'ready';
          this.error = null;
          this.emit();
        }
        this.pump();
      },
      (err: unknown) => {
        if (this.disposed || ac.signal.aborted) return;
        this.controllers.delete(plan.key);
        this.window.fail(plan, err);
        if (this.window.known) this.pageError = err;
        else {
          this.status = 'error';
          this.error = err;
        }
        this.emit();
      },
    );
  }
}

/** Tolerates a server that leaves fields out (a list answering `{rows, total}` only). */
function normalize<R>(res: Partial<ListResponse<R>> | null | undefined): ListResponse<R> {
  const rows = Array.isArray(res?.rows) ? res!.rows : [];
  return {
    rows,
    next_cursor: res?.next_cursor ?? null,
    prev_cursor: res?.prev_cursor ?? null,
    total: Number.isFinite(Number(res?.total)) ? Number(res!.total) : rows.length,
    total_exact: res?.total_exact ?? false,
    total_capped: res?.total_capped ?? false,
  };
}
