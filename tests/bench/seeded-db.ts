/**
 * The bench's databases, seeded once and kept between runs: generating a million orders takes minutes (about 5 on
 * PGlite, 2 on PostgreSQL here), measuring them takes less. A marker written only after a complete load says what
 * is inside (orders, seed, time anchor); a database whose marker does not match is seeded again from scratch.
 *   - PGlite: a data folder under .bench/ (git-ignored), marker in bench-marker.json beside it;
 *   - PostgreSQL: a database `bench_<size>` on the server of DATABASE_URL (else the local one), marker in its
 *     COMMENT (no table of ours, so migrations stay the only schema).
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client';
import { hasAccounts, seedDemo } from '../../src/server/seed/demo';
import { defaultAnchor, seedBusinessData, type SeedProgress } from '../../src/server/seed/load';

export const DEMO_PASSWORD = 'Demo@2026';
export const BENCH_DIR = path.resolve('.bench');
/** Bump when the bench needs differently seeded data (forces a reseed of cached databases). */
const MARKER_VERSION = 1;

export interface Marker {
  v: number;
  orders: number;
  seed: string;
  /** Time anchor of the generated data (orders lie in the 180 days before it), ms. */
  anchor: number;
  seededAt: string;
  seedSeconds: number;
}

export interface SeededDb {
  engine: 'pglite' | 'pg';
  /** DATA_DIR for a server on it (PGlite: its folder; PostgreSQL: a folder for files and exports). */
  dataDir: string;
  databaseUrl: string | null;
  marker: Marker;
  /** Seeded by this run (else reused). */
  fresh: boolean;
}

export function sizeLabel(n: number): string {
  if (n % 1_000_000 === 0) return `${n / 1_000_000}m`;
  if (n % 1_000 === 0) return `${n / 1_000}k`;
  return String(n);
}

const matches = (m: Partial<Marker> | null, orders: number, seed: string): m is Marker =>
  !!m && m.v === MARKER_VERSION && m.orders === orders && m.seed === seed && typeof m.anchor === 'number';

function progress(label: string): (p: SeedProgress) => void {
  let last = '';
  let lastPct = -10;
  return (p) => {
    if (p.phase === 'rows') {
      const pctDone = Math.floor((100 * p.ordersDone) / p.ordersTotal);
      if (pctDone - lastPct < 10 && p.ordersDone < p.ordersTotal) return;
      lastPct = pctDone;
      console.log(`  [${label}] rows ${pctDone}% (${(p.elapsedMs / 1000).toFixed(0)} s)`);
    } else if (p.phase !== last) {
      console.log(`  [${label}] ${p.phase} (${(p.elapsedMs / 1000).toFixed(0)} s)`);
    }
    last = p.phase;
  };
}

async function seedInto(databaseUrl: string | null, dataDir: string, orders: number, seed: string, label: string): Promise<Marker> {
  const started = performance.now();
  const anchor = defaultAnchor();
  const database = await openDatabase({ databaseUrl, dataDir, bulkLoad: true });
  try {
    if (!(await hasAccounts(database.db))) await seedDemo(database.db, DEMO_PASSWORD, { business: false });
    await seedBusinessData(database.db, {
      orders, seed, now: anchor, richLimit: 20_000,
      workers: database.kind === 'postgres' ? Math.min(2, os.availableParallelism()) : 1,
      filesDir: path.join(dataDir, 'files'),
      onProgress: progress(label),
    });
    // A database in use has been vacuumed (autovacuum): hint bits set and the visibility map current, so index-only
    // scans stay index-only. Straight after a bulk load neither holds, and the first runs measured the load's
    // aftermath (reports up to 2× slower, the first reads writing hint bits) rather than the product.
    await database.db.execute(sql`vacuum analyze`);
  } finally {
    await database.close();
  }
  return { v: MARKER_VERSION, orders, seed, anchor, seededAt: new Date().toISOString(), seedSeconds: Math.round((performance.now() - started) / 1000) };
}

/** The PGlite data folder for `orders` orders of `seed`, seeded when missing or different. */
export async function seededPglite(orders: number, seed: string): Promise<SeededDb> {
  const dataDir = path.join(BENCH_DIR, `pglite-${sizeLabel(orders)}`);
  const markerFile = path.join(dataDir, 'bench-marker.json');
  let marker: Partial<Marker> | null = null;
  try {
    marker = JSON.parse(fs.readFileSync(markerFile, 'utf8'));
  } catch {
    /* none yet */
  }
  if (matches(marker, orders, seed)) return { engine: 'pglite', dataDir, databaseUrl: null, marker, fresh: false };
  console.log(`Seeding ${orders.toLocaleString('en-US')} orders into PGlite at ${path.relative(process.cwd(), dataDir)} (kept for later runs)…`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const m = await seedInto(null, dataDir, orders, seed, 'pglite');
  fs.writeFileSync(markerFile, JSON.stringify(m, null, 2));
  return { engine: 'pglite', dataDir, databaseUrl: null, marker: m, fresh: true };
}

/** The server's URL for database `name` (same host, user and options). */
function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function tryConnect(url: string): Promise<string | null> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.query('select 1');
    return null;
  } catch (err) {
    return (err as Error).message;
  } finally {
    await c.end().catch(() => undefined);
  }
}

/**
 * The PostgreSQL server to use: DATABASE_URL, else the local one (started when stopped, as .ci/run does);
 * null and why when there is none.
 */
export async function postgresServer(): Promise<{ url: string } | { reason: string }> {
  const given = process.env.DATABASE_URL;
  const url = given || 'postgres://postgres@127.0.0.1:5432/postgres';
  let err = await tryConnect(url);
  if (err && !given) {
    try {
      const clusters = execSync('pg_lsclusters --no-header', { encoding: 'utf8' });
      if (!/\bonline\b/.test(clusters)) {
        const version = fs.readdirSync('/etc/postgresql').sort().at(-1);
        console.log(`Starting the local PostgreSQL ${version} cluster…`);
        execSync(`pg_ctlcluster --skip-systemctl-redirect ${version} main start`, { stdio: 'inherit' });
        err = await tryConnect(url);
      }
    } catch (e) {
      err = `${err}; starting the local server failed: ${(e as Error).message.split('\n')[0]}`;
    }
  }
  return err ? { reason: `${url.replace(/:[^:@/]*@/, ':***@')}: ${err}` } : { url };
}

/** Database `bench_<size>` on the server at `serverUrl`, seeded when missing or different. */
export async function seededPostgres(serverUrl: string, orders: number, seed: string): Promise<SeededDb> {
  const name = `bench_${sizeLabel(orders)}`;
  const databaseUrl = withDatabase(serverUrl, name);
  const dataDir = path.join(BENCH_DIR, `pg-${sizeLabel(orders)}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`, [name]);
    let marker: Partial<Marker> | null = null;
    try {
      marker = rows[0]?.comment ? JSON.parse(rows[0].comment) : null;
    } catch {
      /* not ours */
    }
    if (matches(marker, orders, seed)) return { engine: 'pg', dataDir, databaseUrl, marker, fresh: false };
    console.log(`Seeding ${orders.toLocaleString('en-US')} orders into PostgreSQL database ${name} (kept for later runs)…`);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    const m = await seedInto(databaseUrl, dataDir, orders, seed, 'pg');
    await admin.query(`COMMENT ON DATABASE ${name} IS '${JSON.stringify(m).replace(/'/g, "''")}'`);
    return { engine: 'pg', dataDir, databaseUrl, marker: m, fresh: true };
  } finally {
    await admin.end();
  }
}
