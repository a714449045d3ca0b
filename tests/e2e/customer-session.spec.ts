import { expect, test, type Page } from '@playwright/test';
import { apiGet, signIn } from './support';

/**
 * Customer sessions (docs/customerSession.md): the main merchant's operator opens /log/customer_login and
 * /log/customer_operate (demo rows), then forces a borrower out of the app from the sessions tab (select, shift+L,
 * confirm) — in English and in Arabic (right to left).
 */
async function useLanguage(page: Page, lang: 'en' | 'ArEg'): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
  await page.reload();
}

for (const lang of ['en', 'ArEg'] as const) {
  test(`borrower logs and force logout (${lang})`, async ({ page }) => {
    await signIn(page, 'merchant');
    await useLanguage(page, lang);
    if (lang === 'ArEg') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    await page.goto('/log/customer_operate');
    await expect(page.getByTestId('customer-operate-screen')).toBeVisible();
    const ops = await apiGet(page, '/loanapi/customer_session/operate_list');
    expect(ops.rows.length).toBeGreaterThan(0);
    await expect(page.getByTestId('record-table').locator('tbody tr')).toHaveCount(ops.rows.length);

    await page.goto('/log/customer_login');
    const screen = page.getByTestId('customer-login-screen');
    await expect(screen).toBeVisible();
    const logins = await apiGet(page, '/loanapi/customer_session/login_list');
    expect(logins.rows.length).toBeGreaterThan(0);
    await expect(screen.getByTestId('record-table').locator('tbody tr').first()).toBeVisible();

    // Sessions tab: pick the first live session and end it with shift+L, confirming the dialog.
    await screen.getByTestId('tab-sessions').click();
    const before = await apiGet(page, '/loanapi/customer_session/session_list');
    expect(before.rows.length).toBeGreaterThan(0);
    const target = before.rows[0];
    // A plain click on the row selects it alone and leaves the keys to the screen.
    await screen.locator('tbody tr', { has: page.getByRole('checkbox', { name: `select ${target.id}` }) }).locator('td').nth(2).click();
    await expect(screen.getByRole('checkbox', { name: `select ${target.id}` })).toBeChecked();
    await page.keyboard.press('Shift+L');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button').filter({ hasText: lang === 'en' ? 'Confirm' : /./ }).last().click();
    await expect(screen.getByRole('checkbox', { name: `select ${target.id}` })).toHaveCount(0);

    const after = await apiGet(page, `/loanapi/customer_session/session_list?live=0&customer_id=${target.customer_id}`);
    expect(after.rows.find((r: { id: number }) => r.id === target.id).ended_reason).toBe('forced');
  });
}
