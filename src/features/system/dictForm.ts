import type { LangCode } from '../../schemas/i18n';
import type { DictItem } from '../../schemas/system';

/** The colour key the dictionary screen edits with a picker: the colour of the item's tag (its label). */
export const LABEL_COLOR_KEY = 'label';

/** What the add/edit dialog holds while the user types. */
export interface DictForm {
  dict_name: string;
  value: string;
  /** The base label: what a language without its own label shows. */
  label: string;
  /** The label per language ('' or missing: the base label). */
  labels: Partial<Record<LangCode, string>>;
  name: string;
  sort: number | '';
  enabled: boolean;
  /** Colour per field name; '' removes the entry. The label's colour is always present. */
  colors: Record<string, string>;
}

export function dictFormFrom(item: Partial<DictItem> | null, dictName: string): DictForm {
  const colors: Record<string, string> = { [LABEL_COLOR_KEY]: '', ...(item?.el_tag_color ?? {}) };
  return {
    dict_name: item?.dict_name ?? dictName,
    value: item?.value ?? '',
    // The list serves `label` in the reader's language; the form edits the stored base label.
    label: item?.base_label ?? item?.label ?? '',
    labels: { ...(item?.labels ?? {}) },
    name: item?.name ?? '',
    sort: item?.sort ?? 0,
    enabled: item?.enabled ?? true,
    colors,
  };
}

/** The body of detail_add / detail_edit (the edit's id comes from the selected row). Empty colours are left out. */
export function dictPayload(f: DictForm): Record<string, unknown> {
  const el_tag_color = Object.fromEntries(
    Object.entries(f.colors).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v !== ''),
  );
  const labels = Object.fromEntries(
    Object.entries(f.labels).map(([k, v]) => [k, (v ?? '').trim()]).filter(([, v]) => v !== ''),
  );
  return {
    dict_name: f.dict_name.trim(), value: f.value.trim(), label: f.label.trim(), labels, name: f.name.trim(),
    sort: f.sort === '' ? 0 : f.sort, enabled: f.enabled, el_tag_color,
  };
}

/** Next sort order for a new item: one past the largest in the dictionary. */
export function nextSort(items: ReadonlyArray<Pick<DictItem, 'sort'>>): number {
  return items.length ? Math.max(...items.map((i) => i.sort)) + 1 : 0;
}

/** Names matching a filter (case-insensitive substring), keeping their order. */
export function filterNames(names: readonly string[], filter: string): string[] {
  const q = filter.trim().toLowerCase();
  return q ? names.filter((n) => n.toLowerCase().includes(q)) : [...names];
}
