import { withJobLock } from '../../jobs/lock';
import type { JobDef } from '../../jobs/scheduler';
import { housekeeping } from './withdrawal.service';

const NAME = 'withdrawal.housekeeping';

/**
 * The withdrawal area's background job (for src/server/jobs JOBS): every minute, ends the work tasks whose orders
 * left their queue elsewhere (see housekeeping), once across server processes.
 */
export const withdrawalJob: JobDef = {
  name: NAME,
  everyMs: 60_000,
  run: (deps) => withJobLock(deps.db, NAME, async () => {
    await housekeeping(deps);
  }),
};
