// Merges locales/parts/*.json ({"en": {...}, "zh": {...}, ...}) into locales/<code>.json, then removes the parts.
// Parallel work adds its messages as parts so that no two people edit the same catalogue file at once.
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve('locales');
const partsDir = path.join(dir, 'parts');
const codes = ['zh', 'zhTW', 'vi', 'en', 'ArEg', 'ThA', 'India'];
// Named parts only (`node scripts/merge-locales.mjs screens.json`), else every part.
const named = process.argv.slice(2).filter((a) => a.endsWith('.json'));
const parts = named.length ? named : fs.existsSync(partsDir) ? fs.readdirSync(partsDir).filter((f) => f.endsWith('.json')) : [];
const keep = process.argv.includes('--keep');
for (const code of codes) {
  const file = path.join(dir, `${code}.json`);
  const cat = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  for (const p of parts) {
    const part = JSON.parse(fs.readFileSync(path.join(partsDir, p), 'utf8'));
    for (const [k, v] of Object.entries(part[code] ?? {})) {
      if (k in cat && cat[k] !== v) console.warn(`${code}: ${k} differs in ${p}; keeping the part's text`);
      cat[k] = v;
    }
  }
  const sorted = Object.fromEntries(Object.entries(cat).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(file, JSON.stringify(sorted, null, 1) + '\n');
}
if (!keep) for (const p of parts) fs.rmSync(path.join(partsDir, p));
console.log(`merged ${parts.length} part(s) into ${codes.length} catalogues`);
