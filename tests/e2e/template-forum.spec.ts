import { expect, test, type Page } from '@playwright/test';
import { apiGet, signIn } from './support';

/**
 * Templates and the forum (docs/template.md, docs/forum.md): in English, an administrator adds an H5 template with N —
 * the editor names an unknown variable and will not save until it is gone, the live preview shows the sample values;
 * in Arabic (right to left), the forum screen opens and P pins the post under the grid's cursor.
 */

test('template: add with the editor, unknown variable named, live preview (English)', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/system/template');
  await expect(page.getByTestId('template-screen')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.keyboard.press('n');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('template-title').fill('E2E landing');
  const body = dialog.getByTestId('template-body');
  await body.fill('<h1>{merchant}</h1><p>{max_amount}</p>{oops}<script>alert(1)</script>');
  await expect(dialog.getByTestId('template-unknown')).toContainText('oops');
  await expect(dialog.getByTestId('template-save')).toBeDisabled();
  await body.fill('<h1>{merchant}</h1><p>{max_amount}</p><script>alert(1)</script>');
  await expect(dialog.getByTestId('template-unknown')).toHaveCount(0);
  const preview = dialog.getByTestId('template-preview-html');
  await expect(preview).toContainText('Vay Nhanh');
  await expect(preview.locator('script')).toHaveCount(0);
  await dialog.getByTestId('template-save').click();
  await expect(dialog).toBeHidden();
  const list = await apiGet(page, '/loanapi/template/list?title=E2E');
  expect(list.rows.map((r: { title: string }) => r.title)).toEqual(['E2E landing']);
});

async function signInArabic(page: Page): Promise<void> {
  await signIn(page, 'admin');
  await page.evaluate(() => localStorage.setItem('language', 'ArEg'));
}

test('forum: opens right to left in Arabic, P pins the post under the cursor', async ({ page }) => {
  await signInArabic(page);
  await page.goto('/AppConfig/App_Forum');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('forum-screen')).toBeVisible();
  await expect(page.getByText('منتدى المستخدمين').first()).toBeVisible();
  const rows = (await apiGet(page, '/loanapi/forum/list?size=5')).rows as Array<{ id: number; title: string; pinned: boolean; reports: number }>;
  expect(rows.length).toBeGreaterThan(0);
  // Reported posts first.
  expect(rows[0].reports).toBeGreaterThan(0);
  const first = rows[0];
  const grid = page.locator('[data-testid="data-grid"][data-screen="app.App_Forum"]');
  const canvas = grid.getByTestId('data-grid-canvas');
  await expect(grid.getByTestId('grid-total')).toBeVisible({ timeout: 15_000 });
  await expect(canvas).toBeVisible();
  const box = (await canvas.boundingBox())!;
  // glide's scroller lies over the canvas: a real click at the first row's place.
  await page.mouse.click(box.x + box.width / 2, box.y + 32 + 15);
  await expect(grid).toHaveAttribute('data-cursor', '0');
  await expect(page.getByTestId('forum-thread')).toContainText(first.title);
  await page.keyboard.press('p');
  await expect.poll(async () => (await apiGet(page, `/loanapi/forum/thread?id=${first.id}`)).post.pinned, { timeout: 10_000 }).toBe(!first.pinned);
});
