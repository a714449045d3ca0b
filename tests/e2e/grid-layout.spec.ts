import { expect, test, type Page } from '@playwright/test';
import { PASSWORD } from './support';

async function signIn(page: Page, account: string): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder(/./).first().waitFor();
  await page.locator('input').nth(0).fill(account);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard/);
}

const grid = (page: Page, screen: string) => page.locator(`[data-testid="data-grid"][data-screen="${screen}"]`);

test('an Arabic grid opens on its first column, row numbers at the right', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'ArEg'));
  await signIn(page, 'admin');
  await page.goto('/review/allOrder');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const g = grid(page, 'review.allOrder');
  await expect(g.getByTestId('grid-canvas')).toBeVisible({ timeout: 15_000 });
  // The scroller sits at its right end: there the first column (mirrored) and the row numbers are.
  await expect.poll(() => page.evaluate(() => {
    const s = document.querySelector<HTMLElement>('[data-screen="review.allOrder"] .dvn-scroller');
    return s && s.scrollWidth > s.clientWidth ? Math.round(s.scrollWidth - s.clientWidth - s.scrollLeft) : -1;
  }), { timeout: 10_000 }).toBe(0);
  // glide's accessibility tree lists the columns in view: the row numbers ('#') and the first data column beside them.
  // It follows the scroll a frame or two later.
  const heads = () => g.locator('th[role="columnheader"]').evaluateAll((ths) => ths
    .map((t) => ({ i: Number(t.getAttribute('aria-colindex')), text: t.textContent }))
    .sort((a, b) => a.i - b.i));
  await expect.poll(async () => (await heads()).at(-1)?.text, { timeout: 5_000 }).toBe('#');
  expect((await heads()).length).toBeGreaterThanOrEqual(3);
  await page.screenshot({ path: '/tmp/k3-grid-rtl.png' });
});

test('at 1440×900 the all-orders grid ends inside the window and the page does not scroll', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/review/allOrder');
  const box = grid(page, 'review.allOrder').getByTestId('grid-canvas');
  await expect(box).toBeVisible({ timeout: 15_000 });
  // The frame in which the canvas first drew a loaded row is marked (the bench times a screen's opening to it).
  await expect(box).toHaveAttribute('data-painted', 'rows', { timeout: 10_000 });
  await expect.poll(async () => (await box.boundingBox())!.y + (await box.boundingBox())!.height, { timeout: 5_000 }).toBeLessThanOrEqual(900);
  const bottom = await box.evaluate((el) => el.getBoundingClientRect().bottom);
  expect(bottom).toBeGreaterThan(900 - 40);
  expect(await page.evaluate(() => document.scrollingElement!.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(0);
  // A shorter window: the grid follows.
  await page.setViewportSize({ width: 1440, height: 760 });
  await expect.poll(() => box.evaluate((el) => Math.round(el.getBoundingClientRect().bottom)), { timeout: 5_000 }).toBeLessThanOrEqual(760);
  expect(await page.evaluate(() => document.scrollingElement!.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(0);
});

test('Tab reaches the grid of a queue, and its hotkeys work from there', async ({ page }) => {
  await signIn(page, 'withdrawal');
  await page.goto('/withdrawalMoney/waitFor');
  const g = grid(page, 'withdrawal.waitFor');
  await expect(g).toHaveAttribute('data-cursor', '0', { timeout: 15_000 });
  // Start from the page's first control (the shell's top) and Tab forward until the grid holds the keyboard.
  await page.evaluate(() => document.querySelector<HTMLElement>('a[href], button')?.focus());
  let tabs = 0;
  const inGrid = () => page.evaluate(() => !!document.activeElement?.closest('[data-screen="withdrawal.waitFor"] [data-testid="data-grid-canvas"]'));
  while (!(await inGrid()) && tabs < 80) {
    await page.keyboard.press('Tab', { delay: 50 });
    tabs++;
  }
  console.log(`grid reached after ${tabs} Tab(s)`);
  expect(await inGrid()).toBe(true);
  // j moves the cursor: the key reached the grid, not the page.
  await page.keyboard.press('j', { delay: 50 });
  await expect(g).toHaveAttribute('data-cursor', '1');
});
