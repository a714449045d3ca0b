/**
 * GET /loanapi/order/all_list on the seeded database, through HTTP like the console:
 *   - 10 concurrent clients asking for the first page with a filter and a sort (each answer counts: a first page
 *     always does), and 10 clients scrolling (first page, then next_cursor pages, as the grid does);
 *   - one client: the first page against the last one (depth N − 50), reached as the grid's End key does (the
 *     list read backwards: direction=prev without a cursor) and by the keyset cursor from a page next to it;
 *   - the capped count on its own (engine call in the server process, no HTTP).
 */
import type { BenchServer } from './child';
import { hammer, int, ms, summarise, verdict, type Row } from './stats';

const DAY = 86_400_000;
const PAGE = 50;

interface Page {
  rows: Array<{ id: number; order_no: string }>;
  next_cursor: string | null;
  prev_cursor: string | null;
  total: number;
  total_exact: boolean;
}

export interface ListBenchOptions {
  engine: 'pglite' | 'pg';
  orders: number;
  /** Seed time anchor: orders lie in the 180 days before it. */
  anchor: number;
  /** Requests per measured series (scaled down by --quick). */
  requests: number;
}

/** The filter and sort of the measured list: every order (created in the last year) by loan amount, largest first. */
export function mainQuery(anchor: number): Record<string, string> {
  return { created_from: new Date(anchor - 365 * DAY).toISOString(), sort: 'loan_amount:desc' };
}

export async function listBench(srv: BenchServer, o: ListBenchOptions): Promise<Row[]> {
  const rows: Row[] = [];
  const engine = o.engine === 'pg' ? 'PostgreSQL' : 'PGlite';
  const token = await srv.login();
  const q = mainQuery(o.anchor);
  const page = (extra: Record<string, string | number | undefined> = {}) => srv.get<Page>(token, '/loanapi/order/all_list', { ...q, size: PAGE, ...extra });

  // Warm the caches the way a running server has them.
  for (let i = 0; i < 20; i++) await page();

  // 10 clients, first pages.
  const first10 = await hammer(10, o.requests, async () => {
    await page();
  });
  const s10 = summarise(first10.times);
  const target = o.engine === 'pg' ? { p: 'p95', v: s10.p95, max: 25 } : { p: 'p99', v: s10.p99, max: 50 };
  rows.push({
    figure: 'list, 10 clients, first page (filter + sort)',
    engine,
    measured: `p50 ${ms(s10.p50)}, p95 ${ms(s10.p95)}, p99 ${ms(s10.p99)}, ${int(first10.rps)} req/s`,
    target: `${target.p} ≤ ${target.max} ms`,
    verdict: verdict(target.v <= target.max),
  });

  // More clients on the same process: latency and throughput as the queue grows (no target: the figures say where
  // one process saturates on this machine).
  for (const clients of [50, 100]) {
    const r = await hammer(clients, Math.max(o.requests, clients * 10), async () => {
      await page();
    });
    const st = summarise(r.times);
    rows.push({
      figure: `list, ${clients} clients, first page (filter + sort)`,
      engine,
      measured: `p50 ${ms(st.p50)}, p95 ${ms(st.p95)}, p99 ${ms(st.p99)}, ${int(r.rps)} req/s`,
      target: '',
      verdict: '',
    });
  }

  // 10 clients scrolling: a first page, then 9 keyset pages (the count is reused by the continuation pages).
  const cursors: Array<string | null> = Array.from({ length: 10 }, () => null);
  const read = Array.from({ length: 10 }, () => 0);
  const scroll = await hammer(10, o.requests, async (_, c) => {
    const res = await page(cursors[c] ? { cursor: cursors[c]! } : {});
    cursors[c] = ++read[c] % 10 === 0 ? null : res.next_cursor;
  });
  const ss = summarise(scroll.times);
  rows.push({
    figure: 'list, 10 clients scrolling (1 first + 9 cursor pages)',
    engine,
    measured: `p50 ${ms(ss.p50)}, p95 ${ms(ss.p95)}, p99 ${ms(ss.p99)}, ${int(scroll.rps)} req/s`,
    target: `${target.p} ≤ ${target.max} ms`,
    verdict: verdict((o.engine === 'pg' ? ss.p95 : ss.p99) <= target.max),
  });

  // One client: first page, last page (End key), keyset page at the same depth.
  const n1 = Math.max(30, Math.round(o.requests / 5));
  const series = async (extra: Record<string, string | number | undefined>) => {
    const t: number[] = [];
    let last: Page | null = null;
    for (let i = 0; i < n1; i++) {
      const t0 = performance.now();
      last = await page(extra);
      t.push(performance.now() - t0);
    }
    return { s: summarise(t), last: last! };
  };
  const first = await series({});
  const end = await series({ direction: 'prev' });
  // From the last page: one page back by its prev_cursor, then forward by that page's next_cursor — the keyset
  // read of the rows at depth total − 50.
  const before = await page({ cursor: end.last.prev_cursor! });
  const deep = await series({ cursor: before.next_cursor! });
  const total = first.last.total;
  // The filter keeps every order, so the last page starts at orders − 50 (the total may be an estimate).
  const depth = o.orders - PAGE;
  const sameRows = deep.last.rows.map((r) => r.id).join() === end.last.rows.map((r) => r.id).join();
  const ratioEnd = end.s.p50 / first.s.p50;
  const ratioDeep = deep.s.p50 / first.s.p50;
  rows.push({ figure: 'list, 1 client, first page', engine, measured: `p50 ${ms(first.s.p50)}, p95 ${ms(first.s.p95)}`, target: '', verdict: '' });
  rows.push({
    figure: `list, last page (depth ${int(depth)}, End: direction=prev)`,
    engine,
    measured: `p50 ${ms(end.s.p50)} = ${ratioEnd.toFixed(2)}× first`,
    target: '≤ 2× first page',
    verdict: verdict(ratioEnd <= 2),
  });
  rows.push({
    figure: `list, keyset page at depth ${int(depth)} (cursor)`,
    engine,
    measured: `p50 ${ms(deep.s.p50)} = ${ratioDeep.toFixed(2)}× first${sameRows ? '' : ' (ROWS DIFFER from the last page!)'}`,
    target: '≤ 2× first page',
    verdict: verdict(ratioDeep <= 2 && sameRows),
  });
  if (!first.last.total_exact && Math.abs(total - o.orders) > o.orders * 0.05) {
    rows.push({ figure: 'list, estimated total', engine, measured: `${int(total)} for ${int(o.orders)} orders`, target: 'within 5 %', verdict: 'MISS' });
  }

  // Capped count alone: the main filter (past the cap: count 10,001 + the planner's estimate), a selective filter,
  // and an account scoped to the demo merchant and its sub-merchant.
  const scoped = await srv.ask<{ rows: Array<{ id: number }> }>({ type: 'sql', text: `select id from merchant where code in ('M001', 'M001-01')` });
  const counts: Array<[string, Record<string, unknown>, number[] | undefined]> = [
    ['filter + sort of the list', { created_from: q.created_from }, undefined],
    ['status = overdue', { status: ['overdue'] }, undefined],
    ['merchant-scoped account, no filter', {}, scoped.rows.map((r) => Number(r.id))],
  ];
  for (const [label, query, merchantIds] of counts) {
    const res = await srv.ask<{ times: number[]; total: number; exact: boolean }>({ type: 'count', query, merchantIds, n: Math.max(30, Math.round(o.requests / 5)) });
    const s = summarise(res.times.slice(3));
    rows.push({
      figure: `capped count, ${label}`,
      engine,
      measured: `p50 ${ms(s.p50)}, p95 ${ms(s.p95)} (total ${res.exact ? '' : '≈'}${int(res.total)})`,
      target: 'p50 ≤ 10 ms',
      verdict: verdict(s.p50 <= 10),
    });
  }
  return rows;
}

