import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSummed } from '../../../../../tests/support/rollups';
import { VINTAGE_AGES } from '../../../../schemas/reports/portfolio';
import { createTestApp, type TestApp } from '../../../../../tests/support/testApp';
import { marketTimeZone, type Market } from '../../../../schemas/merchant';
import { rowsOf } from '../../../db/rows';
import { adminAccount } from '../../empower/empower.table';
import { addDays, dateIn, daysBetween } from '../../lifecycle/clock';
import { rebuildStatistics, refreshStatistics } from '../refresh';

/**
 * The portfolio facts equal a recomputation here in JavaScript from the base tables (business dates by Intl in each
 * market's zone; every order walked day by day), on the demo's business data of every market: after a full rebuild,
 * after a rebuild from a date and after the minute refresh of today's events. Then the routes: permission, totals,
 * merchant scoping.
 */
let t: TestApp;
type Row = Record<string, unknown>;
const q = async (text: string) => rowsOf<Row>(await t.db.execute(sql.raw(text)));
const num = (v: unknown) => Number(v ?? 0);
const day = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({ business: true });
}, 600_000);
afterAll(async () => t?.close());

/** Days past due → bucket index, written out rather than taken from the declaration. */
const bucket = (dpd: number) => (dpd <= 0 ? 0 : dpd <= 3 ? 1 : dpd <= 7 ? 2 : dpd <= 15 ? 3 : dpd <= 30 ? 4 : dpd <= 60 ? 5 : 6);

type Facts = Record<'snapshot' | 'roll' | 'vintage' | 'segment', Map<string, Record<string, number>>>;

function bump(map: Map<string, Record<string, number>>, key: unknown[], values: Record<string, number>) {
  const k = key.join('|');
  const acc = map.get(k) ?? {};
  for (const [n, v] of Object.entries(values)) acc[n] = (acc[n] ?? 0) + v;
  map.set(k, acc);
}

async function expected(): Promise<Facts> {
  const tz = new Map((await q('select id, market from merchant')).map((m) => [num(m.id), marketTimeZone(m.market as Market)]));
  const maxAmount = new Map((await q('select id, max_amount_minor from product')).map((p) => [num(p.id), num(p.max_amount_minor)]));
  const orders = await q('select * from loan_order where success_at is not null and due_date is not null order by success_at, id');
  const events = new Map<number, Array<{ d: string; paid: number; due?: string }>>();
  const ev = (orderId: unknown, at: unknown, paid: number, due?: string) => {
    const o = orders.find((x) => x.id === orderId);
    if (!o || !at) return;
    const list = events.get(num(orderId)) ?? [];
    list.push({ d: dateIn(new Date(at as string), tz.get(num(o.merchant_id))!), paid, due });
    events.set(num(orderId), list);
  };
  for (const p of await q("select * from repayment where status = 'success' and principal_minor <> 0")) ev(p.order_id, p.paid_at, num(p.principal_minor));
  for (const r of await q("select * from reduction where status = 'approved' and principal_minor <> 0")) ev(r.order_id, r.decided_at, num(r.principal_minor));
  for (const x of await q("select * from extension where status = 'success' and end_date is not null")) ev(x.order_id, x.paid_at, 0, day(x.end_date));

  const f: Facts = { snapshot: new Map(), roll: new Map(), vintage: new Map(), segment: new Map() };
  const nth = new Map<string, number>();
  for (const o of orders) {
    const m = num(o.merchant_id);
    const zone = tz.get(m)!;
    const today = t.app.deps.clock.today(zone);
    const d0 = dateIn(new Date(o.success_at as string), zone);
    const ds = o.settled && o.settled_at ? dateIn(new Date(o.settled_at as string), zone) : null;
    const amt = num(o.loan_amount_minor);
    const evs = events.get(num(o.id)) ?? [];
    const due0 = evs.some((e) => e.due) ? addDays(d0, num(o.loan_days)) : day(o.due_date);
    const slice = [m, o.product_id, o.channel_id ?? 0, o.is_returning];
    const open = (d: string) => d >= d0 && d <= today && (ds === null || ds > d);
    /** Days past the due date in effect on d, and the principal still owed at its end. */
    const state = (d: string) => {
      const past = evs.filter((e) => e.d <= d);
      const due = past.reduce((a, e) => (e.due && e.due > a ? e.due : a), due0);
      return { dpd: daysBetween(due, d), outstanding: Math.max(0, amt - past.reduce((a, e) => a + e.paid, 0)) };
    };
    for (let d = d0; open(d); d = addDays(d, 1)) {
      const s = state(d);
      bump(f.snapshot, [m, d, ...slice.slice(1), bucket(s.dpd)], {
        orders: 1, outstanding_minor: s.outstanding, od7_minor: s.dpd >= 7 ? s.outstanding : 0, od30_minor: s.dpd >= 30 ? s.outstanding : 0,
      });
      const next = addDays(d, 1);
      if (d < today) bump(f.roll, [m, d, ...slice.slice(1), bucket(s.dpd), open(next) ? bucket(state(next).dpd) : 7], { orders: 1 });
    }
    const vintage: Record<string, number> = { loans: 1, amount_minor: amt };
    for (const k of [7, 14, 30, 60, 90]) {
      const at = addDays(d0, k);
      if (at >= today) continue;
      vintage[`reached_${k}`] = 1;
      const dpd = ds === null || ds > at ? state(at).dpd : -1;
      vintage[`od7_at_${k}`] = dpd >= 7 ? 1 : 0;
      vintage[`od30_at_${k}`] = dpd >= 30 ? 1 : 0;
    }
    bump(f.vintage, [m, d0, ...slice.slice(1)], vintage);

    const cust = `${m}|${o.customer_id}`;
    const n = (nth.get(cust) ?? 0) + 1;
    nth.set(cust, n);
    const countBand = n >= 6 ? 4 : n >= 3 ? 3 : n;
    const amountBand = Math.min(4, Math.max(1, Math.ceil((amt * 4) / Math.max(maxAmount.get(num(o.product_id))!, 1))));
    const seg: Record<string, number> = { loans: 1, amount_minor: amt };
    for (const k of [1, 7, 30]) {
      const at = addDays(day(o.due_date), k);
      if (at >= today) continue;
      seg[`matured_${k}`] = 1;
      seg[`unpaid_${k}`] = ds === null || ds > at ? 1 : 0;
    }
    bump(f.segment, [m, d0, ...slice.slice(1), countBand, amountBand], seg);
  }
  return f;
}

