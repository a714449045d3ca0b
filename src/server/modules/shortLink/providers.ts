import crypto from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { openSecret } from '../intake/secrets';
import type { shortLinkProvider } from './shortLink.table';

/**
 * External short-link providers behind one interface (docs/shortLink.md "Providers"). A provider shortens the
 * product's own tracked address (<domain>/s/<code>), so a click still passes through /s/<code> and is counted.
 */
export interface ShortenResult { ok: true; url: string }
export interface ShortenFailure { ok: false; error: string }
export type ProviderRow = typeof shortLinkProvider.$inferSelect;

export interface ShortLinkProviderAdapter {
  shorten(db: DbOrTx, p: ProviderRow, target: string): Promise<ShortenResult | ShortenFailure>;
}

/** Sandbox: answers at once with a stable fake address; an endpoint of `fail` makes it fail (for tests and demos). */
const sandbox: ShortLinkProviderAdapter = {
  async shorten(_db, p, target) {
    if (p.endpoint === 'fail') return { ok: false, error: 'sandbox: configured to fail' };
    const h = crypto.createHash('sha256').update(target).digest('base64url').slice(0, 8);
    return { ok: true, url: `https://sbx.link/${h}` };
  },
};

function pick(obj: unknown, path: string): unknown {
  let cur = obj;
  for (const k of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return cur;
}

/** Generic HTTP: POST `{ [url_field]: target }` as JSON, the secret in the auth header, the short link read from `result_field`. */
const http: ShortLinkProviderAdapter = {
  async shorten(db, p, target) {
    if (!/^https?:\/\//i.test(p.endpoint)) return { ok: false, error: 'http: no endpoint' };
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const secret = p.secretSealed ? await openSecret(db, p.secretSealed) : null;
    if (secret) headers[p.authHeader] = p.authHeader.toLowerCase() === 'authorization' ? `Bearer ${secret}` : secret;
    try {
      const res = await fetch(p.endpoint, {
        method: 'POST', headers, body: JSON.stringify({ [p.urlField]: target }),
        signal: AbortSignal.timeout(Math.max(200, Math.min(p.timeoutMs, 15_000))), redirect: 'error',
      });
      if (!res.ok) return { ok: false, error: `http: status ${res.status}` };
      const text = await res.text();
      if (text.length > 100_000) return { ok: false, error: 'http: answer too large' };
      const url = pick(JSON.parse(text), p.resultField);
      if (typeof url !== 'string' || !/^https?:\/\/[^\s]{1,490}$/i.test(url)) return { ok: false, error: 'http: no short link in the answer' };
      return { ok: true, url };
    } catch (e) {
      return { ok: false, error: `http: ${(e as Error).name === 'TimeoutError' ? 'timeout' : 'request failed'}` };
    }
  },
};

export const ADAPTERS: Record<string, ShortLinkProviderAdapter> = { sandbox, http };
