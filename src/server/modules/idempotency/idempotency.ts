import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CODE } from '../../../schemas/common';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { idempotencyKey } from './idempotency.table';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_RE = /^[A-Za-z0-9_.:-]{8,100}$/;

/** JSON with sorted keys, so that {a,b} and {b,a} are the same payload. */
function canonical(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v ?? null);
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o).filter((k) => o[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
}

export function payloadHash(payload: unknown): string {
  return crypto.createHash('sha256').update(canonical(payload)).digest('hex');
}

/**
 * The idempotency key of a money write: the Idempotency-Key header, else `idempotency_key` in the body.
 * Required: a money write without one is refused (40000) rather than risk paying twice.
 */
export function requireIdempotencyKey(req: FastifyRequest): string {
  const header = req.headers[IDEMPOTENCY_HEADER];
  const fromBody = (req.body as { idempotency_key?: unknown } | undefined)?.idempotency_key;
  const key = (Array.isArray(header) ? header[0] : header) ?? (typeof fromBody === 'string' ? fromBody : undefined);
  if (!key) throw new AppError(CODE.VALIDATION, 'idempotency.keyRequired');
  if (!KEY_RE.test(key)) throw new AppError(CODE.VALIDATION, 'idempotency.keyInvalid');
  return key;
}

export interface IdempotentCall {
  /** The kind of write (e.g. 'transfer.retransfer'): the same key under two scopes are two writes. */
  scope: string;
  key: string;
  /** What the write was asked to do; the idempotency key itself is left out of it by the caller. */
  payload: unknown;
  accountId?: number | null;
}

/**
 * Runs a money write once per key (DESIGN §5): the first call runs `fn` and stores its result; a repeat with the
 * same payload returns the stored result without running `fn`; a different payload under the same key, or a
 * repeat while the first is still running, is refused with 40901. When `fn` fails the key is released, so the
 * same request may be retried. `fn` runs after the key's row is committed, so concurrent duplicates see it.
 */
export async function withIdempotency<T>(db: Db, call: IdempotentCall, fn: () => Promise<T>): Promise<T> {
  const hash = payloadHash(call.payload);
  const inserted = await db.insert(idempotencyKey)
    .values({ scope: call.scope, key: call.key, requestHash: hash, status: 'pending', accountId: call.accountId ?? null })
    .onConflictDoNothing()
    .returning({ key: idempotencyKey.key });
  const where = and(eq(idempotencyKey.scope, call.scope), eq(idempotencyKey.key, call.key));
  if (inserted.length === 0) {
    const [row] = await db.select().from(idempotencyKey).where(where);
    if (!row) throw new AppError(CODE.IDEMPOTENCY_CONFLICT, 'idempotency.inProgress');
    if (row.requestHash !== hash) throw new AppError(CODE.IDEMPOTENCY_CONFLICT, 'idempotency.payloadMismatch');
    if (row.status !== 'done') throw new AppError(CODE.IDEMPOTENCY_CONFLICT, 'idempotency.inProgress');
    return row.response as T;
  }
  let result: T;
  try {
    result = await fn();
  } catch (err) {
    await db.delete(idempotencyKey).where(where).catch(() => undefined);
    throw err;
  }
  await db.update(idempotencyKey)
    .set({ status: 'done', response: (result ?? null) as never, completedAt: sql`now()` })
    .where(where);
  return result;
}
