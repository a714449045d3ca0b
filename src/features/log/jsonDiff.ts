/** One top-level field of an operation-log record and what it was before and after. */
export interface FieldChange {
  key: string;
  before: unknown;
  after: unknown;
  /** 'added' (only after), 'removed' (only before), 'changed', or 'same'. */
  kind: 'added' | 'removed' | 'changed' | 'same';
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Stable JSON (keys sorted), so that {a,b} and {b,a} compare equal. */
export function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (isRecord(v)) return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${stableJson(v[k])}`).join(',')}}`;
  return JSON.stringify(v === undefined ? null : v);
}

/**
 * Field by field comparison of the before and after of an operation (objects compared by their top-level keys,
 * in the order they appear). Null when either side is not an object (then both are shown whole).
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] | null {
  const b = before === null || before === undefined ? {} : before;
  const a = after === null || after === undefined ? {} : after;
  if (!isRecord(b) || !isRecord(a)) return null;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.map((key) => {
    const inB = key in b;
    const inA = key in a;
    const kind: FieldChange['kind'] = !inB ? 'added' : !inA ? 'removed' : stableJson(b[key]) === stableJson(a[key]) ? 'same' : 'changed';
    return { key, before: b[key], after: a[key], kind };
  });
}

/** A value as one short line for a table cell. */
export function shortJson(v: unknown, max = 120): string {
  if (v === undefined) return '';
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
