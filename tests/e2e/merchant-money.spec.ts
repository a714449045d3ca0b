import { expect, test, type Page } from '@playwright/test';
import { apiGet, palette, signIn } from './support';

/**
 * Issue 15, "Merchant money": the main merchant operator sees its balances from the ledger (with the low-balance warning
 * the demo's sub-merchant crosses), requests a top-up on the balance-change task screen with N, and cannot confirm it
 * themselves (four eyes); the administrator confirms it with A and the available balance moves by exactly that amount.
 */
const TASKS = 'merchant.BalanceChangeTaskRecord';
const gridOf = (page: Page, screen: string) => page.locator(`[data-testid="data-grid"][data-screen="${screen}"]`);
const cell = (page: Page, screen: string, col: number, row: number) => gridOf(page, screen).getByTestId(`glide-cell-${col + 1}-${row}`);

async function signOut(page: Page): Promise<void> {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
}

/** The grid of the task screen holds the keyboard with its cursor on the first row, which shows `taskId`. */
async function onFirstTask(page: Page, taskId: number): Promise<void> {
  const grid = gridOf(page, TASKS);
  await expect(grid.getByTestId('grid-total')).toContainText('1 record', { timeout: 15_000 });
  await grid.getByTestId('data-grid-canvas').focus();
  if ((await grid.getAttribute('data-cursor')) !== '0') await page.keyboard.press('j');
  await expect(grid).toHaveAttribute('data-cursor', '0');
  await expect(cell(page, TASKS, 0, 0)).toHaveText(String(taskId), { timeout: 15_000 });
}

test('balances, a top-up requested by one account and confirmed by another', async ({ page }) => {
  await signIn(page, 'merchant');
  await page.goto('/merchant/BalanceInfo');
  await expect(page.getByTestId('balance-info-screen')).toBeVisible();
  await expect(page.getByTestId('low-balance-alert')).toBeVisible({ timeout: 15_000 });
  const balancesBefore = await apiGet(page, '/loanapi/merchant_balance/list?size=50');
  const main = balancesBefore.rows.find((r: { code: string }) => r.code === 'M001');
  expect(balancesBefore.rows.map((r: { code: string }) => r.code)).toEqual(['M001', 'M001-01']);
  expect(balancesBefore.rows.find((r: { code: string }) => r.code === 'M001-01').low).toBe(true);

  // N on the task screen: the generated form, merchant and change type picked, amount and remark typed.
  await palette(page, 'Balance change tasks');
  await expect(page).toHaveURL(/\/merchant\/BalanceChangeTaskRecord/);
  await expect(gridOf(page, TASKS).getByTestId('grid-total')).toContainText(/\d/, { timeout: 15_000 });
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('n');
  const form = page.getByTestId('param-form');
  await expect(form).toBeVisible();
  await form.getByLabel('Merchant').click();
  await page.getByRole('option', { name: /Saigon Credit \(M001\)/ }).click();
  await form.getByLabel('Change type').click();
  await page.getByRole('option', { name: 'Increase', exact: true }).click();
  await form.locator('input[name="amount"]').fill('1234567');
  await form.locator('[name="remark"]').fill('E2E top-up');
  await form.locator('[name="remark"]').press('Enter');
  await expect(form).toBeHidden({ timeout: 15_000 });
  const pending = await apiGet(page, '/loanapi/balance_change_task/list?status=pending&size=10');
  const task = pending.rows.find((r: { remark: string }) => r.remark === 'E2E top-up');
  expect(task).toMatchObject({ amount: 1234567, change_type: 'increase', merchant_id: main.id });

  // The requester cannot confirm it.
  await page.goto(`/merchant/BalanceChangeTaskRecord?status=pending&merchant_id=${main.id}`);
  await onFirstTask(page, task.id);
  await page.keyboard.press('a');
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(/another account must decide/)).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  expect((await apiGet(page, `/loanapi/balance_change_task/list?status=pending&merchant_id=${main.id}`)).rows.map((r: { id: number }) => r.id)).toContain(task.id);

  // The administrator confirms it with A: posted, and the available balance moved by the amount.
  await signOut(page);
  await signIn(page, 'admin');
  await page.goto(`/merchant/BalanceChangeTaskRecord?status=pending&merchant_id=${main.id}`);
  await onFirstTask(page, task.id);
  await page.keyboard.press('a');
  await expect(form).toBeVisible();
  await form.locator('[name="decide_remark"]').fill('Bank receipt seen');
  await form.getByRole('button', { name: 'Confirm' }).click();
  await expect(form).toBeHidden({ timeout: 15_000 });
  const posted = await apiGet(page, `/loanapi/balance_change_task/list?status=posted&merchant_id=${main.id}&size=5`);
  expect(posted.rows[0]).toMatchObject({ id: task.id, status: 'posted', confirmed_by_name: 'Tran Minh Quan', decide_remark: 'Bank receipt seen' });
  const after = await apiGet(page, `/loanapi/merchant_balance/list?merchant_id=${main.id}`);
  expect(after.rows[0].available).toBe(main.available + 1234567);
  const moves = await apiGet(page, `/loanapi/merchant_balance/change_list?merchant_id=${main.id}&kind=balance_increase&size=1`);
  expect(moves.rows[0]).toMatchObject({ amount: 1234567, account: 'available', ref: `BC${task.id}` });
});
