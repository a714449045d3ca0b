import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { transitionOrder } from '../lifecycle/transition';
import { customer } from '../client/client.table';
import { loanOrder, orderStatusHistory } from '../order/order.table';
import { intakeWorld, type IntakeWorld } from './intake.fixtures';
import { formatStats, refusalReason, runSimulation, type Transport } from './simulator';

const confirmed = vi.hoisted(() => [] as number[]);
vi.mock('../payment/disburse', () => ({
  confirmWithdrawal: vi.fn(async (_deps: unknown, input: { orderId: number }) => {
    confirmed.push(input.orderId);
    return { transfer_id: input.orderId, order_id: input.orderId, status: 'in_progress', amount_minor: 1, provider_ref: 'SBX' };
  }),
}));

let t: TestApp;
let w: IntakeWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await intakeWorld(t);
}, 60_000);
afterAll(() => t?.close());

/** The simulator's requests, served in-process. */
const inject: Transport = async (req) => {
  const res = await t.app.inject({ method: req.method, url: req.path, headers: req.headers, payload: req.body });
  return { status: res.statusCode, body: res.json() };
};

describe('simulator (smoke)', () => {
  it('drives borrowers through register, card, apply and, once approved, withdrawal, printing a line per second', async () => {
    // Stand-in for review: approve whatever the simulator applied for, as machine review would.
    const reviewer = setInterval(async () => {
      const waiting = await t.db.select({ id: loanOrder.id, status: loanOrder.status }).from(loanOrder).where(inArray(loanOrder.status, ['pending_review', 'reloan']));
      for (const o of waiting) {
        const at = t.app.businessClock.now();
        await transitionOrder(t.db, { orderId: o.id, action: 'machine_start', to: 'machine_review', actorId: null, at }).catch(() => undefined);
        await transitionOrder(t.db, { orderId: o.id, action: 'machine_pass', to: 'withdrawal', actorId: null, at }).catch(() => undefined);
      }
    }, 150);
    const lines: string[] = [];
    let totals;
    try {
      totals = await runSimulation({
        transport: inject, appKey: w.platformApp.appKey, secret: w.platformApp.secret, rate: 25, durationSec: 10, seed: 'smoke',
        invalidShare: 0.25, pollMs: 200, log: (l) => lines.push(l), now: () => t.clock.now.getTime() + (Date.now() - started),
      });
    } finally {
      clearInterval(reviewer);
    }
    // A line a second over 10 s: a borrower's way to a confirmed withdrawal is five requests in a row plus a review and
    // a poll, and on a slow machine running the whole suite 3 s, then 5 s, left none confirmed.
    expect(lines.filter((l) => /^\[\s*\d+s\] sent \d+ accepted \d+ refused \d+/.test(l)).length).toBeGreaterThanOrEqual(2);
    expect(lines.at(-1)).toMatch(/^total sent \d+/);
    expect(totals.sent).toBeGreaterThanOrEqual(30);
    expect(totals.errors).toBe(0);
    expect(totals.accepted).toBeGreaterThan(10);
    // The invalid borrowers were refused with a reason each.
    const reasons = Object.keys(totals.refused);
    expect(reasons.length).toBeGreaterThan(0);
    expect(reasons.every((r) => /^(validation|intake)\./.test(r))).toBe(true);

    const made = await t.db.select().from(customer).where(eq(customer.merchantId, w.main.id));
    expect(made.length).toBeGreaterThan(3);
    const orders = await t.db.select().from(loanOrder).where(inArray(loanOrder.customerId, (await t.db.select({ id: customer.id }).from(customer)).map((c) => c.id)));
    expect(orders.length).toBeGreaterThan(0);
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orders[0].id));
    expect(history[0]).toMatchObject({ fromStatus: null });
    // Approved orders were confirmed through the API.
    expect(confirmed.length).toBeGreaterThan(0);
  }, 60_000);

  it('reads the refusal reason from the first issue, else the code', () => {
    expect(refusalReason({ code: 40300, data: { issues: [{ id: 'intake.rule.maxActiveLoans' }] } })).toBe('intake.rule.maxActiveLoans');
    expect(refusalReason({ code: 40400, data: null })).toBe('code 40400');
    expect(formatStats({ sent: 3, accepted: 1, refused: { a: 1, b: 1 }, errors: 0 })).toBe('sent 3 accepted 1 refused 2 (a 1, b 1) errors 0');
  });

  it('stops at once with a clear message when the key cannot sign', async () => {
    await expect(runSimulation({ transport: inject, appKey: 'demo_m001', secret: 'wrong', rate: 1, durationSec: 1, log: () => undefined }))
      .rejects.toThrow(/cannot read the products/);
  });
});

const started = Date.now();
