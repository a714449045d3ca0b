/**
 * `npm run bench`: the figures the issues ask for, measured on this machine and printed as a table.
 * Not a test: nothing here passes or fails; the numbers go into the closing notes.
 *   - first load: gzipped JS and CSS the login page downloads in Chromium (target ≤ 350 KiB of JS), and that
 *     neither the grid nor the charts chunk is among it;
 *   - API: signed-in request latency (get_userinfo: session, permission and profile queries) at 1 and 10
 *     concurrent clients on the embedded database.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { seedDemo } from '../../src/server/seed/demo';

const DEMO = 'Demo@2026';

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function firstLoad(base: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage();
  const files: string[] = [];
  page.on('response', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/assets/')) files.push(u.pathname);
  });
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await browser.close();
  let js = 0;
  let css = 0;
  for (const f of new Set(files)) {
    const gz = zlib.gzipSync(fs.readFileSync(path.join('dist', f))).length;
    if (f.endsWith('.js')) js += gz;
    else if (f.endsWith('.css')) css += gz;
  }
  const heavy = [...new Set(files)].filter((f) => /\/(grid|charts|DataGrid)-/.test(f));
  return { js: js / 1024, css: css / 1024, files: new Set(files).size, heavy };
}

async function apiLatency(base: string, token: string, concurrency: number, total: number) {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      next++;
      const t0 = performance.now();
      const res = await fetch(`${base}/loanapi/account/get_userinfo`, { headers: { 'x-api-token': token } });
      await res.arrayBuffer();
      times.push(performance.now() - t0);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const secs = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95), p99: pct(times, 99), rps: total / secs };
}

async function main() {
  execSync('node scripts/build-if-needed.mjs', { stdio: 'inherit' });
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? null, dataDir: 'memory://' });
  await seedDemo(database.db, DEMO);
  const app = await buildApp({ db: database.db, cfg: testConfig({ distDir: path.resolve('dist') }), serveConsole: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;

  const load = await firstLoad(base);
  const login = await (await fetch(`${base}/loanapi/account/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: 'admin', pwd: DEMO }),
  })).json() as { data: { token: string } };
  const one = await apiLatency(base, login.data.token, 1, 300);
  const ten = await apiLatency(base, login.data.token, 10, 1000);

  const rows: Array<[string, string]> = [
    ['database', database.kind],
    ['first load JS (gzip)', `${load.js.toFixed(1)} KiB (target ≤ 350)`],
    ['first load CSS (gzip)', `${load.css.toFixed(1)} KiB`],
    ['first load files', String(load.files)],
    ['grid/charts in first load', load.heavy.length ? load.heavy.join(', ') : 'none'],
    ['get_userinfo, 1 client', `p50 ${one.p50.toFixed(1)} ms, p95 ${one.p95.toFixed(1)} ms, ${one.rps.toFixed(0)} req/s`],
    ['get_userinfo, 10 clients', `p50 ${ten.p50.toFixed(1)} ms, p95 ${ten.p95.toFixed(1)} ms, p99 ${ten.p99.toFixed(1)} ms, ${ten.rps.toFixed(0)} req/s`],
  ];
  const w = Math.max(...rows.map((r) => r[0].length));
  console.log(rows.map(([k, v]) => `${k.padEnd(w)}  ${v}`).join('\n'));
  await app.close();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
