import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../deps';

/**
 * A background job, run every `everyMs`. Its `run` takes its own lock (withJobLock from ./lock, under the job's
 * name), so that a test or a screen calling the job function directly gets the same once-across-processes guarantee.
 */
export interface JobDef {
  name: string;
  everyMs: number;
  run: (deps: Deps) => Promise<unknown>;
}

export interface Scheduler {
  /** Ends the timers, then waits for the runs already started (a server closing its database must not cut one off). */
  stop(): Promise<void>;
}

/**
 * Starts the jobs on timers (unref'd, so they never keep the process alive). A tick that finds the job's previous run
 * of this process still going starts nothing (across processes the job's lock does the same); a failing run is logged
 * and tried again at the next tick. Jobs refresh the business clock before they run, so a move of the clock by another
 * process is seen.
 */
export function startJobs(deps: Deps, jobs: readonly JobDef[], log: Pick<FastifyBaseLogger, 'error' | 'info'>): Scheduler {
  const running = new Map<string, Promise<void>>();
  const timers = jobs.map((job) => {
    const tick = () => {
      if (running.has(job.name)) return;
      const run = runJob(deps, job)
        .then(() => undefined, (err) => log.error({ err, job: job.name }, 'job failed'))
        .finally(() => running.delete(job.name));
      running.set(job.name, run);
    };
    const t = setInterval(tick, job.everyMs);
    t.unref();
    return t;
  });
  return {
    stop: async () => {
      timers.forEach(clearInterval);
      await Promise.all(running.values());
    },
  };
}

/** One run of a job, with the business clock refreshed first. */
export async function runJob(deps: Deps, job: JobDef): Promise<unknown> {
  await deps.clock.refresh(true);
  return job.run(deps);
}
