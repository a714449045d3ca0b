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
