import { desc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { CURRENCY_EXPONENT } from '../../../schemas/merchant';
import { rowsOf } from '../../db/rows';
import { adminAccount } from '../empower/empower.table';
import { exportJob } from '../export/export.table';
import { operationLog } from '../log/log.table';
import { marketZoneSql } from '../merchant/market';
import { rebuildStatistics } from './refresh';

/** Report exports (GET /loanapi/statistics/<report>?download_excel=1): header, rows, totals, permission and scoping. */
let t: TestApp;
let range = { date_from: '', date_to: '' };
const OK = 20000;

beforeAll(async () => {
  t = await createTestApp({ business: true });
  await rebuildStatistics(t.app.deps);
  const [r] = rowsOf<{ b: string }>(await t.db.execute(sql`select to_char(max(business_date), 'YYYY-MM-DD') as b from stat_daily`));
  range = { date_from: new Date(Date.parse(r.b) - 200 * 86_400_000).toISOString().slice(0, 10), date_to: r.b };
}, 400_000);
afterAll(async () => t?.close());

async function download(url: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** RFC 4180 lines (the report's cells have no quotes or line breaks inside). */
const csvLines = (buf: Buffer) => buf.toString('utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((l) => l.split(','));

/** Applications of the range counted from the orders themselves (creation date in each merchant's market zone). */
async function applications(ids?: number[]): Promise<number> {
  return Number(rowsOf<{ n: string }>(await t.db.execute(sql`select count(*) as n from loan_order o join merchant m on m.id = o.merchant_id
    where (o.created_at at time zone ${marketZoneSql(sql`m.market`)})::date between ${range.date_from}::date and ${range.date_to}::date
    ${ids ? sql`and o.merchant_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})` : sql``}`))[0].n);
}

describe('report export', () => {
  it('writes a CSV of the rows and a totals line, titled in English, counts as numbers', async () => {
    const admin = await t.login('admin');
    const res = await t.get(admin, '/loanapi/statistics/orderStatistics', { ...range, download_excel: 1, format: 'csv' });
    expect(res.code).toBe(OK);
    expect(res.data.status).toBe('done');
    const lines = csvLines(await download(res.data.file_url));
    expect(lines[0]).toEqual(['Business date', 'Applications', 'Rejected or closed in review', 'Disbursed', 'Settled', 'Became overdue']);
    const api = (await t.get(admin, '/loanapi/statistics/orderStatistics', range)).data;
    expect(lines).toHaveLength(api.rows.length + 2);
    expect(lines.slice(1, -1).map((l) => l[0])).toEqual(api.rows.map((r: { key: string }) => r.key));
    const total = lines.at(-1)!;
    expect(total[0]).toBe('Total');
    expect(Number(total[1])).toBe(await applications());
    expect(Number(total[1])).toBeGreaterThan(0);
    // Every day's applications add up to the totals line.
    expect(lines.slice(1, -1).reduce((n, l) => n + Number(l[1]), 0)).toBe(Number(total[1]));
    const [log] = await t.db.select().from(operationLog).where(eq(operationLog.action, 'export.start')).orderBy(desc(operationLog.id)).limit(1);
    expect(log.targetId).toBe(String(res.data.job_id));
  });

  it('writes money in major units with the currency, and rates as percentages, in XLSX and in Arabic', async () => {
    const [m] = rowsOf<{ id: number; currency: string }>(await t.db.execute(sql`select m.id, m.currency from merchant m
      join stat_repay_cohort c on c.merchant_id = m.id where m.currency = 'USD' or m.currency = 'EGP' group by m.id, m.currency order by sum(c.orders) desc limit 1`));
    const q = { ...range, merchant_id: m.id, group_by: 'merchant' };
    const admin = await t.login('admin');
    const res = await t.get(admin, '/loanapi/statistics/repaymentStatisticsRecord', { ...q, download_excel: '1' }, { 'lang-code': '400' });
    expect(res.code).toBe(OK);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await download(res.data.file_url) as never);
    const sheet = wb.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header[0]).toBe('التاجر');
    expect(header[1]).toBe('الطلبات المستحقة');
    expect(header[2]).toBe(`مبلغ العقد المستحق (${m.currency})`);
    const rateCol = header.indexOf('معدل السداد D (٪)');
    expect(rateCol).toBeGreaterThan(0);
    const api = (await t.get(admin, '/loanapi/statistics/repaymentStatisticsRecord', q)).data;
    expect(sheet.rowCount).toBe(3);
    const total = (sheet.getRow(3).values as unknown[]).slice(1);
    expect(total[0]).toBe('الإجمالي');
    expect(total[1]).toBe(api.totals.orders);
    expect(total[2]).toBeCloseTo(api.totals.amount / 10 ** CURRENCY_EXPONENT[m.currency], 6);
    // The rate from the exported numerator and denominator columns, as a percentage to two decimals.
    const settled0 = total[header.indexOf('مسدد حتى D')] as number;
    expect(settled0).toBe(api.totals.settled_0);
    expect(total[rateCol]).toBe(Math.round((settled0 / api.totals.orders) * 10_000) / 100);
  });

  it('refuses an account without the report page, and starts no job', async () => {
    const before = await t.db.select({ id: exportJob.id }).from(exportJob);
    const res = await t.get(await t.login('reviewer1'), '/loanapi/statistics/orderStatistics', { ...range, download_excel: 1 });
    expect(res.code).toBe(40300);
    expect(await t.db.select({ id: exportJob.id }).from(exportJob)).toHaveLength(before.length);
  });

  it("exports only the merchant operator's own merchants", async () => {
    const [a] = await t.db.select({ ids: adminAccount.merchantIds }).from(adminAccount).where(eq(adminAccount.account, 'merchant'));
    const res = await t.get(await t.login('merchant'), '/loanapi/statistics/orderStatistics', { ...range, group_by: 'merchant', download_excel: 1, format: 'csv' });
    expect(res.code).toBe(OK);
    const lines = csvLines(await download(res.data.file_url));
    expect(lines[0][0]).toBe('Merchant');
    const names = rowsOf<{ name: string }>(await t.db.execute(sql`select name from merchant where id in (${sql.join(a.ids.map((i) => sql`${i}`), sql`, `)})`)).map((r) => r.name);
    expect(lines.slice(1, -1).every((l) => names.includes(l[0]))).toBe(true);
    const own = await applications(a.ids);
    expect(Number(lines.at(-1)![1])).toBe(own);
    expect(own).toBeLessThan(await applications());
  });

  it('validates the export parameters like the report query', async () => {
    const admin = await t.login('admin');
    expect((await t.get(admin, '/loanapi/statistics/orderStatistics', { ...range, download_excel: 1, format: 'pdf' })).code).toBe(40000);
    expect((await t.get(admin, '/loanapi/statistics/orderStatistics', { date_from: range.date_to, date_to: range.date_from, download_excel: 1 })).code).toBe(40000);
  });
});
