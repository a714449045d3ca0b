/**
 * The one matcher of the palette and the top-bar function search: typed text against translated titles, with
 * the registry's keywords as a weaker, exact-word fallback. Close matches only — a query found in the middle of
 * a word of an unrelated title matches nothing — so that "dictio" lists the dictionaries and not every screen
 * that happens to contain those letters in order.
 */

/** Tiers, best first. A candidate's tier is the weakest tier among the query's words. */
export const TIER = {
  /** A query word is a whole title word. */
  exactWord: 4,
  /** A query word starts a title word (in Chinese, Thai…: appears anywhere in the title). */
  wordPrefix: 3,
  /** The query, spaces ignored, runs on in the title from the start of a word ("datadict" → "Data dictionary"). */
  wordStart: 2,
  /** A query word is a whole word of a keyword. */
  keyword: 1,
} as const;

/** Shown at most, per list. */
export const MATCH_LIMIT = 8;

export interface Candidate<T> {
  item: T;
  /** The translated title, in the user's language. */
  title: string;
  keywords?: readonly string[];
}

export interface Match<T> {
  item: T;
  title: string;
  /** Tier plus the share of the title the query covers (< 1), so that closer titles of a tier come first. */
  score: number;
}

/** Scripts written without spaces between words: any run of the title can start a word. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
/** Arabic definite article, written joined to its word: "عملاء" should find "العملاء". */
const AR_ARTICLE = /^(?:ال|وال|بال|فال|كال|لل)(?=\p{Script=Arabic}{2})/u;

/**
 * Case-folded, with the accents of Latin letters (Vietnamese) and Arabic vowel marks, tatweel and alef/yeh/teh
 * variants dropped, so that what a user types without them still matches.
 */
export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[đĐ]/g, 'd')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .normalize('NFC')
    .toLocaleLowerCase();
}

function wordsOf(folded: string): string[] {
  return folded.match(WORD) ?? [];
}

interface Prepared {
  folded: string;
  words: string[];
  /** Word starts as offsets in `compact` (the title's letters and digits only). */
  compact: string;
  starts: Set<number>;
}

function prepare(text: string): Prepared {
  const folded = fold(text);
  const raw = wordsOf(folded);
  const words = [...raw];
  for (const w of raw) {
    const bare = w.replace(AR_ARTICLE, '');
    if (bare !== w) words.push(bare);
  }
  let compact = '';
  const starts = new Set<number>();
  for (const w of raw) {
    starts.add(compact.length);
    compact += w;
  }
  return { folded, words, compact, starts };
}

function tokenTier(token: string, title: Prepared, keywordWords: ReadonlySet<string>): number {
  if (title.words.includes(token)) return TIER.exactWord;
  if (title.words.some((w) => w.startsWith(token))) return TIER.wordPrefix;
  if (UNSPACED.test(token) && title.folded.includes(token)) return TIER.wordPrefix;
  if (keywordWords.has(token)) return TIER.keyword;
  return 0;
}

function runsFromWordStart(needle: string, title: Prepared): boolean {
  for (let i = title.compact.indexOf(needle); i >= 0; i = title.compact.indexOf(needle, i + 1)) {
    if (title.starts.has(i)) return true;
  }
  return false;
}

/** The tier of one title for a query (0: no match). Exposed for tests and for callers that only filter. */
export function tierOf(query: string, title: string, keywords: readonly string[] = []): number {
  const tokens = wordsOf(fold(query));
  if (!tokens.length) return 0;
  const t = prepare(title);
  const kw = new Set(keywords.flatMap((k) => wordsOf(fold(k))));
  const tiers = tokens.map((tok) => tokenTier(tok, t, kw));
  const weakest = Math.min(...tiers);
  if (weakest >= TIER.wordPrefix) return weakest;
  if (runsFromWordStart(tokens.join(''), t)) return TIER.wordStart;
  return weakest;
}

/**
 * Ranks candidates for a query: best tier first, then the title the query covers most, then the title. Empty or
 * punctuation-only queries match nothing; at most `limit` results.
 */
export function rank<T>(query: string, candidates: readonly Candidate<T>[], limit = MATCH_LIMIT): Match<T>[] {
  const qLen = wordsOf(fold(query)).join('').length;
  if (!qLen) return [];
  const out: Match<T>[] = [];
  for (const c of candidates) {
    const tier = tierOf(query, c.title, c.keywords);
    if (!tier) continue;
    const titleLen = Math.max(wordsOf(fold(c.title)).join('').length, 1);
    out.push({ item: c.item, title: c.title, score: tier + Math.min(qLen / titleLen, 0.99) });
  }
  return out.sort((a, b) => b.score - a.score || a.title.localeCompare(b.title)).slice(0, limit);
}
