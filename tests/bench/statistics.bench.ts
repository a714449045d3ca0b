/**
 * Statistics on the seeded database (docs/statistics.md, docs/stats/performance.md):
 *   - the full rebuild of every fact (rebuildStatistics) and the minute refresh of today (refreshStatistics) after a
 *     whole business day of events: in each market zone, today is the last business date that ended before the seed's
 *     anchor (the generated data's "now"). Every merchant is rebuilt and refreshed in one call, as the job does (its
 *     merchants in parallel on PostgreSQL), with the business clock at an instant inside every zone's today (their
 *     common hours' middle; the clock runs on meanwhile); were there no such instant, zone by zone at its noon, the
 *     times summed. Today's window is the whole date, so the refresh reads all of its events, as the day's last
 *     refresh does; events after it (up to the anchor, less than a day) are there too, which only a query open
 *     towards the future reads;
 *   - every declared report (REPORTS, so reports added later are measured too) over the 90 days ending the day before
 *     the anchor (UTC), and the dashboard's summary, through HTTP as the console asks them.
 * The generator writes no repayment, extension or reduction rows: stat-history.ts derives them once per database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { REPORTS } from '../../src/schemas/reports';
import { STAT_API } from '../../src/schemas/statistics';
import { marketTimeZone } from '../../src/schemas/merchant';
import { testConfig } from '../../src/server/config';
import { openDatabase, type Db } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/rows';
import type { Deps } from '../../src/server/deps';
import { addDays, createBusinessClock, dateIn } from '../../src/server/modules/lifecycle/clock';
import { rebuildStatistics, refreshProfile, refreshStatistics } from '../../src/server/modules/statistics/refresh';
import { startServer } from './child';
import type { SeededDb } from './seeded-db';
import { ensureMoneyHistory } from './stat-history';
import { int, ms, secs, summarise, table, verdict, type Row } from './stats';
import { rewindChangedMigrations } from './unlanded';

const DAY = 86_400_000;
const RANGE_DAYS = 90;
const SERIES_MS = 15_000;

export interface StatisticsBenchOptions {
  /** Requests per measured report (scaled down by --quick). */
  requests: number;
}

export interface Zone { tz: string; merchantIds: number[]; day: string; start: Date }

/** Merchants by market zone, with the zone's today: the last date that ended before `anchor`, and its start. */
export async function zones(db: Db, anchor: number): Promise<Zone[]> {
  const merchants = rowsOf<{ id: number; market: string | null }>(await db.execute(sql`select id, market from merchant order by id`));
  const byZone = new Map<string, number[]>();
  for (const m of merchants) {
    const tz = marketTimeZone(m.market);
    byZone.set(tz, [...(byZone.get(tz) ?? []), Number(m.id)]);
  }
  const out: Zone[] = [];
  for (const [tz, merchantIds] of byZone) {
    const day = addDays(dateIn(new Date(anchor - 1), tz), -1);
    const [r] = rowsOf<{ ms: string }>(await db.execute(sql`select extract(epoch from (${day}::date::timestamp at time zone ${tz})) * 1000 as ms`));
    out.push({ tz, merchantIds, day, start: new Date(Number(r.ms)) });
  }
  return out;
}

/**
 * One instant inside every zone's today (the middle of their common hours), with all the zones; null when the zones'
 * todays do not overlap.
 */
export function oneInstant(zs: Zone[]): Array<{ at: Date; zones: Zone[] }> | null {
  const from = Math.max(...zs.map((z) => z.start.getTime()));
  const to = Math.min(...zs.map((z) => z.start.getTime() + DAY));
  return zs.length && to > from ? [{ at: new Date((from + to) / 2), zones: zs }] : null;
}

/** What happened on each zone's today: the size of the refreshed day. */
async function dayEvents(db: Db, zs: Zone[]): Promise<string> {
  const parts: string[] = [];
  const counts = { created: 0, disbursed: 0, settled: 0, history: 0, repayments: 0 };
  for (const z of zs) {
    const from = z.start;
    const to = new Date(z.start.getTime() + DAY);
    const ids = sql.join(z.merchantIds.map((id) => sql`${id}`), sql`, `);
    const win = (col: string) => sql`${sql.raw(col)} >= ${from.toISOString()} and ${sql.raw(col)} < ${to.toISOString()}`;
    const [r] = rowsOf<Record<keyof typeof counts, string>>(await db.execute(sql`select
      (select count(*) from loan_order where merchant_id in (${ids}) and ${win('created_at')}) as created,
      (select count(*) from loan_order where merchant_id in (${ids}) and ${win('success_at')}) as disbursed,
      (select count(*) from loan_order where merchant_id in (${ids}) and ${win('settled_at')}) as settled,
      (select count(*) from order_status_history h where h.merchant_id in (${ids}) and ${win('h.created_at')}) as history,
      (select count(*) from repayment where merchant_id in (${ids}) and ${win('paid_at')}) as repayments`));
    for (const k of Object.keys(counts) as Array<keyof typeof counts>) counts[k] += Number(r[k]);
  }
  for (const [k, v] of Object.entries(counts)) parts.push(`${int(v)} ${k}`);
  return parts.join(', ');
}

