import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { formatReport, violationCount } from '../tests/sim/invariants';
import { formatLog } from '../tests/sim/plan';
import { execute, formatCounts, parseLog, runMoneySim, shrink } from '../tests/sim/money.sim';

/**
 * The long run of the money simulation (docs/simulation.md) on PostgreSQL:
 *   npm run sim:money -- --ops 10000 --workers 20 --seed S [--db postgres://…] [--shrink-seconds 600]
 *   npm run sim:money -- --replay failing.log --seed S     (a printed log, replayed one operation at a time)
 * Each run works in a database of its own on the server of --db (default DATABASE_URL, else the local server) and
 * drops it afterwards. Exits 1 when an invariant breaks or an operation gets an unexpected answer.
 */
const { values } = parseArgs({
  options: {
    ops: { type: 'string', default: '10000' },
    workers: { type: 'string', default: '20' },
    seed: { type: 'string' },
    db: { type: 'string' },
    'shrink-seconds': { type: 'string', default: '600' },
    replay: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log('usage: sim-money [--ops N] [--workers W] [--seed S] [--db URL] [--shrink-seconds T] [--replay FILE]');
  process.exit(0);
}

process.env.DATABASE_URL = values.db ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
process.env.LOG_LEVEL ??= 'silent';
const seed = values.seed ?? String(Date.now());
const shrinkSeconds = Number(values['shrink-seconds']);

async function main(): Promise<number> {
  if (values.replay) {
    const log = parseLog(readFileSync(values.replay, 'utf8'));
    console.log(`replaying ${log.length} operations one at a time, seed ${seed}`);
    const r = await execute(seed, [log]);
    for (const f of r.failures) console.log(`unexpected: ${f}`);
    console.log(formatReport(r.invariants));
    const failed = r.failures.length > 0 || violationCount(r.invariants) > 0;
    const shrunk = failed && shrinkSeconds > 0 ? await shrink(seed, r.log, shrinkSeconds, console.log) : null;
    if (shrunk) console.log(`shortest failing log (seed ${seed}):\n${formatLog(shrunk)}`);
    return failed ? 1 : 0;
  }
  const ops = Number(values.ops);
  const workers = Number(values.workers);
  console.log(`money simulation: seed ${seed}, ${ops} operations, ${workers} workers, ${process.env.DATABASE_URL!.replace(/:[^:@/]*@/, ':***@')}`);
  const r = await runMoneySim({ seed, ops, workers, shrinkSeconds });
  console.log(`\n${r.log.length} operations in ${(r.ms / 1000).toFixed(1)} s (${(r.log.length / (r.ms / 1000)).toFixed(1)} ops/s), seed ${seed}`);
  console.log(formatCounts(r.counts));
  console.log(`orders by final status: ${Object.entries(r.statuses).map(([k, n]) => `${k} ${n}`).join(', ')}`);
  console.log(formatReport(r.invariants));
  console.log(r.failed ? `FAILED (seed ${seed})` : 'all invariants hold');
  return r.failed ? 1 : 0;
}

main().then((code) => process.exit(code), (e) => {
  console.error(`seed ${seed}:`, e);
  process.exit(2);
});
