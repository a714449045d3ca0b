/**
 * The response cache (spec §9): at most 600 entries, 2-hour lifetime, keyed by code or url plus the sorted filter.
 * Least recently used entries are evicted first (a Map keeps insertion order; a hit re-inserts the entry).
 */
export const CACHE_MAX_ENTRIES = 600;
export const CACHE_TTL_MS = 2 * 60 * 60 * 1000;

export class ResponseCache<V = unknown> {
  private readonly map = new Map<string, { value: V; at: number }>();

  constructor(
    private readonly max = CACHE_MAX_ENTRIES,
    private readonly ttl = CACHE_TTL_MS,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get size(): number {
    return this.map.size;
  }

  get(key: string): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    if (this.now() - hit.at >= this.ttl) {
      this.map.delete(key);
      return undefined;
    }
    this.map.delete(key);
    this.map.set(key, hit);
    return hit.value;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, { value, at: this.now() });
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }

  delete(key: string): void {
    this.map.delete(key);
  }

  /** Drops every entry whose key starts with `prefix`. */
  deletePrefix(prefix: string): void {
    for (const k of [...this.map.keys()]) if (k.startsWith(prefix)) this.map.delete(k);
  }

  clear(): void {
    this.map.clear();
  }
}

/** `code|{"a":1,"b":2}` with the filter's keys sorted and empty values (undefined, null, '') left out. */
export function cacheKey(codeOrUrl: string, filter: Record<string, unknown> = {}): string {
  const sorted: Record<string, unknown> = {};
  for (const k of Object.keys(filter).sort()) {
    const v = filter[k];
    if (v === undefined || v === null || v === '') continue;
    sorted[k] = v;
  }
  return `${codeOrUrl}|${JSON.stringify(sorted)}`;
}
