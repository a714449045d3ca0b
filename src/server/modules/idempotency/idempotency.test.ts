import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../tests/support/testApp';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../errors';
import { afterCommit, keyOwner, ownerOf, payloadHash, runIdempotent, withIdempotency, type IdempotentCall } from './idempotency';
import { idempotencyKey } from './idempotency.table';

/**
 * withIdempotency on the database the suite runs on (PGlite, or PostgreSQL with DATABASE_URL): the key and the write
 * commit together or not at all, keys belong to their owner; the concurrent duplicate that waits for the first needs
 * real PostgreSQL (PGlite runs one transaction at a time).
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  // Stands for the money write: a row the write inserts in its transaction.
  await db.execute(sql`create table idem_effect (id serial primary key, tag text not null)`);
}, 60_000);
afterAll(async () => database?.drop());

const me = keyOwner.account(1);
const effect = (tx: DbOrTx, tag: string) => tx.execute(sql`insert into idem_effect (tag) values (${tag})`);
const effects = async (tag: string) => Number(rowsOf<{ n: string }>(await db.execute(sql`select count(*)::text as n from idem_effect where tag = ${tag}`))[0].n);
const keyRows = (call: Pick<IdempotentCall, 'scope' | 'key'>) =>
  db.select().from(idempotencyKey).where(and(eq(idempotencyKey.scope, call.scope), eq(idempotencyKey.key, call.key)));

describe('withIdempotency', () => {
  it('runs once per key and returns the stored result to a repeat, marked as a replay', async () => {
    let runs = 0;
    const call = { scope: 'test.pay', owner: me, key: 'key-00000001', payload: { order: 1, amount: 500 } };
    const a = await runIdempotent(db, call, async (tx) => {
      await effect(tx, 'once');
      return { payout: ++runs };
    });
    const b = await runIdempotent(db, { ...call, payload: { amount: 500, order: 1 } }, async () => ({ payout: ++runs }));
    expect(a).toEqual({ result: { payout: 1 }, replay: false });
    expect(b).toEqual({ result: { payout: 1 }, replay: true });
    expect(runs).toBe(1);
    expect(await effects('once')).toBe(1);
    expect((await keyRows(call))[0]).toMatchObject({ status: 'done', owner: me, response: { payout: 1 } });
  });

  it('refuses another payload under the same key with 40901', async () => {
    const call = { scope: 'test.pay', owner: me, key: 'key-00000002', payload: { order: 1, amount: 500 } };
    await withIdempotency(db, call, async () => 'ok');
    const err = await withIdempotency(db, { ...call, payload: { order: 1, amount: 501 } }, async () => 'again').catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe(40901);
    expect(err.messageId).toBe('idempotency.payloadMismatch');
  });

  it('a write that fails after writing leaves neither its key nor its effect, so the same request can be retried', async () => {
    const call = { scope: 'test.pay', owner: me, key: 'key-00000004', payload: { order: 4 } };
    const failed = withIdempotency(db, call, async (tx) => {
      await effect(tx, 'failed-then-retried');
      throw new AppError(40900, 'ledger.insufficientBalance');
    });
    await expect(failed).rejects.toMatchObject({ code: 40900 });
    expect(await keyRows(call)).toEqual([]);
    expect(await effects('failed-then-retried')).toBe(0);
    expect(await withIdempotency(db, call, async (tx) => {
      await effect(tx, 'failed-then-retried');
      return 'retried';
    })).toBe('retried');
    expect(await effects('failed-then-retried')).toBe(1);
    expect(await keyRows(call)).toHaveLength(1);
  });

  it('runs nested transactions of the write as savepoints of the same transaction', async () => {
    const call = { scope: 'test.pay', owner: me, key: 'key-00000006', payload: { order: 6 } };
    const out = await withIdempotency(db, call, async (tx) => {
      await tx.transaction(async (inner) => effect(inner, 'nested-kept'));
      // A refused inner step rolls back to its savepoint; the outer write goes on and commits.
      await tx.transaction(async (inner) => {
        await effect(inner, 'nested-dropped');
        throw new Error('inner refusal');
      }).catch(() => undefined);
      return 'done';
    });
    expect(out).toBe('done');
    expect(await effects('nested-kept')).toBe(1);
    expect(await effects('nested-dropped')).toBe(0);
  });

  it('keys belong to their owner: another account with the same key and payload runs its own write', async () => {
    const base = { scope: 'test.pay', key: 'key-00000007', payload: { order: 7, amount: 100 } };
    const first = await withIdempotency(db, { ...base, owner: keyOwner.account(1) }, async (tx) => {
      await effect(tx, 'owner');
      return { by: 1, secret: 'first account only' };
    });
    const second = await runIdempotent(db, { ...base, owner: keyOwner.account(2) }, async (tx) => {
      await effect(tx, 'owner');
      return { by: 2 };
    });
    expect(first).toEqual({ by: 1, secret: 'first account only' });
    expect(second).toEqual({ result: { by: 2 }, replay: false });
    // An app and the system are owners of their own too; another payload under someone else's key is no conflict.
    expect(await withIdempotency(db, { ...base, owner: keyOwner.app(1) }, async () => 'app')).toBe('app');
    expect(await withIdempotency(db, { ...base, owner: keyOwner.system, payload: { other: true } }, async () => 'sys')).toBe('sys');
    expect(await effects('owner')).toBe(2);
    expect((await keyRows(base)).map((r) => r.owner).sort()).toEqual(['a:1', 'a:2', 'app:1', 'sys']);
    // And each owner's repeat gets its own stored result.
    expect(await withIdempotency(db, { ...base, owner: keyOwner.account(2) }, async () => ({ by: 'again' }))).toEqual({ by: 2 });
    expect(keyOwner.of(null)).toBe('sys');
    expect(keyOwner.of(5)).toBe('a:5');
  });

  it('answers 40901 to a key left pending by a write from before keys shared its transaction', async () => {
    const call = { scope: 'test.pay', owner: me, key: 'key-00000008', payload: { order: 8 } };
    await db.insert(idempotencyKey).values({ scope: call.scope, owner: me, key: call.key, requestHash: payloadHash(call.payload), status: 'pending' });
    const err = await withIdempotency(db, call, async () => 'never').catch((e) => e);
    expect(err.messageId).toBe('idempotency.inProgress');
  });

  it('runs afterCommit work once the write commits, on the outer database, and never for a refusal or a replay', async () => {
    const seen: number[] = [];
    const call = { scope: 'test.send', owner: me, key: 'key-00000009', payload: { order: 9 } };
    const write = (fail: boolean) => withIdempotency(db, call, async (tx) => {
      await effect(tx, 'after-commit');
      // On PGlite, work run inside the transaction on the outer database would never finish.
      await afterCommit(tx, async () => { seen.push(await effects('after-commit')); });
      if (fail) throw new AppError(40900, 'ledger.insufficientBalance');
      return 'sent';
    });
    await expect(write(true)).rejects.toMatchObject({ code: 40900 });
    expect(seen).toEqual([]);
    expect(await write(false)).toBe('sent');
    expect(await write(false)).toBe('sent');
    expect(seen).toEqual([1]);
  });

  it('a write nested in another is part of its transaction: same owner, its key rolls back with it, its work waits', async () => {
    const order: string[] = [];
    const outer = (fail: boolean) => withIdempotency(db, { scope: 'test.outer', owner: keyOwner.app(3), key: 'key-00000010', payload: { fail } }, async (tx) => {
      const inner = await withIdempotency(tx, { scope: 'test.inner', owner: ownerOf(tx) ?? 'none', key: 'key-00000010', payload: 1 }, async (itx) => {
        await effect(itx, 'nested-write');
        await afterCommit(itx, async () => { order.push('sent'); });
        return 'inner';
      });
      order.push('outer done');
      if (fail) throw new AppError(40900, 'ledger.insufficientBalance');
      return inner;
    });
    await expect(outer(true)).rejects.toMatchObject({ code: 40900 });
    expect(order).toEqual(['outer done']);
    expect(await keyRows({ scope: 'test.inner', key: 'key-00000010' })).toEqual([]);
    expect(await effects('nested-write')).toBe(0);
    expect(await outer(false)).toBe('inner');
    expect(order).toEqual(['outer done', 'outer done', 'sent']);
    expect((await keyRows({ scope: 'test.inner', key: 'key-00000010' })).map((r) => r.owner)).toEqual(['app:3']);
    expect(await effects('nested-write')).toBe(1);
  });

  it('keeps scopes apart and hashes payloads canonically', async () => {
    expect(payloadHash({ a: 1, b: [1, 2] })).toBe(payloadHash({ b: [1, 2], a: 1 }));
    expect(payloadHash({ a: 1 })).not.toBe(payloadHash({ a: 2 }));
    const key = 'key-00000005';
    expect(await withIdempotency(db, { scope: 'x.one', owner: me, key, payload: 1 }, async () => 'one')).toBe('one');
    expect(await withIdempotency(db, { scope: 'x.two', owner: me, key, payload: 2 }, async () => 'two')).toBe('two');
  });
});

describe.skipIf(!process.env.DATABASE_URL)('withIdempotency: a concurrent duplicate waits for the first (PostgreSQL)', () => {
  /** A write that holds its transaction open until released. */
  function heldWrite(tag: string) {
    let release!: (fail?: boolean) => void;
    let started!: () => void;
    const running = new Promise<void>((r) => { started = r; });
    const fn = async (tx: DbOrTx) => {
      await effect(tx, tag);
      started();
      const fail = await new Promise<boolean | undefined>((r) => { release = r; });
      if (fail) throw new AppError(40900, 'ledger.insufficientBalance');
      return { first: true };
    };
    return { fn, running, release: (fail?: boolean) => release(fail) };
  }
  const settledWithin = (p: Promise<unknown>, ms: number) => Promise.race([p.then(() => true, () => true), new Promise((r) => setTimeout(() => r(false), ms))]);

  it('gets the first one\'s stored result once it commits, without running', async () => {
    const call = { scope: 'test.pay', owner: me, key: 'key-pg-0001', payload: { order: 1 } };
    const held = heldWrite('pg-commit');
    const first = runIdempotent(db, call, held.fn);
    await held.running;
    let secondRan = false;
    const second = runIdempotent(db, call, async () => { secondRan = true; return { first: false }; });
    expect(await settledWithin(second, 300)).toBe(false);
    held.release();
    expect(await first).toEqual({ result: { first: true }, replay: false });
    expect(await second).toEqual({ result: { first: true }, replay: true });
    expect(secondRan).toBe(false);
    expect(await effects('pg-commit')).toBe(1);
  });

  it('runs the write itself when the first rolls back', async () => {
    const call = { scope: 'test.pay', owner: me, key: 'key-pg-0002', payload: { order: 2 } };
    const held = heldWrite('pg-rollback');
    const first = runIdempotent(db, call, held.fn);
    await held.running;
    const second = runIdempotent(db, call, async (tx) => {
      await effect(tx, 'pg-rollback');
      return { first: false };
    });
    expect(await settledWithin(second, 300)).toBe(false);
    held.release(true);
    await expect(first).rejects.toMatchObject({ code: 40900 });
    expect(await second).toEqual({ result: { first: false }, replay: false });
    expect(await effects('pg-rollback')).toBe(1);
  });

  it('does not make another owner wait', async () => {
    const base = { scope: 'test.pay', key: 'key-pg-0003', payload: { order: 3 } };
    const held = heldWrite('pg-owner');
    const first = runIdempotent(db, { ...base, owner: keyOwner.account(1) }, held.fn);
    await held.running;
    const other = await runIdempotent(db, { ...base, owner: keyOwner.account(2) }, async () => ({ first: false }));
    expect(other).toEqual({ result: { first: false }, replay: false });
    held.release();
    await first;
  });
});
