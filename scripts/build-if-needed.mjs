// Builds the console into dist/ when its sources changed since the last build (a hash of the inputs).
import { execSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const inputs = ['src/app', 'src/features', 'src/ui', 'src/schemas', 'commands', 'locales', 'vite.config.ts', 'package-lock.json'];
const hash = crypto.createHash('sha256');
const walk = (p) => {
  if (!fs.existsSync(p)) return;
  const st = fs.statSync(p);
  if (st.isDirectory()) for (const f of fs.readdirSync(p).sort()) walk(path.join(p, f));
  else if (!/\.test\.tsx?$/.test(p)) hash.update(p).update(fs.readFileSync(p));
};
inputs.forEach(walk);
const digest = hash.digest('hex');
const stamp = path.join('dist', '.build-hash');
if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === digest && !process.argv.includes('--force')) process.exit(0);
console.log('Building the console…');
execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
fs.writeFileSync(stamp, digest);
