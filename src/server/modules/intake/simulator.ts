import { MARKETS, type Market } from '../../../schemas/merchant';
import type { AppOrder, AppProduct, AppProducts } from '../../../schemas/intake';
import { MARKET_DATA } from '../../seed/markets';
import { Rng } from '../../seed/rng';
import { syntheticBorrower, type SyntheticBorrower } from './borrowers';
import { signedHeaders } from './signature';

/**
 * The borrower simulator behind `npm run simulate` (docs/intake.md): synthetic borrowers register, bind a card,
 * apply, poll their order and confirm the withdrawal once it is approved — all through the signed intake API, at
 * a steady rate of requests per second, so that review and withdrawal queues fill while people work. A share of
 * the borrowers send something wrong (a name too short, a phone of another market, an amount out of range) so
 * that refusals show up too. It is a client: it talks HTTP (or, in tests, app.inject) and never the database.
 */

export interface TransportRequest {
  method: 'GET' | 'POST';
  /** Path and query. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface TransportResponse {
  status: number;
  body: unknown;
}

export type Transport = (req: TransportRequest) => Promise<TransportResponse>;

/** Plain HTTP to a running server. */
export function httpTransport(baseUrl: string): Transport {
  const base = baseUrl.replace(/\/+$/, '');
  return async (req) => {
    const res = await fetch(base + req.path, { method: req.method, headers: req.headers, body: req.body, signal: AbortSignal.timeout(60_000) });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: counted as an error below
    }
    return { status: res.status, body };
  };
}

export interface SimulationOptions {
  transport: Transport;
  appKey: string;
  secret: string;
  /** Requests per second. */
  rate: number;
  durationSec: number;
  /** Seed of the synthetic borrowers (the same seed, the same people). */
  seed?: string;
  /** Share of borrowers that send an invalid request (0–1). */
  invalidShare?: number;
  /** How often a borrower waiting for review polls its order. */
  pollMs?: number;
  /** Requests in flight at most; ticks beyond it are skipped (counted as not sent). */
  maxInFlight?: number;
  /** lang-code header (numeric language id). */
  lang?: string;
  /** Where the per-second lines go. */
  log?: (line: string) => void;
  /** Signing time (system time of the caller). */
  now?: () => number;
}

export interface SimulationStats {
  sent: number;
  accepted: number;
  refused: Record<string, number>;
  errors: number;
}

type Step = 'register' | 'bind_card' | 'apply' | 'poll' | 'confirm';

interface Borrower {
  b: SyntheticBorrower;
  /** The mistake this borrower makes, if any. */
  fault: 'name' | 'phone' | 'amount' | null;
  orderNo?: string;
  nextPollAt?: number;
}

const emptyStats = (): SimulationStats => ({ sent: 0, accepted: 0, refused: {}, errors: 0 });

function add(into: SimulationStats, s: SimulationStats): void {
  into.sent += s.sent;
  into.accepted += s.accepted;
  into.errors += s.errors;
  for (const [k, v] of Object.entries(s.refused)) into.refused[k] = (into.refused[k] ?? 0) + v;
}

export function formatStats(s: SimulationStats): string {
  const refused = Object.values(s.refused).reduce((a, b) => a + b, 0);
  const reasons = Object.entries(s.refused).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', ');
  return `sent ${s.sent} accepted ${s.accepted} refused ${refused}${reasons ? ` (${reasons})` : ''} errors ${s.errors}`;
}

/** Why a request was refused: the first issue's message id (rules, validation), else the envelope code. */
export function refusalReason(body: unknown): string {
  const b = body as { code?: number; data?: { issues?: Array<{ id?: string }> } } | null;
  return b?.data?.issues?.[0]?.id ?? `code ${b?.code ?? '?'}`;
}

