import { planSeed, chunkPlan, generateChunk, csvSinks, SEED_TABLES, TABLE_COLUMNS, type GenContext } from './src/server/seed/generate';
import { SEED_MERCHANTS, SEED_PRODUCTS, SEED_CHANNELS } from './src/server/seed/catalog';
import { MARKET_DATA } from './src/server/seed/markets';
const N = Number(process.argv[2] ?? 100000);
const RICH = Number(process.argv[3] ?? 20000);
let pid = 1, cid = 1;
const ctx: GenContext = {
  seed: 'dev', now: Date.parse('2026-03-01T10:00:00Z'), orders: N, richLimit: RICH,
  merchants: SEED_MERCHANTS.map((m, i) => ({ id: i + 1, market: m.market, currency: MARKET_DATA[m.market].currency, weight: m.weight,
    products: SEED_PRODUCTS.map((p) => ({ id: pid++, key: p.key, name: p.key, days: p.days, rateBp: p.rateBp, interestType: p.interestType, managementFeeBp: p.managementFeeBp, riskFeeBp: p.riskFeeBp, paymentFeeBp: p.paymentFeeBp, feeTiming: p.feeTiming, overdueRateBp: p.overdueRateBp, weight: p.weight })),
    primeProduct: 3, channels: SEED_CHANNELS.map((c) => ({ id: cid++, weight: c.weight })) })),
  labelIds: [1, 2, 3, 4], accounts: { reviewer1: 2, reviewer2: 3, prereview: 4, withdrawal: 5, collector: 6, admin: 1, staff: [1, 2, 6] },
};
let t = performance.now();
const plan = planSeed(ctx);
console.log('plan', plan.customers, plan.orders, (performance.now() - t).toFixed(0), 'ms');
const chunks = chunkPlan(plan, Number(process.argv[4] ?? 20000));
const counts: Record<string, number> = {}; let bytes = 0;
t = performance.now(); let tcsv = 0;
for (const c of chunks) {
  const t1 = performance.now(); const s = generateChunk(ctx, c, csvSinks()); process.stdout.write(` ${c.from}:${(performance.now()-t1).toFixed(0)}`);
  const t2 = performance.now();
  for (const tb of SEED_TABLES) { counts[tb] = (counts[tb] ?? 0) + s[tb].count; bytes += s[tb].bytes().length; }
  tcsv += performance.now() - t2;
}
const cu = process.cpuUsage(); console.log('cpu user', (cu.user/1000).toFixed(0), 'ms'); console.log('gen+csv', (performance.now() - t).toFixed(0), 'ms; join+encode', tcsv.toFixed(0), 'ms', (bytes / 1e6).toFixed(0), 'MB', Object.values(counts).reduce((a,b)=>a+b), 'rows');
console.log(JSON.stringify(counts));
