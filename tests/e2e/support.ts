import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Demo@2026';

/** Signs in through the login page (the e2e server runs with the captcha off) and waits for the dashboard. */
export async function signIn(page: Page, account: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('Your login account').fill(account);
  await page.getByPlaceholder('Your password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard/);
}

/** Opens the palette with the keyboard, types, and runs the first match with Enter. */
export async function palette(page: Page, text: string): Promise<void> {
  await page.keyboard.press('Control+k');
  const input = page.getByPlaceholder('Type a command or search…');
  await expect(input).toBeVisible();
  await input.fill(text);
  await page.keyboard.press('Enter');
}

/** GET from the API as the signed-in user (the token from the cookie, answers in English): what a screen should show. */
export async function apiGet(page: Page, path: string): Promise<any> {
  return page.evaluate(async (p) => {
    const tk = document.cookie.match(/Admin-Token=([^;]+)/)?.[1] ?? '';
    return (await (await fetch(p, { headers: { 'x-api-token': decodeURIComponent(tk), 'lang-code': '100' } })).json()).data;
  }, path);
}
