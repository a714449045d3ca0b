import { describe, expect, it } from 'vitest';
import { MARKETS, type Market } from '../../../schemas/merchant';
import { MARKET_DATA } from '../../seed/markets';
import { Rng } from '../../seed/rng';
import { pickMerchant } from './distribution';
import { ageOn, birthDateOfId, normaliseIdNumber, normalisePhone, validIdNumber, validPhone } from './identity';
import { moneyUnit, priceLoan } from './pricing';
import { globToRegExp, matchesPattern, patternSpecific } from './rules';
import { canonicalString, checkTimestamp, computeSignature, sha256Hex, signatureMatches, signedHeaders } from './signature';

describe('signature', () => {
  const parts = { method: 'post', path: '/loanapi/app/apply?x=1', timestamp: '1700000000000', nonce: 'abcdefgh', bodySha256: sha256Hex('{"a":1}') };

  it('signs METHOD\\npath\\ntimestamp\\nnonce\\nsha256(body) with HMAC-SHA256 in hex', () => {
    expect(canonicalString(parts)).toBe(`POST\n/loanapi/app/apply?x=1\n1700000000000\nabcdefgh\n${sha256Hex('{"a":1}')}`);
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    // Known answer computed apart from this code: printf 'POST\n/loanapi/app/apply?x=1\n1700000000000\nabcdefgh\ne3b0…b855' | openssl dgst -sha256 -hmac secret
    expect(computeSignature('secret', { ...parts, bodySha256: sha256Hex('') })).toBe('b4634ab188ab705be020869d423537c1a4b70e07a09ad121fe71f8e7a2098e60');
  });

  it('matches its own signature and nothing that differs in any part', () => {
    const sig = computeSignature('s3cret', parts);
    expect(signatureMatches('s3cret', parts, sig)).toBe(true);
    expect(signatureMatches('s3cret', parts, sig.toUpperCase())).toBe(true);
    expect(signatureMatches('other', parts, sig)).toBe(false);
    for (const k of ['method', 'path', 'timestamp', 'nonce', 'bodySha256'] as const) {
      expect(signatureMatches('s3cret', { ...parts, [k]: `${parts[k]}x` }, sig), k).toBe(false);
    }
    expect(signatureMatches('s3cret', parts, 'zz')).toBe(false);
  });

  it('accepts a timestamp within 5 minutes either way only', () => {
    const now = 1_700_000_000_000;
    expect(checkTimestamp(String(now - 299_000), now)).toBe('ok');
    expect(checkTimestamp(String(now + 299_000), now)).toBe('ok');
    expect(checkTimestamp(String(now - 301_000), now)).toBe('expired');
    expect(checkTimestamp(String(now + 301_000), now)).toBe('expired');
    expect(checkTimestamp('17e11', now)).toBe('invalid');
    expect(checkTimestamp('', now)).toBe('invalid');
  });

  it('builds the four headers a client sends', () => {
    const h = signedHeaders({ appKey: 'k1', secret: 's', method: 'GET', path: '/p', now: 5_000_000_000_000, nonce: 'nonce-123' });
    expect(h).toEqual({
      'x-app-key': 'k1', 'x-timestamp': '5000000000000', 'x-nonce': 'nonce-123',
      'x-signature': computeSignature('s', { method: 'GET', path: '/p', timestamp: '5000000000000', nonce: 'nonce-123', bodySha256: sha256Hex('') }),
    });
  });
});

