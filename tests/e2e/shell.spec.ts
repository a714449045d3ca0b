import { expect, test } from '@playwright/test';
import { palette, signIn } from './support';

test('an unknown visitor is sent to sign in, with the wanted page kept', async ({ page }) => {
  await page.goto('/empower/user');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fempower%2Fuser/);
  await page.getByPlaceholder('Your login account').fill('admin');
  await page.getByPlaceholder('Your password').fill('Demo@2026');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/empower\/user/);
});

test('a wrong password says so and keeps the form', async ({ page }) => {
  await page.goto('/login');
  await page.getByPlaceholder('Your login account').fill('admin');
  await page.getByPlaceholder('Your password').fill('not-it');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-error')).toContainText('Wrong account or password');
  await expect(page.getByPlaceholder('Your login account')).toHaveValue('admin');
});

test('navigate by sidebar, by palette and by hotkey', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveTitle(/Dashboard/);

  await page.getByTestId('nav-group-empower').click();
  await page.getByTestId('nav-empower.user').click();
  await expect(page).toHaveURL(/\/empower\/user$/);
  await expect(page.getByText('Accounts').first()).toBeVisible();

  await palette(page, 'Dictionary');
  await expect(page).toHaveURL(/\/system\/dict$/);

  // Hotkeys are off while a dialog is open or a field has focus: wait for the palette to close, then leave the field
  // without clicking (a click could land on a sidebar link).
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Alt+h');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.keyboard.press('Alt+u');
  await expect(page).toHaveURL(/\/empower\/user$/);
});

test('the top-bar function search jumps to a screen and finds nothing for empty input', async ({ page }) => {
  await signIn(page, 'admin');
  const search = page.getByTestId('function-search');
  await search.click();
  await expect(page.getByRole('option')).toHaveCount(0);
  await search.fill('Roles');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/empower\/role$/);
});

test('switching to Arabic lays the console out right to left', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: /العربية/ }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', /ar/);
  await expect(page.getByText('لوحة التحكم').first()).toBeVisible();
});

test('an account without the permission neither sees the screen nor can call its route', async ({ page }) => {
  await signIn(page, 'reviewer1');
  await expect(page.getByTestId('nav-group-empower')).toHaveCount(0);
  await page.goto('/empower/user');
  await expect(page).toHaveURL(/\/404/);
  const status = await page.evaluate(async () => {
    const token = document.cookie.match(/Admin-Token=([^;]+)/)?.[1] ?? '';
    const res = await fetch('/loanapi/admin_account/list', { headers: { 'x-api-token': token } });
    return (await res.json()).code;
  });
  expect(status).toBe(40300);
});

test('an administrator forcing a user out gives that user the go-to-login dialog', async ({ page, browser }) => {
  await signIn(page, 'supervisor');
  const admin = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await signIn(admin, 'admin');
  const token = await admin.evaluate(() => document.cookie.match(/Admin-Token=([^;]+)/)?.[1] ?? '');
  const result = await admin.evaluate(async (t) => {
    const list = await (await fetch('/loanapi/admin_account/list?keyword=supervisor', { headers: { 'x-api-token': t } })).json();
    const id = list.data.rows.find((r: { account: string }) => r.account === 'supervisor').id;
    const res = await fetch('/loanapi/admin_account/forced_login_out', {
      method: 'POST', headers: { 'x-api-token': t, 'content-type': 'application/json' }, body: JSON.stringify({ ids: [id] }),
    });
    return (await res.json()).code;
  }, token);
  expect(result).toBe(20000);
  await page.getByTestId('nav-group-log').click();
  await page.getByTestId('nav-log.admin_login').click();
  // The log screen's grid chunk and first request can take a while on a loaded machine before the 412 arrives.
  await expect(page.getByRole('dialog')).toBeVisible({ timeout: 20_000 });
});
