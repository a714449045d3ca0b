import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { rowsOf } from '../../db/rows';
import { checkLedger } from '../ledger/ledger';
import { merchant } from '../merchant/merchant.table';
import { runEndOfDay, runMerchantEndOfDay } from './endOfDay';
import { debtSettings, saveDebtSettings } from './settings';

/**
 * The set-based end of day against the per-order run it replaced: two databases seeded alike (same seed, same time
 * anchor, same clock), one run per order, one set-based, over one business day, a 7-day catch-up and a day run twice
 * at once; every table the job writes is compared row for row (ids of new rows aside: postings by order and ref).
 * Half the merchants write off after 6 days, so the catch-up writes off orders through the bulk path too.
 */
const ORDERS = 2000;
let perOrder: TestApp;
let setBased: TestApp;
/** History rows and postings from before the first run: the demo seed's services stamp some with the wall clock. */
const before = new Map<TestApp, { history: number; posting: number }>();

beforeAll(async () => {
  const now = Math.floor(Date.now() / 3_600_000) * 3_600_000;
  perOrder = await createTestApp({ business: { orders: ORDERS, now } });
  setBased = await createTestApp({ business: { orders: ORDERS, now } });
  setBased.clock.now = perOrder.clock.now;
  for (const t of [perOrder, setBased]) {
    for (const { id } of await t.db.select({ id: merchant.id }).from(merchant)) {
      if (id % 2) await saveDebtSettings(t.db, id, { ...(await debtSettings(t.db, id)), bad_debt_days: 6 }, null);
    }
    const [m] = rowsOf<{ h: string; p: string }>(await t.db.execute(sql`
      SELECT (SELECT coalesce(max(id), 0) FROM order_status_history) AS h, (SELECT coalesce(max(id), 0) FROM ledger_posting) AS p`));
    before.set(t, { history: Number(m.h), posting: Number(m.p) });
  }
}, 600_000);
afterAll(async () => {
  await perOrder?.close();
  await setBased?.close();
});

const q = async (t: TestApp, text: string) => rowsOf<Record<string, unknown>>(await t.db.execute(sql.raw(text))).map((r) => JSON.stringify(r));

/** The loan_order columns the end of day reads or writes. */
const ORDER_COLUMNS = `id, merchant_id, status, due_date, overdue_days, accrued_through, loan_amount_minor, overdue_rate_bp, overdue_interest_minor,
  overdue_penalty_minor, due_amount_minor, paid_amount_minor, reduction_total_minor, remaining_debt_minor, contract_amount_minor, extension_count`;

/** Every table the end of day writes, as comparable rows (the rows it adds, without their ids; every balance). */
async function snapshot(t: TestApp) {
  const { history, posting } = before.get(t)!;
  return {
    orders: await q(t, `SELECT ${ORDER_COLUMNS} FROM loan_order ORDER BY id`),
    history: await q(t, `SELECT order_id, merchant_id, from_status, to_status, account_id, reason, created_at FROM order_status_history
      WHERE id > ${history} ORDER BY order_id, id`),
    accruals: await q(t, `SELECT a.order_id, a.business_date, a.overdue_day, a.interest_minor, a.penalty_minor, p.ref AS posting_ref
      FROM overdue_accrual a LEFT JOIN ledger_posting p ON p.id = a.posting_id ORDER BY a.order_id, a.business_date`),
    postings: await q(t, `SELECT merchant_id, kind, order_id, ref, memo, account_id, business_at, reverses_id FROM ledger_posting
      WHERE id > ${posting} ORDER BY merchant_id, order_id NULLS FIRST, kind, ref, memo, business_at`),
    entries: await q(t, `SELECT p.merchant_id, p.order_id, p.kind, p.ref, a.kind AS account, e.order_id AS entry_order, e.amount_minor
      FROM ledger_entry e JOIN ledger_posting p ON p.id = e.posting_id JOIN ledger_account a ON a.id = e.ledger_account_id
      WHERE p.id > ${posting} ORDER BY p.merchant_id, p.order_id NULLS FIRST, p.kind, p.ref, a.kind, e.amount_minor`),
    balances: await q(t, `SELECT merchant_id, kind, balance_minor FROM ledger_account ORDER BY merchant_id, kind`),
    runs: await q(t, `SELECT merchant_id, business_date, overdue_moved, accrued, written_off FROM end_of_day_run ORDER BY merchant_id, business_date`),
  };
}

