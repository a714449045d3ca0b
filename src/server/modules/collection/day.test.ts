import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { applyMoneyIn } from '../repayment/account';
import { runEndOfDay } from '../repayment/endOfDay';
import { createLendingMerchant, disbursedOrder } from '../repayment/repayment.fixtures';
import { claimCase, assignCase, returnCase } from './cases';
import { createCollectors, createStages } from './collection.fixtures';
import { collectionAlert, collectionCase, collectionEvent, collectionPromise } from './collection.table';
import { runCollectionDay } from './day';
import { dateIn } from '../lifecycle/clock';
import type { AppError } from '../../errors';
import { applyExtension, passExtension, payExtension } from '../extension/service';

/**
 * The collection day on the business clock: orders enter the reminder stage before their due date, S1 when overdue,
 * S2 later; allocation to the least-loaded collector under the daily cap with an alert when capacity runs out;
 * promises broken when their date passes unpaid and kept when paid; reassignment after N days unless marked to stay;
 * repayment closes the case as a success; claims, returns and manual assignment checked against the stage.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const day = async (merchantId: number, n = 1) => {
  await t.app.businessClock.advanceDays(n);
  await runEndOfDay(t.app.deps, { merchantIds: [merchantId] });
  return runCollectionDay(t.app.deps, { merchantIds: [merchantId] });
};
const caseOf = async (orderId: number) => (await t.db.select().from(collectionCase).where(eq(collectionCase.orderId, orderId)).orderBy(asc(collectionCase.id))).at(-1)!;
const events = async (caseId: number) => (await t.db.select().from(collectionEvent).where(eq(collectionEvent.caseId, caseId)).orderBy(asc(collectionEvent.id))).map((e) => e.kind);
const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as AppError);

describe('collection day', () => {
  it('reminder → S1 → S2 with allocation, a broken promise, reassignment; repayment closes as a success', async () => {
    await t.app.businessClock.set(null);
    try {
      const { merchantId } = await createLendingMerchant(t.app.deps, { grace_days: 0 });
      const [c1, c2] = await createCollectors(t.app.deps, merchantId, 2);
      const stages = await createStages(t.app.deps, merchantId, [c1, c2], [
        { name: 'D-2..D0', minDay: -2, maxDay: 0, reminder: true },
        { name: 'S1', minDay: 1, maxDay: 7 },
        { name: 'S2', minDay: 8, maxDay: 30, reassignAfterDays: 3 },
      ]);
      const { orderId } = await disbursedOrder(t.app.deps, merchantId, { loan: 1_000_000, interest: 100_000, loanDays: 5 });

      await day(merchantId, 2); // 3 days before the due date: no stage yet
      expect(await t.db.select().from(collectionCase).where(eq(collectionCase.orderId, orderId))).toEqual([]);
      await day(merchantId, 1); // D-2: the reminder stage
      let c = await caseOf(orderId);
      expect(c).toMatchObject({ stageId: stages[0].id, status: 'open' });
      expect(c.collectorId).not.toBeNull();

      await day(merchantId, 3); // 1 day overdue: S1, re-allocated
      c = await caseOf(orderId);
      expect(c.stageId).toBe(stages[1].id);
      const s1Holder = c.collectorId!;
      expect([c1, c2]).toContain(s1Holder);

      // A promise for tomorrow, not kept: broken the day after.
      const today = dateIn(t.app.businessClock.now(), 'Asia/Ho_Chi_Minh');
      await t.db.insert(collectionPromise).values({ caseId: c.id, orderId, promiseDate: today, amountMinor: 300_000, paidBeforeMinor: 0, status: 'pending' });
      await day(merchantId, 1);
      expect((await t.db.select().from(collectionPromise).where(eq(collectionPromise.caseId, c.id)))[0].status).toBe('broken');
      expect((await caseOf(orderId)).promiseStatus).toBe('broken');

      await day(merchantId, 7); // 9 days overdue: S2
      c = await caseOf(orderId);
      expect(c.stageId).toBe(stages[2].id);
      const s2Holder = c.collectorId!;
      await day(merchantId, 3); // held 3 days in S2 → reassigned to the other collector
      c = await caseOf(orderId);
      expect(c.collectorId).toBe(s2Holder === c1 ? c2 : c1);
      const log = await t.db.select().from(collectionEvent).where(and(eq(collectionEvent.caseId, c.id), eq(collectionEvent.kind, 'reassigned')));
      expect(log.length).toBe(1);

      // Marked to stay: no reassignment after 3 more days.
      await t.db.update(collectionCase).set({ stay: true }).where(eq(collectionCase.id, c.id));
      const holder = c.collectorId;
      await day(merchantId, 3);
      expect((await caseOf(orderId)).collectorId).toBe(holder);

      const debt = (await t.db.query.loanOrder.findFirst({ where: (o, { eq: e }) => e(o.id, orderId) }))!.remainingDebtMinor;
      await t.db.transaction((tx) => applyMoneyIn(tx, t.app.deps, { orderId, amount: debt, type: 'reconciliation', actorId: 1, reference: 'paid' }));
      c = await caseOf(orderId);
      expect(c).toMatchObject({ status: 'success', closeReason: 'settled', recoveredMinor: debt });
      expect(await events(c.id)).toEqual(['entered', 'assigned', 'stage_change', 'assigned', 'promise_broken', 'stage_change', 'assigned', 'reassigned', 'assigned', 'completed']);
    } finally {
      await t.app.businessClock.set(null);
    }
  });

  it('capacity runs out: the daily cap leaves cases in the pool and raises an alert with the count', async () => {
    await t.app.businessClock.set(null);
    try {
      const { merchantId } = await createLendingMerchant(t.app.deps, { grace_days: 0 });
      const [c1, c2] = await createCollectors(t.app.deps, merchantId, 2);
      const [s1] = await createStages(t.app.deps, merchantId, [c1, c2], [{ name: 'S1', minDay: 1, maxDay: 7, dailyCap: 2 }]);
      const orders = [];
      for (let i = 0; i < 5; i++) orders.push((await disbursedOrder(t.app.deps, merchantId, { loanDays: 2 })).orderId);
      const r = await day(merchantId, 3);
      expect(r.merchants[0]).toMatchObject({ entered: 5, assigned: 4, unassigned: 1 });
      const alerts = await t.db.select().from(collectionAlert).where(eq(collectionAlert.merchantId, merchantId));
      expect(alerts).toMatchObject([{ stageId: s1.id, unassigned: 1 }]);
      const cases = await t.db.select().from(collectionCase).where(eq(collectionCase.merchantId, merchantId));
      const per = new Map<number | null, number>();
      for (const c of cases) per.set(c.collectorId, (per.get(c.collectorId) ?? 0) + 1);
      expect(per.get(c1)).toBe(2);
      expect(per.get(c2)).toBe(2);
      expect(per.get(null)).toBe(1);

      // The pool case: claimed by a collector of the stage at their cap → refused; a new collector of the group takes it.
      const pooled = cases.find((c) => c.collectorId === null)!;
      expect((await refusal(claimCase(t.db, t.app.deps, { caseId: pooled.id, accountId: c1 })))?.messageId).toBe('collection.capReached');
      const [c3] = await createCollectors(t.app.deps, merchantId, 1);
      expect((await refusal(claimCase(t.db, t.app.deps, { caseId: pooled.id, accountId: c3 })))?.messageId).toBe('collection.notInGroup');
      expect((await refusal(assignCase(t.db, t.app.deps, { caseId: pooled.id, collectorId: c3, actorId: 1 })))?.messageId).toBe('collection.wrongStage');
      // Returned and claimed back on the next day (cap counts per business date).
      const held = cases.find((c) => c.collectorId === c1)!;
      await returnCase(t.db, t.app.deps, { caseId: held.id, accountId: c1, anyHolder: false });
      await t.app.businessClock.advanceDays(1);
      const claimed = await claimCase(t.db, t.app.deps, { caseId: pooled.id, accountId: c1 });
      expect(claimed.collectorId).toBe(c1);
      expect((await refusal(claimCase(t.db, t.app.deps, { caseId: pooled.id, accountId: c2 })))?.messageId).toBe('collection.alreadyClaimed');
    } finally {
      await t.app.businessClock.set(null);
    }
  });

  it('an extension closes the case as a success; the order comes back only when the new due date is near', async () => {
    await t.app.businessClock.set(null);
    try {
      const { merchantId } = await createLendingMerchant(t.app.deps, { grace_days: 0, extension_days: 14, extension_due_base: 'today_if_overdue' });
      const [c1] = await createCollectors(t.app.deps, merchantId, 1);
      await createStages(t.app.deps, merchantId, [c1]);
      const { orderId } = await disbursedOrder(t.app.deps, merchantId, { loanDays: 3 });
      await day(merchantId, 5); // 2 days overdue: S1
      const c = await caseOf(orderId);
      expect(c).toMatchObject({ status: 'open', collectorId: c1 });
      const ctx = (actorId: number) => ({ actorId, merchantIds: null, log: async () => {} });
      const ext = await applyExtension(t.app.deps, ctx(c1), { orderId });
      await passExtension(t.app.deps, ctx(1), { id: ext.id });
      const q = await t.db.query.loanOrder.findFirst({ where: (o, { eq: e }) => e(o.id, orderId) });
      await payExtension(t.app.deps, ctx(1), { id: ext.id, amount: 100_000 + q!.overdueInterestMinor + q!.overduePenaltyMinor, key: `ext-${orderId}-pay` });
      expect(await caseOf(orderId)).toMatchObject({ id: c.id, status: 'success', closeReason: 'extended' });
      await day(merchantId, 1); // due in 13 days: no stage, no new case
      expect((await caseOf(orderId)).id).toBe(c.id);
      await day(merchantId, 11); // D-2 of the new due date: a new case in the reminder stage
      const again = await caseOf(orderId);
      expect(again.id).not.toBe(c.id);
      expect(again.status).toBe('open');
    } finally {
      await t.app.businessClock.set(null);
    }
  });

  it('a second run on the same business date does nothing more', async () => {
    const { merchantId } = await createLendingMerchant(t.app.deps);
    const r1 = await runCollectionDay(t.app.deps, { merchantIds: [merchantId] });
    const r2 = await runCollectionDay(t.app.deps, { merchantIds: [merchantId] });
    expect(r1.merchants[0].skipped).toBe(false);
    expect(r2.merchants[0].skipped).toBe(true);
  });
});
