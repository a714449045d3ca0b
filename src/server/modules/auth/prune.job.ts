import type { JobDef } from '../../jobs/scheduler';
import { withJobLock } from '../../jobs/lock';
import { LOGIN_ATTEMPT_PRUNE_JOB, pruneAttempts } from './attempts';

/** Every 10 minutes: sign-in attempt buckets past their window are deleted (the table holds live windows only). */
export const loginAttemptPruneJob: JobDef = {
  name: LOGIN_ATTEMPT_PRUNE_JOB,
  everyMs: 10 * 60_000,
  run: async (deps) => withJobLock(deps.db, LOGIN_ATTEMPT_PRUNE_JOB, async () => { await pruneAttempts(deps.db, deps.cfg, deps.now()); }),
};
