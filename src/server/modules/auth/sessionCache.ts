import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AccessProfile } from '../empower/access';
import type { SessionRow } from './session.service';

/**
 * Sessions checked recently, by token hash, per database handle. An entry holds the auth epoch read in the same
 * statement as the session and its account (session.service.ts checkSessionAccess); it is answered only while the
 * epoch is still that value. Only usable sessions are kept: a refusal is always read from the database.
 */
export interface CachedSession {
  session: SessionRow;
  access: AccessProfile;
  epoch: string;
}

/** Past this, the oldest entries go (a Map iterates in insertion order; a hit re-inserts). */
const MAX_ENTRIES = 10_000;

class SessionCache {
  private readonly entries = new Map<string, CachedSession>();

  get(tokenHash: string): CachedSession | undefined {
    const e = this.entries.get(tokenHash);
    if (e) {
      this.entries.delete(tokenHash);
      this.entries.set(tokenHash, e);
    }
    return e;
  }

  set(tokenHash: string, e: CachedSession): void {
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, e);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
  }

  delete(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<object, SessionCache>();

export function sessionCacheOf(db: DbOrTx): SessionCache {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new SessionCache()));
  return c;
}

/** auth_epoch.v as text (a bigint): one index read, the whole cost of a cached session check. */
export async function currentAuthEpoch(db: DbOrTx): Promise<string> {
  const res = await db.execute(sql`SELECT v::text AS v FROM auth_epoch WHERE id = 1`);
  return String(rowsOf(res)[0]?.v);
}
