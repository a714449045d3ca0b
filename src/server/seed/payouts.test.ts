import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/testApp';
import { checkLedger } from '../modules/ledger/ledger';
import { seedPayoutHistory } from './payouts';

let t: TestApp;
const rows = async <T>(q: ReturnType<typeof sql>) => { const r = await t.db.execute(q) as unknown; return (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[]; };

beforeAll(async () => {
  t = await createTestApp({ business: true });
}, 120_000);
afterAll(async () => t?.close());

describe('seeded payout history', () => {
  it('gives every order that reached the payout one transfer and one attempt, in the status its order implies', async () => {
    const mismatched = await rows<{ n: string }>(sql`
      SELECT count(*) AS n FROM loan_order o LEFT JOIN transfer t ON t.order_id = o.id
      WHERE (o.loan_at IS NOT NULL) <> (t.id IS NOT NULL)
         OR (o.status = 'failed' AND t.status <> 'failure') OR (o.status = 'disbursing' AND t.status <> 'in_progress')
         OR (o.success_at IS NOT NULL AND t.status <> 'success')`);
    expect(Number(mismatched[0].n)).toBe(0);
    const [{ t: transfers, p }] = await rows<{ t: string; p: string }>(sql`SELECT (SELECT count(*) FROM transfer) AS t, (SELECT count(*) FROM payment_order) AS p`);
    expect(Number(transfers)).toBeGreaterThan(1000);
    expect(p).toBe(transfers);
  });

  it('freezes the money of the payouts in flight, keeps the book balanced, and does not run twice', async () => {
    const [{ frozen, inflight }] = await rows<{ frozen: string; inflight: string }>(sql`
      SELECT (SELECT coalesce(sum(e.amount_minor), 0) FROM ledger_entry e JOIN ledger_posting p ON p.id = e.posting_id
              JOIN ledger_account a ON a.id = e.ledger_account_id WHERE p.kind = 'disburse_freeze' AND a.kind = 'frozen') AS frozen,
             (SELECT coalesce(sum(amount_minor + fee_minor), 0) FROM transfer WHERE status = 'in_progress') AS inflight`);
    expect(Number(frozen)).toBe(Number(inflight));
    expect(await checkLedger(t.db)).toEqual({ unbalancedPostings: [], driftedAccounts: [] });
    expect(await seedPayoutHistory(t.db, 1)).toEqual({ transfers: 0 });
  });
});