/**
 * Two server processes on one PostgreSQL against one: the same 20 clients asking for first pages, all on one
 * process, then split between two. On a machine whose cores the database and the clients share, a second process
 * gains only what one process left idle; the figures say how much.
 */
export async function twoProcessBench(one: BenchServer, two: BenchServer, o: ListBenchOptions): Promise<Row[]> {
  const engine = 'PostgreSQL';
  const q = mainQuery(o.anchor);
  // One session on both processes (it lives in the database; a second sign-in would end the first, code 50012).
  const token = await one.login();
  const tokens = [token, token];
  const servers = [one, two];
  const ask = (s: number) => servers[s].get<Page>(tokens[s], '/loanapi/order/all_list', { ...q, size: PAGE });
  for (let i = 0; i < 20; i++) await Promise.all([ask(0), ask(1)]);
  const clients = 20;
  const n = Math.max(o.requests, 400);
  const single = await hammer(clients, n, async () => {
    await ask(0);
  });
  const split = await hammer(clients, n, async (_, w) => {
    await ask(w % 2);
  });
  const a = summarise(single.times);
  const b = summarise(split.times);
  return [
    { figure: `list, ${clients} clients, one server process`, engine, measured: `p50 ${ms(a.p50)}, p95 ${ms(a.p95)}, ${int(single.rps)} req/s`, target: '', verdict: '' },
    {
      figure: `list, ${clients} clients, two server processes`,
      engine,
      measured: `p50 ${ms(b.p50)}, p95 ${ms(b.p95)}, ${int(split.rps)} req/s = ${(split.rps / single.rps).toFixed(2)}× one process`,
      target: '',
      verdict: '',
    },
  ];
}
