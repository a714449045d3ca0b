import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { REPORTS } from '../../../schemas/reports';
import { repaymentReports } from '../../../schemas/reports/repayment';
import { marketTimeZone, type Market } from '../../../schemas/merchant';
import { rowsOf } from '../../db/rows';
import { addDays, dateIn } from '../lifecycle/clock';
import { adminAccount } from '../empower/empower.table';
import { marketZoneSql } from '../merchant/market';
import { rebuildStatistics } from './refresh';

/** Permission, merchant scoping, totals and rates of /loanapi/statistics/<report> on the demo's business data. */
let t: TestApp;
let range = { date_from: '', date_to: '' };

beforeAll(async () => {
  t = await createTestApp({ business: true });
  await rebuildStatistics(t.app.deps);
  const [r] = rowsOf<{ a: string; b: string }>(await t.db.execute(sql`select to_char(min(business_date), 'YYYY-MM-DD') as a, to_char(max(business_date), 'YYYY-MM-DD') as b from stat_daily`));
  // Within the engine's longest range, ending on the last day with facts.
  const from = new Date(Math.max(Date.parse(r.a), Date.parse(r.b) - 300 * 86_400_000)).toISOString().slice(0, 10);
  range = { date_from: from, date_to: r.b };
}, 600_000);
afterAll(async () => t?.close());

async function accountMerchants(account: string): Promise<number[]> {
  const [a] = await t.db.select({ ids: adminAccount.merchantIds }).from(adminAccount).where(eq(adminAccount.account, account));
  return a.ids;
}

