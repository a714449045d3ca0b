import { expect, test, type Page } from '@playwright/test';
import { syntheticBorrower } from '../../src/server/modules/intake/borrowers';
import { demoApp } from '../../src/server/modules/intake/seedApps';
import { signedHeaders } from '../../src/server/modules/intake/signature';
import { PASSWORD, apiGet } from './support';

/**
 * Issue 14, "Roles": the two acquisition roles have a day's work. The marketing agent works ten whitelist numbers by
 * keyboard alone at 50 ms a key (a result key 1–4 on each, a note with n on some, the promotion link by SMS with s on
 * some), never pressing a key before the grid's cursor is on a loaded, drawn row; the server must hold exactly what
 * was typed, on exactly those numbers. One of them then registers through the borrower app's signed intake API and
 * the agent finds the conversion credited to them. The registration specialist claims a customer from the public
 * pool with c and finds it in their own list.
 */

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

async function signInByKeyboard(page: Page, account: string): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('Your login account').fill(account);
  await page.getByPlaceholder('Your password').fill(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard/);
}

/** Counts trusted mouse input on the page (a keyboard "click" — Enter on a form's button — has detail 0). */
async function countMouse(page: Page): Promise<() => number> {
  let mouse = 0;
  await page.exposeFunction('__mouse', () => { mouse++; });
  await page.addInitScript(() => {
    for (const t of ['mousedown', 'mouseup', 'pointerdown', 'pointerup', 'wheel', 'click', 'dblclick', 'contextmenu']) {
      window.addEventListener(t, (e) => {
        const keyboardClick = (t === 'click' || t === 'contextmenu') && (e as MouseEvent).detail === 0;
        if (e.isTrusted && !keyboardClick) (window as unknown as { __mouse: () => void }).__mouse();
      }, true);
    }
  });
  return () => mouse;
}

const gridOf = (page: Page, screen: string) => page.locator(`[data-testid="data-grid"][data-screen="${screen}"]`);

/** The grid's status line shows this many records (the whole number, as English writes it: 2 is not 22). */
async function totalIs(page: Page, screen: string, n: number): Promise<void> {
  const shown = n.toLocaleString('en-US').replace(/,/g, ',?');
  await expect(gridOf(page, screen).getByTestId('grid-total')).toHaveText(new RegExp(`(^|[^\\d,])${shown}([^\\d,]|$)`), { timeout: 15_000 });
}

/**
 * The text glide draws in a cell (data column `col`, left to right), from its accessibility tree, which it renders for
 * the rows in view only; glide numbers the row-marker column 0, so data columns start at 1.
 */
const cell = (page: Page, screen: string, col: number, row: number) => gridOf(page, screen).getByTestId(`glide-cell-${col + 1}-${row}`);

/**
 * Before a key: the grid has the keyboard, its cursor is on `row`, and that row is loaded and drawn with what the
 * user expects to see there (the cells `expectCells` by column index).
 */
async function cursorOn(page: Page, screen: string, row: number, expectCells: Record<number, string | RegExp>): Promise<void> {
  const grid = gridOf(page, screen);
  await expect(grid).toHaveAttribute('data-cursor', String(row), { timeout: 15_000 });
  for (const [col, text] of Object.entries(expectCells)) {
    await expect(cell(page, screen, Number(col), row)).toHaveText(text, { timeout: 15_000 });
  }
  await expect.poll(() => page.evaluate((s) => !!document.activeElement?.closest(`[data-screen="${s}"] [data-testid="data-grid-canvas"]`), screen)).toBe(true);
  // The cursor did not move while the cells were checked (a reload in between would have cleared it).
  await expect(grid).toHaveAttribute('data-cursor', String(row));
}

interface EntryRow { id: number; phone: string; result: string; note: string; sms_count: number; customer_id: number | null; merchant_id: number }

/** One number's work: the result key, a note typed after n, the link sent with s. */
interface Plan { digit: 1 | 2 | 3 | 4; note?: string; sms?: boolean }
const RESULT_OF = { 1: 'agreed', 2: 'rejected', 3: 'no_answer', 4: 'wrong_number' } as const;

// Notes hold the screen's own hotkeys (digits, n, s, j, k): they must land in the note, never act on the list.
const PLANS: Plan[] = [
  { digit: 1, note: 'call back 5pm', sms: true },
  { digit: 2 },
  { digit: 3, note: 'no answer 2 times' },
  { digit: 1, sms: true },
  { digit: 4, note: 'number is of n s j k' },
  { digit: 3 },
  { digit: 1, note: 'wants 3 million', sms: true },
  { digit: 2, note: 'has a loan 1' },
  { digit: 3 },
  { digit: 1, sms: true },
];

