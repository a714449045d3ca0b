import { count, inArray } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { runCollectionDay } from '../../src/server/modules/collection/day';
import { loanOrder } from '../../src/server/modules/order/order.table';
import { runEndOfDay } from '../../src/server/modules/repayment/endOfDay';
import { seedDemo } from '../../src/server/seed/demo';
import { DEMO_PASSWORD } from './seeded-db';
import { int, type Row } from './stats';

/**
 * The daily jobs on a generated book (embedded PGlite, in memory): the end of day for one business day (orders going
 * overdue, one accrual per overdue order), the same run again (nothing left to do), a 7-day catch-up after the job
 * did not run for a week, and the collection day that stages and allocates the cases. No targets in the issues: the
 * figures say how long a night takes at this size and how it grows.
 */
export async function eodBench(orders: number): Promise<Row[]> {
  const database = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
  try {
    await seedDemo(database.db, DEMO_PASSWORD, { business: { orders } });
    const app = await buildApp({ db: database.db, cfg: testConfig() });
    try {
      const deps = app.deps;
      const owing = async () => (await deps.db.select({ n: count() }).from(loanOrder).where(inArray(loanOrder.status, ['overdue', 'bad_debt'])))[0].n;
      const time = async <T>(fn: () => Promise<T>) => {
        const t0 = performance.now();
        const r = await fn();
        return { ms: performance.now() - t0, r };
      };
      const sum = (r: Awaited<ReturnType<typeof runEndOfDay>>, k: 'accrued' | 'overdueMoved' | 'writtenOff') => r.merchants.reduce((s, m) => s + m[k], 0);
      await deps.clock.advanceDays(1);
      const day1 = await time(() => runEndOfDay(deps));
      const again = await time(() => runEndOfDay(deps));
      const coll = await time(() => runCollectionDay(deps));
      await deps.clock.advanceDays(7);
      const week = await time(() => runEndOfDay(deps));
      const overdue = await owing();
      const e = `PGlite (memory), ${int(orders)} orders`;
      const cases = coll.r.merchants.reduce((s, m) => s + m.entered, 0);
      return [
        { figure: 'end of day, one business day', engine: e, measured: `${(day1.ms / 1000).toFixed(1)} s: ${int(sum(day1.r, 'overdueMoved'))} went overdue, ${int(sum(day1.r, 'accrued'))} accrued (${(day1.ms / Math.max(1, sum(day1.r, 'accrued'))).toFixed(1)} ms/order)`, target: '', verdict: '' },
        { figure: 'end of day, same date again', engine: e, measured: `${(again.ms / 1000).toFixed(2)} s (nothing to do)`, target: '', verdict: '' },
        { figure: 'end of day, 7-day catch-up', engine: e, measured: `${(week.ms / 1000).toFixed(1)} s: ${int(sum(week.r, 'accrued'))} orders × up to 7 days, ${int(sum(week.r, 'writtenOff'))} written off; ${int(overdue)} overdue/bad debt now`, target: '', verdict: '' },
        { figure: 'collection day (stage, allocate)', engine: e, measured: `${(coll.ms / 1000).toFixed(1)} s: ${int(cases)} cases entered, ${int(coll.r.merchants.reduce((s, m) => s + m.assigned, 0))} assigned`, target: '', verdict: '' },
      ];
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}
