import { describe, expect, it } from 'vitest';
import type { Deps } from '../deps';
import { startJobs } from './scheduler';

/** Deps with just what runJob reads: the business clock's refresh. */
const deps = { clock: { refresh: async () => {} } } as unknown as Deps;
const quiet = { error: () => {}, info: () => {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('startJobs', () => {
  it('starts no second run of a job while one is going, and stop() waits for the run already started', async () => {
    let started = 0;
    let finished = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const jobs = startJobs(deps, [{ name: 'slow', everyMs: 10, run: async () => { started++; await gate; finished++; } }], quiet);
    while (started === 0) await sleep(5);
    await sleep(60); // several ticks pass while the run waits
    expect(started).toBe(1);
    let stopped = false;
    const stopping = jobs.stop().then(() => (stopped = true));
    await sleep(30);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(1);
    await sleep(40);
    expect(started).toBe(1); // no tick after stop
  });

  it('logs a failing run and runs the job again at the next tick', async () => {
    let runs = 0;
    const errors: unknown[] = [];
    const jobs = startJobs(deps, [{ name: 'flaky', everyMs: 10, run: async () => { runs++; throw new Error('boom'); } }], { ...quiet, error: (e: unknown) => errors.push(e) });
    while (runs < 3) await sleep(5);
    await jobs.stop();
    expect(errors.length).toBeGreaterThanOrEqual(2);
  });
});