// Columns of myMarketingList (src/features/marketing/screens.tsx MyListScreen).
const MY = 'marketing.myMarketingList';
const COL = { phone: 0, result: 1, note: 2, sms: 6 };

test('the marketing agent works ten whitelist numbers by keyboard and sees a conversion credited', async ({ page }) => {
  test.setTimeout(240_000);
  const mouse = await countMouse(page);
  await signInByKeyboard(page, 'marketing');
  const me = await apiGet(page, '/loanapi/account/get_userinfo');
  const agentId = Number(me.id);

  const before = (await apiGet(page, '/loanapi/marketing/my/list?size=200&sort=id:asc')).rows as EntryRow[];
  const fresh = before.filter((r) => r.result === '' && r.customer_id === null);
  expect(fresh.length, 'the demo agent holds at least ten numbers not called yet').toBeGreaterThanOrEqual(PLANS.length);
  const work = fresh.slice(0, PLANS.length);

  // The numbers not called yet: a result takes a number off this view, and the next one comes up under the cursor.
  const t0 = Date.now();
  await page.goto('/Marketing/myMarketingList?result=none');
  const keys = keyboard(page);
  for (let i = 0; i < PLANS.length; i++) {
    const plan = PLANS[i];
    const row = work[i];
    await totalIs(page, MY, fresh.length - i);
    await cursorOn(page, MY, 0, { [COL.phone]: row.phone, [COL.note]: '', [COL.sms]: '0' });
    if (plan.note) {
      await keys.press('n');
      // Typed at full speed: the key gate holds the characters until the note field has the focus.
      for (const ch of plan.note) await keys.press(ch);
      await keys.press('Enter');
      await expect(page.getByTestId('param-form')).toBeHidden({ timeout: 15_000 });
      await cursorOn(page, MY, 0, { [COL.phone]: row.phone, [COL.note]: plan.note, [COL.sms]: '0' });
    }
    if (plan.sms) {
      await keys.press('s');
      await cursorOn(page, MY, 0, { [COL.phone]: row.phone, [COL.note]: plan.note ?? '', [COL.sms]: '1' });
    }
    await keys.press(String(plan.digit));
  }
  await totalIs(page, MY, fresh.length - PLANS.length);
  const workMs = Date.now() - t0;
  const noteChars = PLANS.reduce((n, p) => n + (p.note?.length ?? 0), 0);
  console.log(`marketing: ${PLANS.length} numbers in ${(workMs / 1000).toFixed(1)} s, ${keys.log.length} keys (${noteChars} of them note text), ${((keys.log.length - noteChars) / PLANS.length).toFixed(1)} command keys a number`);
  expect(mouse(), 'no mouse events').toBe(0);

  // The server holds exactly what was typed, on exactly those numbers; every other number is as it was.
  const after = (await apiGet(page, '/loanapi/marketing/my/list?size=200&sort=id:asc')).rows as EntryRow[];
  expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
  for (const b of before) {
    const a = after.find((r) => r.id === b.id)!;
    const k = work.findIndex((w) => w.id === b.id);
    if (k < 0) {
      expect({ result: a.result, note: a.note, sms: a.sms_count }, `number ${b.phone} was not worked`).toEqual({ result: b.result, note: b.note, sms: b.sms_count });
      continue;
    }
    const p = PLANS[k];
    expect({ result: a.result, note: a.note, sms: a.sms_count }, `number ${k + 1} (${b.phone})`)
      .toEqual({ result: RESULT_OF[p.digit], note: p.note ?? '', sms: b.sms_count + (p.sms ? 1 : 0) });
    const history = await apiGet(page, `/loanapi/marketing/my/history?id=${b.id}`) as Array<{ kind: string; result: string; note: string }>;
    expect(history.map((h) => h.kind).sort(), `history of number ${k + 1}`).toEqual(['result', ...(p.note ? ['note'] : []), ...(p.sms ? ['sms'] : [])].sort());
  }

  // The first number (agreed, link sent) registers in the borrower app: the app's signed intake call.
  const converted = work[0];
  // The agent's list shows the whole number (no privacy mask on this account): the one the borrower types.
  const phone = converted.phone;
  expect(phone).toMatch(/^\d{9,12}$/);
  const app = demoApp('M001');
  const b = syntheticBorrower('vn', `acquisition-e2e-${Date.now()}`, 1);
  const body = JSON.stringify({ phone, name: b.name, id_number: b.id_number, birth_date: b.birth_date, gender: b.gender, device_id: b.device_id, device: b.device, profile: b.profile });
  const path = '/loanapi/app/register';
  const res = await page.request.post(path, {
    data: body,
    headers: { 'content-type': 'application/json', 'lang-code': '100', ...signedHeaders({ appKey: app.appKey, secret: app.secret, method: 'POST', path, body }) },
  });
  const reg = await res.json();
  expect(reg.code, `register: ${reg.msg}`).toBe(20000);
  expect(reg.data.is_new).toBe(true);

  // RegistrationSuccessList: the conversion is there, credited to this agent, in the grid and in its API.
  const regs = (await apiGet(page, '/loanapi/marketing/registration/list?size=100&sort=id:desc')).rows as Array<{ id: number; phone: string; customer_id: number; agent_id: number; agent_name: string }>;
  const credited = regs.find((r) => r.id === converted.id);
  expect(credited, 'the number that registered is on RegistrationSuccessList').toBeTruthy();
  expect(credited!.customer_id).toBe(reg.data.customer_id);
  expect(credited!.agent_id).toBe(agentId);
  await page.goto('/Marketing/RegistrationSuccessList');
  const REG = 'marketing.RegistrationSuccessList';
  await totalIs(page, REG, regs.length);
  const at = regs.findIndex((r) => r.id === converted.id);
  // Columns: registered_at, phone, customer_name, agent (RegistrationsScreen).
  await expect(cell(page, REG, 1, at)).toHaveText(converted.phone, { timeout: 15_000 });
  await expect(cell(page, REG, 2, at)).toHaveText(b.name);
  await expect(cell(page, REG, 3, at)).toHaveText(credited!.agent_name);
  expect(credited!.agent_name).toBe(me.name);
});

