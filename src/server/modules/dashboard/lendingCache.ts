import { sql } from 'drizzle-orm';
import type { LendingSection } from '../../../schemas/dashboard';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { lending, type LendingAccess } from './lending';
import type { ScopedMerchant } from './merchantDays';

/**
 * The lending section is a function of the statistics facts, which change only when the statistics job refreshes or
 * rebuilds a merchant, and every such run ends by writing that merchant's `stat_refresh` row (after its facts have
 * committed). So the section is computed once per state of those rows and shared by every dashboard of the same
 * scope: each answer reads the rows' versions (one primary-key read) instead of four fact ranges.
 *
 * The version is the row's `xmin`, the id of the transaction that last wrote it: unlike `refreshed_at` (the business
 * clock, which a simulation can hold still or move back) it changes with every write. The versions are read before
 * the facts, so a section is never older than the versions it is filed under; a refresh that commits in between
 * files newer figures under the older versions, and its own row write then moves the key on.
 */
const caches = new WeakMap<Db, Map<string, Promise<LendingSection | null>>>();
/** Scopes × refresh states kept per database; past it the cache starts again (the states of a minute ago are dead). */
const MAX_ENTRIES = 500;

export async function cachedLending(db: Db, ms: readonly ScopedMerchant[], access: LendingAccess, fallbackToday: string): Promise<LendingSection | null> {
  if (!Object.values(access).some(Boolean)) return null;
  const versions = ms.length
    ? rowsOf<{ m: number; v: string }>(await db.execute(sql`select merchant_id as m, xmin::text as v from stat_refresh
        where merchant_id in (${sql.join(ms.map((m) => sql`${m.id}`), sql`, `)})`))
    : [];
  const version = new Map(versions.map((r) => [Number(r.m), r.v]));
  // Every input of `lending`: the merchants with their business date and currency, the access, the fallback date.
  const key = [
    Object.entries(access).map(([k, v]) => (v ? k : '')).join('.'),
    fallbackToday,
    ...ms.map((m) => `${m.id}:${m.today}:${m.currency}:${version.get(m.id) ?? '-'}`),
  ].join('|');
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(key);
  if (hit) return hit;
  const section = lending(db, ms, access, fallbackToday);
  // A failed computation is not kept.
  section.catch(() => cache.delete(key));
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, section);
  return section;
}
