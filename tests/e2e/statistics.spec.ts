import { expect, test, type Page } from '@playwright/test';
import { apiGet, signIn } from './support';

/**
 * The supervisor reads two reports, moves the range, switches chart / grid with g, drills from a figure down to the
 * orders behind it and exports — in English and in Arabic (chart mirrored, numbers in the locale's digits).
 */

interface Answer {
  rows: Array<{ key: string; values: Record<string, number> }>;
  totals: Record<string, number>;
}

/** The range the screen shows (its URL after a key moved it, else the last 30 days ending on the business date). */
async function shownRange(page: Page): Promise<{ date_from: string; date_to: string }> {
  const url = new URL(page.url());
  if (url.searchParams.get('date_from')) return { date_from: url.searchParams.get('date_from')!, date_to: url.searchParams.get('date_to')! };
  const clock = await apiGet(page, '/loanapi/system/clock');
  const to = clock.business_date as string;
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  return { date_from: from, date_to: to };
}

async function answer(page: Page, report: string, range: { date_from: string; date_to: string }): Promise<Answer> {
  return apiGet(page, `/loanapi/statistics/${report}?date_from=${range.date_from}&date_to=${range.date_to}&group_by=date`);
}


/**
 * Where to point at the totals of column `i` (reading order: 0 = the key column) in the canvas: the grid gives its
 * column widths in display order (mirrored right to left, where the key column is at the right end).
 */
