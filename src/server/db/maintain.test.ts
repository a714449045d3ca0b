import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/support/testApp';
import { testConfig } from '../config';
import type { Db } from './client';
import { maintainDatabase, MAINTAIN_EVERY_MS, userTables } from './maintain';
import { rowsOf } from './rows';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
const onPg = !!process.env.DATABASE_URL;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
}, 60_000);
afterAll(async () => database?.drop());

const HOUR = 3_600_000;
const depsAt = (dataDir: string, at: number) => ({ db, cfg: testConfig({ dataDir }), now: () => new Date(at) });

/** What the planner knows of a table, and how much of it is marked all-visible. */
async function catalogOf(table: string) {
  const [r] = rowsOf<{ reltuples: number; relpages: number; relallvisible: number }>(await db.execute(sql`select reltuples::float8 as reltuples,
    relpages, relallvisible from pg_class where relname = ${table} and relnamespace = current_schema()::regnamespace`));
  return { tuples: Number(r.reltuples), pages: Number(r.relpages), allVisible: Number(r.relallvisible) };
}

describe.skipIf(onPg)('database upkeep on the embedded database', () => {
  it('vacuums and analyses every table: the planner learns a table\'s rows, its pages are all-visible again', async () => {
    await db.execute(sql`create table upkeep_probe (id int primary key, v text)`);
    await db.execute(sql`insert into upkeep_probe select g, repeat('x', 200) from generate_series(1, 4000) g`);
    await db.execute(sql`delete from upkeep_probe where id % 4 = 0`);
    // Never analysed (PGlite has no autovacuum): the planner has no row count for it.
    const before = await catalogOf('upkeep_probe');
    expect(before.tuples).toBe(-1);
    expect(before.allVisible).toBe(0);

    const t0 = Date.UTC(2026, 10, 28, 3);
    const res = await maintainDatabase(depsAt('memory://', t0));
    expect(res.ran).toBe(true);
    if (!res.ran) return;
    const tables = await userTables(db);
    expect(res.tables).toBe(tables.length);
    expect(tables).toContain('loan_order');
    const after = await catalogOf('upkeep_probe');
    expect(after.tuples).toBe(3000);
    expect(after.allVisible).toBe(after.pages);
    expect(after.pages).toBeGreaterThan(0);
  });

  it('runs once a day: an hour later it does nothing, a day later again', async () => {
    const t0 = Date.UTC(2026, 10, 29, 3);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upkeep-'));
    try {
      // A database on disk keeps the time of its last pass in its folder: a restarted server sees it.
      expect((await maintainDatabase(depsAt(dir, t0))).ran).toBe(true);
      expect(fs.statSync(path.join(dir, 'maintained-at')).mtimeMs).toBe(t0);
      expect(await maintainDatabase(depsAt(dir, t0 + HOUR))).toEqual({ ran: false, why: 'recent' });
      expect(await maintainDatabase(depsAt(dir, t0 + MAINTAIN_EVERY_MS - 1))).toEqual({ ran: false, why: 'recent' });
      expect((await maintainDatabase(depsAt(dir, t0 + HOUR), { force: true })).ran).toBe(true);
      expect((await maintainDatabase(depsAt(dir, t0 + HOUR + MAINTAIN_EVERY_MS))).ran).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!onPg)('database upkeep on PostgreSQL', () => {
  it('leaves it to autovacuum', async () => {
    expect(await maintainDatabase(depsAt('memory://', Date.now()), { force: true })).toEqual({ ran: false, why: 'postgres' });
  });
});