/** Row-for-row equality, failing on the first differing row of each table (a readable message at these sizes). */
async function expectSame(skip: string[] = []) {
  const [a, b] = await Promise.all([snapshot(perOrder), snapshot(setBased)]);
  for (const table of (Object.keys(a) as Array<keyof typeof a>).filter((k) => !skip.includes(k))) {
    const i = a[table].findIndex((row, n) => row !== b[table][n]);
    expect({ table, row: i < 0 ? null : b[table][i] }, `${table}: per-order row ${i}`).toEqual({ table, row: i < 0 ? null : a[table][i] });
    expect(b[table].length, `${table} rows`).toBe(a[table].length);
  }
  for (const t of [perOrder, setBased]) expect(await checkLedger(t.db)).toEqual({ unbalancedPostings: [], driftedAccounts: [] });
  return a;
}

/**
 * Expiries (unchanged by this work) depend on the wall-clock times the seed's services stamped on the links and
 * reductions, which differ between the two databases seeded a few seconds apart.
 */
const withoutExpiries = (r: Awaited<ReturnType<typeof runEndOfDay>>) => r.merchants.map(({ expired: _e, ...m }) => m);

const totals = (r: Awaited<ReturnType<typeof runEndOfDay>>) => r.merchants.reduce(
  (s, m) => ({ moved: s.moved + m.overdueMoved, accrued: s.accrued + m.accrued, writtenOff: s.writtenOff + m.writtenOff }), { moved: 0, accrued: 0, writtenOff: 0 });

describe('end of day: set-based = per order, to the minor unit', () => {
  it('one business day, then the same date again', async () => {
    for (const t of [perOrder, setBased]) await t.app.businessClock.advanceDays(1);
    const a = await runEndOfDay(perOrder.app.deps, { mode: 'perOrder' });
    const b = await runEndOfDay(setBased.app.deps);
    expect(withoutExpiries(b)).toEqual(withoutExpiries(a));
    const sum = totals(b);
    expect(sum.moved).toBeGreaterThan(0);
    expect(sum.accrued).toBeGreaterThan(50);
    const snap = await expectSame();
    // Forced again on the same date: nothing more is accrued or moved.
    const again = await runEndOfDay(setBased.app.deps, { force: true });
    expect(totals(again)).toEqual({ moved: 0, accrued: 0, writtenOff: 0 });
    const after = await snapshot(setBased);
    expect(after.accruals).toEqual(snap.accruals);
    expect(after.entries).toEqual(snap.entries);
    expect(totals(await runEndOfDay(perOrder.app.deps, { force: true, mode: 'perOrder' }))).toEqual({ moved: 0, accrued: 0, writtenOff: 0 });
    await expectSame();
  }, 600_000);

  it('a 7-day catch-up, with write-offs, around a day that was accrued already', async () => {
    for (const t of [perOrder, setBased]) {
      // A day past the order's accrued_through already in overdue_accrual: the per-order run skips it and leaves it
      // out of the running total the cap reads; the set-based run must do the same.
      await t.db.execute(sql`
        INSERT INTO overdue_accrual (order_id, business_date, overdue_day, interest_minor, penalty_minor)
        SELECT id, accrued_through + 3, (accrued_through + 3) - due_date, 1, 1 FROM loan_order
        WHERE status = 'overdue' AND accrued_through IS NOT NULL ORDER BY id LIMIT 1`);
      await t.app.businessClock.advanceDays(7);
    }
    const a = await runEndOfDay(perOrder.app.deps, { mode: 'perOrder' });
    const b = await runEndOfDay(setBased.app.deps);
    expect(withoutExpiries(b)).toEqual(withoutExpiries(a));
    const sum = totals(b);
    expect(sum.accrued).toBeGreaterThan(50);
    expect(sum.writtenOff).toBeGreaterThan(0);
    const snap = await expectSame();
    expect(snap.history.filter((h) => h.includes('"reason":"write_off: ')).length).toBeGreaterThan(0);
  }, 600_000);

  it('two set-based runs of a merchant at once accrue each day once', async () => {
    for (const t of [perOrder, setBased]) await t.app.businessClock.advanceDays(1);
    await runEndOfDay(perOrder.app.deps, { mode: 'perOrder' });
    const merchants = (await setBased.db.select({ id: merchant.id }).from(merchant)).map((m) => m.id);
    // Without the job lock (runMerchantEndOfDay): only the order locks and the accrual keys keep the days single.
    const runs = await Promise.all(merchants.flatMap((id) => [runMerchantEndOfDay(setBased.app.deps, id, true), runMerchantEndOfDay(setBased.app.deps, id, true)]));
    expect(runs.reduce((s, r) => s + r.accrued, 0)).toBeGreaterThan(50);
    // The run records differ (each of the two runs counts what it did itself); everything else is as one run.
    await expectSame(['runs']);
  }, 600_000);
});
