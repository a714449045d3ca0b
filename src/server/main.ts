import path from 'node:path';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { buildApp } from './app';
import { writeStockPictures } from './seed/assets';
import { demoAccounts, seedDemo } from './seed/demo';
import { runJob } from './jobs/scheduler';
import { statisticsRefreshJob } from './modules/statistics/refresh';

/** `npm start`: migrate, load the demo data on first start, serve console and API on one port. */
async function main() {
  const cfg = loadConfig();
  const database = await openDatabase(cfg);
  if (cfg.seedDemo) await seedDemo(database.db, cfg.demoPassword);
  // The pictures the seeded customers' documents point to (files folder; none for an in-memory database).
  if (!cfg.dataDir.startsWith('memory://')) writeStockPictures(path.join(cfg.dataDir, 'files'));
  const app = await buildApp({ db: database.db, cfg, serveConsole: true });
  await app.listen({ port: cfg.port, host: cfg.host });
  // Reports read daily facts: build them now rather than at the first minute's refresh (a fresh database would show
  // empty reports for a minute). In the background: at a million orders the first build takes a while.
  // One build of the facts at start even when the scheduled jobs are off (the e2e server): reports read only facts.
  void runJob(app.deps, statisticsRefreshJob).catch((err) => app.log.error({ err }, 'statistics refresh'));
  const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${cfg.dataDir}`;
  const accounts = await demoAccounts(database.db);
  const lines = [
    '',
    `  Lending console is running on ${where}`,
    `  Open   http://localhost:${cfg.port}/`,
    cfg.captchaEnabled ? '  Sign in with an account below and the captcha shown.' : '  Captcha is off (CAPTCHA_ENABLED=false).',
    accounts.length ? `  Demo accounts (password ${cfg.demoPassword}):` : '',
    ...accounts.map((a) => `    ${a.account.padEnd(14)} ${a.role}`),
    '',
  ];
  console.log(lines.join('\n'));
  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
