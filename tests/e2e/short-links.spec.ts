import { expect, test } from '@playwright/test';
import { apiGet, signIn } from './support';

/**
 * Issue 15, short links: the administrator opens DomainLinkLog, sees the demo links with their
 * clicks, makes a link with N, and the link's /s/<code> redirects to the long link and counts the click. An unknown
 * code is a 404 page. The operator of the main merchant sees the message-push screen with the demo messages.
 */
test('short links: make one, follow it, see the click', async ({ page, request }) => {
  await signIn(page, 'admin');
  await page.goto('/system/DomainLinkLog');
  await expect(page.getByTestId('shortlink-links')).toBeVisible();
  const before = await apiGet(page, '/loanapi/short_link/link/list?size=500');
  expect(before.rows.length).toBeGreaterThan(0);

  await page.keyboard.press('n');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Long link').fill('https://example.org/e2e-target');
  await dialog.getByLabel('Merchant').click();
  await page.getByRole('option').first().click();
  await dialog.getByLabel('Purpose').click();
  await page.getByRole('option', { name: 'Promotion' }).click();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();

  const after = await apiGet(page, '/loanapi/short_link/link/list?size=500');
  const made = after.rows.find((r: { long_url: string }) => r.long_url === 'https://example.org/e2e-target');
  expect(made).toBeTruthy();
  const res = await request.get(`/s/${made.code}?next=https://evil.example.net`, { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe('https://example.org/e2e-target');
  const again = await apiGet(page, `/loanapi/short_link/link/list?code=${made.code}`);
  expect(again.rows[0].clicks).toBe(1);
  expect((await request.get('/s/NoSuchCode1', { maxRedirects: 0 })).status()).toBe(404);
});

test('message push: the operator sees the demo messages', async ({ page }) => {
  await signIn(page, 'merchant');
  await page.goto('/system/messagePush');
  await expect(page.getByTestId('message-push-screen')).toBeVisible();
  const list = await apiGet(page, '/loanapi/message_push/list');
  expect(list.rows.map((r: { status: string }) => r.status).sort()).toEqual(expect.arrayContaining(['scheduled', 'sent']));
});
