import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { loginAttempt } from './auth.table';

/**
 * Sign-in throttling (DESIGN §6c). Every attempt that reaches the credentials is counted, per account (`a:<account>`)
 * and per client address (`i:<ip>`), by one atomic upsert BEFORE the password is checked: concurrent requests
 * serialise on the bucket's row, each sees the count its own increment produced, and an attempt whose count is over
 * the limit is refused without checking anything. So at most `limit` passwords are checked per bucket and window,
 * however many requests arrive at once.
 *
 * The window is fixed: it starts with the first attempt after the previous one expired and lasts `loginLockMinutes`.
 * A successful sign-in gives its own attempt back (it was not a guess), so the count is the failures plus the attempts
 * still in flight: a person who signs in many times is never held back, and earlier failures still count — a success
 * does not reset them, or the owner signing in would hand a guesser a fresh allowance.
 */
export interface CountedAttempt {
  refused: boolean;
  /** The buckets and the windows they were counted in, for giveBack. */
  counted: { bucket: string; windowStart: Date }[];
}

/** Refused requests keep counting; the cap only keeps a long flood from overflowing the integer. */
const COUNT_CAP = 1_000_000;

export const accountBucket = (account: string) => `a:${account.trim().toLowerCase()}`.slice(0, 120);
export const ipBucket = (ip: string) => `i:${ip}`.slice(0, 120);

async function countIn(db: DbOrTx, bucket: string, now: Date, windowMinutes: number): Promise<{ attempts: number; windowStart: Date }> {
  const expired = sql`${loginAttempt.windowStart} <= ${new Date(now.getTime() - windowMinutes * 60_000).toISOString()}::timestamptz`;
  const [row] = await db.insert(loginAttempt).values({ bucket, windowStart: now, attempts: 1 })
    .onConflictDoUpdate({
      target: loginAttempt.bucket,
      set: {
        windowStart: sql`CASE WHEN ${expired} THEN excluded.window_start ELSE ${loginAttempt.windowStart} END`,
        attempts: sql`CASE WHEN ${expired} THEN 1 ELSE LEAST(${loginAttempt.attempts} + 1, ${COUNT_CAP}) END`,
      },
    })
    .returning({ attempts: loginAttempt.attempts, windowStart: loginAttempt.windowStart });
  return row;
}

/** Counts one attempt for the account and for the address; `refused` when either is over its limit. */
export async function countAttempt(db: DbOrTx, cfg: Config, now: Date, account: string, ip: string): Promise<CountedAttempt> {
  const byAccount = await countIn(db, accountBucket(account), now, cfg.loginLockMinutes);
  const byIp = await countIn(db, ipBucket(ip), now, cfg.loginLockMinutes);
  return {
    refused: byAccount.attempts > cfg.loginMaxFailuresPerAccount || byIp.attempts > cfg.loginMaxFailuresPerIp,
    counted: [{ bucket: accountBucket(account), windowStart: byAccount.windowStart }, { bucket: ipBucket(ip), windowStart: byIp.windowStart }],
  };
}

/** Takes a counted attempt back, in the window it was counted in only (a new window owes it nothing). */
export async function giveBack(db: DbOrTx, attempt: CountedAttempt): Promise<void> {
  for (const c of attempt.counted) {
    await db.update(loginAttempt).set({ attempts: sql`GREATEST(${loginAttempt.attempts} - 1, 0)` })
      .where(and(eq(loginAttempt.bucket, c.bucket), eq(loginAttempt.windowStart, c.windowStart)));
  }
}

export const LOGIN_ATTEMPT_PRUNE_JOB = 'signin.pruneAttempts';

/** Deletes the buckets whose window has ended: an expired bucket restarts at 1 anyway, so it only takes room. */
export async function pruneAttempts(db: DbOrTx, cfg: Config, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - cfg.loginLockMinutes * 60_000).toISOString();
  const gone = await db.delete(loginAttempt).where(sql`${loginAttempt.windowStart} <= ${cutoff}::timestamptz`).returning({ bucket: loginAttempt.bucket });
  return gone.length;
}
