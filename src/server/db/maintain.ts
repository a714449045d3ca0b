import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { withJobLock } from '../jobs/lock';
import type { JobDef } from '../jobs/scheduler';
import { engineOf, type Db } from './client';
import { rowsOf } from './rows';

/**
 * Upkeep of the embedded database (docs/performance.md "The embedded database's upkeep"). PostgreSQL's autovacuum
 * reclaims the room of updated and deleted rows and keeps the planner's statistics current. PGlite runs PostgreSQL as
 * one process, without the autovacuum launcher and without activity counters (pg_stat_user_tables stays at zero), so
 * nothing ever vacuums or analyses its tables: dead rows pile up in tables and indexes, pages are never marked
 * all-visible again (an index-only scan reads the table after all) and the planner keeps the statistics of the day
 * the data was loaded. Once a day this does what autovacuum would, on PGlite only.
 */

/** How often the pass runs at most; the job looks every hour, so a server restarted daily still gets it. */
export const MAINTAIN_EVERY_MS = 24 * 3_600_000;
export const DATABASE_MAINTAIN_JOB = 'database.maintain';

/** The tables of the application's schema (not drizzle's migration journal), by name. */
export async function userTables(db: Db, like = '%'): Promise<string[]> {
  const res = await db.execute(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r' and c.relname like ${like} order by c.relname`);
  return rowsOf<{ name: string }>(res).map((r) => r.name);
}

/** VACUUM (ANALYZE) of one table: outside any transaction, as VACUUM must be. */
export async function vacuumAnalyze(db: Db, table: string): Promise<void> {
  await db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
}

/**
 * When the last pass ran. A database on disk keeps it in a file beside its folder (a restart must neither skip nor
 * repeat the day's pass); one in memory lives as long as the process, and so does this.
 */
const inMemory = new WeakMap<object, number>();
function lastRun(deps: Pick<Deps, 'db' | 'cfg'>): number | null {
  if (deps.cfg.dataDir.startsWith('memory://')) return inMemory.get(deps.db) ?? null;
  try {
    return fs.statSync(markerFile(deps.cfg.dataDir)).mtimeMs;
  } catch {
    return null;
  }
}
function markRun(deps: Pick<Deps, 'db' | 'cfg'>, at: number): void {
  if (deps.cfg.dataDir.startsWith('memory://')) {
    inMemory.set(deps.db, at);
    return;
  }
  const file = markerFile(deps.cfg.dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${new Date(at).toISOString()}\n`);
  fs.utimesSync(file, new Date(at), new Date(at));
}
const markerFile = (dataDir: string) => path.join(dataDir, 'maintained-at');

export type MaintainResult =
  | { ran: false; why: 'postgres' | 'recent' | 'busy' }
  | { ran: true; tables: number; seconds: number; longest: { table: string; seconds: number } };

/**
 * The daily pass: every table vacuumed and analysed, one statement each, so that a console request waits for one
 * table at most, not for the whole pass (at 1,000,000 orders: loan_order after 100,000 updates 3.9 s, the whole pass
 * over 175 tables 10.3 s). `force` runs it whatever the time of the last one.
 */
export async function maintainDatabase(deps: Pick<Deps, 'db' | 'cfg' | 'now'>, opts: { force?: boolean } = {}): Promise<MaintainResult> {
  if (engineOf(deps.db)?.kind !== 'pglite') return { ran: false, why: 'postgres' };
  const now = deps.now().getTime();
  const last = lastRun(deps);
  if (!opts.force && last !== null && now - last < MAINTAIN_EVERY_MS) return { ran: false, why: 'recent' };
  let out: MaintainResult = { ran: false, why: 'busy' };
  await withJobLock(deps.db, DATABASE_MAINTAIN_JOB, async () => {
    const t0 = performance.now();
    const tables = await userTables(deps.db);
    let longest = { table: '', seconds: 0 };
    for (const table of tables) {
      const t = performance.now();
      await vacuumAnalyze(deps.db, table);
      const seconds = (performance.now() - t) / 1000;
      if (seconds > longest.seconds) longest = { table, seconds };
    }
    markRun(deps, now);
    out = { ran: true, tables: tables.length, seconds: (performance.now() - t0) / 1000, longest };
  });
  return out;
}

/** `npm run job -- database.maintain [--force]`: --force runs the pass whenever the last one was. */
export const databaseMaintainJob: JobDef = {
  name: DATABASE_MAINTAIN_JOB, everyMs: 3_600_000, run: (deps) => maintainDatabase(deps, { force: process.argv.includes('--force') }),
};
