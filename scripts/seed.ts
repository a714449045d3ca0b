/**
 * `npm run seed -- --orders N [--seed S] [--now 2026-03-01T10:00:00Z] [--rich N] [--workers N] [--chunk N]`
 *
 * Fills the database the server uses (DATABASE_URL, else the embedded PGlite under DATA_DIR) with a generated,
 * deterministic world of N loan orders: merchants of the seven markets, products, channels, customers with their
 * detail rows, orders in every status with their histories. Replaces the business data already there; keeps
 * accounts, roles, dictionaries and logs (and creates the demo accounts when there are none).
 * Stop the server first when it runs on the embedded database: PGlite is one process's database.
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { hasAccounts, seedDemo } from '../src/server/seed/demo';
import { defaultAnchor, seedBusinessData, type SeedProgress } from '../src/server/seed/load';
import { seedOperatingSetup } from '../src/server/seed/setup';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    seed: { type: 'string', default: 'demo' },
    now: { type: 'string' },
    rich: { type: 'string', default: '20000' },
    workers: { type: 'string' },
    chunk: { type: 'string', default: '25000' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log(`usage: npm run seed -- --orders N [--seed S] [--now ISO-time] [--rich N] [--workers N] [--chunk N]

  --orders   loan orders to generate (default 100000)
  --seed     seed of the generator: the same seed and --now give the same rows (default "demo")
  --now      time anchor; orders lie in the 180 days before it (default: now, rounded down to the hour)
  --rich     customers that get SMS, call, app, phone-book rows (default 20000)
  --workers  generator threads beside the database (default 1 on PGlite, 2 on PostgreSQL; 0 = inline)
  --chunk    orders per COPY chunk (default 25000)`);
  process.exit(0);
}

const int = (name: string, v: string | undefined, min: number): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be an integer ≥ ${min}`);
    process.exit(2);
  }
  return n;
};

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const dur = (ms: number) => {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s` : `${(ms / 1000).toFixed(1)}s`;
};

async function main() {
  const orders = int('orders', values.orders, 1);
  const now = values.now ? Date.parse(values.now) : defaultAnchor();
  if (!Number.isFinite(now)) {
    console.error('--now must be a date-time, e.g. 2026-03-01T10:00:00Z');
    process.exit(2);
  }
  const cfg = loadConfig();
  const where = cfg.databaseUrl ? `PostgreSQL ${cfg.databaseUrl.replace(/:[^:@/]*@/, ':***@')}` : `embedded PostgreSQL in ${cfg.dataDir}`;
  const opened = performance.now();
  const database = await openDatabase({ ...cfg, bulkLoad: true });
  const workers = values.workers !== undefined ? int('workers', values.workers, 0) : database.kind === 'postgres' ? Math.min(2, os.availableParallelism()) : 1;
  console.log(`Seeding ${fmt(orders)} orders into ${where} (seed "${values.seed}", anchor ${new Date(now).toISOString()}, ${workers} generator thread${workers === 1 ? '' : 's'})`);
  console.log(`  database open and migrated in ${dur(performance.now() - opened)}`);
  if (!(await hasAccounts(database.db))) {
    await seedDemo(database.db, cfg.demoPassword, { business: false });
    console.log(`  demo accounts created (password ${cfg.demoPassword})`);
  }

  const tty = process.stdout.isTTY;
  let lastPhase = '';
  let lastLine = 0;
  const onProgress = (p: SeedProgress) => {
    if (p.phase === 'rows') {
      const secs = p.elapsedMs / 1000;
      const line = `  rows   ${fmt(p.ordersDone)} / ${fmt(p.ordersTotal)} orders (${Math.floor((100 * p.ordersDone) / p.ordersTotal)}%) · ${fmt(p.rowsDone)} rows · ${fmt(p.rowsDone / Math.max(secs, 0.001))} rows/s · ETA ${p.etaMs === null ? '…' : dur(p.etaMs)}`;
      if (tty) process.stdout.write(`\r${line.padEnd(lastLine)}`);
      else console.log(line);
      lastLine = line.length;
    } else if (p.phase !== lastPhase) {
      if (tty && lastPhase === 'rows') process.stdout.write('\n');
      const label: Record<string, string> = { catalog: 'merchants, products, channels, labels', indexes: 'rebuilding indexes', finish: 'balances, sequences, ANALYZE', done: 'done' };
      console.log(`  ${p.phase.padEnd(6)} ${label[p.phase] ?? ''} (${dur(p.elapsedMs)})`);
    }
    lastPhase = p.phase;
  };

  const result = await seedBusinessData(database.db, {
    orders,
    seed: values.seed,
    now,
    richLimit: int('rich', values.rich, 0),
    workers,
    chunkOrders: int('chunk', values.chunk, 1000),
    filesDir: path.join(cfg.dataDir, 'files'),
    onProgress,
  });
  await seedOperatingSetup(database.db);
  const t = result.timings;
  const total = Object.values(result.rows).reduce((a, b) => a + b, 0);
  console.log(`\n  ${fmt(result.orders)} orders, ${fmt(result.customers)} customers, ${result.merchants} merchants, ${fmt(total)} rows in ${dur(t.totalMs)}`);
  console.log(`  catalog ${dur(t.catalogMs)} · rows ${dur(t.rowsMs)} (${fmt(total / (t.rowsMs / 1000))} rows/s; COPY ${dur(t.copyMs)}, waiting for the generator ${dur(t.generateWaitMs)}) · indexes ${dur(t.indexesMs)} · finish ${dur(t.finishMs)}`);
  for (const [table, n] of Object.entries(result.rows)) console.log(`    ${table.padEnd(22)} ${fmt(n).padStart(12)}`);
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
