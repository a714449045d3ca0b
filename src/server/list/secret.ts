import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { systemConfig } from '../modules/system/system.table';

const KEY = 'signing_secret';
const cache = new WeakMap<object, Promise<Buffer>>();

async function load(db: DbOrTx): Promise<Buffer> {
  // Created at first use; ON CONFLICT keeps the first one when two processes race.
  await db.insert(systemConfig).values({ key: KEY, value: crypto.randomBytes(32).toString('hex') }).onConflictDoNothing();
  const [row] = await db.select().from(systemConfig).where(eq(systemConfig.key, KEY));
  const hex = typeof row?.value === 'string' ? row.value : '';
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error('system_config.signing_secret is not 32 bytes of hex');
  return Buffer.from(hex, 'hex');
}

/** The server's HMAC secret (system_config `signing_secret`), read once per database. */
export function signingSecret(db: DbOrTx): Promise<Buffer> {
  let p = cache.get(db);
  if (!p) {
    p = load(db);
    p.catch(() => cache.delete(db));
    cache.set(db, p);
  }
  return p;
}

export function hmac(secret: Buffer, text: string, bytes = 32): Buffer {
  return crypto.createHmac('sha256', secret).update(text).digest().subarray(0, bytes);
}

/** Constant-time comparison of a received base64url signature with the expected bytes. */
export function sameSig(received: string, expected: Buffer): boolean {
  const got = Buffer.from(received, 'base64url');
  return got.length === expected.length && crypto.timingSafeEqual(got, expected);
}
