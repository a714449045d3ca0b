import { eq } from 'drizzle-orm';
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
});
