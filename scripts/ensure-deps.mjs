// Installs what `npm start` and `npm test` need on a fresh machine, and nothing when it is already there:
// node_modules from the lock file, and (with --chromium) Debian's Chromium for the end-to-end tests.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const run = (cmd) => execSync(cmd, { stdio: 'inherit' });

const lock = 'package-lock.json';
const installed = 'node_modules/.package-lock.json';
if (!fs.existsSync(installed) || fs.statSync(lock).mtimeMs > fs.statSync(installed).mtimeMs + 1000) {
  console.log('Installing dependencies (npm ci)…');
  run('npm ci --no-audit --no-fund');
}

if (process.argv.includes('--chromium')) {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    console.log('Installing Chromium from Debian packages for the end-to-end tests…');
    const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
    run(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-core`);
  }
}
