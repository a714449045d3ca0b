import { expect, test } from '@playwright/test';
import { apiGet, signIn } from './support';

/**
 * Issue 16, system settings and quick replies: the administrator opens /system config, sees the GPS range changed in
 * the demo (300 m), opens it with Enter, types a word (refused, in English, nothing written) then 650 (saved, in the
 * history). The secrets show no value. The quick-reply screen lists the demo replies.
 */
test('system settings: edit the GPS range with validation, see the history', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/system/config');
  await expect(page.getByTestId('config-screen')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'gps_range_meters' });
  await expect(row).toContainText('300');
  await row.click();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  const input = page.getByRole('dialog').getByLabel('GPS range (meters)');
  await input.fill('far');
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog')).toContainText('Enter a whole number');
  expect((await apiGet(page, '/loanapi/config/list')).find((s: { key: string }) => s.key === 'gps_range_meters').value).toBe(300);

  await input.fill('650');
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(row).toContainText('650');
  const settings = await apiGet(page, '/loanapi/config/list');
  expect(settings.find((s: { key: string }) => s.key === 'gps_range_meters').value).toBe(650);
  for (const s of settings.filter((x: { type: string }) => x.type === 'secret')) expect(s.value).toBeNull();
  const history = await apiGet(page, '/loanapi/config/history?key=gps_range_meters');
  expect(history.rows[0]).toMatchObject({ old_value: '300', new_value: '650' });
});

test('quick replies: the demo replies are listed', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/system/quick');
  await expect(page.getByTestId('quick-screen')).toBeVisible();
  const list = await apiGet(page, '/loanapi/quick/list?size=100');
  expect(list.rows.length).toBeGreaterThanOrEqual(8);
  const forNote = await apiGet(page, '/loanapi/quick/for?purpose=note&language=en');
  expect(forNote[0].language).toBe('en');
});