describe('phones and ID numbers per market', () => {
  it('accepts what the seed generator makes in every market, with check digits and birth dates', () => {
    for (const market of MARKETS) {
      const md = MARKET_DATA[market];
      const rng = new Rng('identity', market);
      for (let i = 0; i < 300; i++) {
        const birth = new Date(Date.UTC(rng.int(1960, 2004), rng.int(0, 11), rng.int(1, 28)));
        const g = rng.chance(0.5) ? 'M' : 'F';
        const phone = md.phone(rng);
        const id = normaliseIdNumber(market, md.idNumber(rng, birth, g, rng.pick(md.regions)));
        expect(validPhone(market, phone), `${market} ${phone}`).toBe(true);
        expect(validIdNumber(market, id, birth.toISOString().slice(0, 10)), `${market} ${id}`).toBe(true);
      }
    }
  });

  it('refuses other markets\' phones, short ones and letters', () => {
    const bad: Array<[Market, string]> = [['vn', '0212345678'], ['vn', '091234567'], ['cn', '12012345678'], ['tw', '0812345678'],
      ['eg', '01312345678'], ['th', '0712345678'], ['in', '5123456789'], ['en', '1125551234'], ['vn', '09123456a8']];
    for (const [m, p] of bad) expect(validPhone(m, p), `${m} ${p}`).toBe(false);
    expect(normalisePhone('091 234-5678')).toBe('0912345678');
  });

  it('refuses wrong check digits and impossible dates', () => {
    const rng = new Rng('bad-ids');
    const cn = normaliseIdNumber('cn', MARKET_DATA.cn.idNumber(rng, new Date(Date.UTC(1990, 4, 17)), 'M', MARKET_DATA.cn.regions[0]));
    const flip = (s: string, i: number) => s.slice(0, i) + ((Number(s[i]) + 1) % 10) + s.slice(i + 1);
    expect(validIdNumber('cn', cn)).toBe(true);
    expect(validIdNumber('cn', flip(cn, 16))).toBe(false);
    expect(validIdNumber('cn', cn, '1990-05-18')).toBe(false);
    expect(birthDateOfId('cn', cn)).toBe('1990-05-17');
    const th = MARKET_DATA.th.idNumber(rng, new Date(), 'M', MARKET_DATA.th.regions[0]);
    expect(validIdNumber('th', flip(th, 12))).toBe(false);
    const inId = MARKET_DATA.in.idNumber(rng, new Date(), 'M', MARKET_DATA.in.regions[0]);
    expect(validIdNumber('in', flip(inId, 11))).toBe(false);
    expect(validIdNumber('tw', 'A123456788')).toBe(false);
    expect(validIdNumber('tw', 'A123456789')).toBe(true);
    expect(validIdNumber('eg', '29002301234567')).toBe(false); // 30 February
    expect(validIdNumber('en', '666-12-3456')).toBe(false);
    expect(validIdNumber('en', '123-45-6789')).toBe(true);
    expect(validIdNumber('vn', '079090123456', '1990-01-01')).toBe(true);
    expect(validIdNumber('vn', '079090123456', '1991-01-01')).toBe(false);
    expect(validIdNumber('vn', '099090123456')).toBe(false); // no province 099
  });

  it('counts full years of age on the business date', () => {
    expect(ageOn('2000-06-15', '2026-06-14')).toBe(25);
    expect(ageOn('2000-06-15', '2026-06-15')).toBe(26);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
  });
});

describe('pricing', () => {
  const daily = { rateBp: 50, interestType: 'daily', managementFeeBp: 800, riskFeeBp: 300, paymentFeeBp: 200, feeTiming: 'upfront' };

  it('daily interest, fees taken from the payout', () => {
    // 2,000,000 ₫ for 7 days at 0.5 %/day: 70,000 interest; fees 8 % + 3 % + 2 % = 260,000.
    const p = priceLoan(daily, 2_000_000, 7, moneyUnit('vn'));
    expect(p).toEqual({ loan: 2_000_000, interest: 70_000, managementFee: 160_000, riskFee: 60_000, paymentFee: 40_000, fees: 260_000, received: 1_740_000, contract: 2_070_000 });
  });

  it('flat interest for the whole loan, fees at maturity', () => {
    const flex = { rateBp: 1200, interestType: 'flat', managementFeeBp: 500, riskFeeBp: 200, paymentFeeBp: 100, feeTiming: 'maturity' };
    const p = priceLoan(flex, 100_000, 30, moneyUnit('en'));
    expect(p.interest).toBe(12_000);
    expect(p.fees).toBe(8_000);
    expect(p.received).toBe(100_000);
    expect(p.contract).toBe(120_000);
    expect(priceLoan(flex, 100_000, 15, 1).interest).toBe(12_000); // flat: days do not change it
  });

  it('rounds each part half up to the market unit and keeps received ≤ loan ≤ contract', () => {
    // 1,234,567 ₫ × 0.5 % × 7 = 43,209.845 → 43,000 (unit 1,000); × 8 % = 98,765.36 → 99,000.
    const p = priceLoan(daily, 1_234_567, 7, 1000);
    expect(p.interest).toBe(43_000);
    expect(p.managementFee).toBe(99_000);
    expect(priceLoan({ ...daily, rateBp: 1, managementFeeBp: 0, riskFeeBp: 0, paymentFeeBp: 0 }, 5_000, 1, 1).interest).toBe(1); // 0.5 → 1
    const rng = new Rng('pricing');
    for (let i = 0; i < 500; i++) {
      const q = priceLoan({ ...daily, feeTiming: rng.chance(0.5) ? 'upfront' : 'maturity', interestType: rng.chance(0.5) ? 'daily' : 'flat' }, rng.int(1, 50_000_000), rng.int(1, 90), rng.pick([1, 100, 1000]));
      expect(q.received).toBeLessThanOrEqual(q.loan);
      expect(q.loan).toBeLessThanOrEqual(q.contract);
      expect(q.fees).toBe(q.managementFee + q.riskFee + q.paymentFee);
    }
  });

  it('is exact past 2^53 intermediate products', () => {
    // 9e12 ₫ × 100 bp × 365 days overflows doubles in the product but not the answer: 9e12 × 1 % × 365.
    expect(priceLoan({ ...daily, rateBp: 100 }, 9_000_000_000_000, 365, 1).interest).toBe(32_850_000_000_000);
    expect(() => priceLoan(daily, -1, 7)).toThrow(RangeError);
  });
});