const POOL = 'highSeas.highSeasList';
const MINE = 'highSeas.myhighSeasList';

test('the registration specialist claims a customer from the public pool with c and finds it in their list', async ({ page }) => {
  test.setTimeout(120_000);
  const mouse = await countMouse(page);
  await signInByKeyboard(page, 'registrar');
  const pool = await apiGet(page, '/loanapi/high_seas/list?size=1&sort=entered_at:desc');
  expect(pool.total, 'the public pool has customers').toBeGreaterThan(0);
  const top = pool.rows[0] as { id: number; phone: string; name: string };
  const mineBefore = await apiGet(page, '/loanapi/high_seas/my_list?size=200&sort=entered_at:desc');
  expect(mineBefore.rows.map((r: { id: number }) => r.id)).not.toContain(top.id);

  await page.goto('/highSeas/highSeasList');
  await totalIs(page, POOL, pool.total);
  const keys = keyboard(page);
  const phoneCol = await columnOf(page, POOL, 'Phone number');
  await cursorOn(page, POOL, 0, { [phoneCol]: top.phone });
  await keys.press('c');
  // Claimed: off the pool (the next customer comes up under the cursor), on the specialist's own list.
  await totalIs(page, POOL, pool.total - 1);
  const mine = await apiGet(page, '/loanapi/high_seas/my_list?size=200&sort=entered_at:desc');
  expect(mine.total).toBe(mineBefore.total + 1);
  const claimed = mine.rows.find((r: { id: number }) => r.id === top.id);
  expect(claimed, 'the claimed customer is on my list').toBeTruthy();
  expect(claimed.status).toBe('claimed');

  await page.goto('/highSeas/myhighSeasList');
  await totalIs(page, MINE, mine.total);
  const at = mine.rows.findIndex((r: { id: number }) => r.id === top.id);
  const minePhoneCol = await columnOf(page, MINE, 'Phone number');
  await expect(cell(page, MINE, minePhoneCol, at)).toHaveText(top.phone, { timeout: 15_000 });
  expect(mouse(), 'no mouse events').toBe(0);
});

/** Data column index of a column by its header title (the grid's accessibility tree; aria-colindex counts from 1). */
async function columnOf(page: Page, screen: string, title: string): Promise<number> {
  const headers = gridOf(page, screen).locator('th[role="columnheader"]');
  await expect.poll(() => headers.count(), { timeout: 15_000 }).toBeGreaterThan(0);
  const titles = (await headers.allTextContents()).map((t) => t.replace(/[▲▼]/g, '').trim());
  const i = titles.indexOf(title);
  expect(i, `column ${title} in ${titles.join(', ')}`).toBeGreaterThanOrEqual(0);
  return Number(await headers.nth(i).getAttribute('aria-colindex')) - 1;
}
