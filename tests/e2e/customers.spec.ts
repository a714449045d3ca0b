import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

/** The signed-in token (cookie), for asking the API what the grid should show. */
async function token(page: Page): Promise<string> {
  return page.evaluate(() => document.cookie.match(/Admin-Token=([^;]+)/)?.[1] ?? '');
}

async function apiGet(page: Page, path: string): Promise<any> {
  const t = await token(page);
  return page.evaluate(async ([p, tk]) => (await (await fetch(p, { headers: { 'x-api-token': tk } })).json()).data, [path, t] as const);
}

/** Clicks a cell of the canvas grid (row from 0, at an x offset from the grid's left edge that is not a link). */
async function clickCell(page: Page, row: number, x = 420): Promise<void> {
  const box = (await page.getByTestId('grid-canvas').boundingBox())!;
  await page.mouse.click(box.x + x, box.y + 32 + 30 * row + 15);
}

test('customer list: open by the palette, filter, move with the keyboard, open a customer, export', async ({ page, context }) => {
  await signIn(page, 'admin');

  // Open by the palette (Ctrl+K again until it shows: the shell binds its keys once it has loaded).
  const input = page.getByPlaceholder('Type a command or search…');
  await expect(async () => {
    await page.keyboard.press('Control+k');
    await expect(input).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await input.fill('Customer list');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/client\/clientUser$/);
  await expect(page.getByTestId('grid-canvas')).toBeVisible();
  const all = await page.getByTestId('grid-total').textContent();

  // Filter: whitelisted customers only (the filter lands in the URL and the grid reloads).
  await page.getByRole('combobox', { name: 'Whitelisted' }).click();
  await page.getByRole('option', { name: 'Yes' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/whitelisted=true/);
  await expect(page.getByTestId('grid-total')).not.toHaveText(all ?? '');
  const expected = await apiGet(page, '/loanapi/customer/all_list?whitelisted=1&size=500');
  expect(expected.rows.length).toBeGreaterThan(2);
  await expect(page.getByTestId('grid-total')).toContainText(String(expected.total));

  // Keyboard: a click puts the cursor on the first row; j moves down; the cursor row is the action's row.
  const setLabels = page.locator('[data-command="client.clientUser.setLabels"]');
  await clickCell(page, 0);
  await expect(setLabels).toBeEnabled();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/example/orderDetails\\?client=${expected.rows[2].id}&`));
  await page.goBack();
  await expect(page).toHaveURL(/\/client\/clientUser\?whitelisted=true/);
  await expect(page.getByTestId('grid-canvas')).toBeVisible();

  // End goes to the last row (read backwards from the end); Enter opens that customer.
  await clickCell(page, 0);
  await page.keyboard.press('End');
  const last = expected.rows[expected.rows.length - 1];
  // The last page arrives asynchronously: an Enter before it opens another row, so come back and try again.
  await expect.poll(async () => {
    await page.keyboard.press('Enter');
    const u = page.url();
    if (u.includes('/example/orderDetails') && !u.includes(`client=${last.id}&`)) {
      await page.goBack();
      await expect(page.getByTestId('grid-canvas')).toBeVisible();
      await clickCell(page, 0);
      await page.keyboard.press('End');
    }
    return u;
  }, { timeout: 20_000 }).toContain(`client=${last.id}&`);
  const url = new URL(page.url());
  expect(url.searchParams.get('name')).toBe(last.customer_name);
  expect(url.searchParams.get('phone')).toBe(last.phone);
  await page.goBack();
  await expect(page.getByTestId('grid-canvas')).toBeVisible();

  // Export: CSV of the filtered rows; the file opens in a new window (or downloads).
  const opened = context.waitForEvent('page', { timeout: 20_000 }).catch(() => null);
  await page.getByTestId('export-button').click();
  await page.locator('[data-format="csv"]').click();
  await expect(page.getByTestId('export')).toHaveAttribute('data-phase', 'done', { timeout: 20_000 });
  const link = await page.getByTestId('export-done').getByRole('link').getAttribute('href');
  expect(link).toMatch(/^\/loanapi\/export\/download\?id=\d+&exp=\d+&sig=/);
  const file = await page.request.get(link!);
  expect(file.status()).toBe(200);
  const lines = (await file.text()).replace(/^\uFEFF/, '').trim().split(/\r\n/);
  expect(lines.length).toBe(expected.total + 1);
  expect(lines[0]).toContain('Customer name');
  await (await opened)?.close();
});
