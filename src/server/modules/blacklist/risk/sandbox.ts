import crypto from 'node:crypto';
import type { BlacklistType } from '../../../../schemas/blacklist';
import type { Market } from '../../../../schemas/merchant';
import { MARKET_DATA } from '../../../seed/markets';
import { Rng } from '../../../seed/rng';
import type { FeedPage, RiskListing, RiskProvider, RiskSubject, RiskVerdict } from './types';

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
  };
}
