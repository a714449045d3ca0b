import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CODE } from '../../../schemas/common';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { Deps } from '../../deps';
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

/** Who uses a key: a key is answered only to its owner, so one account can never read another's stored result. */
export const keyOwner = {
  account: (accountId: number) => `a:${accountId}`,
  app: (appKeyId: number) => `app:${appKeyId}`,
  system: 'sys',
  /** A staff account, or the system (jobs, fixtures) when there is none. */
  of: (accountId: number | null | undefined) => (accountId == null ? 'sys' : `a:${accountId}`),
} as const;

export interface IdempotentCall {
  /** The kind of write (e.g. 'transfer.retransfer'): the same key under two scopes are two writes. */
  scope: string;
  /** keyOwner.account / app / system. */
  owner: string;
  key: string;
  /** What the write was asked to do; the idempotency key itself is left out of it by the caller. */
  payload: unknown;
  accountId?: number | null;
}

export interface IdempotentRun<T> {
  result: T;
  /** true: a stored result of an earlier commit, `fn` did not run now (so nothing may be sent to a provider again). */
  replay: boolean;
}

/**
 * Runs a money write once per (scope, owner, key) (DESIGN §5, §6c), in ONE transaction with its key:
 * the key row is inserted first (ON CONFLICT DO NOTHING), `fn(tx)` does the write on `tx`, its result is stored on
 * the key row, and all of it commits together — after a crash either the key and its effect both exist or neither.
 *
 * - A repeat after the commit gets the stored result (replay) without running `fn`.
 * - A concurrent repeat waits: on PostgreSQL its insert blocks on the first's uncommitted key, then sees the stored
 *   result (first committed) or runs the write itself (first rolled back). PGlite runs one transaction at a time.
 * - Another payload under the same key: 40901 payloadMismatch.
 * - `fn` throwing (a business refusal, an error) rolls everything back, the key included: the same request may be
 *   retried.
 *
 * Everything inside `fn` must use `tx` (or `depsIn(deps, tx)`): on PGlite a query on the outer database waits for
 * this transaction and never runs. Work outside the database (sending to a provider) belongs after the commit, by a
 * reference recorded in `fn`: `afterCommit(tx, …)` inside `fn`, or after this returns with `replay` false. Called on
 * the transaction of another idempotent write (nested: a savepoint), its key commits with that write and its
 * afterCommit work waits for that commit.
 */
export async function runIdempotent<T>(db: DbOrTx, call: IdempotentCall, fn: (tx: Tx) => Promise<T>): Promise<IdempotentRun<T>> {
  const hash = payloadHash(call.payload);
  const where = and(eq(idempotencyKey.scope, call.scope), eq(idempotencyKey.owner, call.owner), eq(idempotencyKey.key, call.key));
  const mine: OpenWrite = { owner: call.owner, queue: [] };
  const run = await db.transaction(async (tx) => {
    open.set(tx, mine);
    const inserted = await tx.insert(idempotencyKey)
      .values({ scope: call.scope, owner: call.owner, key: call.key, requestHash: hash, status: 'pending', accountId: call.accountId ?? null })
      .onConflictDoNothing()
      .returning({ key: idempotencyKey.key });
    if (inserted.length === 0) {
      // Read committed: this statement sees the row whose commit released our insert.
      const [row] = await tx.select().from(idempotencyKey).where(where);
      if (!row) throw new AppError(CODE.IDEMPOTENCY_CONFLICT, 'idempotency.inProgress');
      if (row.requestHash !== hash) throw new AppError(CODE.IDEMPOTENCY_CONFLICT, 'idempotency.payloadMismatch');
      // Only rows written before keys shared their write's transaction can be pending: their outcome is unknown.
      if (row.status !== 'done') throw new AppError(CODE.IDEMPOTENCY_CONFLICT, 'idempotency.inProgress');
      return { result: row.response as T, replay: true };
    }
    const result = await fn(tx);
    await tx.update(idempotencyKey)
      .set({ status: 'done', response: (result ?? null) as never, completedAt: sql`now()` })
      .where(where);
    return { result, replay: false };
  });
  // Committed (or, nested in another idempotent write, part of its transaction: then its work waits for that commit).
  for (const work of mine.queue) await afterCommit(db, work);
  return run;
}

/** An idempotent write whose transaction is open: its owner and the work for after its commit. */
interface OpenWrite {
  owner: string;
  queue: Array<() => Promise<void>>;
}
const open = new WeakMap<object, OpenWrite>();

/**
 * Work outside the database (sending a payout to its provider) that must wait for the commit of the idempotent write
 * that `db` belongs to, and run only if it commits (use `outerDeps` in it: the transaction is gone by then). Outside
 * an idempotent write it runs at once.
 */
export async function afterCommit(db: DbOrTx, work: () => Promise<void>): Promise<void> {
  const w = open.get(db);
  if (w) w.queue.push(work);
  else await work();
}

/** The owner of the idempotent write `db` belongs to, if any: a write nested in it belongs to the same owner. */
export function ownerOf(db: DbOrTx): string | undefined {
  return open.get(db)?.owner;
}

/** runIdempotent for writes that only touch the database: the result, stored or fresh. */
export async function withIdempotency<T>(db: DbOrTx, call: IdempotentCall, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return (await runIdempotent(db, call, fn)).result;
}

/**
 * The dependencies of a service run inside the idempotent transaction: its queries go to `tx`. The business clock
 * reads its offset from the outer database, so the caller refreshes it before the transaction and here it is not
 * refreshed again (that read would wait for this transaction on PGlite).
 */
export function depsIn(deps: Deps, tx: Tx): Deps {
  const inner: Deps = { ...deps, db: tx as unknown as Db, clock: { ...deps.clock, refresh: async () => {} } };
  outer.set(inner, outerDeps(deps));
  return inner;
}

const outer = new WeakMap<Deps, Deps>();

/**
 * The server's own dependencies behind depsIn's: for work after the commit, and for what is kept per server by its
 * Deps object (the payment runtime, paymentRuntime(deps)).
 */
export function outerDeps(deps: Deps): Deps {
  return outer.get(deps) ?? deps;
}