const TABLES = {
  snapshot: { table: 'stat_overdue_snapshot', key: ['merchant_id', 'snapshot_date', 'product_id', 'channel_id', 'returning', 'bucket'] },
  roll: { table: 'stat_roll', key: ['merchant_id', 'from_date', 'product_id', 'channel_id', 'returning', 'from_bucket', 'to_bucket'] },
  vintage: { table: 'stat_vintage', key: ['merchant_id', 'payout_date', 'product_id', 'channel_id', 'returning'] },
  segment: { table: 'stat_loan_segment', key: ['merchant_id', 'payout_date', 'product_id', 'channel_id', 'returning', 'count_band', 'amount_band'] },
} as const;

async function actual(): Promise<Facts> {
  const out = {} as Facts;
  for (const [name, { table, key }] of Object.entries(TABLES)) {
    const map = new Map<string, Record<string, number>>();
    for (const r of await q(`select * from ${table}`)) {
      const values: Record<string, number> = {};
      for (const [k, v] of Object.entries(r)) if (!(key as readonly string[]).includes(k) && num(v)) values[k] = num(v);
      map.set(key.map((k) => (k.endsWith('_date') ? day(r[k]) : k === 'returning' ? String(r[k]) : num(r[k]))).join('|'), values);
    }
    out[name as keyof Facts] = map;
  }
  return out;
}

/** Every measure of stat_vintage (and of its roll-up), written out. */
const VINTAGE_SUMS = ['loans', 'amount_minor', ...VINTAGE_AGES.flatMap((k) => [`reached_${k}`, `od7_at_${k}`, `od30_at_${k}`])];

/** Zero measures dropped (the tables store them, the recomputation may not have them), entries sorted. */
const norm = (m: Map<string, Record<string, number>>) => [...m.entries()]
  .map(([k, v]) => [k, Object.fromEntries(Object.entries(v).filter(([, x]) => x !== 0))] as const)
  .sort(([a], [b]) => (a < b ? -1 : 1));

