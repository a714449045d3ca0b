import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

/**
 * Developer tools (docs/devtool.md): IconSelect search and copy, TableTree keyboard expansion and the ancestor-keeping
 * filter, in English and Arabic (mirrored arrows). Keys are typed at 50 ms, as a fast typist types.
 */
const key = (page: Page, k: string) => page.keyboard.press(k, { delay: 50 });
const row = (page: Page, id: string) => page.locator(`[data-testid="tree-row"][data-id="${id}"]`);

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

test('IconSelect: type to filter, arrows move, Enter copies the name; an empty result says so', async ({ page }) => {
  await signIn(page, 'supervisor');
  await page.goto('/DeveloperTool/IconSelect');
  const search = page.getByTestId('icon-search');
  await expect(search).toBeFocused();
  await search.pressSequentially('unicorn', { delay: 50 });
  await expect(page.getByTestId('icon-empty')).toBeVisible();
  await search.fill('');
  await search.pressSequentially('chev', { delay: 50 });
  await expect(page.getByTestId('icon-cell')).toHaveCount(2);
  await page.getByTestId('icon-grid').focus();
  await key(page, 'ArrowRight');
  await expect(page.locator('[data-testid="icon-cell"][aria-selected="true"]')).toHaveAttribute('data-name', 'chevronRight');
  await key(page, 'Enter');
  await expect(page.getByText('Copied successfully')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('chevronRight');
});

test('TableTree: expand and collapse the permission tree with the keyboard; the filter keeps ancestors; merchants are scoped', async ({ page }) => {
  await signIn(page, 'supervisor');
  await page.goto('/DeveloperTool/TableTree');
  const table = page.getByTestId('tree-table');
  await table.focus();
  await expect(row(page, 'ProtocolList')).toHaveAttribute('aria-selected', 'true');
  await key(page, 'ArrowDown');
  await expect(row(page, 'client')).toHaveAttribute('aria-selected', 'true');
  await expect(row(page, 'client')).toHaveAttribute('aria-expanded', 'false');
  await expect(row(page, 'client_clientUser')).toHaveCount(0);
  await key(page, 'ArrowRight');
  await expect(row(page, 'client')).toHaveAttribute('aria-expanded', 'true');
  await key(page, 'ArrowRight');
  await expect(row(page, 'client_clientUser')).toHaveAttribute('aria-selected', 'true');
  await key(page, 'ArrowLeft');
  await expect(row(page, 'client')).toHaveAttribute('aria-selected', 'true');
  await key(page, 'ArrowLeft');
  await expect(row(page, 'client_clientUser')).toHaveCount(0);

  await page.getByTestId('tree-filter').fill('/DeveloperTool/TableTree');
  await expect(page.getByTestId('tree-row')).toHaveCount(3);
  await expect(row(page, 'DeveloperTool_TableTree')).toBeVisible();
  await page.getByTestId('tree-filter').fill('');
  await page.getByTestId('tree-expand-all').click();
  await expect(row(page, 'client_clientUser_editField')).toBeVisible();
  await page.getByTestId('tree-collapse-all').click();
  await expect(page.getByTestId('tree-row')).toHaveCount(1);

  // The supervisor's merchants: the main merchant with its sub-merchant, and no other lender.
  await page.getByTestId('tree-source').getByText('Merchant hierarchy').click();
  await expect(page.getByTestId('tree-row')).toHaveCount(2);
  await expect(page.getByTestId('tree-row').nth(1)).toHaveAttribute('aria-level', '2');
});

test('Arabic: right to left, ← opens a tree node, icon search works', async ({ page }) => {
  await signIn(page, 'supervisor');
  await page.evaluate(() => localStorage.setItem('language', 'ArEg'));
  await page.goto('/DeveloperTool/TableTree');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText('شجرة الصلاحيات')).toBeVisible();
  await page.getByTestId('tree-table').focus();
  await key(page, 'ArrowDown');
  await key(page, 'ArrowLeft');
  await expect(row(page, 'client')).toHaveAttribute('aria-expanded', 'true');
  await key(page, 'ArrowRight');
  await expect(row(page, 'client')).toHaveAttribute('aria-expanded', 'false');

  await page.goto('/DeveloperTool/IconSelect');
  await page.getByTestId('icon-search').pressSequentially('side', { delay: 50 });
  await expect(page.getByTestId('icon-cell')).toHaveCount(2);
  await page.getByTestId('icon-search').fill('zzz');
  await expect(page.getByTestId('icon-empty')).toContainText('zzz');
});
