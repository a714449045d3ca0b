import { csvLine } from './src/server/seed/generate';
import { Rng } from './src/server/seed/rng';
const cpu = () => process.cpuUsage().user / 1000;
let t = cpu(); let x = 0;
for (let i = 0; i < 1_000_000; i++) x += csvLine([i, 'first_review', 'second_review', 2, 'First review approved', '2026-01-01T10:00:00Z']).length;
console.log('csvLine 1M history rows', (cpu() - t).toFixed(0), 'ms');
t = cpu();
for (let i = 0; i < 200_000; i++) { const r = new Rng('seed', 'customer', i); x += r.u32(); }
console.log('200k Rng', (cpu() - t).toFixed(0), 'ms');
t = cpu(); const r = new Rng('a');
for (let i = 0; i < 10_000_000; i++) x += r.int(1, 100);
console.log('10M int', (cpu() - t).toFixed(0), 'ms');
t = cpu();
for (let i = 0; i < 1_000_000; i++) x += new Date(1.7e12 + i * 1000).toISOString().length;
console.log('1M toISOString', (cpu() - t).toFixed(0), 'ms');
t = cpu(); const arr: string[] = [];
for (let i = 0; i < 1_000_000; i++) arr.push(csvLine([i, 'first_review', 'second_review', 2, 'First review approved', '2026-01-01T10:00:00Z']));
const s = arr.join('\n');
console.log('1M lines kept + join', (cpu() - t).toFixed(0), 'ms', s.length);
