/** The 7 languages of spec §1: code, numeric id sent as lang-code, BCP 47 tag for Intl, direction. */
export interface Lang {
  code: LangCode;
  id: number;
  intl: string;
  dir: 'ltr' | 'rtl';
  /** Name of the language in itself, for the language menu. */
  label: string;
}

export type LangCode = 'zh' | 'zhTW' | 'vi' | 'en' | 'ArEg' | 'ThA' | 'India';

export const LANGS: readonly Lang[] = [
  { code: 'zh', id: 200, intl: 'zh-CN', dir: 'ltr', label: '简体中文' },
  { code: 'zhTW', id: 202, intl: 'zh-TW', dir: 'ltr', label: '繁體中文' },
  { code: 'vi', id: 300, intl: 'vi-VN', dir: 'ltr', label: 'Tiếng Việt' },
  { code: 'en', id: 100, intl: 'en-US', dir: 'ltr', label: 'English' },
  { code: 'ArEg', id: 400, intl: 'ar-EG', dir: 'rtl', label: 'العربية (مصر)' },
  { code: 'ThA', id: 500, intl: 'th-TH', dir: 'ltr', label: 'ไทย' },
  // "India" is English for India: Indian digit grouping (12,34,567.00).
  { code: 'India', id: 110, intl: 'en-IN', dir: 'ltr', label: 'English (India)' },
];

export const DEFAULT_LANG: LangCode = 'vi';

export const LANG_BY_CODE: Record<LangCode, Lang> = Object.fromEntries(LANGS.map((l) => [l.code, l])) as Record<LangCode, Lang>;

export function langById(id: number | string | undefined | null): Lang {
  const n = Number(id);
  return LANGS.find((l) => l.id === n) ?? LANG_BY_CODE[DEFAULT_LANG];
}

/**
 * Spec §1: stored preference, else the browser language by substring match, else Vietnamese.
 * The browser's tags are matched against each language's code and Intl tag (zh-TW and zh-HK pick
 * Traditional Chinese before the plain zh match; en-IN picks India before English).
 */
export function detectLang(stored: string | null | undefined, browserLangs: readonly string[]): LangCode {
  if (stored && stored in LANG_BY_CODE) return stored as LangCode;
  const rules: Array<[RegExp, LangCode]> = [
    [/^zh-(tw|hk|mo|hant)/i, 'zhTW'],
    [/^zh/i, 'zh'],
    [/^vi/i, 'vi'],
    [/^ar/i, 'ArEg'],
    [/^th/i, 'ThA'],
    [/-in$|^hi/i, 'India'],
    [/^en/i, 'en'],
  ];
  for (const tag of browserLangs) {
    for (const [re, code] of rules) if (re.test(tag)) return code;
  }
  return DEFAULT_LANG;
}
