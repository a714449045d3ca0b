import { describe, expect, it } from 'vitest';
import { formatReport } from './invariants';
import { formatCounts, runMoneySim } from './money.sim';
import { planOps } from './plan';

/**
 * The short run of the money simulation in CI (docs/simulation.md): 600 seeded operations from 20 concurrent workers
 * on real PostgreSQL, then the invariants over the whole database. SIM_SEED picks the seed (default a fixed one, so
 * CI is repeatable); a failure prints the seed, the operation log and a shrunk log. The long run is
 * `npm run sim:money -- --ops 10000`. Runs with DATABASE_URL (npm run test:pg); skipped otherwise.
 */
const pg = !!process.env.DATABASE_URL;
const seed = process.env.SIM_SEED ?? 'ci-money-1';

describe('money simulation: the plan', () => {
  it('is drawn from the seed alone: the same seed, the same queues; another seed, others', () => {
    const a = planOps({ seed: 's1', workers: 20, ops: 600 });
    expect(planOps({ seed: 's1', workers: 20, ops: 600 })).toEqual(a);
    expect(planOps({ seed: 's2', workers: 20, ops: 600 })).not.toEqual(a);
    expect(a.flat()).toHaveLength(600);
    expect(new Set(a.flat().map((o) => o.id)).size).toBe(600);
    // Every kind of operation is drawn in a short run.
    expect(new Set(a.flat().map((o) => o.op)).size).toBeGreaterThanOrEqual(14);
  });
});

describe.skipIf(!pg)('money simulation on PostgreSQL', () => {
  it(`600 operations from 20 workers (seed ${seed}): no unexpected answer, every invariant holds`, async () => {
    const lines: string[] = [];
    const r = await runMoneySim({ seed, ops: 600, workers: 20, shrinkSeconds: 90, print: (l) => { lines.push(l); console.log(l); } });
    console.log(`seed ${seed}: ${r.log.length} operations in ${(r.ms / 1000).toFixed(1)} s\n${formatCounts(r.counts)}`);
    expect(r.failures, `seed ${seed}\n${lines.join('\n')}`).toEqual([]);
    expect(formatReport(r.invariants)).toBe('ledger: ok\nguardedBalances: ok\norderMoney: ok\nstatusHistory: ok');
    expect(r.log).toHaveLength(600);
    // The run went past review into the money: payouts, repayments and the end of day all happened.
    expect(r.counts.confirm.ok ?? 0).toBeGreaterThan(0);
    expect(r.counts.repay.ok ?? 0).toBeGreaterThan(0);
    expect(r.counts.callbacks.ok ?? 0).toBeGreaterThan(0);
    expect(r.counts.endOfDay.ok ?? 0).toBeGreaterThan(0);
  }, 240_000);
});
