import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, apiGet } from './support';

/**
 * The collector at full speed: ten cases worked in one stream of keys at 50 ms a key, with no waiting for the screen
 * and no mouse. The key gate (src/app/hotkeys/keyGate.ts) must put every key where it was meant: note text into the
 * note, never onto the hotkeys; keys typed while a dialog closes onto the next case only once it is shown. What the
 * server recorded is then compared with what was typed.
 */

const KEY_MS = 50;

async function key(page: Page, k: string): Promise<void> {
  await page.keyboard.press(k);
  await page.waitForTimeout(KEY_MS);
}

async function text(page: Page, s: string): Promise<void> {
  await page.keyboard.type(s, { delay: KEY_MS });
  await page.waitForTimeout(KEY_MS);
}

interface Plan {
  digit: number;
  note?: string;
  promise?: boolean;
  call?: boolean;
}

// ≤ 4 keys a case besides the note text: a result digit; n + text + Enter; p + Enter (today, the whole debt); ].
// Case 1 is the reported stream: p Enter n "ok 3" Enter — the 3 and the k are note text, not hotkeys.
const PLANS: Plan[] = [
  { digit: 1, call: true },
  { digit: 2, promise: true, note: 'ok 3' },
  { digit: 3 },
  { digit: 4, note: 'call back at 5 jk' },
  { digit: 2 },
  { digit: 1, promise: true },
  { digit: 5, note: 'n ] p 1' },
  { digit: 3 },
  { digit: 2, note: 'wife answered' },
  { digit: 1 },
];

test('ten cases at 50 ms a key, keyboard only: the data written is exactly what was typed', async ({ page }) => {
  test.setTimeout(180_000);
  // Counts mouse input (there must be none) and stamps the panel's case changes for the timing.
  await page.addInitScript(() => {
    const w = window as unknown as { mouse: number; nextKeys: number[]; shown: Array<[number, string]> };
    w.mouse = 0;
    w.nextKeys = [];
    w.shown = [];
    // A click from the keyboard (Enter submitting a form clicks its default button) has detail 0; a mouse's has not.
    for (const type of ['mousedown', 'mouseup', 'click', 'pointerdown', 'wheel']) {
      window.addEventListener(type, (e) => {
        if (e.isTrusted && (type !== 'click' || (e as MouseEvent).detail > 0)) w.mouse++;
      }, true);
    }
    new MutationObserver(() => {
      const id = document.querySelector('[data-testid="wb-panel"]')?.getAttribute('data-case') ?? '';
      if (id && w.shown.at(-1)?.[1] !== id) w.shown.push([performance.now(), id]);
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-case'] });
  });

  await page.goto('/login');
  await page.getByPlaceholder('Your login account').focus();
  await page.keyboard.type('collector', { delay: 10 });
  await page.keyboard.press('Tab');
  await expect(page.getByPlaceholder('Your password')).toBeFocused();
  await page.keyboard.type(PASSWORD, { delay: 10 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard/);

  const mine = await apiGet(page, '/loanapi/collection/my_cases');
  expect(mine.rows.length, 'the demo collector holds at least eleven cases').toBeGreaterThanOrEqual(PLANS.length + 1);
  const options = await apiGet(page, '/loanapi/collection/work_options');
  const before = await Promise.all(mine.rows.slice(0, PLANS.length).map((r: { id: number }) => apiGet(page, `/loanapi/collection/case?id=${r.id}`)));

  await expect(async () => {
    await page.keyboard.press('Alt+m');
    await expect(page).toHaveURL(/\/collection\/myCollectionList$/, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId('wb-panel')).toHaveAttribute('data-case', String(mine.rows[0].id), { timeout: 15_000 });

  // One stream of keys, never waiting for the screen.
  let keys = 0;
  let noteChars = 0;
  const started = Date.now();
  for (const plan of PLANS) {
    if (plan.call) {
      await key(page, 'c');
      keys++;
    }
    if (plan.promise) {
      await key(page, 'p');
      await key(page, 'Enter');
      keys += 2;
    }
    if (plan.note) {
      await key(page, 'n');
      await text(page, plan.note);
      await key(page, 'Enter');
      keys += 2;
      noteChars += plan.note.length;
    }
    await key(page, String(plan.digit));
    // Stamped from here, not from the page's keys: a ] inside a note's text is not "next".
    await page.evaluate(() => (window as unknown as { nextKeys: number[] }).nextKeys.push(performance.now()));
    await key(page, ']');
    keys += 2;
  }
  const typing = Date.now() - started;
  // The held keys have all been replayed: the panel is on the eleventh case and no dialog is left open.
  await expect(page.getByTestId('wb-panel')).toHaveAttribute('data-case', String(mine.rows[PLANS.length].id), { timeout: 20_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Calling kept the keyboard on the page.
  expect(await page.evaluate(() => document.hasFocus())).toBe(true);

  for (let i = 0; i < PLANS.length; i++) {
    const plan = PLANS[i];
    const id = mine.rows[i].id;
    const d = await apiGet(page, `/loanapi/collection/case?id=${id}`);
    const fresh = d.events.filter((e: { id: number }) => !before[i].events.some((b: { id: number }) => b.id === e.id));
    const kinds = (k: string) => fresh.filter((e: { kind: string }) => e.kind === k);
    const expected = options.results[plan.digit - 1].value;
    expect(kinds('result').map((e: { reason: string }) => e.reason), `case ${i + 1}: exactly the result typed`).toEqual([expected]);
    expect(d.case.last_result).toBe(expected);
    expect(kinds('note').map((e: { note: string }) => e.note), `case ${i + 1}: the note as typed`).toEqual(plan.note ? [plan.note] : []);
    expect(kinds('promise').length, `case ${i + 1}: promises`).toBe(plan.promise ? 1 : 0);
    if (plan.promise) expect(d.case).toMatchObject({ promise_status: 'pending', promise_date: d.today, promise_amount: before[i].order.remaining_debt });
    expect(kinds('call').length, `case ${i + 1}: calls`).toBe(plan.call ? 1 : 0);
  }

  const stats = await page.evaluate(() => {
    const x = window as unknown as { mouse: number; nextKeys: number[]; shown: Array<[number, string]> };
    // Each ] to the first time the panel shows the case after it.
    const lags = x.nextKeys.map((t) => {
      const s = x.shown.find(([at]) => at >= t);
      return s ? s[0] - t : NaN;
    });
    return { mouse: x.mouse, lags };
  });
  expect(stats.mouse, 'zero mouse events').toBe(0);
  expect(keys / PLANS.length).toBeLessThanOrEqual(4);
  const lags = stats.lags.filter(Number.isFinite).sort((a, b) => a - b);
  expect(lags.length).toBe(PLANS.length);
  const median = Math.round(lags[Math.floor(lags.length / 2)]);
  console.log(`collector keys: ${(keys / PLANS.length).toFixed(1)}/case (+ note text, ${noteChars} chars) median key-to-next=${median} ms (typing ${typing} ms for ${PLANS.length} cases)`);
});
