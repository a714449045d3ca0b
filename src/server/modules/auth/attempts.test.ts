import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../tests/support/testApp';
import { testConfig } from '../../config';
import type { Db } from '../../db/client';
import { countAttempt, pruneAttempts } from './attempts';
import { loginAttempt } from './auth.table';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
const cfg = testConfig({ loginLockMinutes: 15, loginMaxFailuresPerAccount: 2 });

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
}, 60_000);
afterAll(async () => database?.drop());

describe('sign-in attempt buckets', () => {
  it('refuses past the limit and prunes only the windows that have ended', async () => {
    const t0 = new Date('2026-03-01T08:00:00Z');
    expect((await countAttempt(db, cfg, t0, 'old', '10.0.0.1')).refused).toBe(false);
    const later = new Date(t0.getTime() + 10 * 60_000);
    for (let i = 0; i < 2; i++) await countAttempt(db, cfg, later, 'fresh', '10.0.0.2');
    expect((await countAttempt(db, cfg, later, 'fresh', '10.0.0.2')).refused).toBe(true);

    const pruned = await pruneAttempts(db, cfg, new Date(t0.getTime() + 16 * 60_000));
    const left = (await db.select().from(loginAttempt)).map((r) => r.bucket).sort();
    expect(pruned).toBe(2);
    expect(left).toEqual(['a:fresh', 'i:10.0.0.2']);
    // The live window still holds the account back after the prune.
    expect((await countAttempt(db, cfg, new Date(t0.getTime() + 16 * 60_000), 'fresh', '10.0.0.3')).refused).toBe(true);
  });
});
