import { expect, test } from '@playwright/test';
import { signIn } from './support';

/**
 * Issue 16, console logs: an error thrown in the console is reported by the console itself (src/app/errorReporting.ts)
 * and the administrator finds it on /log/vue_and_query_log, with its stack in the row's details.
 */
test('a console error is reported and listed on the console-errors screen', async ({ page }) => {
  await signIn(page, 'admin');
  const marker = `E2E boom ${Date.now()}`;
  const reported = page.waitForResponse((r) => r.url().endsWith('/loanapi/log/client_error') && r.request().method() === 'POST');
  await page.evaluate((m) => {
    setTimeout(() => { throw new Error(m); }, 0);
  }, marker);
  expect((await reported).status()).toBe(200);

  await page.goto('/log/vue_and_query_log');
  const screen = page.getByTestId('client-error-screen');
  await expect(screen).toBeVisible();
  await expect(screen.getByText(`Error: ${marker}`)).toBeVisible();

  await screen.getByRole('button', { name: 'View' }).first().click();
  const detail = page.getByTestId('client-error-detail');
  // The message, the stack (its own block) and the browser.
  await expect(detail.getByText(`Uncaught Error: ${marker}`)).toBeVisible();
  await expect(detail.locator('pre', { hasText: marker })).toBeVisible();
  await expect(detail.getByText(/Chrom/).first()).toBeVisible();
});
