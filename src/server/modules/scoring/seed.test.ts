import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { MARKETS } from '../../../schemas/merchant';
import { VARIABLE_TYPES } from '../../../schemas/scoring';
import { compileRule } from '../../../schemas/scoring-expr';
import { merchant } from '../merchant/merchant.table';
import { loanOrder } from '../order/order.table';
import { runMachineReviewBatch } from './machine-review.job';
import { machineReviewRun, scoringRule, scoringSetting } from './scoring.table';
import { DEMO_PASS_SCORE, demoRules, seedScoringRules } from './seed';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ business: true });
}, 120_000);
afterAll(async () => t?.close());

describe('demo rule books', () => {
  it.each(MARKETS)('%s: every rule reads correctly', (market) => {
    for (const r of demoRules(market)) {
      expect(() => compileRule({ left: r.left, comparator: r.cmp, right: r.right }, VARIABLE_TYPES), r.code).not.toThrow();
    }
  });

  it('gives every merchant its rules and pass score, once (the demo seed has already run it)', async () => {
    const merchants = await t.db.select({ id: merchant.id }).from(merchant);
    // The demo seed ran it; a merchant added later gets its book on the next run.
    const [late] = await t.db.insert(merchant).values({ code: 'SEEDLATE', name: 'Late Lending', currency: 'VND' }).returning({ id: merchant.id });
    const first = await seedScoringRules(t.db);
    expect(first.merchants).toBe(1);
    const perMerchant = await t.db.select({ m: scoringRule.merchantId, n: count() }).from(scoringRule).groupBy(scoringRule.merchantId);
    expect(perMerchant.map((r) => r.m).sort((a, b) => a - b)).toEqual([...merchants.map((m) => m.id), late.id].sort((a, b) => a - b));
    expect(perMerchant.find((r) => r.m === late.id)!.n).toBe(first.rules);
    const [{ n }] = await t.db.select({ n: count() }).from(scoringRule);
    expect((await t.db.select().from(scoringSetting)).every((s) => s.passScore === DEMO_PASS_SCORE)).toBe(true);
    expect(await seedScoringRules(t.db)).toEqual({ merchants: 0, rules: 0 });
    expect((await t.db.select({ n: count() }).from(scoringRule))[0].n).toBe(n);
  });

  it('machine review of the demo’s waiting orders passes most on to manual review and rejects some', async () => {
    const waiting = await t.db.select({ id: loanOrder.id }).from(loanOrder).where(inArray(loanOrder.status, ['pending_review', 'reloan']));
    expect(waiting.length).toBeGreaterThan(30);
    const res = await runMachineReviewBatch(t.app.deps, 10_000);
    expect(res).toMatchObject({ skipped: false, failed: 0, moved: 0 });
    expect(res.approved + res.rejected).toBe(waiting.length);
    const rejectedShare = res.rejected / waiting.length;
    expect(rejectedShare).toBeGreaterThan(0.05);
    expect(rejectedShare).toBeLessThan(0.4);
    const decisions = await t.db.select({ decision: machineReviewRun.decision, n: count() }).from(machineReviewRun).groupBy(machineReviewRun.decision);
    const by = Object.fromEntries(decisions.map((d) => [d.decision, Number(d.n)]));
    // Both ways of being rejected occur, and some orders were flagged for a person to look at.
    expect(by.reject).toBeGreaterThan(0);
    expect(by.score_low).toBeGreaterThan(0);
    expect(by.manual).toBeGreaterThan(0);
    const [{ left }] = await t.db.select({ left: count() }).from(loanOrder).where(inArray(loanOrder.status, ['pending_review', 'reloan']));
    expect(left).toBe(0);
    const [{ avg }] = await t.db.select({ avg: sql<number>`avg(${machineReviewRun.score})` }).from(machineReviewRun).where(eq(machineReviewRun.result, 'approved'));
    expect(Number(avg)).toBeGreaterThan(DEMO_PASS_SCORE);
  });
});