async function expectFactsTrue() {
  const [want, got] = [await expected(), await actual()];
  for (const name of Object.keys(TABLES) as Array<keyof Facts>) expect(norm(got[name]), name).toEqual(norm(want[name]));
  // The roll-ups are their tables summed over product, channel and new/returning, row for row.
  await expectSummed(t.db, 'stat_overdue_snapshot_all', 'stat_overdue_snapshot', 'merchant_id, snapshot_date, bucket', ['orders', 'outstanding_minor', 'od7_minor', 'od30_minor']);
  await expectSummed(t.db, 'stat_roll_all', 'stat_roll', 'merchant_id, from_date, from_bucket, to_bucket', ['orders']);
  await expectSummed(t.db, 'stat_loan_segment_nr', 'stat_loan_segment', 'merchant_id, payout_date, "returning", count_band, amount_band',
    ['loans', 'amount_minor', 'matured_1', 'unpaid_1', 'matured_7', 'unpaid_7', 'matured_30', 'unpaid_30']);
  await expectSummed(t.db, 'stat_vintage_all', 'stat_vintage', 'merchant_id, payout_date', VINTAGE_SUMS);
  return want;
}

describe('portfolio facts', () => {
  it('a full rebuild equals the day-by-day recomputation, over every market', async () => {
    await rebuildStatistics(t.app.deps);
    const want = await expectFactsTrue();
    // The demo gives every fact something to say.
    expect(new Set([...want.snapshot.keys()].map((k) => k.split('|').at(-1))).size).toBe(7);
    expect([...want.roll.keys()].some((k) => k.endsWith('|7'))).toBe(true);
    expect([...want.vintage.values()].some((v) => v.od30_at_60)).toBe(true);
    expect(new Set([...want.segment.keys()].map((k) => k.split('|').slice(-2).join()))).not.toHaveProperty('size', 1);
  }, 600_000);

  it('a rebuild from a date recomputes from it and keeps what is before', async () => {
    const [{ d }] = await q("select to_char(max(snapshot_date) - 20, 'YYYY-MM-DD') as d from stat_overdue_snapshot");
    await t.db.execute(sql`update stat_overdue_snapshot set orders = orders + 5 where snapshot_date >= ${d as string}::date`);
    await t.db.execute(sql`delete from stat_vintage where payout_date >= ${d as string}::date - 90`);
    await rebuildStatistics(t.app.deps, { from: d as string });
    await expectFactsTrue();
  }, 600_000);

  it("the minute refresh takes in today's payout, settlement, principal repayment and extension", async () => {
    const now = t.app.deps.clock.now();
    const open = await q(`select o.id, o.merchant_id, o.customer_id, o.currency, o.due_date, o.loan_amount_minor from loan_order o
      where o.status = 'repaying' and o.extension_count = 0 order by o.id limit 3`);
    expect(open).toHaveLength(3);
    const [settle, repay, extend] = open;
    await t.db.execute(sql`update loan_order set status = 'settled', settled = true, settled_at = ${now.toISOString()}::timestamptz where id = ${num(settle.id)}`);
    await t.db.execute(sql`insert into repayment (serial_no, order_id, merchant_id, currency, type, status, requested_minor, success_minor, principal_minor, paid_at)
      values ('PF-TEST-1', ${num(repay.id)}, ${num(repay.merchant_id)}, ${String(repay.currency)}, 'manual', 'success', 1000, 1000, 1000, ${now.toISOString()}::timestamptz)`);
    const end = addDays(day(extend.due_date), 7);
    await t.db.execute(sql`insert into extension (application_no, order_id, merchant_id, customer_id, status, fee_type, fee_setting, time_type, days, overpayment, start_date, end_date, paid_at)
      values ('EX-PF-TEST-1', ${num(extend.id)}, ${num(extend.merchant_id)}, ${num(extend.customer_id)}, 'success', 'fixed', 0, 'due_date', 7, 'credit',
        ${day(extend.due_date)}::date, ${end}::date, ${now.toISOString()}::timestamptz)`);
    await t.db.execute(sql`update loan_order set due_date = ${end}::date, extension_count = 1, status = 'extended' where id = ${num(extend.id)}`);
    // A loan paid out now: today's vintage (and its roll-up row) and segment are written by the refresh.
    const [payout] = await q(`select o.id, m.market from loan_order o join merchant m on m.id = o.merchant_id
      where o.success_at is null and o.loan_amount_minor > 0 and o.loan_days > 0 order by o.id limit 1`);
    expect(payout).toBeDefined();
    const payoutTz = marketTimeZone(payout.market as Market);
    await t.db.execute(sql`update loan_order set status = 'repaying', success_at = ${now.toISOString()}::timestamptz,
      due_date = (${now.toISOString()}::timestamptz at time zone ${payoutTz})::date + loan_days where id = ${num(payout.id)}`);
    // A snapshot row out of truth today: the refresh repairs it.
    await t.db.execute(sql`update stat_overdue_snapshot set orders = orders + 3 where snapshot_date = (select max(snapshot_date) from stat_overdue_snapshot)`);
    const res = await refreshStatistics(t.app.deps);
    expect(res.merchants.every((m) => !m.rebuilt)).toBe(true);
    await expectFactsTrue();
  }, 600_000);
});

