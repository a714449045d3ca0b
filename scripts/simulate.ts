// Drives synthetic borrowers through the signed intake API of a running server (docs/intake.md):
//   npm run simulate -- --rate 2 --duration 60 --url http://localhost:8080 [--merchant CODE]
import { parseArgs } from 'node:util';
import { SEED_MERCHANTS } from '../src/server/seed/catalog';
import { demoApp } from '../src/server/modules/intake/seedApps';
import { httpTransport, runSimulation } from '../src/server/modules/intake/simulator';

const HELP = `Usage: npm run simulate -- [options]

Synthetic borrowers register, bind a bank card, apply for a loan, poll their order and confirm the withdrawal
once it is approved, through the signed intake API (/loanapi/app/*). One line per second: requests sent,
accepted, refused (by reason) and errors.

Options:
  --rate N        requests per second (default 2)
  --duration S    seconds to run (default 60)
  --url URL       server address (default http://localhost:8080)
  --merchant CODE use the demo app key of this merchant (default: the platform key of M001, which
                  distributes applications between M001 and M001-01 by their receiving probability)
  --key K --secret S   another app key and its secret (from /merchant/account)
  --seed S        seed of the synthetic borrowers (default: the current time, so each run has new people)
  --invalid P     share of borrowers who send something invalid, 0..1 (default 0.05)
  --poll MS       how often a waiting borrower checks its order (default 5000)
  --lang ID       lang-code of the requests (default 100, English)
  --help          this text

Demo app keys (created with the demo data; never use them outside a demo):
${demoKeys()}
`;

function demoKeys(): string {
  const lines: string[] = [];
  for (const m of SEED_MERCHANTS) {
    const apps = [demoApp(m.code)];
    if (!m.parent && SEED_MERCHANTS.some((s) => s.parent === m.code)) apps.push(demoApp(m.code, true));
    for (const a of apps) lines.push(`  ${m.code.padEnd(8)} ${(a.platform ? 'platform' : 'merchant').padEnd(9)} key ${a.appKey.padEnd(22)} secret ${a.secret}`);
  }
  return lines.join('\n');
}

function num(v: string | undefined, dflt: number, name: string, min: number, max: number): number {
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isFinite(n) || n < min || n > max) {
    console.error(`--${name} must be a number from ${min} to ${max}`);
    process.exit(2);
  }
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rate: { type: 'string' }, duration: { type: 'string' }, url: { type: 'string' }, merchant: { type: 'string' },
      key: { type: 'string' }, secret: { type: 'string' }, seed: { type: 'string' }, invalid: { type: 'string' },
      poll: { type: 'string' }, lang: { type: 'string' }, help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const app = values.key
    ? { appKey: values.key, secret: values.secret ?? '' }
    : values.merchant ? demoApp(values.merchant.toUpperCase()) : demoApp('M001', true);
  if (values.key && !values.secret) {
    console.error('--key needs --secret');
    process.exit(2);
  }
  const url = values.url ?? 'http://localhost:8080';
  const rate = num(values.rate, 2, 'rate', 0.1, 1000);
  const duration = num(values.duration, 60, 'duration', 1, 86_400);
  console.log(`Simulating borrowers against ${url} with app key ${app.appKey}: ${rate} requests/s for ${duration} s`);
  await runSimulation({
    transport: httpTransport(url), appKey: app.appKey, secret: app.secret, rate, durationSec: duration,
    seed: values.seed ?? `sim-${Date.now()}`, invalidShare: num(values.invalid, 0.05, 'invalid', 0, 1),
    pollMs: num(values.poll, 5000, 'poll', 100, 600_000), lang: values.lang,
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
