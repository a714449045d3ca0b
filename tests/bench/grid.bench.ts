/**
 * The all-orders grid over the whole seeded list in headless Chromium (Debian's, never a downloaded one), against
 * the built console served by the bench server: signs in, opens /review/allOrder, then scrolls from the top to the
 * bottom while the page records the time of every animation frame —
 *   1. wheel scrolling through the first rows (pages load by keyset as they come into view),
 *   2. the scrollbar dragged down to the bottom in even steps, one per frame (most rows are never loaded: the grid
 *      must keep drawing while requests for rows scrolled past are dropped),
 * and checks that the last order of the list is shown in the last row (glide's accessibility table holds the text
 * of the rows on screen).
 */
import { chromium, type Page } from '@playwright/test';
import type { BenchServer } from './child';
import { DEMO_PASSWORD } from './seeded-db';
import { int, ms, summarise, verdict, type Row } from './stats';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByPlaceholder('Your login account').fill('admin');
  await page.getByPlaceholder('Your password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/dashboard/, { timeout: 60_000 });
}

// Page scripts are strings: tsx would wrap named functions in a helper (__name) that the page does not have.

/** Starts recording animation-frame times in the page. */
const startFrames = (page: Page) => page.evaluate(`(() => {
  // One loop per recording: a loop left from the previous one stops at its next frame.
  const gen = (window.__gen = (window.__gen || 0) + 1);
  const frames = (window.__frames = []);
  window.__recording = true;
  const tick = (t) => {
    if (window.__gen !== gen) return;
    frames.push(t);
    if (window.__recording) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`);

/** Stops recording; the time between consecutive frames, ms. */
const stopFrames = (page: Page) => page.evaluate(`(() => {
  window.__recording = false;
  const f = window.__frames;
  return f.slice(1).map((t, i) => t - f[i]);
})()`) as Promise<number[]>;

/** Drags the grid's scrollbar from where it is to the bottom in even steps, one per animation frame. */
const dragToBottom = (page: Page, steps: number) => page.evaluate(`(async () => {
  const el = document.querySelector('[data-testid="grid-canvas"] .dvn-scroller');
  const from = el.scrollTop;
  const max = el.scrollHeight - el.clientHeight;
  for (let k = 1; k <= ${steps}; k++) {
    el.scrollTop = Math.round(from + ((max - from) * k) / ${steps});
    await new Promise((r) => requestAnimationFrame(r));
  }
})()`);

export async function gridBench(srv: BenchServer, engine: 'pglite' | 'pg', orders: number): Promise<Row[]> {
  const label = engine === 'pg' ? 'PostgreSQL' : 'PGlite';
  // What the last row must show: the oldest order (the screen sorts by created time, newest first).
  const token = await srv.login();
  const oldest = await srv.get<{ rows: Array<{ order_no: string }> }>(token, '/loanapi/order/all_list', { sort: 'created_at:asc', size: 1 });
  const lastNo = oldest.rows[0].order_no;

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    await signIn(page, srv.base);
    await page.goto(`${srv.base}/review/allOrder`);
    const grid = page.getByTestId('grid-canvas');
    await grid.waitFor({ timeout: 60_000 });
    // The first rows are drawn (their text is in glide's accessibility table).
    await page.locator('[data-testid="grid-canvas"] td[role="gridcell"]').filter({ hasText: /\S/ }).first().waitFor({ state: 'attached', timeout: 60_000 });
    const box = (await grid.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);

    // 1. Wheel: 200 notches of 300 px (10 rows) each.
    await startFrames(page);
    for (let i = 0; i < 200; i++) await page.mouse.wheel(0, 300);
    await page.waitForTimeout(300);
    const wheel = await stopFrames(page);

    // 2. The scrollbar dragged from the top to the bottom in 300 even steps, one per frame.
    await startFrames(page);
    await dragToBottom(page, 300);
    // The bottom rows arrive (one request for the list read backwards); keep recording while they are drawn.
    const lastCell = page.locator('[data-testid="grid-canvas"] td[role="gridcell"]').filter({ hasText: lastNo });
    const t0 = Date.now();
    let reached = true;
    await lastCell.first().waitFor({ state: 'attached', timeout: 30_000 }).catch(() => { reached = false; });
    const settleMs = Date.now() - t0;
    const drag = await stopFrames(page);

    // The cell with the last order number is in the last row of the grid (aria-rowindex counts the header as 1).
    const rowCount = Number(await page.locator('[data-testid="grid-canvas"] table[role="grid"]').getAttribute('aria-rowcount')) - 1;
    const lastRowIndex = reached ? Number(await lastCell.first().locator('xpath=..').getAttribute('aria-rowindex')) - 2 : -1;
    const isLast = reached && lastRowIndex === rowCount - 1;
    // The grid's bottom edge may sit just below the window: scroll the page there for the picture.
    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
    await page.screenshot({ path: `.bench/grid-bottom-${engine}.png` });

    const all = summarise([...wheel, ...drag]);
    const w = summarise(wheel);
    const d = summarise(drag);
    return [
      {
        figure: `grid, scroll top → bottom of ${int(orders)} orders, frame time`,
        engine: label,
        measured: `median ${ms(all.p50)} (wheel ${ms(w.p50)}, p95 ${ms(w.p95)}; drag ${ms(d.p50)}, p95 ${ms(d.p95)}; ${all.n} frames)`,
        target: 'median < 20 ms',
        verdict: verdict(all.p50 < 20),
      },
      {
        figure: 'grid, last order visible in the last row',
        engine: label,
        measured: reached ? `${lastNo} at row ${int(lastRowIndex + 1)} of ${int(rowCount)}, ${(settleMs / 1000).toFixed(1)} s after the drag` : `${lastNo} not shown within 30 s`,
        target: 'visible',
        verdict: verdict(isLast),
      },
    ];
  } finally {
    await browser.close();
  }
}
