import type { ZodType } from 'zod';
import { describeSchema, type FieldSpec } from './schemaFields';

/**
 * The pure side of FilterBar: which inputs a filter schema gives, and how applied filters round-trip through the
 * URL query (so a filtered view can be shared and survives a refresh).
 */

/** Keys of a list query that are not filters (paging, sort, export). */
export const NON_FILTER_KEYS = ['page', 'page_size', 'size', 'sort', 'cursor', 'direction', 'offset', 'download_excel', 'format'] as const;

export type FilterField =
  | { type: 'field'; key: string; spec: FieldSpec }
  /** `<key>_from` + `<key>_to`: two date inputs. */
  | { type: 'dateRange'; key: string; from: string; to: string };

export type Filters = Record<string, unknown>;

/** The inputs of a zod object schema of filters: one per key, `*_from` / `*_to` pairs as one date range. */
export function filterFields(schema: ZodType, omit: readonly string[] = []): FilterField[] {
  const specs = filterSpecs(schema, omit);
  const keys = new Set(specs.map((s) => s.key));
  const out: FilterField[] = [];
  const done = new Set<string>();
  for (const spec of specs) {
    if (done.has(spec.key)) continue;
    const m = /^(.*)_(from|to)$/.exec(spec.key);
    if (m && keys.has(`${m[1]}_from`) && keys.has(`${m[1]}_to`)) {
      out.push({ type: 'dateRange', key: m[1], from: `${m[1]}_from`, to: `${m[1]}_to` });
      done.add(`${m[1]}_from`);
      done.add(`${m[1]}_to`);
      continue;
    }
    out.push({ type: 'field', key: spec.key, spec });
    done.add(spec.key);
  }
  return out;
}

const FLAG_VALUES = ['0', '1', 'true', 'false'];

/** The schema's fields without paging keys; an enum of '0' / '1' / 'true' / 'false' (a query flag) is a boolean. */
function filterSpecs(schema: ZodType, omit: readonly string[]): FieldSpec[] {
  return describeSchema(schema, [...NON_FILTER_KEYS, ...omit]).map((s) =>
    s.kind === 'select' && s.options?.length && s.options.every((o) => FLAG_VALUES.includes(o)) ? { ...s, kind: 'boolean' as const, options: undefined } : s);
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** Drops empty values ('', null, [], undefined). */
export function compactFilters(f: Filters): Filters {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => !isEmpty(v)));
}

function shapeOf(schema: ZodType): Record<string, ZodType> {
  return (schema as unknown as { shape?: Record<string, ZodType> }).shape ?? {};
}

function coerce(spec: FieldSpec | undefined, raw: string[]): unknown {
  const one = raw[raw.length - 1] ?? '';
  switch (spec?.kind) {
    case 'number':
      return one.trim() === '' || !Number.isFinite(Number(one)) ? undefined : Number(one);
    case 'boolean':
      return one === 'true' || one === '1' ? true : one === 'false' || one === '0' ? false : undefined;
    case 'multiselect':
    case 'tags':
      return raw.flatMap((r) => r.split(',')).map((s) => s.trim()).filter(Boolean);
    case 'numberTags':
      return raw.flatMap((r) => r.split(',')).map((s) => s.trim()).filter((s) => /^-?\d+(\.\d+)?$/.test(s)).map(Number);
    default:
      return one;
  }
}

/** Applied filters from a query string: only the schema's keys, each coerced to its type and kept when valid. */
export function filtersFromQuery(schema: ZodType, search: string | URLSearchParams, omit: readonly string[] = []): Filters {
  const params = typeof search === 'string' ? new URLSearchParams(search.replace(/^\?/, '')) : search;
  const shape = shapeOf(schema);
  const specs = new Map(filterSpecs(schema, omit).map((s) => [s.key, s]));
  const out: Filters = {};
  for (const [key, spec] of specs) {
    const raw = params.getAll(key);
    if (!raw.length) continue;
    const v = coerce(spec, raw);
    if (isEmpty(v)) continue;
    // The typed value, else the text as sent (schemas that coerce or transform query strings accept that).
    for (const candidate of [v, raw[raw.length - 1]]) {
      const checked = shape[key]?.safeParse(candidate);
      if (checked?.success) {
        if (!isEmpty(checked.data)) out[key] = checked.data;
        break;
      }
    }
  }
  return out;
}

/** The query string for applied filters, keeping the params that are not the schema's (other screen state). */
export function filtersToQuery(schema: ZodType, filters: Filters, current: string | URLSearchParams = ''): string {
  const params = new URLSearchParams(typeof current === 'string' ? current.replace(/^\?/, '') : current);
  for (const key of Object.keys(shapeOf(schema))) if (!(NON_FILTER_KEYS as readonly string[]).includes(key)) params.delete(key);
  for (const [key, v] of Object.entries(compactFilters(filters))) {
    if (Array.isArray(v)) for (const x of v) params.append(key, String(x));
    else params.set(key, String(v));
  }
  return params.toString();
}

/** Same filters (order-insensitive), for skipping needless reloads. */
export function sameFilters(a: Filters, b: Filters): boolean {
  const ka = Object.keys(compactFilters(a)).sort();
  const kb = Object.keys(compactFilters(b)).sort();
  return JSON.stringify(ka) === JSON.stringify(kb) && ka.every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
}
