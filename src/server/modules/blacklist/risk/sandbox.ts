import crypto from 'node:crypto';
import type { BlacklistType } from '../../../../schemas/blacklist';
import type { Market } from '../../../../schemas/merchant';
import { MARKET_DATA } from '../../../seed/markets';
import { Rng } from '../../../seed/rng';
import { MARKET_CURRENCY } from '../../../../schemas/merchant';
import type { FeedPage, MultiLenderReport, OtherLenderLoan, RiskListing, RiskProvider, RiskReport, RiskSubject, RiskVerdict } from './types';

/**
 * The built-in sandbox risk provider: deterministic fake data, so a demo, a test and a second server all see the same
 * lists without a network. Its feed publishes, per merchant, `base` listings on 2026-01-01 and one more every week
 * after, each generated from (seed, merchant, number) in the merchant market's formats. A re-check hits when an HMAC of
 * the person's ID number (else phone) falls under `hitRate`, or — so that a demo or a test can pick a listed person —
 * when the phone ends in `0000`.
 */

export interface RiskSandboxSettings {
  seed: string;
  /** Listings published on the first day. */
  base: number;
  /** Share of people a re-check finds listed (0–1). */
  hitRate: number;
}

export const RISK_SANDBOX_DEFAULTS: RiskSandboxSettings = { seed: 'risk-sandbox', base: 24, hitRate: 0.08 };
const EPOCH = Date.UTC(2026, 0, 1);
const DAY = 86_400_000;
const WEEK = 7 * DAY;
const SOURCES = ['court', 'fraud_consortium', 'telecom_fraud', 'multi_lender'] as const;
const REASONS: Record<(typeof SOURCES)[number], string> = {
  court: 'Court judgment for unpaid debt',
  fraud_consortium: 'Reported for identity fraud by a consortium member',
  telecom_fraud: 'Number linked to telecom fraud',
  multi_lender: 'Defaulted at several lenders',
};
const TYPES: ReadonlyArray<readonly [BlacklistType, number]> = [['phone', 50], ['id_number', 30], ['device', 10], ['bank_card', 10]];

function listingValue(rng: Rng, market: Market, type: BlacklistType): string {
  const md = MARKET_DATA[market];
  switch (type) {
    case 'phone': return md.phone(rng);
    case 'id_number': {
      const birth = new Date(Date.UTC(rng.int(1965, 2003), rng.int(0, 11), rng.int(1, 28)));
      return md.idNumber(rng, birth, rng.chance(0.5) ? 'M' : 'F', rng.pick(md.regions));
    }
    case 'device': return rng.chars(16, '0123456789abcdef');
    default: return rng.pick(md.banks).bins[0] + rng.digits(10);
  }
}

/** The sandbox listing number `n` of a merchant (exported for tests and the demo). */
export function sandboxListing(s: RiskSandboxSettings, merchant: { id: number; market: Market }, n: number): RiskListing {
  const rng = new Rng(`${s.seed}:${merchant.id}`, 'risk-feed', n);
  const type = rng.weighted(TYPES);
  const source = rng.pick(SOURCES);
  return {
    ref: `SBX-${merchant.id}-${n}`, type, value: listingValue(rng, merchant.market, type), level: rng.int(1, 3) as 1 | 2 | 3, source,
    reason: REASONS[source], listedAt: new Date(EPOCH + Math.max(0, n - s.base + 1) * WEEK + rng.int(0, DAY / 1000 - 1) * 1000),
  };
}

/** Listings published by `now`. */
export function sandboxPublished(s: RiskSandboxSettings, now: Date): number {
  return s.base + Math.max(0, Math.floor((now.getTime() - EPOCH) / WEEK));
}

/** Whether the sandbox lists this person (exported so a test can choose a listed or a clear one). */
export function sandboxHit(s: RiskSandboxSettings, subject: Pick<RiskSubject, 'merchantId' | 'phone' | 'idNumber'>): boolean {
  if (subject.phone.endsWith('0000')) return true;
  const h = crypto.createHmac('sha256', s.seed).update(`${subject.merchantId}:${subject.idNumber || subject.phone}`).digest();
  return h.readUInt32BE(0) / 0x1_0000_0000 < s.hitRate;
}

const FLAGS = ['identity_mismatch', 'many_applications', 'device_shared', 'court_record', 'telecom_fraud', 'thin_file', 'address_unverified'] as const;
const LENDERS = ['QuickCash', 'EasyLoan', 'MoneyNow', 'CashBee', 'LendGo', 'PayLater Plus', 'CreditOne', 'FinPocket'] as const;
const PRODUCTS = ['consumer', 'payday', 'installment', 'credit_card'] as const;
const GRADES: ReadonlyArray<readonly [number, RiskReport['grade']]> = [[800, 'A'], [650, 'B'], [500, 'C'], [350, 'D'], [0, 'E']];

