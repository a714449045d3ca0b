import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, apiGet } from './support';

const orderIdOf = (page: Page) => Number(new URL(page.url()).searchParams.get('id'));

/** The review panel shows this order and the queue's hotkeys are bound to it. */
async function panelReady(page: Page, id: number): Promise<void> {
  await expect(page.getByTestId('review-panel')).toHaveAttribute('data-order', String(id));
  // The panel makes the queue the current screen in an effect; the hotkeys are rebound right after it.
  await page.waitForTimeout(250);
}

test('a first reviewer works a queue of ten orders by keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  // Sign in with the keyboard: type, Enter.
  await page.goto('/login');
  await page.getByPlaceholder('Your login account').fill('reviewer1');
  await page.getByPlaceholder('Your password').fill(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard/);

  const queue = await apiGet(page, '/loanapi/review/trial/list?size=500');
  expect(queue.rows.length, 'the demo data gives reviewer1 at least ten first-review orders').toBeGreaterThanOrEqual(10);

  // Alt+1 opens the first-review queue (again until the shell has bound its keys); the grid takes the keyboard.
  await expect(async () => {
    await page.keyboard.press('Alt+1');
    await expect(page).toHaveURL(/\/review\/trial$/, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  // (glide hands the focus on to a cell of its accessibility tree inside the canvas)
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[data-screen="review.trial"] [data-testid="grid-canvas"]')), { timeout: 15_000 }).toBe(true);
  await expect(page.getByTestId('grid-total')).toContainText(String(queue.total));

  // j j k: the cursor on the second row; Enter opens its review details.
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/details/reviewDetails\\?id=${queue.rows[1].id}&`));

  // Ten decisions: a approves; one is rejected with r and the reason picker. After each, the next order opens by itself.
  const decided: Array<{ id: number; rejected: boolean }> = [];
  for (let i = 0; i < 10; i++) {
    const id = orderIdOf(page);
    await panelReady(page, id);
    expect(decided.map((d) => d.id)).not.toContain(id);
    const reject = i === 3;
    if (reject) {
      await page.keyboard.press('r');
      const form = page.getByTestId('param-form');
      await expect(form).toBeVisible();
      // The reason select has the focus: ↓ opens it on the first reason, Enter picks it; Tab to the remark, Enter submits.
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(form.getByLabel('Rejection reason')).not.toHaveValue('');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Blurred ID photo');
      await page.keyboard.press('Enter');
      await expect(form).toBeHidden();
    } else {
      await page.keyboard.press('a');
    }
    decided.push({ id, rejected: reject });
    if (i < 9) await expect.poll(() => orderIdOf(page), { timeout: 15_000 }).not.toBe(id);
  }

  // The server agrees: nine passed first review by reviewer1 (new customers on to second review, returning ones to
  // disbursement review by the default flow), one closed with the reason, each with its record.
  for (const d of decided) {
    const detail = await apiGet(page, `/loanapi/review/order_detail?id=${d.id}`);
    const passed = detail.order.is_returning ? 'disbursement_review' : 'second_review';
    expect(detail.order.status, `order ${d.id}`).toBe(d.rejected ? 'closed' : passed);
    const record = detail.records.find((r: { stage: string }) => r.stage === 'first');
    expect(record).toMatchObject({ result: d.rejected ? 'rejected' : 'approved', account_name: 'Nguyen Thu Ha' });
    if (d.rejected) expect(record.reason).toBe('1');
  }
  const after = await apiGet(page, '/loanapi/review/trial/list?size=500');
  expect(after.total).toBe(queue.total - 10);
});
