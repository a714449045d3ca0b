import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../deps';
import { withJobLock } from './lock';

/** A background job: run every `everyMs` by whichever server process takes its lock first. */
export interface JobDef {
  name: string;
  everyMs: number;
  run: (deps: Deps) => Promise<unknown>;
}

export interface Scheduler {
  stop(): void;
}

/**
 * Starts the jobs on timers (unref'd, so they never keep the process alive). A run that is still going when its next
 * tick comes is not started twice; a failing run is logged and tried again at the next tick. Jobs refresh the business
 * clock before they run, so a move of the clock by another process is seen.
 */
export function startJobs(deps: Deps, jobs: readonly JobDef[], log: Pick<FastifyBaseLogger, 'error' | 'info'>): Scheduler {
  const timers = jobs.map((job) => {
    const tick = () => {
      runJob(deps, job).catch((err) => log.error({ err, job: job.name }, 'job failed'));
    };
    const t = setInterval(tick, job.everyMs);
    t.unref();
    return t;
  });
  return { stop: () => timers.forEach(clearInterval) };
}

/** One run of a job under its lock (tests call this); false when another process held the lock. */
export async function runJob(deps: Deps, job: JobDef): Promise<boolean> {
  return withJobLock(deps.db, job.name, async () => {
    await deps.clock.refresh(true);
    await job.run(deps);
  });
}
