import type { ZodType } from 'zod';
import { hhmm } from '../schemas/common';

/**
 * Reads a zod object schema into form fields (ParamForm): one field per key, the control chosen by the type.
 * string → text (password when the key says so, time for HH:mm), number → number, boolean → switch,
 * enum → select, array of enum → multi-select, array of string/number → tags, anything else → JSON.
 */
export type FieldKind = 'text' | 'password' | 'time' | 'number' | 'boolean' | 'select' | 'multiselect' | 'tags' | 'numberTags' | 'json';

export interface FieldSpec {
  key: string;
  kind: FieldKind;
  /** The key must be given (not optional, no default). */
  required: boolean;
  /** null is accepted: the control is clearable and empty means null. */
  nullable: boolean;
  options?: string[];
  defaultValue?: unknown;
  min?: number;
  max?: number;
  integer?: boolean;
}

type Def = { type: string; innerType?: ZodType; in?: ZodType; out?: ZodType; element?: ZodType; entries?: Record<string, string | number>; defaultValue?: unknown; checks?: Array<{ _zod: { def: Record<string, unknown> } }> };

const defOf = (s: ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

function unwrap(s: ZodType): { base: ZodType; required: boolean; nullable: boolean; defaultValue?: unknown } {
  let cur = s;
  let required = true;
  let nullable = false;
  let defaultValue: unknown;
  for (let i = 0; i < 20; i++) {
    const d = defOf(cur);
    if (d.type === 'optional') required = false;
    else if (d.type === 'nullable') nullable = true;
    else if (d.type === 'default' || d.type === 'prefault') {
      required = false;
      if (defaultValue === undefined) defaultValue = typeof d.defaultValue === 'function' ? (d.defaultValue as () => unknown)() : d.defaultValue;
    } else if (d.type === 'pipe') {
      cur = d.in!;
      continue;
    } else if (d.type !== 'readonly' && d.type !== 'catch' && d.type !== 'nonoptional') break;
    cur = d.innerType!;
  }
  return { base: cur, required, nullable, defaultValue };
}

function isTimePattern(s: ZodType): boolean {
  const src = (hhmm as unknown as { _zod: { def: Def } })._zod.def.checks?.find((c) => c._zod.def.format === 'regex')?._zod.def.pattern as RegExp | undefined;
  return !!defOf(s).checks?.some((c) => c._zod.def.format === 'regex' && (c._zod.def.pattern as RegExp)?.source === src?.source);
}

function kindOf(key: string, base: ZodType): Pick<FieldSpec, 'kind' | 'options' | 'min' | 'max' | 'integer'> {
  const d = defOf(base);
  switch (d.type) {
    case 'string':
      if (/password|pwd/i.test(key)) return { kind: 'password' };
      if (isTimePattern(base)) return { kind: 'time' };
      return { kind: 'text' };
    case 'number': {
      const n = base as unknown as { minValue: number | null; maxValue: number | null; isInt: boolean };
      const finite = (v: number | null) => (v !== null && Number.isFinite(v) && Math.abs(v) < Number.MAX_SAFE_INTEGER ? v : undefined);
      return { kind: 'number', min: finite(n.minValue), max: finite(n.maxValue), integer: n.isInt };
    }
    case 'boolean':
      return { kind: 'boolean' };
    case 'enum':
      return { kind: 'select', options: Object.values(d.entries ?? {}).map(String) };
    case 'array': {
      const el = unwrap(d.element!).base;
      const ed = defOf(el);
      if (ed.type === 'enum') return { kind: 'multiselect', options: Object.values(ed.entries ?? {}).map(String) };
      if (ed.type === 'number') return { kind: 'numberTags' };
      if (ed.type === 'string') return { kind: 'tags' };
      return { kind: 'json' };
    }
    default:
      return { kind: 'json' };
  }
}

export function describeSchema(schema: ZodType, omit: readonly string[] = []): FieldSpec[] {
  const shape = (schema as unknown as { shape?: Record<string, ZodType> }).shape;
  if (!shape) return [];
  return Object.entries(shape)
    .filter(([key]) => !omit.includes(key))
    .map(([key, s]) => {
      const { base, required, nullable, defaultValue } = unwrap(s);
      return { key, required, nullable, defaultValue, ...kindOf(key, base) };
    });
}

export type FormValue = string | number | boolean | string[] | null;

/** The control's value for a field, from a row being edited or the schema default. */
export function toFormValue(f: FieldSpec, v: unknown): FormValue {
  const value = v === undefined ? f.defaultValue : v;
  switch (f.kind) {
    case 'boolean':
      return Boolean(value);
    case 'number':
      return typeof value === 'number' ? value : value === null || value === undefined || value === '' ? '' : Number(value);
    case 'multiselect':
    case 'tags':
    case 'numberTags':
      return Array.isArray(value) ? value.map(String) : [];
    case 'select':
      return value === null || value === undefined || value === '' ? null : String(value);
    case 'json':
      return value === undefined || value === null ? '' : JSON.stringify(value, null, 2);
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

/** The payload value for a field: empty → null when nullable, else left out (so defaults apply). */
export function fromFormValue(f: FieldSpec, v: FormValue): unknown {
  const empty = f.nullable ? null : undefined;
  switch (f.kind) {
    case 'boolean':
      return Boolean(v);
    case 'number':
      return v === '' || v === null || v === undefined ? empty : Number(v);
    case 'multiselect':
    case 'tags':
      return Array.isArray(v) ? v : [];
    case 'numberTags':
      return Array.isArray(v) ? v.map(Number) : [];
    case 'select':
      return v === null || v === '' ? empty : v;
    case 'json':
      if (typeof v !== 'string' || v.trim() === '') return empty;
      try {
        return JSON.parse(v);
      } catch {
        return v; // zod reports it as the wrong type
      }
    default:
      return v === '' || v === null || v === undefined ? empty : v;
  }
}

/** The payload of the whole form (keys left out when their value is undefined). */
export function formToPayload(fields: readonly FieldSpec[], values: Record<string, FormValue>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = fromFormValue(f, values[f.key]);
    if (v !== undefined) out[f.key] = v;
  }
  return out;
}
