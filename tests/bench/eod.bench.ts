import os from 'node:os';
import { count, inArray } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { runCollectionDay } from '../../src/server/modules/collection/day';
import { loanOrder } from '../../src/server/modules/order/order.table';
import { runEndOfDay } from '../../src/server/modules/repayment/endOfDay';
import { seedDemo } from '../../src/server/seed/demo';
import { defaultAnchor } from '../../src/server/seed/load';
import { DEMO_PASSWORD, postgresServer, sizeLabel } from './seeded-db';
import { int, verdict, type Row } from './stats';

/**
 * The daily jobs on a generated book: the end of day for one business day (orders going overdue, one accrual per
 * overdue order), the same run again (nothing left to do), a 7-day catch-up after the job did not run for a week,
 * and the collection day that stages and allocates the cases. Targets (issue 17) at 20,000 orders: one day ≤ 1 s,
 * the 7-day catch-up ≤ 5 s.
 *
 * Up to PGLITE_MAX orders the book is generated into an in-memory PGlite. Larger books (`--eod-orders 1000000`) are
 * too slow to generate in PGlite memory every run, so they go to PostgreSQL (DATABASE_URL, else the local server):
 * generated once into a template database `bench_eod_<size>` that is kept, and each run works on a fresh copy of it
 * (CREATE DATABASE … TEMPLATE), dropped afterwards — the end of day changes the book it runs on.
 */
const PGLITE_MAX = 200_000;
const DAY_MS = 86_400_000;
const TARGET_ORDERS = 20_000;

interface EodDb {
  database: Database;
  engine: string;
  /** Time anchor of the generated book: the business clock is set from it, so a kept template measures the same days. */
  anchor: number;
  drop(): Promise<void>;
}

async function pgliteBook(orders: number): Promise<EodDb> {
  const anchor = defaultAnchor();
  const database = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
  await seedDemo(database.db, DEMO_PASSWORD, { business: { orders, now: anchor } });
  return { database, engine: `PGlite (memory), ${int(orders)} orders`, anchor, drop: () => database.close() };
}

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function postgresBook(orders: number, notes: string[]): Promise<EodDb | null> {
  const server = await postgresServer();
  if ('reason' in server) {
    notes.push(`end of day at ${int(orders)} orders skipped: no PostgreSQL (${server.reason})`);
    return null;
  }
  const template = `bench_eod_${sizeLabel(orders)}`;
  const copy = `${template}_run`;
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`, [template]);
    let marker: { orders?: number; anchor?: number } | null = null;
    try {
      marker = rows[0]?.comment ? JSON.parse(rows[0].comment) : null;
    } catch {
      /* not ours */
    }
    if (marker?.orders !== orders || typeof marker.anchor !== 'number') {
      console.log(`Generating ${int(orders)} orders into PostgreSQL template ${template} (kept for later runs)…`);
      const t0 = performance.now();
      const anchor = defaultAnchor();
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${template}`);
      const database = await openDatabase({ databaseUrl: withDatabase(server.url, template), dataDir: 'memory://' });
      try {
        await seedDemo(database.db, DEMO_PASSWORD, {
          business: { orders, seed: 'bench', now: anchor, richLimit: 20_000, workers: Math.min(2, os.availableParallelism()) },
        });
      } finally {
        await database.close();
      }
      marker = { orders, anchor };
      await admin.query(`COMMENT ON DATABASE ${template} IS '${JSON.stringify(marker)}'`);
      notes.push(`end of day: PostgreSQL template ${template} generated in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    }
    const t0 = performance.now();
    await admin.query(`DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${copy} TEMPLATE ${template}`);
    notes.push(`end of day: copy of ${template} made in ${((performance.now() - t0) / 1000).toFixed(0)} s (not measured)`);
    const database = await openDatabase({ databaseUrl: withDatabase(server.url, copy), dataDir: 'memory://' });
    return {
      database, engine: `PostgreSQL, ${int(orders)} orders`, anchor: marker.anchor!,
      drop: async () => {
        await database.close();
        const c = new pg.Client({ connectionString: server.url });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`);
        await c.end();
      },
    };
  } finally {
    await admin.end();
  }
}

export async function eodBench(orders: number, notes: string[] = []): Promise<Row[]> {
  const book = orders <= PGLITE_MAX ? await pgliteBook(orders) : await postgresBook(orders, notes);
  if (!book) return [];
  try {
    const app = await buildApp({ db: book.database.db, cfg: testConfig() });
    try {
      const deps = app.deps;
      const owing = async () => (await deps.db.select({ n: count() }).from(loanOrder).where(inArray(loanOrder.status, ['overdue', 'bad_debt'])))[0].n;
      // CPU time of this process beside the wall time: PGlite runs in it, so on a shared, loaded machine the CPU
      // time says what the run costs when the wall time says how long others made it wait (PostgreSQL: client only).
      const time = async <T>(fn: () => Promise<T>) => {
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        const r = await fn();
        const c = process.cpuUsage(c0);
        return { ms: performance.now() - t0, cpu: (c.user + c.system) / 1000, r };
      };
      const took = (t: { ms: number; cpu: number }) => `${(t.ms / 1000).toFixed(2)} s (CPU ${(t.cpu / 1000).toFixed(2)} s)`;
      const sum = (r: Awaited<ReturnType<typeof runEndOfDay>>, k: 'accrued' | 'overdueMoved' | 'writtenOff') => r.merchants.reduce((s, m) => s + m[k], 0);
      // The day after the book's anchor, whatever the wall clock says (a kept template is measured on the same days).
      await deps.clock.set(new Date(book.anchor + DAY_MS));
      const day1 = await time(() => runEndOfDay(deps));
      const again = await time(() => runEndOfDay(deps));
      const coll = await time(() => runCollectionDay(deps));
      await deps.clock.advanceDays(7);
      const week = await time(() => runEndOfDay(deps));
      const overdue = await owing();
      const e = book.engine;
      const cases = coll.r.merchants.reduce((s, m) => s + m.entered, 0);
      const atTarget = orders === TARGET_ORDERS;
      const target = (t: string) => (atTarget ? t : `${t} at ${int(TARGET_ORDERS)}`);
      const judge = (ok: boolean) => (atTarget ? verdict(ok) : '');
      return [
        {
          figure: 'end of day, one business day', engine: e,
          measured: `${took(day1)}: ${int(sum(day1.r, 'overdueMoved'))} went overdue, ${int(sum(day1.r, 'accrued'))} accrued (${(day1.ms / Math.max(1, sum(day1.r, 'accrued'))).toFixed(2)} ms/order)`,
          target: target('≤ 1 s'), verdict: judge(day1.ms <= 1000),
        },
        { figure: 'end of day, same date again', engine: e, measured: `${took(again)}, nothing to do`, target: '', verdict: '' },
        {
          figure: 'end of day, 7-day catch-up', engine: e,
          measured: `${took(week)}: ${int(sum(week.r, 'accrued'))} orders × up to 7 days, ${int(sum(week.r, 'writtenOff'))} written off; ${int(overdue)} overdue/bad debt now`,
          target: target('≤ 5 s'), verdict: judge(week.ms <= 5000),
        },
        { figure: 'collection day (stage, allocate)', engine: e, measured: `${(coll.ms / 1000).toFixed(1)} s: ${int(cases)} cases entered, ${int(coll.r.merchants.reduce((s, m) => s + m.assigned, 0))} assigned`, target: '', verdict: '' },
      ];
    } finally {
      await app.close();
    }
  } finally {
    await book.drop();
  }
}
