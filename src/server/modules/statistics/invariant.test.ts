import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSummed } from '../../../../tests/support/rollups';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { marketTimeZone, type Market } from '../../../schemas/merchant';
import { VINTAGE_AGES } from '../../../schemas/reports/portfolio';
import { offsetKey, REPAY_OFFSETS } from '../../../schemas/reports/repayment';
import { rowsOf } from '../../db/rows';
import { sql } from 'drizzle-orm';
import { dateIn, daysBetween } from '../lifecycle/clock';
import { NO_REBORROW, REBORROW_MAX } from './facts/repayment';
import { NOT_SETTLED, OFFSET_MAX, OFFSET_MIN, rebuildStatistics, refreshMerchant, refreshStatistics } from './refresh';

/**
 * Every aggregate equals a recomputation from the base tables done here in JavaScript (dates converted with the
 * market's time zone by Intl, not by SQL), on the demo's business data: merchants of seven markets and time zones.
 */
let t: TestApp;
type Row = Record<string, unknown>;
const q = async (text: string) => rowsOf<Row>(await t.db.execute(sql.raw(text)));

beforeAll(async () => {
  t = await createTestApp({ business: true });
}, 600_000);
afterAll(async () => t?.close());

async function expected() {
  const tz = new Map((await q('select id, market from merchant')).map((m) => [Number(m.id), marketTimeZone(m.market as Market)]));
  const orders = new Map((await q('select * from loan_order')).map((o) => [Number(o.id), o]));
  const daily = new Map<string, Record<string, number>>();
  const add = (orderId: number, at: unknown, measures: Record<string, number>) => {
    if (!at) return;
    const o = orders.get(orderId)!;
    const m = Number(o.merchant_id);
    const key = [m, dateIn(new Date(at as string), tz.get(m)!), o.product_id, o.channel_id ?? 0, o.is_returning].join('|');
    const acc = daily.get(key) ?? {};
    for (const [k, v] of Object.entries(measures)) acc[k] = (acc[k] ?? 0) + v;
    for (const k of Object.keys(acc)) if (!acc[k]) delete acc[k];
    daily.set(key, acc);
  };
  const pre = ['pending_review', 'machine_review', 'first_review', 'second_review', 'pre_review', 'disbursement_review', 'suspended', 'withdrawal', 'reloan'];
  for (const o of orders.values()) {
    const id = Number(o.id);
    add(id, o.created_at, { applied: 1 });
    add(id, o.success_at, { disbursed: 1, principal_out_minor: Number(o.loan_amount_minor), paid_out_minor: Number(o.received_amount_minor),
      fees_minor: Number(o.loan_amount_minor) - Number(o.received_amount_minor) });
    if (o.settled) add(id, o.settled_at, { settled: 1 });
  }
  for (const h of await q('select * from order_status_history')) {
    if (h.to_status === 'closed' && pre.includes(h.from_status as string)) add(Number(h.order_id), h.created_at, { rejected: 1 });
    if (h.to_status === 'overdue') add(Number(h.order_id), h.created_at, { overdue: 1 });
  }
  for (const p of await q("select * from repayment where status = 'success' and type <> 'extension' and order_id is not null")) {
    add(Number(p.order_id), p.paid_at, { repayments: 1, in_principal_minor: Number(p.principal_minor), in_interest_minor: Number(p.interest_minor),
      in_fee_minor: Number(p.fee_minor), in_penalty_minor: Number(p.penalty_minor) });
  }
  for (const x of await q("select * from extension where status = 'success'")) add(Number(x.order_id), x.paid_at, { extensions: 1, extension_fees_minor: Number(x.paid_fee_minor) });
  for (const r of await q("select * from reduction where status = 'approved'")) add(Number(r.order_id), r.decided_at, { reductions_minor: Number(r.amount_minor) });

  const cohorts = new Map<string, { orders: number; amount: number }>();
  for (const o of orders.values()) {
    if (!o.success_at || !o.due_date) continue;
    const m = Number(o.merchant_id);
    const due = String(o.due_date).slice(0, 10);
    const off = o.settled && o.settled_at
      ? Math.max(OFFSET_MIN, Math.min(OFFSET_MAX, daysBetween(due, dateIn(new Date(o.settled_at as string), tz.get(m)!)))) : NOT_SETTLED;
    const key = [m, due, o.product_id, o.channel_id ?? 0, o.is_returning, off].join('|');
    const c = cohorts.get(key) ?? { orders: 0, amount: 0 };
    c.orders += 1;
    c.amount += Number(o.contract_amount_minor);
    cohorts.set(key, c);
  }
  return { daily, cohorts, reborrow: expectedReborrow(orders, tz), markets: new Set(tz.values()).size };
}

