import { expect, test } from '@playwright/test';
import { apiGet, signIn } from './support';

/**
 * Issue 15, SMS: the main merchant operator opens the SMS tasks, sees the demo's finished and paused tasks and the live
 * progress panel; the SMS configuration screen shows the sandbox gateways and the templates tab.
 */
test('SMS tasks with live progress; configurations and templates', async ({ page }) => {
  await signIn(page, 'merchant');
  await page.goto('/merchant/smsSendTask');
  await expect(page.getByTestId('sms-task-screen')).toBeVisible();
  const paused = await apiGet(page, '/loanapi/sms/task/list?status=paused');
  expect(paused.rows.length).toBeGreaterThan(0);
  const finished = await apiGet(page, '/loanapi/sms/task/list?status=finished');
  expect(finished.rows.length).toBeGreaterThan(0);
  await expect(page.getByTestId('sms-task-progress')).toBeVisible();

  await page.goto('/merchant/smsConfig');
  await expect(page.getByTestId('sms-config-screen')).toBeVisible();
  const configs = await apiGet(page, '/loanapi/sms/config/list');
  expect(configs.rows.some((r: { provider: string }) => r.provider === 'sandbox')).toBe(true);
  await page.getByRole('tab', { name: /Templates/ }).click();
  await expect(page.getByTestId('sms-templates')).toBeVisible();
});
