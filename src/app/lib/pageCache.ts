/**
 * Page cache in local storage (spec §9): an entry is valid 6 hours from its last update. Screens keep their filters,
 * column choices or drafts here; "clear cache" in the user menu calls `clearPageCache()`.
 */
export const PAGE_CACHE_TTL_MS = 6 * 60 * 60 * 1000;
const PREFIX = 'page-cache:';

interface Entry<T> {
  v: T;
  /** Last update, ms. */
  t: number;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readPageCache<T>(key: string, now: number = Date.now()): T | undefined {
  const s = storage();
  const raw = s?.getItem(PREFIX + key);
  if (!raw) return undefined;
  try {
    const e = JSON.parse(raw) as Entry<T>;
    if (typeof e?.t !== 'number' || now - e.t >= PAGE_CACHE_TTL_MS) {
      s!.removeItem(PREFIX + key);
      return undefined;
    }
    return e.v;
  } catch {
    s!.removeItem(PREFIX + key);
    return undefined;
  }
}

/** Stores a value; every write restarts the 6-hour validity. */
export function writePageCache<T>(key: string, value: T, now: number = Date.now()): void {
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify({ v: value, t: now } satisfies Entry<T>));
  } catch {
    // quota exceeded or storage disabled: the cache is an optimisation only
  }
}

export function removePageCache(key: string): void {
  storage()?.removeItem(PREFIX + key);
}

/** Removes every page cache entry (and only those). */
export function clearPageCache(): void {
  const s = storage();
  if (!s) return;
  const keys: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (k?.startsWith(PREFIX)) keys.push(k);
  }
  for (const k of keys) s.removeItem(k);
}