describe('distribution by receiving probability', () => {
  const candidates = [
    { merchantId: 1, probNew: 70, probReturning: 10 },
    { merchantId: 2, probNew: 30, probReturning: 0 },
    { merchantId: 3, probNew: 0, probReturning: 90 },
  ];
  const shares = (returning: boolean, n = 20_000) => {
    const rng = new Rng('distribution', returning ? 'r' : 'n');
    const counts = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      const m = pickMerchant(candidates, returning, () => rng.next())!;
      counts.set(m, (counts.get(m) ?? 0) + 1);
    }
    return (id: number) => (counts.get(id) ?? 0) / n;
  };

  it('gives new customers by receive_prob_new and returning ones by receive_prob_returning', () => {
    const n = shares(false);
    expect(n(1)).toBeCloseTo(0.7, 1);
    expect(n(2)).toBeCloseTo(0.3, 1);
    expect(n(3)).toBe(0);
    const r = shares(true);
    expect(r(1)).toBeCloseTo(0.1, 1);
    expect(r(2)).toBe(0);
    expect(r(3)).toBeCloseTo(0.9, 1);
  });

  it('is deterministic for a seeded generator, and shares probabilities that do not add up to 100', () => {
    const draw = () => { const rng = new Rng('same'); return Array.from({ length: 50 }, () => pickMerchant(candidates, false, () => rng.next())); };
    expect(draw()).toEqual(draw());
    expect(pickMerchant([{ merchantId: 9, probNew: 5, probReturning: 5 }], false, () => 0.999)).toBe(9);
    expect(pickMerchant([{ merchantId: 1, probNew: 50, probReturning: 0 }, { merchantId: 2, probNew: 50, probReturning: 0 }], false, () => 0.49)).toBe(1);
    expect(pickMerchant([{ merchantId: 1, probNew: 50, probReturning: 0 }, { merchantId: 2, probNew: 50, probReturning: 0 }], false, () => 0.5)).toBe(2);
  });

  it('assigns nobody when every candidate is at 0, or there are none', () => {
    expect(pickMerchant(candidates.map((c) => ({ ...c, probNew: 0 })), false, Math.random)).toBeNull();
    expect(pickMerchant([], true, Math.random)).toBeNull();
  });
});

describe('restriction patterns', () => {
  it('matches * and ? over the whole value, any case, and nothing else as a wildcard', () => {
    expect(matchesPattern('079*', '079090123456')).toBe(true);
    expect(matchesPattern('079*', '001079000000')).toBe(false);
    expect(matchesPattern('*0000', '0790901230000')).toBe(true);
    expect(matchesPattern('a?c', 'ABC')).toBe(true);
    expect(matchesPattern('a?c', 'abbc')).toBe(false);
    expect(matchesPattern('1-2', '1-2')).toBe(true);
    expect(globToRegExp('1.2').test('1x2')).toBe(false);
    expect(matchesPattern('DEV*', '')).toBe(false);
  });

  it('refuses patterns that would match almost everyone', () => {
    expect(patternSpecific('*')).toBe(false);
    expect(patternSpecific('?*1')).toBe(false);
    expect(patternSpecific('07*')).toBe(true);
  });
});