export async function runSimulation(o: SimulationOptions): Promise<SimulationStats> {
  const log = o.log ?? ((line: string) => console.log(line));
  const now = o.now ?? (() => Date.now());
  const rng = new Rng(o.seed ?? 'simulate', 'driver');
  const pollMs = o.pollMs ?? 5000;
  const maxInFlight = o.maxInFlight ?? 64;
  const invalidShare = o.invalidShare ?? 0.05;

  const call = async (method: 'GET' | 'POST', path: string, payload?: unknown, extra: Record<string, string> = {}) => {
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    const headers = {
      ...signedHeaders({ appKey: o.appKey, secret: o.secret, method, path, body: body ?? '', now: now() }),
      ...(body ? { 'content-type': 'application/json' } : {}), 'lang-code': o.lang ?? '100', ...extra,
    };
    return o.transport({ method, path, headers, body });
  };

  const first = await call('GET', '/loanapi/app/products');
  const catalogue = (first.body as { code?: number; data?: AppProducts; msg?: string } | null);
  if (first.status !== 200 || catalogue?.code !== 20000 || !catalogue.data) {
    throw new Error(`cannot read the products with this app key: HTTP ${first.status} ${catalogue?.msg ?? JSON.stringify(first.body)}`);
  }
  const market = (MARKETS as readonly string[]).includes(catalogue.data.market) ? (catalogue.data.market as Market) : 'vn';
  const products = catalogue.data.products;
  if (!products.length) throw new Error(`merchant ${catalogue.data.merchant_code} offers no product to apply for`);
  const md = MARKET_DATA[market];
  const otherMarket = MARKETS.find((m) => m !== market)!;

  const queue: Array<{ step: Step; who: Borrower }> = [];
  const waiting = new Set<Borrower>();
  let born = 0;
  let inFlight = 0;
  const second = { stats: emptyStats() };
  const totals = emptyStats();

  const amountFor = (p: AppProduct): number => {
    const step = md.amount.step;
    const lo = Math.ceil(p.min_amount / step);
    const hi = Math.floor((p.max_amount > 0 ? p.max_amount : md.amount.max) / step);
    return Math.max(p.min_amount, rng.int(lo, Math.max(lo, hi)) * step);
  };

  const nextTask = (): { step: Step; who: Borrower } => {
    const t = now();
    for (const who of waiting) {
      if ((who.nextPollAt ?? 0) <= t) {
        waiting.delete(who);
        return { step: 'poll', who };
      }
    }
    const queued = queue.shift();
    if (queued) return queued;
    const b = syntheticBorrower(market, o.seed ?? 'simulate', born++);
    const fault = rng.chance(invalidShare) ? rng.pick(['name', 'phone', 'amount'] as const) : null;
    return { step: 'register', who: { b, fault } };
  };

  const run = async ({ step, who }: { step: Step; who: Borrower }): Promise<void> => {
    const b = who.b;
    // Counted in the second they happen in: a slow answer lands in a later line, never nowhere.
    const cur = () => second.stats;
    cur().sent++;
    try {
      let res: TransportResponse;
      switch (step) {
        case 'register': {
          const phone = who.fault === 'phone' ? syntheticBorrower(otherMarket, 'wrong-market', born).phone : b.phone;
          res = await call('POST', '/loanapi/app/register', {
            phone, name: who.fault === 'name' ? b.name.slice(0, 1) : b.name, id_number: b.id_number, birth_date: b.birth_date, gender: b.gender,
            device_id: b.device_id, device: b.device, source: b.device.os === 'ios' ? 'ios' : 'android', profile: b.profile,
          });
          break;
        }
        case 'bind_card':
          res = await call('POST', '/loanapi/app/bind_card', { phone: b.phone, bank_code: b.bank.code, card_number: b.card_number, cardholder: b.name });
          break;
        case 'apply': {
          const p = rng.pick(products);
          const amount = who.fault === 'amount' ? p.max_amount + md.amount.step : amountFor(p);
          const days = rng.int(p.min_days, p.max_days);
          // A platform key lets the platform choose the merchant for most applications.
          const named = !catalogue.data!.platform || rng.chance(0.3);
          res = await call('POST', '/loanapi/app/apply', { phone: b.phone, ...(named ? { product_id: p.product_id } : {}), amount, days, device_id: b.device_id });
          break;
        }
        case 'poll':
          res = await call('GET', `/loanapi/app/order_status?phone=${encodeURIComponent(b.phone)}&order_no=${encodeURIComponent(who.orderNo!)}`);
          break;
        case 'confirm':
          res = await call('POST', '/loanapi/app/confirm_withdrawal', { phone: b.phone, order_no: who.orderNo, device_id: b.device_id },
            { 'idempotency-key': `sim-${who.orderNo}` });
          break;
      }
      const env = res.body as { code?: number; data?: any } | null;
      if (res.status >= 500 || !env || typeof env.code !== 'number' || env.code >= 50000) {
        cur().errors++;
        return;
      }
      if (env.code !== 20000) {
        const reason = refusalReason(env);
        cur().refused[reason] = (cur().refused[reason] ?? 0) + 1;
        return;
      }
      cur().accepted++;
      if (step === 'register') queue.push({ step: 'bind_card', who });
      else if (step === 'bind_card') queue.push({ step: 'apply', who });
      else if (step === 'apply') {
        who.orderNo = (env.data as AppOrder).order_no;
        who.nextPollAt = now() + pollMs;
        waiting.add(who);
      } else if (step === 'poll') {
        const status = (env.data as { orders: AppOrder[] }).orders[0]?.status;
        if (status === 'withdrawal') queue.unshift({ step: 'confirm', who });
        else if (status && !['closed', 'settled', 'failed', 'bad_debt', 'repaying', 'overdue', 'extended', 'disbursing'].includes(status)) {
          who.nextPollAt = now() + pollMs;
          waiting.add(who);
        }
      }
    } catch {
      cur().errors++;
    }
  };

  const started = now();
  const endAt = started + o.durationSec * 1000;
  const interval = 1000 / o.rate;
  const pending = new Set<Promise<void>>();
  let nextSend = started;
  let nextReport = started + 1000;

  while (now() < endAt) {
    const t = now();
    if (t >= nextSend) {
      nextSend += interval;
      if (inFlight < maxInFlight) {
        inFlight++;
        const p = run(nextTask()).finally(() => {
          inFlight--;
          pending.delete(p);
        });
        pending.add(p);
      }
      continue;
    }
    if (t >= nextReport) {
      report();
      nextReport += 1000;
      continue;
    }
    await new Promise((r) => setTimeout(r, Math.max(1, Math.min(nextSend, nextReport) - t)));
  }
  await Promise.all(pending);
  report();
  log(`total ${formatStats(totals)}`);
  return totals;

  function report(): void {
    const s = second.stats;
    second.stats = emptyStats();
    add(totals, s);
    const at = Math.round((now() - started) / 1000);
    log(`[${String(at).padStart(4)}s] ${formatStats(s)} | waiting for review ${waiting.size}`);
  }
}
