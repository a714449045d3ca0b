import type { Deps } from '../../deps';
import { withJobLock } from '../../jobs/lock';
import type { JobDef } from '../../jobs/scheduler';
import { expirePassed } from './entries';
import { syncRiskFeeds } from './risk';

/**
 * Background jobs of the blacklist area: entries whose expiry passed stop flagging their customers within a minute;
 * the risk provider's feed is pulled every hour. Each runs once across server processes (withJobLock).
 */
export const BLACKLIST_EXPIRY_JOB = 'blacklist.expiry';
export const RISK_SYNC_JOB = 'blacklist.riskSync';

export async function runBlacklistExpiry(deps: Deps): Promise<{ ran: boolean; expired: number; customers: number }> {
  let out = { expired: 0, customers: 0 };
  const ran = await withJobLock(deps.db, BLACKLIST_EXPIRY_JOB, async () => {
    out = await expirePassed(deps.db, deps.now());
  });
  return { ran, ...out };
}

export async function runRiskSync(deps: Deps): Promise<{ ran: boolean; merchants: number; received: number; customers: number }> {
  let out = { merchants: 0, received: 0, customers: 0 };
  const ran = await withJobLock(deps.db, RISK_SYNC_JOB, async () => {
    out = await syncRiskFeeds(deps.db, deps.now());
  });
  return { ran, ...out };
}

export const blacklistExpiryJob: JobDef = { name: BLACKLIST_EXPIRY_JOB, everyMs: 60_000, run: runBlacklistExpiry };
export const riskSyncJob: JobDef = { name: RISK_SYNC_JOB, everyMs: 3_600_000, run: runRiskSync };

/** For src/server/jobs/index.ts: `...BLACKLIST_JOBS`. */
export const BLACKLIST_JOBS: JobDef[] = [blacklistExpiryJob, riskSyncJob];
