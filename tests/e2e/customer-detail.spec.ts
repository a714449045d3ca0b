import { expect, test, type APIRequestContext } from '@playwright/test';
import { PASSWORD, signIn } from './support';

/** A demo customer (id, name, phone), found through the API as the admin. */
async function demoCustomer(request: APIRequestContext): Promise<{ id: number; name: string; phone: string }> {
  const login = await (await request.post('/loanapi/account/login', { data: { account: 'admin', pwd: PASSWORD } })).json();
  const headers = { 'x-api-token': login.data.token, authorization: login.data.token, 'lang-code': '100' };
  const list = await (await request.get('/loanapi/customer/all_list', { headers, params: { size: 5 } })).json().catch(() => null);
  const id: number = list?.data?.rows?.[0]?.customer_id ?? list?.data?.rows?.[0]?.id ?? 1;
  const detail = await (await request.get('/loanapi/customer/detail', { headers, params: { customer_id: id } })).json();
  expect(detail.code, detail.msg).toBe(20000);
  return { id, name: detail.data.customer.name, phone: detail.data.customer.phone };
}

test('open a customer, edit a field with the field editor, add a comment', async ({ page, request }) => {
  const c = await demoCustomer(request);
  await signIn(page, 'admin');
  await page.goto(`/example/orderDetails?client=${c.id}&name=${encodeURIComponent('X')}&phone=${encodeURIComponent('Y')}`);

  // Spec §2: the title comes from the query `name`.
  await expect(page.getByTestId('customer-name')).toHaveText(c.name);
  await expect(page).toHaveTitle(/^X - /);
  await expect(page.getByTestId('section-nav')).toBeVisible();

  // Field editor (spec §4): open, change, save, confirm "update the data?", the saved value is shown.
  const company = page.getByTestId('section-company');
  const occupation = `Night-shift supervisor ${Date.now() % 10000}`;
  await company.getByRole('button', { name: 'Edit Occupation' }).click();
  const input = page.getByRole('textbox', { name: 'Occupation' });
  await input.fill(occupation);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update the data?')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(company.getByText(occupation)).toBeVisible();
  await expect(page.getByText('Saved').first()).toBeVisible();

  // Comments: add one and see it listed.
  const note = `Promised to pay on Friday (${Date.now() % 100000})`;
  const comments = page.getByTestId('section-comments');
  await comments.getByTestId('comment-input').fill(note);
  await comments.getByTestId('comment-add').click();
  await expect(comments.getByTestId('comment').filter({ hasText: note })).toBeVisible();

  // The edit survived a reload (it is stored, not only shown).
  await page.reload();
  await expect(page.getByTestId('section-company').getByText(occupation)).toBeVisible();
  await expect(page.getByTestId('section-comments').getByText(note)).toBeVisible();
});

test('[ and ] jump between sections; the video, when there is none, says so', async ({ page, request }) => {
  const c = await demoCustomer(request);
  await signIn(page, 'admin');
  await page.goto(`/example/orderDetails?client=${c.id}&name=${encodeURIComponent(c.name)}`);
  await expect(page.getByTestId('customer-detail')).toBeVisible();
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press(']');
  await expect(page.locator('[data-section-toggle="company"]')).toBeFocused();
  await page.keyboard.press(']');
  await page.keyboard.press('[');
  await expect(page.locator('[data-section-toggle="company"]')).toBeFocused();
  const docs = page.getByTestId('section-documents');
  await expect(docs.getByTestId('customer-video').or(docs.getByText('no video upload record'))).toBeVisible();
});
