import { expect, test, type Page } from '@playwright/test';
import { apiGet, signIn } from './support';

/**
 * Banks (docs/bank.md) and co-debt rules (docs/coDebt.md): the administrator opens /system/bank with the demo banks,
 * switches to the BIN tab, imports a file and reads the per-row report; the main merchant operator opens
 * /merchant/coDebtRule with the demo rule. Both in English and in Arabic (right to left).
 */

async function arabic(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('language', 'ArEg'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

test('administrator manages banks and imports BINs with a per-row report', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/system/bank');
  await expect(page.getByTestId('bank-screen')).toBeVisible();
  const banks = await apiGet(page, '/loanapi/bank/list?market=vn');
  expect(banks.rows.length).toBeGreaterThan(3);
  const code = banks.rows[0].code as string;

  await page.getByTestId('bank-tabs').getByText('BINs').click();
  await expect(page).toHaveURL(/\/system\/bank\/bins/);
  await expect(page.getByTestId('bin-screen')).toBeVisible();
  // The tab switch left the focus in the tab control (an input): hotkeys wait until it leaves.
  await page.getByTestId('bin-screen').getByText('Card number prefixes').click();
  await page.keyboard.press('i');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByTestId('bin-import-market').click();
  await page.getByRole('option', { name: 'Vietnam' }).click();
  await page.getByRole('dialog').locator('input[type=file]').setInputFiles({
    name: 'bins.csv', mimeType: 'text/csv', buffer: Buffer.from(`prefix,bank_code,card_type\n97049901,${code},credit\n123,${code},debit\n97049902,NOPE,debit\n`),
  });
  await page.getByTestId('bin-import-run').click();
  const report = page.getByTestId('bin-import-report');
  await expect(report).toBeVisible();
  await expect(report).toContainText('1 added');
  const refused = page.getByTestId('bin-import-refused');
  await expect(refused).toHaveCount(2);
  await expect(refused.nth(0)).toContainText('A BIN is 6 to 8 digits');
  await expect(refused.nth(1)).toContainText('No bank with code NOPE in this market');
  const found = await apiGet(page, '/loanapi/bank/lookup?card_number=9704990112345678');
  expect(found).toMatchObject({ bank_code: code, card_type: 'credit' });

  await arabic(page);
  await expect(page.getByTestId('bin-screen')).toBeVisible();
  await expect(page.getByTestId('bin-screen')).toContainText('بادئات أرقام البطاقات');
  await page.goto('/system/bank');
  await expect(page.getByTestId('bank-screen')).toContainText('بنوك كل سوق');
});

test('main merchant operator sees the co-debt rules, in English and Arabic', async ({ page }) => {
  await signIn(page, 'merchant');
  await page.goto('/merchant/coDebtRule');
  await expect(page.getByTestId('co-debt-screen')).toBeVisible();
  await expect(page.getByTestId('co-debt-screen')).toContainText('How a person\'s open debts at other merchants count here');
  const rules = await apiGet(page, '/loanapi/co_debt_rule/list');
  expect(rules.rows.length).toBeGreaterThanOrEqual(1);
  expect(rules.rows[0]).toMatchObject({ scope: 'family', intake_effect: 'reject' });

  await arabic(page);
  await expect(page.getByTestId('co-debt-screen')).toContainText('كيف تُحتسب ديون الشخص المفتوحة');
});
