import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IntlMessageFormat } from 'intl-messageformat';
import { LANGS, LANG_BY_CODE, langById, type Lang, type LangCode } from '../schemas/i18n';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');
const catalogs = new Map<LangCode, Record<string, string>>();
const cache = new Map<string, IntlMessageFormat>();

function catalog(code: LangCode): Record<string, string> {
  let c = catalogs.get(code);
  if (!c) {
    c = JSON.parse(fs.readFileSync(path.join(localesDir, `${code}.json`), 'utf8')) as Record<string, string>;
    catalogs.set(code, c);
  }
  return c;
}

/** Words a message id in a language; falls back to English, then to the id itself. */
export function translate(lang: Lang, id: string, values: Record<string, unknown> = {}): string {
  const text = catalog(lang.code)[id] ?? catalog('en')[id];
  if (text === undefined) return id;
  const key = `${lang.code}\u0000${id}`;
  let fmt = cache.get(key);
  if (!fmt) {
    fmt = new IntlMessageFormat(text, lang.intl);
    cache.set(key, fmt);
  }
  return String(fmt.format(values as Record<string, string>));
}

/** The caller's language: the lang-code header (numeric id, spec §7), else Vietnamese. */
export function langFromHeader(header: string | string[] | undefined): Lang {
  const v = Array.isArray(header) ? header[0] : header;
  if (v && v in LANG_BY_CODE) return LANG_BY_CODE[v as LangCode];
  return langById(v);
}

export { LANGS };