/** The person's key for the sandbox's answers: the same person always gets the same report. */
const personKey = (s: RiskSandboxSettings, subject: Pick<RiskSubject, 'merchantId' | 'phone' | 'idNumber'>) =>
  `${s.seed}:${subject.merchantId}:${subject.idNumber || subject.phone}`;

/** The sandbox's risk report of a person: deterministic from the subject's hash; listed people score low. */
export function sandboxReport(s: RiskSandboxSettings, subject: Pick<RiskSubject, 'merchantId' | 'phone' | 'idNumber'>): RiskReport {
  const rng = new Rng(personKey(s, subject), 'risk-report', 0);
  const listed = sandboxHit(s, subject);
  const score = listed ? rng.int(120, 380) : rng.int(380, 940);
  const grade = GRADES.find(([min]) => score >= min)![1];
  const flags = FLAGS.filter(() => rng.chance(score < 500 ? 0.45 : 0.12));
  if (listed && !flags.includes('court_record')) flags.push('court_record');
  const h = crypto.createHash('sha256').update(personKey(s, subject)).digest('hex');
  return { score, grade, flags, ref: `SBR-${h.slice(0, 16)}` };
}

/** The sandbox's multi-lender report of a person (0–4 loans elsewhere), deterministic from the subject's hash. */
export function sandboxMultiLender(s: RiskSandboxSettings, subject: Pick<RiskSubject, 'merchantId' | 'market' | 'phone' | 'idNumber'>, now: Date): MultiLenderReport {
  const rng = new Rng(personKey(s, subject), 'multi-lender', 0);
  const md = MARKET_DATA[subject.market];
  const step = md.amount.step;
  const n = sandboxHit(s, subject) ? rng.int(2, 4) : rng.weighted([[0, 45], [1, 30], [2, 15], [3, 10]] as const);
  const loans: OtherLenderLoan[] = [];
  for (let i = 0; i < n; i++) {
    const amount = Math.max(md.amount.min, Math.round(rng.int(md.amount.min, md.amount.max) / step) * step);
    const overdue = rng.chance(0.3) ? rng.int(1, 90) : 0;
    const opened = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - rng.int(5, 200) * DAY);
    loans.push({
      lender: rng.pick(LENDERS), product: rng.pick(PRODUCTS), amount_minor: amount,
      outstanding_minor: overdue ? amount : Math.round((amount * rng.int(0, 100)) / 100 / step) * step, overdue_days: overdue,
      opened_on: opened.toISOString().slice(0, 10),
    });
  }
  const h = crypto.createHash('sha256').update(`${personKey(s, subject)}:ml`).digest('hex');
  return {
    lenders: new Set(loans.map((l) => l.lender)).size, applications_30d: n + rng.int(0, 3), loans,
    outstanding_minor: loans.reduce((a, l) => a + l.outstanding_minor, 0), max_overdue_days: loans.reduce((a, l) => Math.max(a, l.overdue_days), 0),
    currency: MARKET_CURRENCY[subject.market], ref: `SBM-${h.slice(0, 16)}`,
  };
}

export function createRiskSandbox(over: Partial<RiskSandboxSettings> = {}): RiskProvider {
  const s = { ...RISK_SANDBOX_DEFAULTS, ...over };
  return {
    name: 'sandbox',
    async feed(merchant, cursor, limit, now): Promise<FeedPage> {
      const from = /^\d{1,9}$/.test(cursor) ? Number(cursor) : 0;
      const published = sandboxPublished(s, now);
      const to = Math.min(published, from + Math.max(1, limit));
      const listings: RiskListing[] = [];
      for (let n = from; n < to; n++) listings.push(sandboxListing(s, merchant, n));
      return { listings, cursor: String(Math.max(from, to)), more: to < published };
    },
    async check(subject, now): Promise<RiskVerdict> {
      if (!sandboxHit(s, subject)) return { hit: false, listing: null, response: { result: 'clear', checked_at: now.toISOString() } };
      const h = crypto.createHash('sha256').update(`${s.seed}:${subject.merchantId}:${subject.idNumber || subject.phone}`).digest();
      const source = SOURCES[h[0] % SOURCES.length];
      const byId = !!subject.idNumber;
      const listing: RiskListing = {
        ref: `SBC-${h.toString('hex').slice(0, 16)}`, type: byId ? 'id_number' : 'phone', value: byId ? subject.idNumber : subject.phone,
        level: ((h[1] % 3) + 1) as 1 | 2 | 3, source, reason: REASONS[source], listedAt: new Date(EPOCH + (h.readUInt16BE(2) % 300) * DAY),
      };
      return { hit: true, listing, response: { result: 'listed', ref: listing.ref, level: listing.level, source, checked_at: now.toISOString() } };
    },
    async report(subject): Promise<RiskReport> {
      return sandboxReport(s, subject);
    },
    async multiLender(subject, now): Promise<MultiLenderReport> {
      return sandboxMultiLender(s, subject, now);
    },
  };
}
