import 'dayjs/locale/ar';
import 'dayjs/locale/en-in';
import 'dayjs/locale/th';
import 'dayjs/locale/vi';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import type { Lang, LangCode } from '../../schemas/i18n';

/** The dayjs locale of each language (month and weekday names in the date pickers, digits in formatted dates). */
export const DAYJS_LOCALE: Record<LangCode, string> = {
  zh: 'zh-cn', zhTW: 'zh-tw', vi: 'vi', en: 'en', ArEg: 'ar', ThA: 'th', India: 'en-in',
};

const patterns = new Map<string, string>();

/**
 * The numeric date pattern of a locale as a dayjs format, read from Intl: en-US "MM/DD/YYYY", en-IN and vi-VN
 * "DD/MM/YYYY", zh-CN "YYYY/MM/DD", ar-EG "DD/MM/YYYY" with right-to-left marks. The order and separators come from
 * the locale; the digits come from dayjs's locale when formatting.
 */
export function datePattern(intlTag: string): string {
  let p = patterns.get(intlTag);
  if (p) return p;
  const parts = new Intl.DateTimeFormat(intlTag, { year: 'numeric', month: '2-digit', day: '2-digit', calendar: 'gregory' }).formatToParts(new Date(2006, 0, 2));
  p = parts.map((x) => {
    if (x.type === 'year') return 'YYYY';
    if (x.type === 'month') return 'MM';
    if (x.type === 'day') return 'DD';
    // A literal: letters would be read as format tokens, so they are escaped.
    return /[A-Za-z]/.test(x.value) ? `[${x.value}]` : x.value;
  }).join('');
  patterns.set(intlTag, p);
  return p;
}

const ARABIC_INDIC = /[\u0660-\u0669\u06F0-\u06F9]/g;

/**
 * Reads a typed date in a locale's pattern (any separators, Latin or Arabic-Indic digits) as YYYY-MM-DD; also
 * accepts YYYY-MM-DD itself. null for anything that is not a real calendar date.
 */
export function parseLocalDate(text: string, pattern: string): string | null {
  const latin = text.replace(ARABIC_INDIC, (c) => String(c.charCodeAt(0) & 0xf));
  const nums = latin.match(/\d+/g);
  if (!nums || nums.length !== 3) return null;
  const iso = /^\s*\d{4}-\d{1,2}-\d{1,2}\s*$/.test(latin);
  const order = iso ? ['Y', 'M', 'D'] : (pattern.match(/YYYY|MM|DD/g) ?? ['YYYY', 'MM', 'DD']).map((t) => t[0]);
  const at = (k: string) => Number(nums[order.indexOf(k)]);
  const [y, m, d] = [at('Y'), at('M'), at('D')];
  if (String(nums[order.indexOf('Y')]).length !== 4 || m < 1 || m > 12 || d < 1) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The dayjs locale and numeric date pattern of a language. */
export function dateLocale(lang: Lang): { locale: string; pattern: string } {
  return { locale: DAYJS_LOCALE[lang.code], pattern: datePattern(lang.intl) };
}

