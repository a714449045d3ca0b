import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { rowsOf } from '../../db/rows';
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
}, 120_000);
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

  it('sorts by a measure', async () => {
    const res = await t.get(await t.login('admin'), '/loanapi/statistics/financialSummary', { ...range, sort: 'net_cash:desc' });
    const net = (res.data.rows as Array<{ values: { net_cash: number } }>).map((r) => r.values.net_cash);
    expect(net.length).toBeGreaterThan(1);
    expect(net).toEqual([...net].sort((a, b) => b - a));
  });
});
