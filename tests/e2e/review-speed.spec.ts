import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, apiGet } from './support';

/**
 * The review details at full speed, keyboard only (no mouse event at all), 50 ms a key: how many keys a decision
 * takes, including moving on to the next order, how long the next order takes to be on screen, and that a key typed
 * while the next order is opening acts on nothing.
 */

const KEY_MS = 50;
/** A reviewer's reaction to the next order on screen (keyGuard.ts REACTION_MS is the least the panel takes). */
const READ_MS = 250;

/** Presses a key, then waits the 50 ms of a fast reviewer; counts it. */
function keyboard(page: Page) {
  const k = {
    count: 0,
    async press(key: string) {
      k.count++;
      await page.keyboard.press(key);
      await page.waitForTimeout(KEY_MS);
    },
  };
  return k;
}

const panel = (page: Page) => page.getByTestId('review-panel');
const shownOrder = async (page: Page) => Number(await panel(page).getAttribute('data-order'));

/** The order is on screen and the panel takes keys for it. */
async function ready(page: Page, notId?: number): Promise<number> {
  const sel = `[data-testid="review-panel"][data-ready="true"]${notId ? `:not([data-order="${notId}"])` : ''}`;
  await page.waitForSelector(sel, { timeout: 15_000 });
  return shownOrder(page);
}

async function openQueue(page: Page, account: string): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('Your login account').fill(account);
  await page.getByPlaceholder('Your password').fill(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(async () => {
    await page.keyboard.press('Alt+1');
    await expect(page).toHaveURL(/\/review\/trial$/, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[data-screen="review.trial"] [data-testid="grid-canvas"]')), { timeout: 15_000 }).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/details\/reviewDetails\?id=/);
  await ready(page);
  // The first time only: the queue becomes the current screen and its hotkeys are bound.
  await page.waitForTimeout(300);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : Math.round((s[s.length / 2 - 1] + s[s.length / 2]) / 2);
};

test('ten decisions by keyboard: approve in one key, reject with a reason in four, the next order on screen by itself', async ({ page }) => {
  test.setTimeout(180_000);
  let mouse = 0;
  await page.exposeFunction('__mouseEvent', () => { mouse++; });
  await page.addInitScript(() => {
    // When the reviewer sees the next order: the first frame after the panel shows a new order ready (in the page, so
    // the figure does not include Playwright's own polling), from the decision key's timestamp.
    const w = window as unknown as { __keyAt: number; __shownAt: Record<string, number> };
    w.__shownAt = {};
    window.addEventListener('keydown', (e) => { if (e.isTrusted) w.__keyAt = performance.now(); }, true);
    new MutationObserver(() => {
      const el = document.querySelector('[data-testid="review-panel"][data-ready="true"]');
      const id = el?.getAttribute('data-order');
      if (id && !(id in w.__shownAt)) {
        w.__shownAt[id] = -1;
        requestAnimationFrame(() => { w.__shownAt[id] = performance.now() - w.__keyAt; });
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-ready', 'data-order'] });
    // Pointer events only: Enter in a form fires a (trusted) click on its submit button, which is the keyboard's doing.
    for (const t of ['mousedown', 'mouseup', 'mousemove', 'pointerdown', 'pointerup', 'wheel']) window.addEventListener(t, (e) => { if (e.isTrusted) (window as any).__mouseEvent(); }, true);
  });
  await openQueue(page, 'reviewer1');
  const keys = keyboard(page);
  const approveKeys: number[] = [];
  const rejectKeys: number[] = [];
  const toNext: number[] = [];
  const onScreen: number[] = [];
  const decided: Array<{ id: number; rejected: boolean }> = [];
  for (let i = 0; i < 10; i++) {
    const id = await ready(page);
    // The reviewer reacts to the order now shown (a key sooner than a human reaction is taken for the previous order's).
    await page.waitForTimeout(READ_MS);
    expect(decided.map((d) => d.id)).not.toContain(id);
    const before = keys.count;
    const reject = i % 3 === 2;
    let t0: number;
    if (reject) {
      await keys.press('r');
      // The reviewer sees the reason picker before choosing in it (a key never acts on what is not on screen yet).
      await expect(page.locator('[role="dialog"] [role="combobox"]')).toBeFocused();
      await keys.press('ArrowDown');
      // …and sees the reason it is about to pick highlighted (the picker takes no keys before its reasons are loaded).
      await expect(page.locator('[role="option"][data-combobox-selected]')).toBeVisible();
      await keys.press('Enter');
      t0 = Date.now();
      await keys.press('Enter');
    } else {
      t0 = Date.now();
      await keys.press('a');
    }
    decided.push({ id, rejected: reject });
    await ready(page, id).catch(async (e) => {
      const state = await panel(page).evaluate((el) => ({ ...el.dataset, alerts: [...document.querySelectorAll('.mantine-Notification-root, [role="alert"]')].map((n) => n.textContent),
        dialog: document.querySelector('[role="dialog"]')?.textContent ?? null, focus: document.activeElement?.outerHTML.slice(0, 160) }));
      throw new Error(`decision ${i} (${reject ? 'reject' : 'approve'}) on ${id}: ${JSON.stringify(state)} ${page.url()}: ${e}`);
    });
    toNext.push(Date.now() - t0);
    const next = await shownOrder(page);
    await expect.poll(() => page.evaluate((n) => (window as unknown as { __shownAt: Record<string, number> }).__shownAt[n] ?? -1, next)).toBeGreaterThan(0);
    onScreen.push(Math.round(await page.evaluate((n) => (window as unknown as { __shownAt: Record<string, number> }).__shownAt[n], next)));
    (reject ? rejectKeys : approveKeys).push(keys.count - before);
  }
  const perApprove = Math.max(...approveKeys);
  const perReject = Math.max(...rejectKeys);
  const line = `review keys: approve=${perApprove}/decision reject=${perReject}/decision median key-to-next=${median(onScreen)} ms on screen (first frame, in the page), ${median(toNext)} ms seen by Playwright`;
  console.log(line);
  test.info().annotations.push({ type: 'figures', description: line });
  expect(mouse).toBe(0);
  expect(perApprove).toBeLessThanOrEqual(2);
  expect(perReject).toBeLessThanOrEqual(4);
  for (const d of decided) {
    const detail = await apiGet(page, `/loanapi/review/order_detail?id=${d.id}`);
    expect(detail.order.status, `order ${d.id}`).toBe(d.rejected ? 'closed' : detail.order.is_returning ? 'disbursement_review' : 'second_review');
  }
});

test('a double tap of a (150 ms apart) decides exactly one order; the next one is opened, claimed, untouched', async ({ page }) => {
  test.setTimeout(60_000);
  await openQueue(page, 'reviewer1');
  const first = await ready(page);
  await page.keyboard.press('a');
  await page.waitForTimeout(150);
  await page.keyboard.press('a');
  const next = await ready(page, first);
  // Give a held key every chance to land on the order now shown.
  await page.waitForTimeout(1500);
  expect(await shownOrder(page)).toBe(next);
  const a = await apiGet(page, `/loanapi/review/order_detail?id=${first}`);
  const b = await apiGet(page, `/loanapi/review/order_detail?id=${next}`);
  expect(a.order.status).not.toBe('first_review');
  expect(b.order.status).toBe('first_review');
  // Opening it claimed it for the reviewer; nothing decided it.
  expect(b.task).toMatchObject({ status: 'claimed', mine: true });
  expect(b.records.filter((r: { stage: string }) => r.stage === 'first')).toEqual([]);
});
