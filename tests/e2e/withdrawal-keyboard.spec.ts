import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, apiGet } from './support';

/** Keys as a person types them: 50 ms held, 50 ms before the next; every key counted. */
function keyboard(page: Page) {
  const log: string[] = [];
  return {
    log,
    async press(key: string) {
      log.push(key);
      await page.keyboard.press(key, { delay: 50 });
      await page.waitForTimeout(50);
    },
  };
}

/** The grid of the screen has the keyboard and its cursor is on a loaded, drawn row (the row the key will act on). */
async function gridReady(page: Page, screen: string, total: number): Promise<void> {
  const grid = page.locator(`[data-testid="data-grid"][data-screen="${screen}"]`);
  await expect(grid.getByTestId('grid-total')).toContainText(String(total), { timeout: 15_000 });
  await expect(grid).toHaveAttribute('data-cursor', '0');
  await expect.poll(() => page.evaluate((s) => !!document.activeElement?.closest(`[data-screen="${s}"] [data-testid="data-grid-canvas"]`), screen)).toBe(true);
}

test('a withdrawal agent claims and confirms ten orders by keyboard alone', async ({ page }) => {
  test.setTimeout(180_000);
  let mouse = 0;
  await page.exposeFunction('__mouse', () => { mouse++; });
  await page.addInitScript(() => {
    // Enter in a form fires the submit button's click with detail 0: a keyboard click, not a mouse one.
    for (const t of ['mousedown', 'mouseup', 'pointerdown', 'pointerup', 'mousemove', 'wheel', 'click', 'dblclick', 'contextmenu']) {
      window.addEventListener(t, (e) => {
        const keyboardClick = (t === 'click' || t === 'contextmenu') && (e as MouseEvent).detail === 0;
        if (e.isTrusted && !keyboardClick) (window as any).__mouse();
      }, true);
    }
  });

  await page.goto('/login');
  await page.getByPlaceholder('Your login account').fill('withdrawal');
  await page.getByPlaceholder('Your password').fill(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard/);

  const pool = await apiGet(page, '/loanapi/withdrawal/wait_for_list?size=20&sort=created_at:asc');
  expect(pool.total, 'the demo pool holds at least ten orders').toBeGreaterThanOrEqual(10);
  const mineBefore = (await apiGet(page, '/loanapi/withdrawal/my_wait_for_list?size=1')).total as number;

  // The pool opens with its first row under the cursor and the keyboard on the grid: c claims it, the next moves up.
  await page.goto('/withdrawalMoney/waitFor');
  const keys = keyboard(page);
  const claimed: number[] = [];
  for (let i = 0; i < 10; i++) {
    await gridReady(page, 'withdrawal.waitFor', pool.total - i);
    const top = (await apiGet(page, '/loanapi/withdrawal/wait_for_list?size=1&sort=created_at:asc')).rows[0].id as number;
    await keys.press('c');
    claimed.push(top);
  }
  await gridReady(page, 'withdrawal.waitFor', pool.total - 10);
  const claimKeys = keys.log.length;
  const mine = await apiGet(page, '/loanapi/withdrawal/my_wait_for_list?size=100');
  expect(mine.rows.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining(claimed));

  // Alt+W: my pending withdrawals. y opens the confirmation with the note focused (the consent sentence), Enter confirms.
  await keys.press('Alt+w');
  await expect(page).toHaveURL(/\/withdrawalMoney\/MywaitForOrder/);
  const gaps: number[] = [];
  for (let i = 0; i < 10; i++) {
    await gridReady(page, 'withdrawal.MywaitForOrder', mineBefore + 10 - i);
    await keys.press('y');
    const form = page.getByTestId('param-form');
    await expect(form).toBeVisible();
    await expect(form.locator('input[name="note"]')).toBeFocused();
    const t0 = Date.now();
    await keys.press('Enter');
    await expect(form).toBeHidden({ timeout: 15_000 });
    if (i < 9) {
      await gridReady(page, 'withdrawal.MywaitForOrder', mineBefore + 9 - i);
      gaps.push(Date.now() - t0);
    }
  }
  await expect(page.locator('[data-screen="withdrawal.MywaitForOrder"]').getByTestId('grid-total')).toContainText(String(mineBefore), { timeout: 15_000 });

  const confirmKeys = keys.log.length - claimKeys;
  const perConfirmation = confirmKeys / 10;
  gaps.sort((a, b) => a - b);
  const median = gaps[Math.floor(gaps.length / 2)];
  console.log(`withdrawal keys: ${perConfirmation}/confirmation median key-to-next=${median} ms`);
  console.log(`withdrawal claims: ${claimKeys / 10} key/claim (${keys.log.join(' ')})`);
  expect(mouse, 'no mouse events').toBe(0);
  expect(perConfirmation).toBeLessThanOrEqual(3);

  // The server agrees: none of the ten is in the pool or in the agent's list any more (confirmed: disbursing).
  const after = await apiGet(page, '/loanapi/withdrawal/my_wait_for_list?size=100');
  for (const id of claimed) expect(after.rows.map((r: { id: number }) => r.id)).not.toContain(id);
});
