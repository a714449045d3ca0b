import { expect, test } from '@playwright/test';
import { apiGet, signIn } from './support';

/**
 * Content (docs/content.md): the main merchant's operator opens the banner and App screens from their routes and sees
 * the demo content; the list API answers the same rows.
 */
test('merchant operator sees banners, versions, help and messages', async ({ page }) => {
  await signIn(page, 'merchant');
  await page.goto('/merchant/banner');
  await expect(page.getByTestId('banner-screen')).toBeVisible();
  await expect(page.getByTestId('banner-upload')).toBeVisible();
  const banners = await apiGet(page, '/loanapi/content/banner/list');
  expect(banners.rows.length).toBeGreaterThanOrEqual(3);
  for (const [route, id] of [['/AppConfig/App_Update', 'app-update-screen'], ['/AppConfig/App_Help', 'app-help-screen'], ['/AppConfig/App_Message', 'app-message-screen']]) {
    await page.goto(route);
    await expect(page.getByTestId(id)).toBeVisible();
  }
});
