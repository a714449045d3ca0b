/**
 * GET answers fetched ahead of need (the next order of a queue while the reviewer reads this one). The first read of
 * the same call within PREFETCH_TTL_MS takes the answer (once); a failed prefetch is asked again by that read.
 * Keyed by the session token too, so one account never reads what was fetched for another.
 */
export const PREFETCH_TTL_MS = 15_000;
const MAX_ENTRIES = 20;

interface Warm {
  at: number;
  answer: Promise<unknown>;
  /** Set once the answer has arrived, so a screen can be drawn with it at once (takeArrived). */
  arrived?: { value: unknown };
}

const warm = new Map<string, Warm>();

export function prefetchKey(token: string | null, path: string, query?: Record<string, unknown>): string {
  const q = query ? Object.keys(query).sort().filter((k) => query[k] !== undefined).map((k) => [k, String(query[k])]) : [];
  return `${token ?? ''}\u0000${path}\u0000${JSON.stringify(q)}`;
}

/** Keeps `fetch()`'s answer for the next read of the key, unless a fresh one is already kept. */
export function keepAhead(key: string, fetch: () => Promise<unknown>, now = Date.now()): void {
  const have = warm.get(key);
  if (have && now - have.at < PREFETCH_TTL_MS) return;
  const answer = fetch();
  const entry: Warm = { at: now, answer };
  answer.then((value) => { entry.arrived = { value }; }, () => warm.delete(key));
  warm.set(key, entry);
  while (warm.size > MAX_ENTRIES) warm.delete(warm.keys().next().value as string);
}

/** The kept answer of a key, removed as it is taken; undefined when none is fresh. */
export function takeAhead<T>(key: string, now = Date.now()): Promise<T> | undefined {
  const have = warm.get(key);
  if (!have) return undefined;
  warm.delete(key);
  return now - have.at < PREFETCH_TTL_MS ? (have.answer as Promise<T>) : undefined;
}

/**
 * The kept answer of a key when it has already arrived, removed as it is taken: a screen opened on it is drawn with
 * it in its first render, without a loading state and the render after it.
 */
export function takeArrived<T>(key: string, now = Date.now()): { value: T } | undefined {
  const have = warm.get(key);
  if (!have?.arrived || now - have.at >= PREFETCH_TTL_MS) return undefined;
  warm.delete(key);
  return have.arrived as { value: T };
}

export function clearAhead(): void {
  warm.clear();
}
