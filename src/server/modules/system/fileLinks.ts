import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { hmac, sameSig, signingSecret } from '../../list/secret';

/**
 * Signed links to uploaded files (docs/uploads.md). The database keeps the plain path `/files/<month>/<uuid>.<ext>`;
 * every JSON answer carries it as `/files/…?exp=…&sig=…` instead, an HMAC of the path and the expiry under the
 * server's signing secret. An <img> cannot send the session header, so the link itself is the permission: only a
 * server answer to a signed-in caller hands one out, and it stops working after about an hour.
 */

/** A stored file's path; group 1 is its key (`<month>/<name>`). */
const STORED_PATH = /^\/files\/(\d{4}-\d{2}\/[0-9a-f-]{36}\.(?:jpg|png|mp4))$/;
/** The same inside a JSON text, as a whole string value. */
const STORED_IN_JSON = /"\/files\/(\d{4}-\d{2}\/[0-9a-f-]{36}\.(?:jpg|png|mp4))"/g;
/** A link this server signed (relative, as handed out). */
const SIGNED_LINK = /^\/files\/(\d{4}-\d{2}\/[0-9a-f-]{36}\.(?:jpg|png|mp4))\?exp=(\d{1,12})&sig=([A-Za-z0-9_-]{1,64})$/;

/** A link lives at least this long … */
export const FILE_LINK_TTL_SEC = 3600;
/** … and its expiry is rounded up to this step, so that the same image keeps one URL (and the browser's cache) for a while. */
const EXPIRY_STEP_SEC = 600;

const signature = (secret: Buffer, key: string, exp: number) => hmac(secret, `file:${key}:${exp}`, 18);

export function fileLinkExpiry(now: Date): number {
  return Math.ceil((Math.floor(now.getTime() / 1000) + FILE_LINK_TTL_SEC) / EXPIRY_STEP_SEC) * EXPIRY_STEP_SEC;
}

/** The signed link of a stored file key (`<month>/<name>`). */
export async function signedFileLink(d: Pick<Deps, 'db' | 'now'>, key: string): Promise<string> {
  const exp = fileLinkExpiry(d.now());
  return `/files/${key}?exp=${exp}&sig=${signature(await signingSecret(d.db), key, exp).toString('base64url')}`;
}

/** A stored path signed; anything else (an empty avatar, an outside URL) unchanged. */
export async function signFileUrl(d: Pick<Deps, 'db' | 'now'>, url: string): Promise<string> {
  const m = STORED_PATH.exec(url);
  return m ? signedFileLink(d, m[1]) : url;
}

/** 'ok', or why a link to the file `key` is refused. */
export async function checkFileLink(d: Pick<Deps, 'db' | 'now'>, key: string, exp: string, sig: string): Promise<'ok' | 'forged' | 'expired'> {
  if (!/^\d{1,12}$/.test(exp) || !sameSig(sig, signature(await signingSecret(d.db), key, Number(exp)))) return 'forged';
  return Number(exp) * 1000 < d.now().getTime() ? 'expired' : 'ok';
}

/** Every stored path in a JSON text, signed. */
export async function signFileUrlsInJson(d: Pick<Deps, 'db' | 'now'>, json: string): Promise<string> {
  if (!json.includes('"/files/')) return json;
  const secret = await signingSecret(d.db);
  const exp = fileLinkExpiry(d.now());
  return json.replace(STORED_IN_JSON, (_all, key: string) => `"/files/${key}?exp=${exp}&sig=${signature(secret, key, exp).toString('base64url')}"`);
}

/**
 * Links this server signed, found as whole strings in a request body, turned back into stored paths (in place): a
 * form saves the avatar or voucher URL it was given, and what is stored must not expire. A forged signature is left
 * as it is (and then never serves a file). Expiry does not matter here: the link was genuinely handed out.
 */
export async function unsignFileUrls(d: Pick<Deps, 'db'>, body: unknown): Promise<void> {
  let secret: Buffer | null = null;
  const visit = async (v: unknown, depth: number): Promise<unknown> => {
    if (typeof v === 'string') {
      const m = SIGNED_LINK.exec(v);
      if (!m) return v;
      secret ??= await signingSecret(d.db);
      return sameSig(m[3], signature(secret, m[1], Number(m[2]))) ? `/files/${m[1]}` : v;
    }
    if (depth > 20 || v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) v[i] = await visit(v[i], depth + 1);
    } else if (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null) {
      const o = v as Record<string, unknown>;
      for (const k of Object.keys(o)) o[k] = await visit(o[k], depth + 1);
    }
    return v;
  };
  await visit(body, 0);
}

/** Signs stored file paths on the way out of every JSON answer and unsigns them on the way into every JSON body. */
export function fileLinkHooks(app: FastifyInstance, d: Pick<Deps, 'db' | 'now'>): void {
  app.addHook('preValidation', async (req) => {
    if (req.body && typeof req.body === 'object') await unsignFileUrls(d, req.body);
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    return signFileUrlsInJson(d, payload);
  });
}
