import { expect, test, type Page } from '@playwright/test';
import { PASSWORD } from './support';

/** Signs in by keyboard only (the login page is in English here), then switches the stored language to Arabic. */
async function signInArabic(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('Your login account').fill('admin');
  await page.getByPlaceholder('Your password').fill(PASSWORD);
  await page.keyboard.press('Enter', { delay: 50 });
  await expect(page).toHaveURL(/\/dashboard/);
  // The language menu stores this key and reloads; a key press on it is covered by the shell's own spec.
  await page.evaluate(() => localStorage.setItem('language', 'ArEg'));
}

/** A demo customer with a gender, read through the API in English (the stored value and its English label). */
async function customerWithGender(page: Page): Promise<{ id: number; gender: string }> {
  return page.evaluate(async () => {
    const tk = document.cookie.match(/Admin-Token=([^;]+)/)?.[1] ?? '';
    const headers = { 'x-api-token': tk, 'lang-code': '100' };
    const list = await (await fetch('/loanapi/customer/all_list?size=20', { headers })).json();
    const row = list.data.rows.find((r: { gender: string }) => r.gender === '1' || r.gender === '2');
    return { id: row.customer_id ?? row.id, gender: row.gender };
  });
}

test('Arabic: dictionary values and date filters are in Arabic', async ({ page }) => {
  await signInArabic(page);
  const c = await customerWithGender(page);

  // Gender comes from the `gender` dictionary: the customer detail shows its Arabic label, never the English one.
  await page.goto(`/example/orderDetails?client=${c.id}&name=X`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const user = page.getByTestId('section-user');
  await expect(user.getByText(c.gender === '1' ? 'ذكر' : 'أنثى', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(user.getByText(/^(Male|Female)$/)).toHaveCount(0);

  await page.goto('/client/clientUser');
  // The date filter reads and shows dd/mm/yyyy (with right-to-left marks), not mm/dd/yyyy.
  const from = page.locator('input[data-pattern]').first();
  await expect(from).toHaveAttribute('data-pattern', /^DD.?\/MM.?\/YYYY$/);
  await from.focus();
  await page.keyboard.type('25/12/2025', { delay: 50 });
  await page.keyboard.press('Escape', { delay: 50 });
  await page.keyboard.press('Tab', { delay: 50 });
  const shown = (await from.inputValue()).replace(/[\u200e\u200f]/g, '');
  // 25/12/2025 typed day first: read as 25 December (mm/dd would refuse month 25), shown back day first.
  expect(shown).toBe('25/12/2025');
  await expect(page.locator('input[type="hidden"][name="created_from"]')).toHaveValue('2025-12-25');
});
