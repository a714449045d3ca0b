import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/support/testApp';
import type { Db } from '../db/client';
import { lockKey, withJobLock } from './lock';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
}, 60_000);
afterAll(async () => database?.drop());

describe('job lock', () => {
  it('runs a job once at a time: a second start while the first runs is skipped', async () => {
    let release!: () => void;
    let runs = 0;
    const first = withJobLock(db, 'test.job', () => new Promise<void>((r) => { runs++; release = r; }));
    await new Promise((r) => setTimeout(r, 50));
    expect(await withJobLock(db, 'test.job', async () => { runs++; })).toBe(false);
    release();
    expect(await first).toBe(true);
    expect(await withJobLock(db, 'test.job', async () => { runs++; })).toBe(true);
    expect(runs).toBe(2);
  });

  it('releases the lock when the job fails', async () => {
    await expect(withJobLock(db, 'test.fail', async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(await withJobLock(db, 'test.fail', async () => undefined)).toBe(true);
  });

  it('gives different jobs different keys', () => {
    expect(lockKey('a')).not.toBe(lockKey('b'));
    expect(lockKey('a')).toBe(lockKey('a'));
  });
});