async function totalsCell(page: Page, i: number, rtl: boolean): Promise<{ x: number; y: number }> {
  const grid = page.getByTestId('report-grid');
  const canvas = grid.getByTestId('data-grid-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const shown = (await grid.getAttribute('data-widths'))!.split(',').map(Number);
  const widths = rtl ? [...shown].reverse() : shown;
  const fromStart = widths.slice(0, i).reduce((a, w) => a + w, 0) + widths[i] / 2;
  return { x: rtl ? box.x + box.width - fromStart : box.x + fromStart, y: box.y + box.height - 12 };
}

/** The x of the chart's first and last category (the earliest and the latest date), by their labels. */
async function dateTicks(page: Page): Promise<{ count: number; earliest: number; latest: number }> {
  const ticks = await page.getByTestId('report-chart').locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')
    .evaluateAll((els) => els.map((t) => ({ text: t.textContent ?? '', x: t.getBoundingClientRect().x })));
  ticks.sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  return { count: ticks.length, earliest: ticks[0]?.x ?? 0, latest: ticks.at(-1)?.x ?? 0 };
}

/** Points at the totals of column `i` and answers the status line (row, column and figure as the grid draws them). */
async function totalsStatus(page: Page, i: number, rtl: boolean): Promise<string> {
  const at = await totalsCell(page, i, rtl);
  await page.mouse.move(1, 1);
  await page.mouse.move(at.x, at.y);
  const status = page.getByTestId('report-status');
  await expect(status).not.toHaveText('');
  return (await status.textContent()) ?? '';
}

async function run(page: Page, lang: 'en' | 'ar'): Promise<void> {
  const rtl = lang === 'ar';
  await signIn(page, 'supervisor');
  // The language menu stores this key (the login page stays in English for signIn's placeholders).
  if (rtl) await page.evaluate(() => localStorage.setItem('language', 'ArEg'));

  // ---- first report: applications, disbursements … per business date
  await page.goto('/statistics/orderStatistics');
  await expect(page.locator('html')).toHaveAttribute('dir', rtl ? 'rtl' : 'ltr');
  const screen = page.getByTestId('report-screen');
  await expect(screen).toHaveAttribute('data-report', 'orderStatistics');
  const chart = page.getByTestId('report-chart');
  await expect(chart).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('report-grid')).toBeVisible();

  // The chart runs from the reading start: in Arabic the earliest date is at the right.
  await expect.poll(async () => (await dateTicks(page)).count, { timeout: 10_000 }).toBeGreaterThan(1);
  const ticks = await dateTicks(page);
  if (rtl) expect(ticks.earliest).toBeGreaterThan(ticks.latest);
  else expect(ticks.earliest).toBeLessThan(ticks.latest);
  const yTicks = await chart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').allTextContents();
  expect(yTicks.join(' ')).toMatch(rtl ? /[٠-٩]/ : /\d/);
  if (rtl) expect(yTicks.join(' ')).not.toMatch(/[0-9]/);

  // The totals row shows the API's totals, in the locale's digits.
  const first = await shownRange(page);
  const data = await answer(page, 'orderStatistics', first);
  expect(data.totals.applied).toBeGreaterThan(0);
  const fmt = (n: number) => new Intl.NumberFormat(rtl ? 'ar-EG' : 'en-US').format(n);
  const words = rtl ? { total: 'الإجمالي', applied: 'الطلبات المقدمة' } : { total: 'Total', applied: 'Applications' };
  expect(await totalsStatus(page, 1, rtl)).toBe(`${words.total} · ${words.applied}: ${fmt(data.totals.applied)}`);

  // ---- [ moves to the previous 30 days
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('[');
  await expect(page).toHaveURL(/date_from=/);
  const earlier = await shownRange(page);
  expect(earlier.date_to < first.date_from).toBe(true);
  const older = await answer(page, 'orderStatistics', earlier);
  if (older.rows.length) {
    await expect.poll(() => totalsStatus(page, 1, rtl)).toBe(`${words.total} · ${words.applied}: ${fmt(older.totals.applied)}`);
  }
  else await expect(page.getByTestId('report-empty')).toBeVisible();

  // ---- g: grid only, then chart and grid again
  await page.keyboard.press(']');
  await expect(page).toHaveURL(new RegExp(`date_from=${first.date_from}`));
  await expect(chart).toBeVisible();
  await page.keyboard.press('g');
  await expect(screen).toHaveAttribute('data-view', 'table');
  await expect(chart).toHaveCount(0);
  await expect(page.getByTestId('report-grid')).toBeVisible();
  await page.keyboard.press('g');
  await expect(screen).toHaveAttribute('data-view', 'chart');
  await expect(chart).toBeVisible();

  // ---- second report (from the menu): repayment by due date, a rate's figures under the pointer
  await page.locator('a[href="/statistics/repaymentStatisticsRecord"]').first().click();
  await expect(page.getByTestId('report-screen')).toHaveAttribute('data-report', 'repaymentStatisticsRecord');
  await expect(page.getByTestId('report-grid')).toBeVisible({ timeout: 20_000 });
  // Columns: due date, orders due, contract amount, then the first rate (D-2): its numerator and denominator.
  expect(await totalsStatus(page, 3, rtl)).toMatch(rtl
    ? /^الإجمالي · معدل السداد D-2: \S+ \([٠-٩٬]+ من [٠-٩٬]+\)$/
    : /^Total · Repayment rate D-2: [\d.]+% \([\d,]+ of [\d,]+\)$/);

  // ---- drill down: back on the first report, the totals' applications open the all-orders list of the range
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/statistics/orderStatistics\\?.*date_from=${first.date_from}`));
  await expect(page.getByTestId('report-grid')).toBeVisible({ timeout: 20_000 });
  const applied = await totalsCell(page, 1, rtl);
  await page.mouse.click(applied.x, applied.y);
  await expect(page).toHaveURL(new RegExp(`/review/allOrder\\?created_from=${first.date_from}&created_to=${first.date_to}`));
  await expect(page.locator('[data-testid="data-grid"][data-screen="review.allOrder"]')).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('input[type="hidden"][name="created_from"]')).toHaveValue(first.date_from);

  // ---- e: export as CSV, with progress then the download link
  await page.goBack();
  await expect(page.getByTestId('report-grid')).toBeVisible({ timeout: 20_000 });
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('e');
  const popup = page.context().waitForEvent('page').catch(() => null);
  await page.locator('[data-format="csv"]').click();
  await expect(page.getByTestId('export-done')).toBeVisible({ timeout: 20_000 });
  await (await popup)?.close();
  const href = await page.getByTestId('export-done').locator('a').getAttribute('href');
  const file = await page.evaluate(async (u) => {
    const res = await fetch(u!);
    return { status: res.status, disposition: res.headers.get('content-disposition'), text: await res.text() };
  }, href);
  expect(file.status).toBe(200);
  expect(file.disposition).toContain('statistics.orderStatistics');
  const lines = file.text.replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines[0].split(',')[0]).toBe(rtl ? 'تاريخ العمل' : 'Business date');
  expect(lines.at(-1)!.split(',').slice(0, 2)).toEqual([rtl ? 'الإجمالي' : 'Total', String(data.totals.applied)]);

  await page.screenshot({ path: `/tmp/shots/e2e-statistics-${lang}.png`, fullPage: true });
}

// A long journey through lazily loaded chunks (chart, grid, the orders list).
test.describe.configure({ timeout: 180_000 });

test('statistics in English: two reports, range, chart / grid, drill-down, export', async ({ page }) => {
  await run(page, 'en');
});

test('statistics in Arabic: the chart mirrored and numbers in Arabic digits', async ({ page }) => {
  await run(page, 'ar');
});