describe('portfolio routes', () => {
  const range = async () => {
    const [r] = await q("select to_char(max(snapshot_date) - 89, 'YYYY-MM-DD') as a, to_char(max(snapshot_date), 'YYYY-MM-DD') as b from stat_overdue_snapshot");
    return { date_from: r.a as string, date_to: r.b as string };
  };
  const REPORTS = ['OverdueAnals', 'vintage', 'rollRate', 'par', 'userLoanAnalysis', 'businessAnalysis'];

  it('refuses an account without the page', async () => {
    const reviewer = await t.login('reviewer1');
    for (const id of REPORTS) expect((await t.get(reviewer, `/loanapi/statistics/${id}`, await range())).code, id).toBe(40300);
  });

  it('reads the roll-ups only when no product, channel or customer type is asked for, with the same figures', async () => {
    const admin = await t.login('admin');
    const r = await range();
    // Every count of the whole equals the sum of its new and returning halves (those read the full tables).
    const halves = async (id: string) => {
      const [all, fresh, back] = await Promise.all([{}, { customer_type: 'new' }, { customer_type: 'returning' }]
        .map(async (f) => (await t.get(admin, `/loanapi/statistics/${id}`, { ...r, ...f })).data.totals as Record<string, number>));
      return { all, sum: Object.fromEntries(Object.keys(all).filter((k) => Number.isInteger(all[k])).map((k) => [k, fresh[k] + back[k]])) };
    };
    for (const id of ['OverdueAnals', 'rollRate', 'par']) {
      const { all, sum } = await halves(id);
      expect(Object.keys(sum).length, id).toBeGreaterThan(0);
      for (const [k, v] of Object.entries(sum)) expect(all[k], `${id} ${k}`).toBe(v);
      expect(all.outstanding ?? all.orders, id).toBeGreaterThan(0);
    }
    // repaymentCombined's roll-up keeps new and returning: the customer type does not send it to the full table, and
    // its halves are the full table's.
    const sides = async (f: Record<string, string>) => (await t.get(admin, '/loanapi/statistics/repaymentCombined', { ...r, ...f })).data.totals as Record<string, number>;
    const [full] = await q(`select coalesce(sum(orders) filter (where "returning"), 0) as ret, coalesce(sum(orders) filter (where not "returning"), 0) as fresh
      from stat_repay_cohort where due_date between '${r.date_from}' and '${r.date_to}'`);
    expect(num(full.ret)).toBeGreaterThan(0);
    expect(await sides({})).toMatchObject({ returning_orders: num(full.ret), new_orders: num(full.fresh) });
    await t.db.execute(sql`update stat_repay_due set orders = orders + 1000 where "returning"`);
    try {
      expect((await sides({ customer_type: 'returning' })).returning_orders).toBeGreaterThan(num(full.ret));
      expect((await sides({ product_id: '1' })).returning_orders).toBeLessThanOrEqual(num(full.ret));
    } finally {
      await t.db.execute(sql`update stat_repay_due set orders = orders - 1000 where "returning"`);
    }
    // userLoanAnalysis reads its roll-up unless a product or channel is asked for; the customer type keeps it there.
    const segments = async (f: Record<string, string>) => (await t.get(admin, '/loanapi/statistics/userLoanAnalysis', { ...r, ...f })).data.totals as Record<string, number>;
    const [seg] = await q(`select coalesce(sum(loans), 0) as all, coalesce(sum(loans) filter (where "returning"), 0) as ret
      from stat_loan_segment where payout_date between '${r.date_from}' and '${r.date_to}'`);
    expect(num(seg.all)).toBeGreaterThan(0);
    expect((await segments({})).loans).toBe(num(seg.all));
    await t.db.execute(sql`update stat_loan_segment_nr set loans = loans + 1000 where "returning"`);
    try {
      expect((await segments({ customer_type: 'returning' })).loans).toBeGreaterThan(num(seg.ret));
      expect((await segments({ product_id: '1' })).loans).toBeLessThanOrEqual(num(seg.all));
    } finally {
      await t.db.execute(sql`update stat_loan_segment_nr set loans = loans - 1000 where "returning"`);
    }
    // vintage reads its roll-up by week (its default), month, date and merchant; a product, channel or customer type
    // reads the full table. Same figures, every measure, until the roll-up is put out of truth.
    const vintage = async (f: Record<string, string>) => (await t.get(admin, '/loanapi/statistics/vintage', { ...r, ...f })).data.totals as Record<string, number>;
    const [vin] = await q(`select ${VINTAGE_SUMS.map((c) => `coalesce(sum(${c}), 0) as ${c}`).join(', ')}
      from stat_vintage where payout_date between '${r.date_from}' and '${r.date_to}'`);
    expect(num(vin.loans)).toBeGreaterThan(0);
    expect(num(vin.reached_30)).toBeGreaterThan(0);
    const rollupViews: Record<string, string>[] = [{}, { group_by: 'week' }, { group_by: 'month' }, { group_by: 'date' }, { group_by: 'merchant' }];
    const tableViews: Record<string, string>[] = [{ group_by: 'product' }, { group_by: 'channel' }, { group_by: 'customer_type' }];
    const tableFilters: Record<string, string>[] = [{ product_id: '1' }, { channel_id: '1' }, { customer_type: 'new' }];
    for (const f of [...rollupViews, ...tableViews]) {
      const got = await vintage(f);
      for (const c of VINTAGE_SUMS) expect(got[c === 'amount_minor' ? 'amount' : c], `${JSON.stringify(f)} ${c}`).toBe(num(vin[c]));
    }
    await t.db.execute(sql`update stat_vintage_all set loans = loans + 1000`);
    try {
      for (const f of rollupViews) expect((await vintage(f)).loans, JSON.stringify(f)).toBeGreaterThan(num(vin.loans));
      for (const f of tableViews) expect((await vintage(f)).loans, JSON.stringify(f)).toBe(num(vin.loans));
      for (const f of tableFilters) expect((await vintage(f)).loans, JSON.stringify(f)).toBeLessThanOrEqual(num(vin.loans));
    } finally {
      await t.db.execute(sql`update stat_vintage_all set loans = loans - 1000`);
    }
    // A roll-up out of truth shows where it is read (and only there).
    await t.db.execute(sql`update stat_roll_all set orders = orders + 1000`);
    try {
      const { all, sum } = await halves('rollRate');
      expect(all.orders).toBeGreaterThan(sum.orders);
    } finally {
      await t.db.execute(sql`update stat_roll_all set orders = orders - 1000`);
    }
  });

  it('answers totals equal to the fact tables and rates of the totals', async () => {
    const admin = await t.login('admin');
    const r = await range();
    const sum = async (table: string, dateCol: string, expr: string) =>
      num((await q(`select ${expr} as v from ${table} where ${dateCol} between '${r.date_from}' and '${r.date_to}'`))[0].v);

    const book = await t.get(admin, '/loanapi/statistics/OverdueAnals', r);
    expect(book.code).toBe(20000);
    expect(book.data.totals.orders).toBe(await sum('stat_overdue_snapshot', 'snapshot_date', 'sum(orders)'));
    expect(book.data.totals.orders_b6).toBe(await sum('stat_overdue_snapshot', 'snapshot_date', 'sum(orders) filter (where bucket = 6)'));
    const byBucket = await t.get(admin, '/loanapi/statistics/OverdueAnals', { ...r, group_by: 'bucket' });
    expect(byBucket.data.rows.map((x: { key: string; label: string }) => [x.key, x.label])).toEqual(
      [['0', '0'], ['1', '1–3'], ['2', '4–7'], ['3', '8–15'], ['4', '16–30'], ['5', '31–60'], ['6', '61+']]);

    const par = await t.get(admin, '/loanapi/statistics/par', r);
    const outstanding = await sum('stat_overdue_snapshot', 'snapshot_date', 'sum(outstanding_minor)');
    expect(par.data.totals.outstanding).toBe(outstanding);
    expect(par.data.totals.par7).toBeCloseTo((await sum('stat_overdue_snapshot', 'snapshot_date', 'sum(od7_minor)')) / outstanding, 12);
    expect(par.data.totals.par1).toBeGreaterThanOrEqual(par.data.totals.par7);
    expect(par.data.totals.par7).toBeGreaterThanOrEqual(par.data.totals.par30);

    const roll = await t.get(admin, '/loanapi/statistics/rollRate', r);
    expect(roll.data.group_by).toBe('bucket');
    for (const row of roll.data.rows as Array<{ values: Record<string, number> }>) {
      const shares = [0, 1, 2, 3, 4, 5, 6, 7].reduce((a, b) => a + row.values[`rate_${b}`], 0);
      expect(shares).toBeCloseTo(1, 12);
    }

    const vintage = await t.get(admin, '/loanapi/statistics/vintage', r);
    expect(vintage.data.group_by).toBe('week');
    expect(vintage.data.totals.loans).toBe(await sum('stat_vintage', 'payout_date', 'sum(loans)'));
    expect(vintage.data.totals.rate30_60).toBeCloseTo(vintage.data.totals.od30_at_60 / vintage.data.totals.reached_60, 12);

    const seg = await t.get(admin, '/loanapi/statistics/userLoanAnalysis', r);
    expect(seg.data.group_by).toBe('segment');
    expect(seg.data.totals.loans).toBe(await sum('stat_loan_segment', 'payout_date', 'sum(loans)'));
    expect(seg.data.rows.every((x: { key: string }) => /^(new|returning):[1-4]:[1-4]$/.test(x.key))).toBe(true);

    const biz = await t.get(admin, '/loanapi/statistics/businessAnalysis', { ...r, group_by: 'week', sort: 'disbursed:desc' });
    expect(biz.code).toBe(20000);
    expect(biz.data.totals.disbursed).toBe(await sum('stat_daily', 'business_date', 'sum(disbursed)'));
    expect(biz.data.totals.at_risk_7).toBe(await sum('stat_overdue_snapshot', 'snapshot_date', 'sum(od7_minor)'));
    expect(biz.data.totals.approval_rate).toBeCloseTo(biz.data.totals.disbursed / biz.data.totals.decided, 12);
    const disbursed = (biz.data.rows as Array<{ values: { disbursed: number } }>).map((x) => x.values.disbursed);
    expect(disbursed).toEqual([...disbursed].sort((a, b) => b - a));
  });

  it('scopes a merchant operator to its merchants', async () => {
    const [{ ids }] = await t.db.select({ ids: adminAccount.merchantIds }).from(adminAccount).where(eq(adminAccount.account, 'merchant'));
    const r = await range();
    const op = await t.login('merchant');
    const admin = await t.login('admin');
    for (const id of REPORTS) {
      const own = await t.get(op, `/loanapi/statistics/${id}`, { ...r, group_by: 'merchant' });
      const all = await t.get(admin, `/loanapi/statistics/${id}`, { ...r, group_by: 'merchant' });
      if (id === 'rollRate') {
        expect(own.data.group_by).toBe('bucket');
        expect(own.data.totals.orders).toBeLessThan(all.data.totals.orders);
        continue;
      }
      expect(own.data.rows.length, id).toBeGreaterThan(0);
      expect(own.data.rows.every((x: { key: string }) => ids.includes(Number(x.key))), id).toBe(true);
      expect(all.data.rows.length, id).toBeGreaterThan(own.data.rows.length);
    }
  });
});
