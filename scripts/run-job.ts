import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { JOBS } from '../src/server/jobs';
import { runJob } from '../src/server/jobs/scheduler';

/**
 * `npm run job -- <name>`: runs one background job once against the configured database (DATABASE_URL or the
 * embedded one) and prints what it did as JSON — e.g. the end of day after moving the business clock, from cron, or
 * from a second process to see that the job's lock lets one process run it at a time.
 */
async function main() {
  const name = process.argv[2];
  const job = JOBS.find((j) => j.name === name);
  if (!job) {
    console.error(`usage: npm run job -- <name>; jobs: ${JOBS.map((j) => j.name).join(', ')}`);
    process.exit(2);
  }
  const cfg = { ...loadConfig(), jobsEnabled: false };
  const database = await openDatabase(cfg);
  const app = await buildApp({ db: database.db, cfg });
  try {
    console.log(JSON.stringify(await runJob(app.deps, job)));
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