/**
 * Runs `fn` while a console's query (one row by key, as a screen's) is sent every PROBE_MS, one at a time, and keeps
 * each one's time in `waits`: on PGlite, which serves one transaction at a time, how long a user waits behind the
 * refresh.
 */
const PROBE_MS = 100;
async function probed<T>(db: Db, waits: number[], fn: () => Promise<T>): Promise<T> {
  let on = true;
  const loop = (async () => {
    while (on) {
      const t = performance.now();
      await db.execute(sql`select id, name from merchant order by id limit 1`);
      waits.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, PROBE_MS));
    }
  })();
  try {
    return await fn();
  } finally {
    on = false;
    await loop;
  }
}

/** The summary route of the dashboard, read from its routes file (it is being reworked; the path may move). */
function dashboardSummaryPath(): string {
  const text = fs.readFileSync(path.resolve('src/server/modules/dashboard/dashboard.routes.ts'), 'utf8');
  return /url:\s*'([^']*\/summary[^']*)'/.exec(text)?.[1] ?? '/loanapi/dashboard/summary';
}

export async function statisticsBench(sdb: SeededDb, o: StatisticsBenchOptions, notes: string[]): Promise<Row[]> {
  const engine = sdb.engine === 'pg' ? 'PostgreSQL' : 'PGlite';
  const rows: Row[] = [];
  // Printed as measured too: a long run that fails later keeps its figures in the log.
  const add = (r: Row) => {
    rows.push(r);
    console.log(table([r]).split('\n')[2]);
  };
  // Reports: the 90 days up to the day before the anchor's UTC date.
  const day = addDays(dateIn(new Date(sdb.marker.anchor), 'UTC'), -1);

  const database = await openDatabase({ databaseUrl: sdb.databaseUrl, dataDir: sdb.dataDir });
  try {
    const db = database.db;
    const clock = createBusinessClock(db, () => new Date());
    const deps = { db, clock, now: () => new Date(), cfg: testConfig({ dataDir: sdb.dataDir, databaseUrl: sdb.databaseUrl }) } as unknown as Deps;
    const t0 = performance.now();
    const added = await ensureMoneyHistory(db);
    if (added) notes.push(`${engine}: added the money history (stat-history.ts) in ${secs(performance.now() - t0)}: ${int(added.repayments)} repayments, ${int(added.extensions)} extensions, ${int(added.reductions)} reductions`);
    const zs = await zones(db, sdb.marker.anchor);
    const days = [...new Set(zs.map((z) => z.day))].join(' / ');
    notes.push(`${engine}: statistics today = ${days} (by market zone, ${zs.length} zones), events of that date: ${await dayEvents(db, zs)}`);

    // Where the time went, step by step (refreshProfile), into the notes.
    const profiled = async <T>(label: string, fn: () => Promise<T>): Promise<T> => {
      refreshProfile.on = true;
      refreshProfile.ms.clear();
      try {
        return await fn();
      } finally {
        refreshProfile.on = false;
        const steps = [...refreshProfile.ms].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${secs(v)}`);
        notes.push(`${engine}: ${label} by step: ${steps.join(', ')}`);
        console.log(`  ${notes[notes.length - 1]}`);
      }
    };
    // As the job meets the merchants: one call for all of them (its merchants in parallel, as the scheduler runs it),
    // at an instant inside every zone's today; only when the zones' todays share no instant, one call per zone, summed.
    const groups = oneInstant(zs) ?? zs.map((z) => ({ at: new Date(z.start.getTime() + DAY / 2), zones: [z] }));
    if (groups.length === 1) notes.push(`${engine}: the rebuild and the refresh run once for every merchant, the clock at ${groups[0].at.toISOString()} (inside every zone's today)`);
    const dayOf = new Map(zs.flatMap((z) => z.merchantIds.map((id) => [id, z.day] as const)));
    const timed = async (fn: (z: Zone) => Promise<unknown>) => {
      let total = 0;
      for (const g of groups) {
        await clock.set(g.at);
        const z: Zone = { tz: g.zones.map((x) => x.tz).join(', '), merchantIds: g.zones.flatMap((x) => x.merchantIds), day: g.zones[0].day, start: g.at };
        const t = performance.now();
        await fn(z);
        total += performance.now() - t;
      }
      return total;
    };
    try {
      console.log(`[${engine}] statistics: full rebuild…`);
      const rebuild = await profiled('full rebuild', () => timed((z) => rebuildStatistics(deps, { merchantIds: z.merchantIds })));
      add({ figure: 'statistics, full rebuild (rebuildStatistics)', engine, measured: secs(rebuild), target: sdb.engine === 'pg' ? '≤ 3 min' : '', verdict: sdb.engine === 'pg' ? verdict(rebuild <= 180_000) : '' });

      console.log(`[${engine}] statistics: refresh of today…`);
      // Up to 3 runs (the first after the rebuild, then warm), fewer when one alone takes minutes.
      const runs: number[] = [];
      const waits: number[] = [];
      while (runs.length < 3 && runs.reduce((x, y) => x + y, 0) < 60_000) {
        runs.push(await profiled(`refresh of today, run ${runs.length + 1}`, () => probed(db, waits, () => timed(async (z) => {
          const res = await refreshStatistics(deps, { merchantIds: z.merchantIds });
          if (res.merchants.some((m) => m.rebuilt || m.businessDate !== dayOf.get(m.merchantId))) throw new Error(`refresh of ${z.tz} was not today's (${JSON.stringify(res.merchants)})`);
        }))));
      }
      const worst = Math.max(...runs);
      add({ figure: 'statistics, refresh of today (refreshStatistics)', engine, measured: `${runs.map(secs).join(', ')} (${runs.length} run${runs.length > 1 ? 's' : ''})`, target: '≤ 10 s', verdict: verdict(worst <= 10_000) });
      const w = summarise(waits);
      add({ figure: 'statistics, a console query during the refresh: p50 / p95 / longest wait', engine, measured: `${ms(w.p50)} / ${ms(w.p95)} / ${ms(w.max)} (${waits.length} queries)`, target: '', verdict: '' });
    } finally {
      await clock.set(null);
    }
  } finally {
    await database.close();
  }

  // A migration regenerated meanwhile (unlanded.ts) would stop the server from starting; undoing it drops the facts,
  // which are then rebuilt (not measured) for the reports.
  const rewound = await rewindChangedMigrations(sdb);
  if (rewound) {
    notes.push(`${engine} ${rewound} before the reports; facts rebuilt again for them`);
    const again = await openDatabase({ databaseUrl: sdb.databaseUrl, dataDir: sdb.dataDir });
    try {
      const deps = { db: again.db, clock: createBusinessClock(again.db, () => new Date()), now: () => new Date() } as unknown as Deps;
      await rebuildStatistics(deps);
    } finally {
      await again.close();
    }
  }
  console.log(`[${engine}] statistics: reports…`);
  const srv = await startServer(sdb);
  try {
    const token = await srv.login();
    const query = { date_from: addDays(day, -(RANGE_DAYS - 1)), date_to: day };
    const reportTarget = sdb.engine === 'pg' ? 50 : 100;
    // One client, `requests` in a row, or as many as fit in SERIES_MS (at least 20) when each takes long.
    const series = async (call: () => Promise<unknown>) => {
      const times: number[] = [];
      const t0 = performance.now();
      while (times.length < o.requests && (times.length < 20 || performance.now() - t0 < SERIES_MS)) {
        const t = performance.now();
        await call();
        times.push(performance.now() - t);
      }
      return times;
    };
    for (const id of Object.keys(REPORTS)) {
      const figure = `report ${id}, ${RANGE_DAYS} days`;
      try {
        const first = performance.now();
        await srv.get(token, STAT_API(id), query);
        const cold = performance.now() - first;
        for (let i = 0; i < 3; i++) await srv.get(token, STAT_API(id), query);
        const times = await series(() => srv.get(token, STAT_API(id), query));
        const s = summarise(times);
        add({
          figure, engine, measured: `p50 ${ms(s.p50)}, p95 ${ms(s.p95)} (first ${ms(cold)}, n ${times.length})`, target: `p95 ≤ ${reportTarget} ms`,
          verdict: verdict(s.p95 <= reportTarget),
        });
      } catch (err) {
        add({ figure, engine, measured: `failed: ${String((err as Error).message).slice(0, 120)}`, target: `p95 ≤ ${reportTarget} ms`, verdict: 'MISS' });
      }
    }
    const dash = dashboardSummaryPath();
    for (let i = 0; i < 3; i++) await srv.get(token, dash);
    const s = summarise(await series(() => srv.get(token, dash)));
    add({ figure: `dashboard summary (${dash})`, engine, measured: `p50 ${ms(s.p50)}, p95 ${ms(s.p95)}`, target: 'p95 ≤ 30 ms', verdict: verdict(s.p95 <= 30) });
  } finally {
    await srv.stop();
  }
  return rows;
}
