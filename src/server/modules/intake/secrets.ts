import crypto from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { signingSecret } from '../../list/secret';

/**
 * App key material. An HMAC can only be checked by someone holding the secret itself, so unlike a password the
 * secret cannot be stored as a one-way hash. It is sealed instead: AES-256-GCM under a key-encryption key (KEK)
 * that is not in the key table — `INTAKE_SECRET_KEY` (64 hex characters) when set, which is what production
 * uses (kept in the deployment's secret store), else a key derived by HKDF from the server's signing secret
 * (system_config), which keeps a plain install working. A leaked table export, log or report therefore shows no
 * usable secret; the authentication tag makes a tampered row fail to open rather than verify with a forged secret.
 */

const SEAL_VERSION = 'v1';

export function newAppKey(): string {
  return `ak_${crypto.randomBytes(12).toString('hex')}`;
}

export function newSecret(): string {
  return `sk_${crypto.randomBytes(32).toString('base64url')}`;
}

/** Last 4 characters, shown on screen to tell secrets apart. */
export function secretHint(secret: string): string {
  return secret.slice(-4);
}

const kekCache = new WeakMap<object, Promise<Buffer>>();

async function deriveKek(db: DbOrTx): Promise<Buffer> {
  const env = process.env.INTAKE_SECRET_KEY;
  if (env) {
    if (!/^[0-9a-fA-F]{64}$/.test(env)) throw new Error('INTAKE_SECRET_KEY must be 64 hex characters (32 bytes)');
    return Buffer.from(env, 'hex');
  }
  const base = await signingSecret(db);
  return Buffer.from(crypto.hkdfSync('sha256', base, Buffer.alloc(0), 'intake-app-secret', 32));
}

function kek(db: DbOrTx): Promise<Buffer> {
  let p = kekCache.get(db);
  if (!p) {
    p = deriveKek(db);
    p.catch(() => kekCache.delete(db));
    kekCache.set(db, p);
  }
  return p;
}

export async function sealSecret(db: DbOrTx, secret: string): Promise<string> {
  const key = await kek(db);
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [SEAL_VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(':');
}

/** The secret of a sealed value; null when it cannot be opened (other KEK, tampered row). */
export async function openSecret(db: DbOrTx, sealed: string): Promise<string | null> {
  const [version, iv, tag, body] = sealed.split(':');
  if (version !== SEAL_VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', await kek(db), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
