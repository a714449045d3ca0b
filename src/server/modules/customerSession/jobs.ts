import { withJobLock } from '../../jobs/lock';
import type { JobDef } from '../../jobs/scheduler';
import { sweepSessions } from './session';

const NAME = 'customerSession.sweep';

/** Every minute: ends the customer sessions past the continuous-online limit or unused too long (`sweepSessions`). */
export const customerSessionSweepJob: JobDef = {
  name: NAME,
  everyMs: 60_000,
  run: async (deps) => withJobLock(deps.db, NAME, async () => { await sweepSessions(deps.db, deps.now()); }),
};
