import { openDatabase } from './src/server/db/client';
import { seedDemo } from './src/server/seed/demo';
import { seedBusinessData } from './src/server/seed/load';
const d = await openDatabase({ databaseUrl: process.env.DBURL ?? null, dataDir: process.env.DDIR ?? 'memory://', bulkLoad: true });
await seedDemo(d.db, 'Demo@2026', { business: false });
for (const rebuild of [false, true]) {
  const r = await seedBusinessData(d.db, { orders: Number(process.argv[2]), richLimit: 2000, workers: 1, rebuildIndexes: rebuild });
  console.log('rebuild', rebuild, JSON.stringify(Object.fromEntries(Object.entries(r.timings).map(([k, v]) => [k, Math.round(v)]))));
}
await d.close();
