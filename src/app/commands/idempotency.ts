/**
 * Idempotency keys of money writes (commands flagged `idempotent`): one key per user invocation. A retry of the same
 * invocation (the form submitted again after a timeout, with the same values) reuses the key, so the server answers
 * the stored result instead of paying twice; changed values are a new request and get a new key.
 */
export type InvocationKeys = (payload: Record<string, unknown>) => string;

export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return `c-${c.randomUUID()}`;
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return `c-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Sorted-key JSON, so that the same values in another order are the same request. */
function canonical(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v ?? null);
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o).filter((k) => o[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
}

export function invocationKeys(make: () => string = newIdempotencyKey): InvocationKeys {
  let last: { payload: string; key: string } | null = null;
  return (payload) => {
    const p = canonical(payload);
    if (!last || last.payload !== p) last = { payload: p, key: make() };
    return last.key;
  };
}