describe('statistics routes', () => {
  it('refuses an account without the report page', async () => {
    const res = await t.get(await t.login('reviewer1'), '/loanapi/statistics/orderStatistics', range);
    expect(res.code).toBe(40300);
  });

  it('refuses a reversed or too long range', async () => {
    const admin = await t.login('admin');
    expect((await t.get(admin, '/loanapi/statistics/orderStatistics', { date_from: '2026-02-02', date_to: '2026-02-01' })).code).toBe(40000);
    expect((await t.get(admin, '/loanapi/statistics/orderStatistics', { date_from: '2024-01-01', date_to: '2026-01-01' })).code).toBe(40000);
  });

  it('serves every merchant to admin and only its own to a merchant operator', async () => {
    const count = async (ids?: number[]) => Number(rowsOf<{ n: string }>(await t.db.execute(sql`select count(*) as n from loan_order o join merchant m on m.id = o.merchant_id
      where (o.created_at at time zone ${marketZoneSql(sql`m.market`)})::date between ${range.date_from}::date and ${range.date_to}::date
      ${ids ? sql`and o.merchant_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})` : sql``}`))[0].n);
    const admin = await t.get(await t.login('admin'), '/loanapi/statistics/orderStatistics', range);
    expect(admin.code).toBe(20000);
    expect(admin.data.totals.applied).toBe(await count());
    expect(admin.data.totals.applied).toBeGreaterThan(0);

    const ids = await accountMerchants('merchant');
    expect(ids.length).toBeGreaterThan(0);
    const own = await t.get(await t.login('merchant'), '/loanapi/statistics/orderStatistics', { ...range, group_by: 'merchant' });
    expect(own.data.totals.applied).toBe(await count(ids));
    expect(own.data.totals.applied).toBeLessThan(admin.data.totals.applied);
    expect(own.data.rows.every((r: { key: string }) => ids.includes(Number(r.key)))).toBe(true);
    // The money's currency: the operator's merchants share one; every merchant's together have several.
    const currencies = rowsOf<{ id: number; currency: string }>(await t.db.execute(sql`select id, currency from merchant`));
    expect(own.data.currency).toBe(currencies.find((m) => Number(m.id) === ids[0])!.currency);
    expect(new Set(currencies.map((m) => m.currency)).size).toBeGreaterThan(1);
    expect(admin.data.currency).toBeNull();
    const usd = currencies.find((m) => m.currency === 'USD');
    if (usd) expect((await t.get(await t.login('admin'), '/loanapi/statistics/orderStatistics', { ...range, merchant_id: usd.id })).data.currency).toBe('USD');
    // Asking for another merchant's id does not widen the scope.
    const other = (await t.db.execute(sql`select id from merchant order by id desc limit 1`));
    const otherId = Number(rowsOf<{ id: number }>(other)[0].id);
    if (!ids.includes(otherId)) {
      const res = await t.get(await t.login('merchant'), '/loanapi/statistics/orderStatistics', { ...range, merchant_id: otherId });
      expect(res.data.rows).toEqual([]);
    }
  });

  it('computes rates from summed numerators and denominators, rows and totals alike', async () => {
    const res = await t.get(await t.login('admin'), '/loanapi/statistics/repaymentStatisticsRecord', range);
    expect(res.code).toBe(20000);
    const { totals, rows } = res.data as { totals: Record<string, number>; rows: Array<{ values: Record<string, number> }> };
    expect(totals.orders).toBeGreaterThan(0);
    expect(totals.rate_0).toBeCloseTo(totals.settled_0 / totals.orders, 10);
    expect(totals.amount_rate_p30).toBeCloseTo(totals.settled_amount_p30 / totals.amount, 10);
    expect(rows.reduce((n, r) => n + r.values.orders, 0)).toBe(totals.orders);
    // Repaid by a later day includes those repaid by an earlier one.
    expect(totals.settled_m2).toBeLessThanOrEqual(totals.settled_0);
    expect(totals.settled_0).toBeLessThanOrEqual(totals.settled_p30);
  });

  it('reads the cohorts roll-up with the figures of the full table: the whole equals its new and returning halves', async () => {
    const admin = await t.login('admin');
    for (const id of ['repaymentStatisticsRecord', 'repaymentSummary']) {
      const [all, fresh, back] = await Promise.all([{}, { customer_type: 'new' }, { customer_type: 'returning' }]
        .map(async (f) => (await t.get(admin, `/loanapi/statistics/${id}`, { ...range, ...f })).data.totals as Record<string, number>));
      const counts = Object.keys(all).filter((k) => Number.isInteger(all[k]));
      expect(counts.length, id).toBeGreaterThan(3);
      expect(all.orders, id).toBeGreaterThan(0);
      for (const k of counts) expect(all[k], `${id} ${k}`).toBe(fresh[k] + back[k]);
    }
  });

  it('sorts by a measure', async () => {
    const res = await t.get(await t.login('admin'), '/loanapi/statistics/financialSummary', { ...range, sort: 'net_cash:desc' });
    const net = (res.data.rows as Array<{ values: { net_cash: number } }>).map((r) => r.values.net_cash);
    expect(net.length).toBeGreaterThan(1);
    expect(net).toEqual([...net].sort((a, b) => b - a));
  });
});

