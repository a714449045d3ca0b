import { spawn } from 'node:child_process';
import { count, eq } from 'drizzle-orm';
import pgDriver from 'pg';
import { lockKey } from '../../src/server/jobs/lock';
import { COLLECTION_DAY_JOB, runCollectionDay } from '../../src/server/modules/collection/day';
import { collectionRun } from '../../src/server/modules/collection/collection.table';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../src/server/errors';
import { claimCase } from '../../src/server/modules/collection/cases';
import { createCollectors, createStages } from '../../src/server/modules/collection/collection.fixtures';
import { collectionCase, collectionEvent } from '../../src/server/modules/collection/collection.table';
import { createLendingMerchant, disbursedOrder } from '../../src/server/modules/repayment/repayment.fixtures';
import { createTestApp, type TestApp } from '../support/testApp';

/**
 * Pool claims under concurrency on real PostgreSQL: 50 collectors claiming one pool case at once give it one owner
 * and one claim event; the others are told it was claimed (40900). Runs with DATABASE_URL (npm run test:pg).
 */
const N = 50;
const pg = !!process.env.DATABASE_URL;

describe.skipIf(!pg)('collection pool concurrency on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t?.close());

  it(`${N} concurrent claims of one pool case: one owner`, async () => {
    const { merchantId } = await createLendingMerchant(t.app.deps);
    const collectors = await createCollectors(t.app.deps, merchantId, N);
    const [stage] = await createStages(t.app.deps, merchantId, collectors, [{ name: 'S1', minDay: 1, maxDay: 7 }]);
    const { orderId, customerId } = await disbursedOrder(t.app.deps, merchantId);
    const [c] = await t.db.insert(collectionCase).values({
      orderId, merchantId, customerId, stageId: stage.id, status: 'open', enteredAt: new Date(), stageEnteredAt: new Date(),
    }).returning();
    const results = await Promise.allSettled(collectors.map((accountId) => claimCase(t.db, t.app.deps, { caseId: c.id, accountId })));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won.length).toBe(1);
    const codes = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => (r.reason as AppError).messageId);
    expect(new Set(codes)).toEqual(new Set(['collection.alreadyClaimed']));
    const [after] = await t.db.select().from(collectionCase).where(eq(collectionCase.id, c.id));
    expect(after.collectorId).toBe((won[0] as PromiseFulfilledResult<typeof after>).value.collectorId);
    const claims = await t.db.select().from(collectionEvent).where(eq(collectionEvent.caseId, c.id));
    expect(claims.filter((e) => e.kind === 'claimed').length).toBe(1);
  }, 60_000);

  it('the collection day started by this process and two other server processes at once allocates once', async () => {
    const { merchantId } = await createLendingMerchant(t.app.deps, { grace_days: 0 });
    const collectors = await createCollectors(t.app.deps, merchantId, 3);
    await createStages(t.app.deps, merchantId, collectors, [{ name: 'S1', minDay: 1, maxDay: 7, dailyCap: 2 }]);
    const orders = await Promise.all(Array.from({ length: 8 }, () => disbursedOrder(t.app.deps, merchantId, { loanDays: 1 })));
    await t.app.businessClock.advanceDays(3);
    try {
      const url = (t.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
      const child = () => new Promise<string>((resolve, reject) => {
        const p = spawn(process.execPath, ['--import', 'tsx', 'scripts/run-job.ts', COLLECTION_DAY_JOB], {
          env: { ...process.env, DATABASE_URL: url, SEED_DEMO: 'false', LOG_LEVEL: 'silent' }, stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        let err = '';
        p.stdout.on('data', (d) => (out += d));
        p.stderr.on('data', (d) => (err += d));
        p.on('exit', (code) => (code === 0 ? resolve(out.trim().split('\n').pop() ?? '') : reject(new Error(`job exited ${code}: ${err}`))));
      });
      // While another process holds the job's lock, a server process does not run it…
      const holder = new pgDriver.Client({ connectionString: url });
      await holder.connect();
      await holder.query('SELECT pg_advisory_lock($1::bigint)', [lockKey(COLLECTION_DAY_JOB).toString()]);
      expect(JSON.parse(await child())).toMatchObject({ ran: false, merchants: [] });
      await holder.end();
      // …and started by three processes at once, the day happens once: 8 cases, 6 assigned (3 collectors × cap 2).
      const runs = await Promise.all([child().then((o) => JSON.parse(o)), child().then((o) => JSON.parse(o)), runCollectionDay(t.app.deps)]);
      expect(runs.some((r) => r.ran)).toBe(true);
      const cases = await t.db.select().from(collectionCase).where(eq(collectionCase.merchantId, merchantId));
      expect(cases.length).toBe(orders.length);
      expect(cases.filter((c) => c.collectorId !== null).length).toBe(6);
      const entered = await t.db.select({ n: count() }).from(collectionEvent).where(eq(collectionEvent.kind, 'entered'));
      expect(entered[0].n).toBeGreaterThanOrEqual(8);
      const mine = await t.db.select({ n: count() }).from(collectionRun).where(eq(collectionRun.merchantId, merchantId));
      expect(mine[0].n).toBe(1);
      const perCase = await t.db.select({ caseId: collectionEvent.caseId, n: count() }).from(collectionEvent)
        .where(eq(collectionEvent.merchantId, merchantId)).groupBy(collectionEvent.caseId);
      // Each case: entered once, assigned at most once.
      for (const p of perCase) expect(p.n).toBeLessThanOrEqual(2);
    } finally {
      await t.app.businessClock.set(null);
    }
  }, 120_000);
});
