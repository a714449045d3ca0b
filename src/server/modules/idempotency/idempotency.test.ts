import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../tests/support/testApp';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { payloadHash, withIdempotency } from './idempotency';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
}, 60_000);
afterAll(async () => database?.drop());

describe('withIdempotency', () => {
  it('runs once per key and returns the stored result to a repeat', async () => {
    let runs = 0;
    const call = { scope: 'test.pay', key: 'key-00000001', payload: { order: 1, amount: 500 } };
    const a = await withIdempotency(db, call, async () => ({ payout: ++runs }));
    const b = await withIdempotency(db, { ...call, payload: { amount: 500, order: 1 } }, async () => ({ payout: ++runs }));
    expect(a).toEqual({ payout: 1 });
    expect(b).toEqual({ payout: 1 });
    expect(runs).toBe(1);
  });

  it('refuses another payload under the same key with 40901', async () => {
    const call = { scope: 'test.pay', key: 'key-00000002', payload: { order: 1, amount: 500 } };
    await withIdempotency(db, call, async () => 'ok');
    const err = await withIdempotency(db, { ...call, payload: { order: 1, amount: 501 } }, async () => 'again').catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe(40901);
    expect(err.messageId).toBe('idempotency.payloadMismatch');
  });

  it('gives a concurrent duplicate a conflict while the first is running', async () => {
    const call = { scope: 'test.pay', key: 'key-00000003', payload: { order: 3 } };
    let release!: () => void;
    const first = withIdempotency(db, call, () => new Promise<string>((r) => { release = () => r('first'); }));
    await new Promise((r) => setTimeout(r, 50));
    const err = await withIdempotency(db, call, async () => 'second').catch((e) => e);
    expect(err.code).toBe(40901);
    expect(err.messageId).toBe('idempotency.inProgress');
    release();
    expect(await first).toBe('first');
  });

  it('releases the key when the write fails, so the same request can be retried', async () => {
    const call = { scope: 'test.pay', key: 'key-00000004', payload: { order: 4 } };
    await expect(withIdempotency(db, call, async () => { throw new Error('provider down'); })).rejects.toThrow('provider down');
    expect(await withIdempotency(db, call, async () => 'retried')).toBe('retried');
  });

  it('keeps scopes apart and hashes payloads canonically', async () => {
    expect(payloadHash({ a: 1, b: [1, 2] })).toBe(payloadHash({ b: [1, 2], a: 1 }));
    expect(payloadHash({ a: 1 })).not.toBe(payloadHash({ a: 2 }));
    const key = 'key-00000005';
    expect(await withIdempotency(db, { scope: 'x.one', key, payload: 1 }, async () => 'one')).toBe('one');
    expect(await withIdempotency(db, { scope: 'x.two', key, payload: 2 }, async () => 'two')).toBe('two');
  });
});
