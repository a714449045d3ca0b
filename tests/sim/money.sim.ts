import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/server/db/rows';
import { checkInvariants, formatReport, violationCount, type InvariantReport } from './invariants';
import { runOp, Unexpected, type Outcome, type SimState } from './operations';
import { formatLog, OP_KINDS, planOps, type Op, type OpKind } from './plan';
import { createWorld } from './world';

/**
 * The seeded simulation of the money (docs/simulation.md): a seed draws every worker's queue of operations, the
 * workers run their queues at the same time against one live server, and at the end the invariants are checked over
 * the whole database. The log is the operations in the order they started; a failing run prints the seed and that
 * log, then replays it one operation at a time on fresh databases to find a shorter log that still fails.
 */
export interface SimOptions {
  seed: string;
  ops: number;
  workers: number;
  /** Time the shrinker may spend after a failure (0: do not shrink). */
  shrinkSeconds?: number;
  print?: (line: string) => void;
}

export interface RunResult {
  /** The operations in the order they started. */
  log: Op[];
  counts: Record<OpKind, Record<string, number>>;
  /** Unexpected answers, each with the operation that got it. */
  failures: string[];
  invariants: InvariantReport;
  /** Where the orders ended: count by status. */
  statuses: Record<string, number>;
  ms: number;
}

export interface SimResult extends RunResult {
  seed: string;
  failed: boolean;
  /** The shortest failing log the shrinker found (single-threaded), when it found one. */
  shrunk: Op[] | null;
}

/**
 * Runs `queues` — each one worker's operations, the workers concurrently — or, with one queue, one operation at a
 * time. Stops taking new operations at the first unexpected answer.
 */
export async function execute(seed: string, queues: Op[][]): Promise<RunResult> {
  const started = Date.now();
  const world = await createWorld(seed);
  const state: SimState = { seed, loans: new Map() };
  const log: Op[] = [];
  const failures: string[] = [];
  const counts = Object.fromEntries(OP_KINDS.map((k) => [k, {}])) as RunResult['counts'];
  const count = (op: Op, outcome: Outcome | 'unexpected') => {
    counts[op.op][outcome] = (counts[op.op][outcome] ?? 0) + 1;
  };
  try {
    await Promise.all(queues.map(async (queue) => {
      for (const op of queue) {
        if (failures.length) return;
        log.push(op);
        try {
          count(op, await runOp(world, state, op));
        } catch (e) {
          count(op, 'unexpected');
          failures.push(`${op.id} ${op.op} ${JSON.stringify(op.args)}: ${e instanceof Unexpected ? e.message : String((e as Error)?.stack ?? e)}`);
        }
      }
    }));
    // Whatever the provider still holds arrives at last, so that no payout is left half-way when the books are read.
    if (!failures.length) {
      for (const res of await world.rt.flush()) {
        if (res.status !== 200) failures.push(`final callback delivery answered HTTP ${res.status}: ${JSON.stringify(res.body)}`);
      }
    }
    const invariants = await checkInvariants(world.server.db);
    const statuses = Object.fromEntries(rowsOf<{ status: string; n: string }>(await world.server.db.execute(
      sql`SELECT status, count(*)::text AS n FROM loan_order GROUP BY status ORDER BY 2 DESC`)).map((x) => [x.status, Number(x.n)]));
    return { log, counts, failures, invariants, statuses, ms: Date.now() - started };
  } finally {
    await world.close();
  }
}

const failedRun = (r: RunResult) => r.failures.length > 0 || violationCount(r.invariants) > 0;

/** Re-numbers a log for a replay (ids make the idempotency keys; a fresh database needs no others). */
const renumber = (ops: readonly Op[]): Op[] => ops.map((o, i) => ({ ...o, id: `r${i}:${o.worker}` }));

/**
 * Replays the failing log one operation at a time; when that fails too, finds the shortest failing prefix by
 * bisection, then drops ever smaller chunks while the rest still fails, until the time is up.
 */
export async function shrink(seed: string, log: readonly Op[], seconds: number, print: (line: string) => void): Promise<Op[] | null> {
  const deadline = Date.now() + seconds * 1000;
  let replays = 0;
  const fails = async (ops: readonly Op[]) => {
    replays++;
    const r = await execute(seed, [renumber(ops)]);
    return failedRun(r);
  };
  if (!(await fails(log))) {
    print(`shrink: the log does not fail when replayed one operation at a time (a race between workers); the full log above is the reproduction`);
    return null;
  }
  let best = [...log];
  let lo = 0;
  let hi = best.length;
  while (hi - lo > 1 && Date.now() < deadline) {
    const mid = Math.floor((lo + hi) / 2);
    if (await fails(best.slice(0, mid))) hi = mid;
    else lo = mid;
  }
  best = best.slice(0, hi);
  print(`shrink: shortest failing prefix ${best.length} of ${log.length} operations (${replays} replays)`);
  for (let size = Math.floor(best.length / 2); size >= 1 && Date.now() < deadline; size = Math.floor(size / 2)) {
    for (let at = 0; at + size <= best.length && Date.now() < deadline;) {
      const candidate = [...best.slice(0, at), ...best.slice(at + size)];
      if (candidate.length && (await fails(candidate))) best = candidate;
      else at += size;
    }
  }
  print(`shrink: ${best.length} operations after ${replays} replays${Date.now() >= deadline ? ' (time is up)' : ''}`);
  return best;
}

export function formatCounts(counts: RunResult['counts']): string {
  return OP_KINDS.map((k) => {
    const c = counts[k];
    const total = Object.values(c).reduce((s, n) => s + n, 0);
    const parts = Object.entries(c).sort((x, y) => y[1] - x[1]).map(([o, n]) => `${o} ${n}`).join(', ');
    return `  ${k.padEnd(13)} ${String(total).padStart(5)}  ${parts}`;
  }).join('\n');
}

export async function runMoneySim(o: SimOptions): Promise<SimResult> {
  const print = o.print ?? ((line: string) => console.log(line));
  const queues = planOps({ seed: o.seed, workers: o.workers, ops: o.ops });
  const r = await execute(o.seed, queues);
  const failed = failedRun(r);
  let shrunk: Op[] | null = null;
  if (failed) {
    print(`money simulation FAILED — seed ${o.seed} (${o.ops} operations, ${o.workers} workers)`);
    for (const f of r.failures) print(`unexpected: ${f}`);
    print(formatReport(r.invariants));
    print(`operation log (${r.log.length}, in the order they started):\n${formatLog(r.log)}`);
    if ((o.shrinkSeconds ?? 0) > 0) {
      shrunk = await shrink(o.seed, r.log, o.shrinkSeconds!, print);
      if (shrunk) print(`shortest failing log (seed ${o.seed}, replay one at a time):\n${formatLog(shrunk)}`);
    }
  }
  return { ...r, seed: o.seed, failed, shrunk };
}

/** Reads a printed log back (one JSON operation a line) for a replay. */
export function parseLog(text: string): Op[] {
  return text.split('\n').map((l) => l.trim()).filter((l) => l.startsWith('{')).map((l, i) => {
    const x = JSON.parse(l) as Pick<Op, 'worker' | 'op' | 'args'>;
    return { id: `p${i}:${x.worker}`, worker: x.worker, op: x.op, args: x.args };
  });
}
