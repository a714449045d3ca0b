import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CODE } from '../../../schemas/common';
import { INTAKE_HEADERS, NONCE_RE, SIGNATURE_WINDOW_MS } from '../../../schemas/intake';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { merchant } from '../merchant/merchant.table';
import { intakeNonce, merchantAppKey } from './intake.table';
import { openSecret } from './secrets';
import { checkTimestamp, sha256Hex, signatureMatches, type SignedParts } from './signature';

export type MerchantRow = typeof merchant.$inferSelect;

/** Who is calling the intake API: the app key, its merchant and the merchants it may act for. */
export interface IntakeCaller {
  appKeyId: number;
  appKey: string;
  platform: boolean;
  /** The key's merchant: customers registered through the key belong to it. */
  merchant: MerchantRow;
  /** Merchants whose customers and orders the key reaches: its own, or the whole family for a platform key. */
  scope: MerchantRow[];
  /** The main merchant and its enabled sub-merchants: limits count a person across all of them. */
  familyIds: number[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated app of an intake request. */
    intake?: IntakeCaller;
    /** The exact request body bytes, for the signature. */
    rawBody?: Buffer;
  }
}

/** 40100 with HTTP 401: the app did not prove who it is. */
export function unauthenticated(messageId: string): AppError {
  return new AppError(CODE.UNAUTHENTICATED, messageId, {}, 401, [{ path: 'auth', id: messageId, values: {} }]);
}

const header = (req: FastifyRequest, name: string): string => {
  const v = req.headers[name];
  return (Array.isArray(v) ? v[0] : v) ?? '';
};

/** The main merchant's family: itself and its enabled sub-merchants. */
export async function familyOf(db: Db, m: MerchantRow): Promise<MerchantRow[]> {
  const mainId = m.parentId ?? m.id;
  return db.select().from(merchant)
    .where(and(or(eq(merchant.id, mainId), eq(merchant.parentId, mainId)), eq(merchant.enabled, true)))
    .orderBy(asc(merchant.id));
}

/**
 * Checks a signed request (docs/intake.md): the four headers, the timestamp within ±5 minutes of system time, the
 * HMAC with the key's secret (or its previous secret during a rotation's grace period), then spends the nonce —
 * last, so that a forged request cannot use up a legitimate app's nonces.
 */
export async function authenticate(deps: Deps, req: FastifyRequest): Promise<IntakeCaller> {
  const appKey = header(req, INTAKE_HEADERS.key);
  const timestamp = header(req, INTAKE_HEADERS.timestamp);
  const nonce = header(req, INTAKE_HEADERS.nonce);
  const signature = header(req, INTAKE_HEADERS.signature);
  if (!appKey || !timestamp || !nonce || !signature) throw unauthenticated('intake.auth.missing');
  if (!NONCE_RE.test(nonce)) throw unauthenticated('intake.auth.nonce');
  const now = deps.now();
  if (checkTimestamp(timestamp, now.getTime(), SIGNATURE_WINDOW_MS) !== 'ok') throw unauthenticated('intake.auth.timestamp');

  const [row] = await deps.db.select({ key: merchantAppKey, m: merchant }).from(merchantAppKey)
    .innerJoin(merchant, eq(merchant.id, merchantAppKey.merchantId))
    .where(and(eq(merchantAppKey.appKey, appKey), eq(merchantAppKey.status, 'enabled'), eq(merchant.enabled, true))).limit(1);
  if (!row) throw unauthenticated('intake.auth.unknownKey');

  const parts: SignedParts = { method: req.method, path: req.url, timestamp, nonce, bodySha256: sha256Hex(req.rawBody ?? Buffer.alloc(0)) };
  let ok = false;
  const current = await openSecret(deps.db, row.key.secretSealed);
  if (current !== null) ok = signatureMatches(current, parts, signature);
  if (!ok && row.key.prevSecretSealed && row.key.prevValidUntil && row.key.prevValidUntil > now) {
    const previous = await openSecret(deps.db, row.key.prevSecretSealed);
    if (previous !== null) ok = signatureMatches(previous, parts, signature);
  }
  if (!ok) throw unauthenticated('intake.auth.badSignature');

  const spent = await deps.db.insert(intakeNonce).values({ appKeyId: row.key.id, nonce, createdAt: now }).onConflictDoNothing().returning({ nonce: intakeNonce.nonce });
  if (spent.length === 0) throw unauthenticated('intake.auth.replay');

  // last_used_at is for people reading the key list: once a minute is exact enough and spares a write per request.
  await deps.db.update(merchantAppKey).set({ lastUsedAt: now })
    .where(and(eq(merchantAppKey.id, row.key.id), or(isNull(merchantAppKey.lastUsedAt), lt(merchantAppKey.lastUsedAt, new Date(now.getTime() - 60_000)))));

  const family = await familyOf(deps.db, row.m);
  const scope = row.key.platform ? family : [row.m];
  return { appKeyId: row.key.id, appKey: row.key.appKey, platform: row.key.platform, merchant: row.m, scope, familyIds: family.map((f) => f.id) };
}

/** Forgets nonces older than the timestamp window (their requests are refused by the timestamp check anyway). */
export async function sweepNonces(db: Db, now: Date): Promise<number> {
  const gone = await db.delete(intakeNonce).where(lt(intakeNonce.createdAt, new Date(now.getTime() - 2 * SIGNATURE_WINDOW_MS))).returning({ n: intakeNonce.nonce });
  return gone.length;
}

export const scopeIds = (c: IntakeCaller) => c.scope.map((m) => m.id);
