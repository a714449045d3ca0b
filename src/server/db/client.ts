import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { PGliteThread } from './pgliteThread';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The argument a transaction callback receives; repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * The client under a Db, by engine: a PostgreSQL pool, or PGlite in this thread or in its own (pgliteThread.ts, the
 * same calls). For the few places that go below drizzle: the bulk load and read (COPY), the job lock, the export lease,
 * the refresh's parallelism. Null for anything else (a transaction's handle has no client of its own).
 */
export type EngineClient = { kind: 'postgres'; pool: pg.Pool } | { kind: 'pglite'; lite: PGlite | PGliteThread };
export function engineOf(db: DbOrTx): EngineClient | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return { kind: 'postgres', pool: client };
  if (client instanceof PGlite || client instanceof PGliteThread) return { kind: 'pglite', lite: client };
  return null;
}

/** The PostgreSQL pool under a Db; null on PGlite (or for a transaction's handle). */
export function poolOf(db: DbOrTx): pg.Pool | null {
  const engine = engineOf(db);
  return engine?.kind === 'postgres' ? engine.pool : null;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * The embedded database's buffer cache (PGLITE_SHARED_BUFFERS, default 512MB; PostgreSQL's 128MB before). PGlite reads
 * a page that is not cached through the file system of its WebAssembly runtime, one synchronous read per page, so a
 * larger book pays for every page that falls out of the cache: at 1,000,000 orders the statistics refresh of a day
 * took 40–41 s with 128MB, 32–34 s with 1GB (docs/statistics/performance.md). Memory is taken only as pages are read
 * (the demo's database stays far below); WebAssembly caps the whole database process at 2GB, hence not more.
 */
export function pgliteSharedBuffers(env: NodeJS.ProcessEnv = process.env): string {
  const v = (env.PGLITE_SHARED_BUFFERS ?? '').trim();
  if (!v) return '512MB';
  const m = /^(\d+)(kB|MB|GB)$/.exec(v);
  const mb = m ? Number(m[1]) / (m[2] === 'kB' ? 1024 : m[2] === 'GB' ? 1 / 1024 : 1) : NaN;
  if (!(mb >= 16 && mb <= 1024)) throw new Error(`PGLITE_SHARED_BUFFERS wants a size from 16MB to 1GB such as 512MB, not ${JSON.stringify(v)}`);
  return v;
}

/**
 * The embedded database on disk runs in a worker thread (pgliteThread.ts): its statements then overlap the server's
 * own work, and requests under load are served in turn (docs/performance.md "The embedded database in a thread").
 * PGLITE_WORKER=false keeps it in the server's thread. The seed's bulk load and an in-memory database stay here.
 */
export const pgliteInThread = (env: NodeJS.ProcessEnv = process.env) => !['0', 'false', 'off', 'no'].includes((env.PGLITE_WORKER ?? '').trim().toLowerCase());

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite in dataDir, and applies migrations. `bulkLoad`
 * (the seed script) starts PGlite with wal_level=minimal, so COPY into tables emptied in the same transaction
 * skips the WAL; the server opens it normally afterwards.
 */
export async function openDatabase(opts: { databaseUrl: string | null; dataDir: string; bulkLoad?: boolean }): Promise<Database> {
  if (opts.databaseUrl) {
    // No JIT: the console's statements are index lookups and aggregations of a few hundred thousand rows at most,
    // for which compiling costs more than it saves (a queue count at 1M orders: 77 ms with JIT, 13 ms without).
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, options: '-c jit=off' });
    const clients = new Set<pg.PoolClient>();
    pool.on('connect', (c) => {
      clients.add(c);
      c.once('end', () => clients.delete(c));
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder });
    // pool.end() resolves once the clients are told to end, before their connections are closed: wait for those,
    // so that dropping the database right after (tests) cannot kill a connection that is still closing.
    const close = async () => {
      const ended = [...clients].map((c) => new Promise<void>((resolve) => c.once('end', () => resolve())));
      await pool.end();
      await Promise.race([Promise.all(ended), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    };
    return { db, kind: 'postgres', close };
  }
  const inMemory = opts.dataDir.startsWith('memory://');
  const dir = inMemory ? undefined : path.join(opts.dataDir, 'pg');
  if (dir) fs.mkdirSync(path.dirname(dir), { recursive: true });
  const startParams = [...PGlite.defaultStartParams, ...(dir ? ['-c', `shared_buffers=${pgliteSharedBuffers()}`] : []),
    ...(opts.bulkLoad ? ['-c', 'wal_level=minimal', '-c', 'max_wal_senders=0'] : [])];
  // In its own thread (pgliteThread.ts) or in this one: the same calls from here on.
  const thread = dir && !opts.bulkLoad && pgliteInThread() ? new PGliteThread(dir, startParams) : null;
  const client = thread ?? (dir ? new PGlite(dir, { startParams }) : new PGlite({ startParams }));
  await (thread ? thread.ready : (client as PGlite).waitReady);
  if (dir) {
    // Keep the embedded data folder small (STACK.md: the default WAL lets it grow to GBs).
    await client.exec(`ALTER SYSTEM SET max_wal_size = '64MB'`);
    await client.exec(`ALTER SYSTEM SET min_wal_size = '32MB'`);
  }
  const db = drizzlePglite({ client: client as PGlite, schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}
