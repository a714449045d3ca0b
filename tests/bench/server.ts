/**
 * The server under measurement, in a process of its own (started by the bench with an IPC channel): the bench
 * process is then a client only, PGlite's folder is opened by one process at a time, and the RSS the kernel
 * reports for this process (VmHWM) is the memory of what it served — an export, for instance — and nothing else.
 *
 * Environment: DATA_DIR (PGlite folder, or files folder with DATABASE_URL), DATABASE_URL (optional), DIST_DIR.
 * Messages: → {type:'ready', port}; ← {type:'count', id, query, n} → {type:'count', id, times, total, exact};
 * ← {type:'sql', id, text} → {type:'sql', id, rows}; ← {type:'stop'}.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { cappedCount } from '../../src/server/list/count';
import { buildWhere, keyQuery } from '../../src/server/list/query';
import { allOrderList } from '../../src/server/modules/order/order.routes';
import type { Actor } from '../../src/server/plugins/session';

type Msg =
  | { type: 'count'; id: number; query: Record<string, unknown>; merchantIds?: number[]; n: number }
  | { type: 'sql'; id: number; text: string }
  | { type: 'stop' };

async function main() {
  const dataDir = process.env.DATA_DIR!;
  const cfg = testConfig({ dataDir, databaseUrl: process.env.DATABASE_URL || null, distDir: path.resolve(process.env.DIST_DIR || 'dist') });
  const database = await openDatabase(cfg);
  const app = await buildApp({ db: database.db, cfg, serveConsole: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const ctx = { db: database.db, cfg, now: () => new Date() };

  // The engine's own count, as a list request makes it (outside HTTP, so the figure is the count alone).
  const count = async (m: Extract<Msg, { type: 'count' }>) => {
    // No merchants named: an administrator's count (admin_y sees every merchant; an actor with none sees nothing).
    const actor = { accountId: 0, merchantIds: m.merchantIds ?? [], nodes: new Set<string>(m.merchantIds ? [] : ['admin_y']), nodeList: [], privacy: false } as unknown as Actor;
    const filters = allOrderList.def.filters.parse(m.query) as Record<string, unknown>;
    const where = await buildWhere(allOrderList, filters, actor, ctx);
    const times: number[] = [];
    let last = null as Awaited<ReturnType<typeof cappedCount>> | null;
    for (let i = 0; i < m.n; i++) {
      const t0 = performance.now();
      last = await cappedCount(database.db, () => keyQuery(allOrderList, ctx, where), allOrderList.countCap, { table: allOrderList.table, filtered: where !== undefined });
      times.push(performance.now() - t0);
    }
    return { times, total: last?.total, exact: last?.total_exact };
  };

  process.on('message', (m: Msg) => {
    void (async () => {
      if (m.type === 'stop') {
        await app.close();
        await database.close();
        process.exit(0);
      }
      try {
        if (m.type === 'count') process.send!({ type: 'count', id: m.id, ...(await count(m)) });
        if (m.type === 'sql') {
          const res = await database.db.execute(sql.raw(m.text));
          process.send!({ type: 'sql', id: m.id, rows: (res as { rows?: unknown[] }).rows ?? res });
        }
      } catch (err) {
        process.send!({ type: m.type, id: m.id, error: String((err as Error)?.stack ?? err) });
      }
    })();
  });
  process.send!({ type: 'ready', port: typeof addr === 'object' && addr ? addr.port : 0 });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