/** Each settlement, by settle date, with the days until the customer's first order placed at or after it. */
function expectedReborrow(orders: Map<number, Row>, tz: Map<number, string>) {
  const byCustomer = new Map<string, Row[]>();
  for (const o of orders.values()) {
    const k = `${o.merchant_id}|${o.customer_id}`;
    byCustomer.set(k, [...(byCustomer.get(k) ?? []), o]);
  }
  const time = (v: unknown) => new Date(v as string).getTime();
  const out = new Map<string, number>();
  for (const o of orders.values()) {
    if (!o.settled || !o.settled_at) continue;
    const m = Number(o.merchant_id);
    const d = dateIn(new Date(o.settled_at as string), tz.get(m)!);
    const later = byCustomer.get(`${o.merchant_id}|${o.customer_id}`)!
      .filter((n) => n.id !== o.id && time(n.created_at) >= time(o.settled_at))
      .sort((a, b) => time(a.created_at) - time(b.created_at))[0];
    const days = later ? daysBetween(d, dateIn(new Date(later.created_at as string), tz.get(m)!)) : Infinity;
    const key = [m, d, o.product_id, o.channel_id ?? 0, o.is_returning, days <= REBORROW_MAX ? days : NO_REBORROW].join('|');
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

async function actual() {
  const daily = new Map<string, Record<string, number>>();
  for (const r of await q("select *, to_char(business_date, 'YYYY-MM-DD') as d from stat_daily")) {
    const key = [r.merchant_id, r.d, r.product_id, r.channel_id, r.returning].join('|');
    const values: Record<string, number> = {};
    for (const [k, v] of Object.entries(r)) if (!['merchant_id', 'business_date', 'd', 'product_id', 'channel_id', 'returning'].includes(k) && Number(v)) values[k] = Number(v);
    daily.set(key, values);
  }
  const cohorts = new Map<string, { orders: number; amount: number }>();
  for (const r of await q("select *, to_char(due_date, 'YYYY-MM-DD') as d from stat_repay_cohort")) {
    cohorts.set([r.merchant_id, r.d, r.product_id, r.channel_id, r.returning, r.settle_offset].join('|'), { orders: Number(r.orders), amount: Number(r.amount_minor) });
  }
  const reborrow = new Map<string, number>();
  for (const r of await q("select *, to_char(settle_date, 'YYYY-MM-DD') as d from stat_reborrow")) {
    reborrow.set([r.merchant_id, r.d, r.product_id, r.channel_id, r.returning, r.reborrow_offset].join('|'), Number(r.settled));
  }
  return { daily, cohorts, reborrow };
}

const sorted = <V>(m: Map<string, V>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : 1));

/** The roll-ups (cohorts, daily, work, overdue per channel, vintage, re-borrowing) are their tables summed over what they drop, row for row. */
async function expectRollupTrue() {
  const money = ['orders', 'amount_minor'];
  // The cohorts' roll-up: per merchant, due date and new/returning, the orders settled by D+k as columns, summed here
  // from the cohort rows by settle offset.
  const due = new Map<string, Record<string, number>>();
  for (const r of await q("select *, to_char(due_date, 'YYYY-MM-DD') as d from stat_repay_cohort")) {
    const key = [r.merchant_id, r.d, r.returning].join('|');
    const acc = due.get(key) ?? {};
    const add = (c: string, v: unknown) => { acc[c] = (acc[c] ?? 0) + Number(v); };
    add('orders', r.orders);
    add('amount_minor', r.amount_minor);
    add('open_orders', r.settle_offset === NOT_SETTLED ? r.orders : 0);
    add('open_amount_minor', r.settle_offset === NOT_SETTLED ? r.amount_minor : 0);
    for (const k of REPAY_OFFSETS) {
      add(`settled_${offsetKey(k)}`, Number(r.settle_offset) <= k ? r.orders : 0);
      add(`settled_amount_${offsetKey(k)}`, Number(r.settle_offset) <= k ? r.amount_minor : 0);
    }
    due.set(key, acc);
  }
  const dueRows = await q("select *, to_char(due_date, 'YYYY-MM-DD') as d from stat_repay_due");
  const got = new Map(dueRows.map((r) => [[r.merchant_id, r.d, r.returning].join('|'),
    Object.fromEntries(Object.keys(due.values().next().value ?? {}).map((c) => [c, Number(r[c])]))]));
  expect(due.size).toBeGreaterThan(0);
  expect(sorted(got)).toEqual(sorted(due));
  // Some cohorts settled late and some are still open: the columns are not all one figure.
  expect(dueRows.some((r) => Number(r.settled_0) < Number(r.settled_p30) && Number(r.open_orders) > 0)).toBe(true);
  // The daily roll-up: every measure of stat_daily, per merchant and date.
  await expectSummed(t.db, 'stat_daily_all', 'stat_daily', 'merchant_id, business_date',
    ['applied', 'rejected', 'disbursed', 'settled', 'overdue', 'paid_out_minor', 'in_principal_minor', 'extension_fees_minor', 'reductions_minor']);
  // The withdrawal roll-up keeps the staff member; SummaryWithdrawalCustomers' keeps new/returning instead.
  const wcols = ['entered', 'withdrawn', 'withdrawn_agent', 'withdraw_seconds', 'expired', 'contacts', 'reminders'];
  await expectSummed(t.db, 'stat_withdrawal_all', 'stat_withdrawal', 'merchant_id, business_date, staff_id', wcols);
  await expectSummed(t.db, 'stat_withdrawal_nr', 'stat_withdrawal', 'merchant_id, business_date, "returning"', wcols);
  // OverdueProviderStatistics' roll-up keeps the channel (product and new/returning summed away).
  await expectSummed(t.db, 'stat_channel_overdue_ch', 'stat_channel_overdue', 'merchant_id, due_date, channel_id',
    [...money, 'due_0', 'overdue_0', 'due_amount_30', 'overdue_amount_30']);
  // vintage's roll-up: one row per merchant and payout date, every measure.
  await expectSummed(t.db, 'stat_vintage_all', 'stat_vintage', 'merchant_id, payout_date',
    ['loans', 'amount_minor', ...VINTAGE_AGES.flatMap((k) => [`reached_${k}`, `od7_at_${k}`, `od30_at_${k}`])]);
  // The review roll-up keeps the stage and the reviewer.
  await expectSummed(t.db, 'stat_review_all', 'stat_review', 'merchant_id, business_date, stage, staff_id',
    ['claimed', 'approved', 'rejected', 'decide_seconds', 'matured', 'went_overdue']);
  // The re-borrowing roll-up likewise.
  await expectSummed(t.db, 'stat_reborrow_all', 'stat_reborrow', 'merchant_id, settle_date, reborrow_offset', ['settled']);
}

describe('statistics facts', () => {
  it('a full rebuild equals the direct recomputation, over every market', async () => {
    await rebuildStatistics(t.app.deps);
    const want = await expected();
    const got = await actual();
    expect(want.markets).toBeGreaterThanOrEqual(5);
    expect(want.daily.size).toBeGreaterThan(100);
    expect([...want.cohorts.keys()].some((k) => !k.endsWith(`|${NOT_SETTLED}`))).toBe(true);
    expect(sorted(got.daily)).toEqual(sorted(want.daily));
    expect(sorted(got.cohorts)).toEqual(sorted(want.cohorts));
    await expectRollupTrue();
    // The demo has customers who came back at every distance, and ones who did not (yet).
    const offsets = [...want.reborrow.keys()].map((k) => Number(k.split('|').pop()));
    expect(offsets.some((o) => o <= 1) && offsets.some((o) => o > 7 && o <= 30) && offsets.includes(NO_REBORROW)).toBe(true);
    expect([...want.daily.values()].some((v) => v.repayments > 0)).toBe(true);
    expect(sorted(got.reborrow)).toEqual(sorted(want.reborrow));
  }, 600_000);

  it('refreshing a window after a change gives what a rebuild gives', async () => {
    // Settle one open disbursed order "now" and move a fact row out of truth: the minute refresh must repair both.
    const [o] = await q("select id, merchant_id from loan_order where status = 'repaying' order by id limit 1");
    await t.db.execute(sql`update loan_order set status = 'settled', settled = true, settled_at = ${t.app.deps.clock.now().toISOString()}::timestamptz where id = ${Number(o.id)}`);
    await t.db.execute(sql`update stat_daily set applied = applied + 7 where merchant_id = ${Number(o.merchant_id)} and business_date = (select max(business_date) from stat_daily)`);
    // A customer who settled in the last weeks and has not come back orders "now": their settlement becomes a re-borrow.
    const now = t.app.deps.clock.now().toISOString();
    const [back] = await q(`select o.* from loan_order o where o.settled and o.settled_at > '${now}'::timestamptz - interval '20 days'
      and not exists (select 1 from loan_order n where n.customer_id = o.customer_id and n.created_at > o.settled_at) order by o.id limit 1`);
    expect(back).toBeDefined();
    await t.db.execute(sql`insert into loan_order (order_no, merchant_id, customer_id, product_id, channel_id, currency, status, is_returning, created_at)
      values (${`RB-${back.id}`}, ${Number(back.merchant_id)}, ${Number(back.customer_id)}, ${Number(back.product_id)}, ${back.channel_id as number | null},
        ${back.currency as string}, 'reloan', true, ${now}::timestamptz)`);
    // The demo has no extension records (orders carry extension counts only): one is paid now.
    await t.db.execute(sql`insert into extension (application_no, order_id, merchant_id, customer_id, status, fee_type, fee_setting, time_type, days,
        overpayment, paid_fee_minor, paid_at)
      values ('EXT-STAT-1', ${Number(o.id)}, ${Number(o.merchant_id)}, (select customer_id from loan_order where id = ${Number(o.id)}), 'success', 'rate', 1000,
        'due_date', 7, 'credit', 12345, ${now}::timestamptz)`);
    // An extension paid now moves an open order's due date a week on: it leaves the cohort of its old due date (the
    // payout's date plus the loan's days) for the new one.
    const [a] = await q(`select o.id, o.merchant_id, m.market from loan_order o join merchant m on m.id = o.merchant_id
      where o.status = 'repaying' and o.success_at is not null and o.due_date is not null and o.id <> ${Number(o.id)} order by o.id desc limit 1`);
    const aTz = marketTimeZone(a.market as Market);
    await t.db.execute(sql`update loan_order set loan_days = due_date - (success_at at time zone ${aTz})::date, due_date = due_date + 7, extension_count = 1 where id = ${Number(a.id)}`);
    await t.db.execute(sql`insert into extension (application_no, order_id, merchant_id, customer_id, status, fee_type, fee_setting, time_type, days,
        overpayment, paid_fee_minor, paid_at, end_date)
      select 'EXT-STAT-2', id, merchant_id, customer_id, 'success', 'rate', 1000, 'due_date', 7, 'credit', 500, ${now}::timestamptz, due_date
      from loan_order where id = ${Number(a.id)}`);
    const before = (await actual()).reborrow;
    await refreshStatistics(t.app.deps); // rebuilt_for is today after the rebuild above: this is the incremental pass
    const want = await expected();
    const got = await actual();
    expect(sorted(got.cohorts)).toEqual(sorted(want.cohorts));
    await expectRollupTrue();
    expect(sorted(got.daily)).toEqual(sorted(want.daily));
    expect(sorted(got.reborrow)).toEqual(sorted(want.reborrow));
    expect(sorted(got.reborrow)).not.toEqual(sorted(before));
    expect([...got.daily.values()].filter((v) => v.extensions).map((v) => [v.extensions, v.extension_fees_minor]).sort()).toEqual([[1, 12345], [1, 500]]);
  }, 600_000);

  it('a repayment revoked today puts its order back among the open ones of its due date at the next refresh', async () => {
    const now = t.app.deps.clock.now().toISOString();
    const [b] = await q(`select id from loan_order where settled and due_date is not null and settled_at < '${now}'::timestamptz - interval '40 days'
      order by id limit 1`);
    expect(b).toBeDefined();
    await t.db.execute(sql`update loan_order set settled = false, settled_at = null, status = 'repaying' where id = ${Number(b.id)}`);
    await t.db.execute(sql`insert into repayment (serial_no, order_id, merchant_id, customer_id, currency, type, status, revoked_at)
      select 'RV-STAT-1', id, merchant_id, customer_id, currency, 'provider', 'revoked', ${now}::timestamptz from loan_order where id = ${Number(b.id)}`);
    const stale = sorted((await actual()).cohorts);
    await refreshStatistics(t.app.deps);
    const want = sorted((await expected()).cohorts);
    expect(stale).not.toEqual(want);
    expect(sorted((await actual()).cohorts)).toEqual(want);
    await expectRollupTrue();
    // The settlement's old day (stat_daily) and its re-borrow row wait for the end-of-day rebuild (docs/statistics.md).
    await rebuildStatistics(t.app.deps);
  }, 600_000);

  it('a rebuild from a date keeps the rows before it', async () => {
    const before = (await q('select count(*)::int as n from stat_daily'))[0].n;
    const [{ m }] = await q("select min(to_char(business_date, 'YYYY-MM-DD')) as m from stat_daily");
    await t.db.execute(sql`delete from stat_daily where business_date > ${m}::date`);
    const [{ id }] = await q('select id from merchant order by id limit 1');
    await refreshMerchant(t.db, Number(id), 'UTC', { to: m as string }, { dates: [] });
    await rebuildStatistics(t.app.deps, { from: m as string });
    expect((await q('select count(*)::int as n from stat_daily'))[0].n).toBe(before);
  }, 600_000);

  it('each step of a refresh commits on its own: a failing step rolls back only itself', async () => {
    const [{ id, market }] = await q('select id, market from merchant order by id limit 1');
    const merchantId = Number(id);
    const tz = marketTimeZone(market as Market);
    const count = async () => (await q(`select count(*)::int as n from stat_daily where merchant_id = ${merchantId}`))[0].n as number;
    await rebuildStatistics(t.app.deps, { merchantIds: [merchantId] });
    const before = await count();
    expect(before).toBeGreaterThan(0);
    await t.db.execute(sql`delete from stat_daily where merchant_id = ${merchantId}`);
    const boom = {
      name: 'boom',
      async refresh(tx: Parameters<Parameters<typeof t.db.transaction>[0]>[0]) {
        await tx.execute(sql`delete from stat_daily where merchant_id = ${merchantId}`);
        throw new Error('boom');
      },
    };
    const ctx = { merchantId, tz, today: dateIn(t.clock.now, tz), full: true };
    await expect(refreshMerchant(t.db, merchantId, tz, {}, {}, { ctx, builders: [boom] })).rejects.toThrow('boom');
    // The daily step committed its rows before the failing step, whose delete was rolled back.
    expect(await count()).toBe(before);
    await rebuildStatistics(t.app.deps);
  }, 600_000);

  it('the migration that added stat_repay_due fills it from the cohorts as the refresh does', async () => {
    await rebuildStatistics(t.app.deps);
    const all = 'select *, to_char(due_date, \'YYYY-MM-DD\') as d from stat_repay_due order by merchant_id, due_date, "returning"';
    const byRefresh = await q(all);
    expect(byRefresh.length).toBeGreaterThan(0);
    const text = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations/0026_repay_due.sql'), 'utf8');
    const fill = text.split('--> statement-breakpoint').find((part) => part.includes('INSERT INTO "stat_repay_due"'));
    expect(fill).toBeDefined();
    await q('delete from stat_repay_due');
    await q(fill!);
    expect(await q(all)).toEqual(byRefresh);
  }, 600_000);
});
