import { hash, verify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { systemConfig } from '../system/system.table';

/**
 * The secure operation key (spec §4: reversing a successful loan needs it). Kept as an argon2id hash in
 * system_config under this key, with who set it and when; never stored or logged in clear. An administrator sets it
 * on /system/bankChannel; changing it needs the current key (except for admin_y, who may reset a lost one).
 */
export const SECURE_KEY_CONFIG = 'payment.secure_operation_key';

interface Stored {
  hash: string;
  set_by: number | null;
  set_at: string;
}

async function stored(db: DbOrTx): Promise<Stored | null> {
  const [row] = await db.select().from(systemConfig).where(eq(systemConfig.key, SECURE_KEY_CONFIG));
  const v = row?.value as Stored | undefined;
  return v && typeof v.hash === 'string' ? v : null;
}

export async function secureKeyIsSet(db: DbOrTx): Promise<boolean> {
  return (await stored(db)) !== null;
}

/** Refuses (40300) when no key is set or `key` is not it. */
export async function checkSecureKey(db: DbOrTx, key: string): Promise<void> {
  const s = await stored(db);
  if (!s) throw new AppError(CODE.FORBIDDEN, 'payment.secureKeyNotSet');
  const ok = await verify(s.hash, key).catch(() => false);
  if (!ok) throw new AppError(CODE.FORBIDDEN, 'payment.secureKeyInvalid');
}

export async function setSecureKey(db: DbOrTx, input: { currentKey?: string; newKey: string; actorId: number; superAdmin: boolean }): Promise<{ replaced: boolean }> {
  const s = await stored(db);
  if (s && !input.superAdmin) {
    if (!input.currentKey) throw new AppError(CODE.FORBIDDEN, 'payment.secureKeyInvalid');
    await checkSecureKey(db, input.currentKey);
  }
  const value: Stored = { hash: await hash(input.newKey), set_by: input.actorId, set_at: new Date().toISOString() };
  await db.insert(systemConfig).values({ key: SECURE_KEY_CONFIG, value })
    .onConflictDoUpdate({ target: systemConfig.key, set: { value, updatedAt: sql`now()` } });
  return { replaced: s !== null };
}
