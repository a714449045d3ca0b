import { describe, expect, it } from 'vitest';
import { COMMANDS, type CommandDef } from '../../../commands';
import arEg from '../../../locales/ArEg.json';
import en from '../../../locales/en.json';
import thA from '../../../locales/ThA.json';
import vi from '../../../locales/vi.json';
import zh from '../../../locales/zh.json';
import { fold, MATCH_LIMIT, rank, TIER, tierOf, type Candidate } from './match';

type Catalogue = Record<string, string>;

/** The palette's screens (every routed screen) with their titles in one language. */
function screens(cat: Catalogue): Candidate<CommandDef>[] {
  return COMMANDS.filter((c) => c.kind === 'screen' && c.route).map((c) => ({ item: c, title: cat[c.title] ?? c.title, keywords: c.keywords }));
}

const ids = (query: string, cat: Catalogue = en as Catalogue) => rank(query, screens(cat)).map((m) => m.item.id);

describe('rank on the real registry (en)', () => {
  it('"dictio" lists the dictionary screens only', () => {
    const hits = ids('dictio');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.length).toBeLessThanOrEqual(3);
    expect(hits).toContain('system.dict');
    expect(hits).toContain('client.clientDict');
    // The closer title first: "Dictionary" before "Customer dictionary".
    expect(hits[0]).toBe('system.dict');
  });

  it('"report" lists only screens with a title word starting with "report", then those whose keyword is the word', () => {
    const all = screens(en as Catalogue);
    const byTitle = new Set(all.filter((c) => fold(c.title).split(/[^\p{L}\p{N}]+/u).some((w) => w.startsWith('report'))).map((c) => c.item.id));
    const byKeyword = new Set(all.filter((c) => (c.keywords ?? []).some((k) => fold(k) === 'report')).map((c) => c.item.id));
    const hits = ids('report');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.length).toBeLessThanOrEqual(MATCH_LIMIT);
    for (const id of hits) expect(byTitle.has(id) || byKeyword.has(id)).toBe(true);
    // Title matches rank before keyword-only ones.
    const firstKeywordOnly = hits.findIndex((id) => !byTitle.has(id));
    if (firstKeywordOnly >= 0) expect(hits.slice(firstKeywordOnly).every((id) => !byTitle.has(id))).toBe(true);
  });

  it('"cust" puts "Customer list" first, and every hit has a word starting with "cust"', () => {
    const hits = rank('cust', screens(en as Catalogue));
    expect(hits[0].title).toBe('Customer list');
    expect(hits.length).toBeLessThanOrEqual(MATCH_LIMIT);
    for (const h of hits) expect(h.title).toMatch(/\bcust/i);
  });

  it('an exact title word beats a prefix, a prefix beats a keyword', () => {
    // "customer service" is a title phrase of the withdrawal screen and only a keyword of the review agents.
    const hits = rank('customer service', screens(en as Catalogue));
    expect(hits[0].item.id).toBe('withdrawal.WaitForcustomerService');
    expect(hits.map((h) => h.item.id)).toContain('review.initialReviewCustomerService');
    expect(hits[0].score).toBeGreaterThan(hits.at(-1)!.score);
  });

  it('keywords count only as whole words', () => {
    expect(ids('borrowers')).toEqual(['client.clientUser']);
    expect(ids('borrow')).not.toContain('client.clientUser');
  });

  it('letters in the middle of a word match nothing; empty queries match nothing', () => {
    expect(ids('ictio')).toEqual([]);
    expect(ids('ustomer')).toEqual([]);
    expect(ids('')).toEqual([]);
    expect(ids('  › ')).toEqual([]);
  });

  it('results are sorted by score, then title', () => {
    const hits = rank('customer', screens(en as Catalogue), 100);
    for (let i = 1; i < hits.length; i++) {
      const [a, b] = [hits[i - 1], hits[i]];
      expect(a.score > b.score || (a.score === b.score && a.title.localeCompare(b.title) <= 0)).toBe(true);
    }
  });
});

describe('rank in other languages', () => {
  it('Chinese: any run of the title counts, not only its start', () => {
    expect(ids('字典', zh as Catalogue).sort()).toEqual(['client.clientDict', 'system.dict']);
    expect(ids('列表', zh as Catalogue)).toContain('client.clientUser');
    expect(ids('客户', zh as Catalogue)[0]).toMatch(/^client\./);
  });

  it('Arabic: a word matches with or without its article', () => {
    expect(ids('قاموس', arEg as Catalogue).sort()).toEqual(['client.clientDict', 'system.dict']);
    expect(ids('العملاء', arEg as Catalogue)).toContain('client.clientUser');
    expect(ids('عملاء', arEg as Catalogue)).toContain('client.clientUser');
  });

  it('Thai: a run inside the title counts', () => {
    expect(ids('ลูกค้า', thA as Catalogue)).toContain('client.clientUser');
    expect(ids('พจนานุกรม', thA as Catalogue).sort()).toEqual(['client.clientDict', 'system.dict']);
  });

  it('Vietnamese: accents may be left out', () => {
    expect((vi as Catalogue)['route.client.clientUser']).toContain('khách hàng');
    expect(ids('khach hang', vi as Catalogue)).toContain('client.clientUser');
  });
});

describe('tierOf', () => {
  it('grades exact word, prefix, run from a word start, keyword', () => {
    expect(tierOf('data', 'Data dictionary')).toBe(TIER.exactWord);
    expect(tierOf('dict', 'Data dictionary')).toBe(TIER.wordPrefix);
    expect(tierOf('datadict', 'Data dictionary')).toBe(TIER.wordStart);
    expect(tierOf('atadict', 'Data dictionary')).toBe(0);
    expect(tierOf('reasons', 'Data dictionary', ['reasons'])).toBe(TIER.keyword);
    expect(tierOf('reason', 'Data dictionary', ['reasons'])).toBe(0);
    // every word of the query must match somewhere
    expect(tierOf('data zebra', 'Data dictionary')).toBe(0);
  });
});
