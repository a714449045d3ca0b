import { DEFAULT_LANG, LANG_BY_CODE, detectLang, type Lang, type LangCode } from '../../schemas/i18n';

const KEY = 'language';

/** Spec §1: stored preference, else browser language by substring, else Vietnamese. */
export function currentLang(): Lang {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(KEY);
  } catch {
    stored = null;
  }
  const browser = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language].filter(Boolean);
  return LANG_BY_CODE[detectLang(stored, browser)] ?? LANG_BY_CODE[DEFAULT_LANG];
}

export function storeLang(code: LangCode): void {
  localStorage.setItem(KEY, code);
}
