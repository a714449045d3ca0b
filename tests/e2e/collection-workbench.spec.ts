import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, apiGet } from './support';

/** The signed-in token (cookie), for asking the API what the screen should show and what the server recorded. */
const addDays = (date: string, n: number) => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

/** The panel shows this case and the screen's hotkeys act on it. */
async function panelOn(page: Page, id: number): Promise<void> {
  await expect(page.getByTestId('wb-panel')).toHaveAttribute('data-case', String(id), { timeout: 15_000 });
  // The open case is published as the screen's selection in an effect; the hotkeys are rebound right after it.
  await page.waitForTimeout(250);
}

test('the demo collector works five cases by keyboard alone: a call, results, a promise, next', async ({ page }) => {
  test.setTimeout(120_000);
  // No softphone here: a sip: link would hand the keyboard to the browser's "open the application?" prompt. The links
  // the console hands over are recorded instead.
  await page.addInitScript(() => {
    const w = window as unknown as { softphone: string[] };
    w.softphone = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      if (/^(sip|tel):/i.test(this.href)) w.softphone.push(this.href);
      else click.call(this);
    };
  });
  // Sign in with the keyboard: type, Enter.
  await page.goto('/login');
  await page.getByPlaceholder('Your login account').fill('collector');
  await page.getByPlaceholder('Your password').fill(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard/);

  const mine = await apiGet(page, '/loanapi/collection/my_cases');
  expect(mine.rows.length, 'the demo collection day gives the collector at least five cases').toBeGreaterThanOrEqual(5);
  const options = await apiGet(page, '/loanapi/collection/work_options');
  expect(options.results.length).toBeGreaterThanOrEqual(5);
  // Other specs of the run work the same demo cases: count only what this one adds.
  const before = new Map<number, any>();
  for (const r of mine.rows.slice(0, 5)) before.set(r.id, await apiGet(page, `/loanapi/collection/case?id=${r.id}`));
  const isNew = (id: number, list: 'events' | 'calls') => (x: { id: number }) => !before.get(id)[list].some((b: { id: number }) => b.id === x.id);

  // Alt+M opens My collection list (again until the shell has bound its keys); the first case opens by itself.
  await expect(async () => {
    await page.keyboard.press('Alt+m');
    await expect(page).toHaveURL(/\/collection\/myCollectionList$/, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await panelOn(page, mine.rows[0].id);
  await expect(page.getByTestId('wb-result-keys')).toBeVisible();

  // Case 1: c calls the customer (the call box runs); its result key ends the call and names it.
  await page.keyboard.press('c');
  await expect(page.getByTestId('wb-call-box')).toBeVisible();
  await page.waitForTimeout(1200);
  expect(await page.evaluate(() => (window as unknown as { softphone: string[] }).softphone)).toEqual([`sip:${mine.rows[0].phone}`]);

  const worked: Array<{ id: number; result: string }> = [];
  let promised: { id: number; date: string; amount: number } | null = null;
  for (let i = 0; i < 5; i++) {
    const c = mine.rows[i];
    await panelOn(page, c.id);
    const key = (i % 5) + 1;
    await page.keyboard.press(String(key));
    worked.push({ id: c.id, result: options.results[key - 1].value });
    await expect(page.getByTestId('wb-last-result')).toHaveAttribute('data-value', options.results[key - 1].value, { timeout: 15_000 });
    if (i === 0) await expect(page.getByTestId('wb-call-box')).toBeHidden();

    if (i === 2) {
      // p: the promise form — the date typed over today's, Tab, the amount, Enter.
      const detail = await apiGet(page, `/loanapi/collection/case?id=${c.id}`);
      const digits = new Intl.NumberFormat('en', { style: 'currency', currency: detail.order.currency }).resolvedOptions().maximumFractionDigits ?? 0;
      const amount = Math.max(1, Math.floor(detail.order.remaining_debt / 2 / 10 ** digits)) * 10 ** digits;
      const date = addDays(detail.today, 3);
      await page.keyboard.press('p');
      const form = page.getByTestId('wb-promise-date');
      await expect(form).toBeFocused();
      await page.keyboard.press('Control+a');
      await page.keyboard.type(date);
      await page.keyboard.press('Tab');
      await expect(page.getByTestId('wb-promise-amount')).toBeFocused();
      await page.keyboard.press('Control+a');
      await page.keyboard.type(String(amount / 10 ** digits));
      await page.keyboard.press('Enter');
      await expect(form).toBeHidden();
      await expect(page.getByTestId('wb-promise')).toContainText(date, { timeout: 15_000 });
      promised = { id: c.id, date, amount };
    }
    // ] opens the next case.
    await page.keyboard.press(']');
    await expect(page.getByTestId('wb-panel')).not.toHaveAttribute('data-case', String(c.id), { timeout: 15_000 });
  }
  await panelOn(page, mine.rows[5]?.id ?? mine.rows[4].id);

  // The server agrees: each result recorded by the collector, one promise, the call logged with its duration.
  for (const w of worked) {
    const d = await apiGet(page, `/loanapi/collection/case?id=${w.id}`);
    expect(d.case.last_result, `case ${w.id}`).toBe(w.result);
    expect(d.events.find((e: { kind: string }) => e.kind === 'result')).toMatchObject({ reason: w.result, actor_name: 'Vo Thanh Son' });
  }
  const p = await apiGet(page, `/loanapi/collection/case?id=${promised!.id}`);
  expect(p.case).toMatchObject({ promise_status: 'pending', promise_date: promised!.date, promise_amount: promised!.amount });
  let promises = 0;
  for (const w of worked) promises += (await apiGet(page, `/loanapi/collection/case?id=${w.id}`)).events.filter(isNew(w.id, 'events')).filter((e: { kind: string }) => e.kind === 'promise').length;
  expect(promises).toBe(1);
  const first = (await apiGet(page, `/loanapi/collection/case?id=${worked[0].id}`)).calls.filter(isNew(worked[0].id, 'calls'));
  expect(first.length).toBe(1);
  expect(first[0].result).toBe(worked[0].result);
  expect(first[0].duration_seconds).toBeGreaterThanOrEqual(1);
});
