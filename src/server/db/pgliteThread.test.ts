import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkSourceOf } from '../list/copy';
import { isUniqueViolation } from '../modules/empower/scope';
import { openDatabase, pgliteInThread, type Database } from './client';
import { PGliteThread } from './pgliteThread';
import { rowsOf } from './rows';

/** The embedded database in its own thread (the default on disk) answers as the one in this thread does. */
describe('PGlite in a worker thread', () => {
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-thread-'));
    database = await openDatabase({ databaseUrl: null, dataDir: dir });
    await database.db.execute(sql`create table t_thread (id int primary key, at timestamptz, tags int[], doc jsonb, big bigint)`);
  }, 200_000);
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is the default for a database on disk, turned off by PGLITE_WORKER=false', () => {
    expect(pgliteInThread({})).toBe(true);
    expect(pgliteInThread({ PGLITE_WORKER: 'true' })).toBe(true);
    expect(pgliteInThread({ PGLITE_WORKER: 'off' })).toBe(false);
    expect(pgliteInThread({ PGLITE_WORKER: 'false' })).toBe(false);
    expect((database.db as unknown as { $client: unknown }).$client).toBeInstanceOf(PGliteThread);
  });

  it('runs the migrations and reads values as drizzle does in this thread (timestamps as text, arrays and JSON parsed)', async () => {
    const [m] = rowsOf<{ n: string | number }>(await database.db.execute(sql`select count(*) as n from drizzle.__drizzle_migrations`));
    expect(Number(m.n)).toBeGreaterThan(20);
    await database.db.execute(sql`insert into t_thread values (1, '2026-11-28 01:02:03+00', '{1,2,3}', '{"a": [1, "x\\ty"]}'::jsonb, 9007199254740993)`);
    const [r] = rowsOf<{ at: unknown; tags: unknown; doc: unknown; big: unknown }>(await database.db.execute(sql`select at, tags, doc, big from t_thread where id = 1`));
    expect(typeof r.at).toBe('string');
    expect(r.tags).toEqual([1, 2, 3]);
    expect(r.doc).toEqual({ a: [1, 'x\ty'] });
    expect(String(r.big)).toBe('9007199254740993');
  });

  it('hands a database error over with its code and constraint', async () => {
    const err = await database.db.execute(sql`insert into t_thread (id) values (1)`).then(() => null, (e: unknown) => e);
    expect(isUniqueViolation(err, 't_thread_pkey')).toBe(true);
  });

  it('commits a transaction that returns and rolls back one that throws; a query outside waits for the open one', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | null = null;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t_thread (id) values (2)`);
      outside = database.db.execute(sql`select count(*) as n from t_thread`).then((res) => {
        order.push(`outside saw ${rowsOf<{ n: string | number }>(res)[0].n}`);
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.execute(sql`insert into t_thread (id) values (3)`);
      order.push('committed');
    });
    await outside;
    expect(order).toEqual(['committed', 'outside saw 3']);
    const failed = await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t_thread (id) values (4)`);
      throw new Error('changed my mind');
    }).then(() => null, (e: Error) => e.message);
    expect(failed).toBe('changed my mind');
    const ids = rowsOf<{ id: number }>(await database.db.execute(sql`select id from t_thread order by id`)).map((r) => r.id);
    expect(ids).toEqual([1, 2, 3]);
  });

  it('serves the bulk read of exports: result types, array parsers and COPY text', async () => {
    const src = bulkSourceOf(database.db);
    expect(src).not.toBeNull();
    const text = 'select id, tags from t_thread where id = 1';
    expect(await src!.resultTypes(text, [])).toEqual([23, 1007]);
    expect(src!.parser(1007)('{4,5}')).toEqual([4, 5]);
    expect(await src!.copy(text)).toBe('1\t{1,2,3}\n');
  });
});