/** The repayment area's reports: permission, totals against their rows, merchant scoping, figures from the base tables. */
describe('repayment reports', () => {
  type Res = { rows: Array<{ key: string; values: Record<string, number> }>; totals: Record<string, number>; group_by: string };
  const num = async (query: ReturnType<typeof sql>) => Number(rowsOf<{ n: string }>(await t.db.execute(query))[0].n ?? 0);
  const zone = marketZoneSql(sql`m.market`);
  const ids = repaymentReports.map((r) => r.id);

  it('refuses accounts without the page, on every report', async () => {
    const sub = await t.login('submerchant');
    for (const id of ids) expect((await t.get(sub, `/loanapi/statistics/${id}`, range)).code, id).toBe(40300);
  });

  it('answers totals that are the sums of the rows, and rates of the totals, for every grouping', async () => {
    const admin = await t.login('admin');
    for (const id of ids) {
      for (const g of REPORTS[id].groupBys) {
        const res = await t.get<Res>(admin, `/loanapi/statistics/${id}`, { ...range, group_by: g });
        expect(res.code, `${id} ${g}`).toBe(20000);
        const { rows, totals } = res.data;
        for (const m of REPORTS[id].measures) {
          if (m.unit === 'rate') {
            const den = totals[m.denominator!];
            expect(totals[m.key], `${id} ${m.key}`).toBeCloseTo(den ? totals[m.numerator!] / den : 0, 10);
          } else {
            expect(rows.reduce((n, r) => n + r.values[m.key], 0), `${id} ${g} ${m.key}`).toBe(totals[m.key]);
          }
        }
      }
    }
  });

  it('scopes each report to the operator\'s merchants: its totals are the admin\'s rows of those merchants', async () => {
    const own = await accountMerchants('merchant');
    const [admin, op] = [await t.login('admin'), await t.login('merchant')];
    for (const id of ids.filter((i) => REPORTS[i].groupBys.includes('merchant'))) {
      const all = (await t.get<Res>(admin, `/loanapi/statistics/${id}`, { ...range, group_by: 'merchant' })).data;
      const mine = (await t.get<Res>(op, `/loanapi/statistics/${id}`, { ...range, group_by: 'merchant' })).data;
      expect(mine.rows.length, id).toBeGreaterThan(0);
      expect(mine.rows.every((r) => own.includes(Number(r.key))), id).toBe(true);
      expect(all.rows.length, id).toBeGreaterThan(mine.rows.length);
      const first = REPORTS[id].measures[0].key;
      expect(mine.totals[first], id).toBe(all.rows.filter((r) => own.includes(Number(r.key))).reduce((n, r) => n + r.values[first], 0));
    }
    // The last three days (date rows only): the operator sees its merchants' cohorts, fewer than the admin.
    const all = (await t.get<Res>(admin, '/loanapi/statistics/repaymentLastThreeDays', range)).data;
    const mine = (await t.get<Res>(op, '/loanapi/statistics/repaymentLastThreeDays', range)).data;
    expect(mine.totals.orders).toBeGreaterThan(0);
    expect(mine.totals.orders).toBeLessThan(all.totals.orders);
    expect((await t.get<Res>(op, '/loanapi/statistics/repaymentLastThreeDays', { ...range, merchant_id: own[0] })).data.totals.orders)
      .toBe(await num(sql`select count(*) as n from loan_order o join merchant m on m.id = o.merchant_id where o.merchant_id = ${own[0]}
        and o.success_at is not null and o.due_date - (${t.app.deps.clock.now().toISOString()}::timestamptz at time zone ${zone})::date between -1 and 1`));
  });

  it('financialStatistics counts the disbursed orders and the repayments of the period, per merchant by default', async () => {
    const res = (await t.get<Res>(await t.login('admin'), '/loanapi/statistics/financialStatistics', range)).data;
    expect(res.group_by).toBe('merchant');
    const local = (col: ReturnType<typeof sql>) => sql`(${col} at time zone ${zone})::date between ${range.date_from}::date and ${range.date_to}::date`;
    expect(res.totals.repayments).toBe(await num(sql`select count(*) as n from repayment p join loan_order o on o.id = p.order_id join merchant m on m.id = o.merchant_id
      where p.status = 'success' and p.type <> 'extension' and ${local(sql`p.paid_at`)}`));
    expect(res.totals.disbursed).toBe(await num(sql`select count(*) as n from loan_order o join merchant m on m.id = o.merchant_id where ${local(sql`o.success_at`)}`));
    expect(res.totals.money_in).toBe(await num(sql`select sum(p.principal_minor + p.interest_minor + p.fee_minor + p.penalty_minor) as n
      from repayment p join loan_order o on o.id = p.order_id join merchant m on m.id = o.merchant_id
      where p.status = 'success' and p.type <> 'extension' and ${local(sql`p.paid_at`)}`));
    expect(res.totals.repayments).toBeGreaterThan(0);
    expect(res.totals.net_cash).toBe(res.totals.money_in + res.totals.extension_fees - res.totals.paid_out);
  });

  it('repaymentSummary and repaymentCombined split the same cohorts: by month, and new beside returning', async () => {
    const admin = await t.login('admin');
    const due = sql`o.success_at is not null and o.due_date between ${range.date_from}::date and ${range.date_to}::date`;
    const summary = (await t.get<Res>(admin, '/loanapi/statistics/repaymentSummary', range)).data;
    expect(summary.group_by).toBe('month');
    expect(summary.rows.every((r) => r.key.endsWith('-01'))).toBe(true);
    expect(summary.totals.orders).toBe(await num(sql`select count(*) as n from loan_order o where ${due}`));
    expect(summary.totals.outstanding).toBe(await num(sql`select count(*) as n from loan_order o where ${due} and not o.settled`));
    expect(summary.totals.outstanding_amount).toBe(await num(sql`select sum(contract_amount_minor) as n from loan_order o where ${due} and not o.settled`));
    expect(summary.totals.outstanding).toBeGreaterThan(0);
    const combined = (await t.get<Res>(admin, '/loanapi/statistics/repaymentCombined', range)).data;
    expect(combined.totals.returning_orders).toBe(await num(sql`select count(*) as n from loan_order o where ${due} and o.is_returning`));
    expect(combined.totals.new_orders + combined.totals.returning_orders).toBe(summary.totals.orders);
    expect(combined.totals.new_ontime + combined.totals.returning_ontime).toBe(summary.totals.settled_0);
    expect(combined.totals.new_orders).toBeGreaterThan(0);
    expect(combined.totals.returning_orders).toBeGreaterThan(0);
  });

  it('repaymentReborrow counts the settlements of the period and the customers back within N days', async () => {
    const res = (await t.get<Res>(await t.login('admin'), '/loanapi/statistics/repaymentReborrow', range)).data;
    const settledIn = sql`o.settled and (o.settled_at at time zone ${zone})::date between ${range.date_from}::date and ${range.date_to}::date`;
    expect(res.totals.settled).toBe(await num(sql`select count(*) as n from loan_order o join merchant m on m.id = o.merchant_id where ${settledIn}`));
    expect(res.totals.reborrow_7).toBe(await num(sql`select count(*) as n from loan_order o join merchant m on m.id = o.merchant_id where ${settledIn}
      and exists (select 1 from loan_order n where n.customer_id = o.customer_id and n.id <> o.id and n.created_at >= o.settled_at
        and (n.created_at at time zone ${zone})::date <= (o.settled_at at time zone ${zone})::date + 7)`));
    expect(res.totals.reborrow_1).toBeLessThanOrEqual(res.totals.reborrow_7);
    expect(res.totals.reborrow_7).toBeLessThanOrEqual(res.totals.reborrow_30);
    expect(res.totals.reborrow_30).toBeLessThan(res.totals.settled);
    expect(res.totals.reborrow_1).toBeGreaterThan(0);
  });

  it('the last three days are the cohorts due yesterday, today and tomorrow of each market, whatever the range', async () => {
    const res = (await t.get<Res>(await t.login('admin'), '/loanapi/statistics/repaymentLastThreeDays', { date_from: '2020-01-01', date_to: '2020-01-02' })).data;
    // Recomputed here: each merchant's business date by Intl in its market's zone, its disbursed orders due within a day.
    const now = t.app.deps.clock.now();
    const want = new Map<string, { orders: number; repaid: number; amount: number }>();
    for (const o of rowsOf<Record<string, unknown>>(await t.db.execute(sql`select o.due_date::text as due, o.settled, o.contract_amount_minor, m.market
      from loan_order o join merchant m on m.id = o.merchant_id where o.success_at is not null and o.due_date is not null`))) {
      const today = dateIn(now, marketTimeZone(o.market as Market));
      if (![addDays(today, -1), today, addDays(today, 1)].includes(o.due as string)) continue;
      const w = want.get(o.due as string) ?? { orders: 0, repaid: 0, amount: 0 };
      w.orders += 1;
      w.repaid += o.settled ? 1 : 0;
      w.amount += Number(o.contract_amount_minor);
      want.set(o.due as string, w);
    }
    expect(res.rows.map((r) => [r.key, { orders: r.values.orders, repaid: r.values.repaid, amount: r.values.amount }]))
      .toEqual([...want].sort(([a], [b]) => (a < b ? -1 : 1)));
    expect(res.rows.length).toBeGreaterThanOrEqual(3);
    expect(res.totals.rate).toBeCloseTo(res.totals.repaid / res.totals.orders, 10);
  });
});
