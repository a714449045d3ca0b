import { sql, type SQL } from 'drizzle-orm';
import { LANGS, type Lang, type LangCode } from '../../../schemas/i18n';
import { dictItem } from './system.table';

const CODES = new Set<string>(LANGS.map((l) => l.code));

/** A dictionary item's label in a language: its own label for that language, else the base label. */
export function localLabel(row: { label: string; labels?: Record<string, string> | null }, lang: Lang): string {
  const own = row.labels?.[lang.code];
  return typeof own === 'string' && own.trim() ? own : row.label;
}

/**
 * The same choice in SQL, for queries that select dictionary labels next to other data (reject reasons, call
 * results): `select({ value: dictItem.value, label: dictLabelSql(req.lang) })`.
 */
export function dictLabelSql(lang: Lang): SQL<string> {
  // The code is one of the 7 fixed language codes, bound as a parameter all the same.
  return sql<string>`coalesce(nullif(btrim(${dictItem.labels} ->> ${lang.code}), ''), ${dictItem.label})`;
}

/** Keeps the known language codes with a non-blank label (trimmed); a blank entry means "use the base label". */
export function cleanLabels(labels: Record<string, string> | undefined | null): Partial<Record<LangCode, string>> {
  const out: Partial<Record<LangCode, string>> = {};
  for (const [code, text] of Object.entries(labels ?? {})) {
    const v = typeof text === 'string' ? text.trim() : '';
    if (CODES.has(code) && v) out[code as LangCode] = v;
  }
  return out;
}
