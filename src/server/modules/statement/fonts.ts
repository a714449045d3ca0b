import fs from 'node:fs';
import type { LangCode } from '../../../schemas/i18n';

/**
 * Fonts for the loan statement. PDF's built-in Helvetica covers Latin-1 only, so the statement embeds a TrueType font
 * for other scripts when the machine has one (Debian's fonts-dejavu-core and fonts-noto-* install them at these
 * paths; STATEMENT_FONT_DIR adds a folder of the same file names). A text no available font covers falls back to
 * English labels (and to '?' for the uncovered characters of a value), never to boxes: the statement says plainly
 * what it could draw. No CJK font is installed by default, so Chinese statements carry English labels unless one is.
 */
export interface FontFile {
  /** Name the PDF registers it under. */
  name: string;
  path: string;
  /** Face inside a .ttc collection. */
  face?: string;
}

const DIRS = [
  process.env.STATEMENT_FONT_DIR ?? '',
  '/usr/share/fonts/truetype/dejavu', '/usr/share/fonts/dejavu', '/usr/share/fonts/truetype/noto', '/usr/share/fonts/noto',
  '/usr/share/fonts/opentype/noto', '/usr/share/fonts/truetype/wqy', '/usr/share/fonts/wqy-zenhei',
].filter(Boolean);

interface Candidate { name: string; files: string[]; face?: string }

/** By script, best first. */
const CANDIDATES: Record<'latin' | 'arabic' | 'thai' | 'sc' | 'tc', Candidate[]> = {
  latin: [{ name: 'DejaVuSans', files: ['DejaVuSans.ttf'] }, { name: 'NotoSans', files: ['NotoSans-Regular.ttf'] }],
  arabic: [{ name: 'NotoSansArabic', files: ['NotoSansArabic-Regular.ttf'] }, { name: 'NotoNaskhArabic', files: ['NotoNaskhArabic-Regular.ttf'] }],
  thai: [{ name: 'NotoSansThai', files: ['NotoSansThai-Regular.ttf'] }, { name: 'NotoSerifThai', files: ['NotoSerifThai-Regular.ttf'] }],
  sc: [{ name: 'NotoSansCJKsc', files: ['NotoSansCJK-Regular.ttc'], face: 'NotoSansCJKsc-Regular' }, { name: 'WenQuanYiZenHei', files: ['wqy-zenhei.ttc'], face: 'WenQuanYiZenHei' }],
  tc: [{ name: 'NotoSansCJKtc', files: ['NotoSansCJK-Regular.ttc'], face: 'NotoSansCJKtc-Regular' }, { name: 'WenQuanYiZenHei', files: ['wqy-zenhei.ttc'], face: 'WenQuanYiZenHei' }],
};

function find(c: Candidate): FontFile | null {
  for (const dir of DIRS) {
    for (const f of c.files) {
      const p = `${dir}/${f}`;
      if (fs.existsSync(p)) return { name: c.name, path: p, face: c.face };
    }
  }
  return null;
}

const cache = new Map<string, FontFile | null>();
function first(script: keyof typeof CANDIDATES): FontFile | null {
  if (!cache.has(script)) cache.set(script, CANDIDATES[script].map(find).find((f) => f) ?? null);
  return cache.get(script)!;
}

const SCRIPT_OF: Record<LangCode, keyof typeof CANDIDATES> = {
  zh: 'sc', zhTW: 'tc', vi: 'latin', en: 'latin', India: 'latin', ArEg: 'arabic', ThA: 'thai',
};

/**
 * The fonts to try for a statement in `lang`, best first: the language's own script, then Latin, then the others
 * (customer names come from every market). Empty when the machine has none: Helvetica alone.
 */
export function statementFonts(lang: LangCode): FontFile[] {
  const order: (keyof typeof CANDIDATES)[] = [SCRIPT_OF[lang], 'latin', 'arabic', 'thai', 'sc', 'tc'];
  const out: FontFile[] = [];
  for (const s of order) {
    const f = first(s);
    if (f && !out.some((x) => x.name === f.name)) out.push(f);
  }
  return out;
}
