import { ScriptError } from './words';

/** Variables, parameters, result paths and conditions of the script language. */

/** Fills `$name` / `$name.path` in text (a read's target, a path). */
export function fillText(s: string, vars: Vars): string {
  return s.replace(VAR, (m, n: string | undefined, p: string) => (n ? asText(lookup(vars, n, p)) : '$'));
}

export type Vars = Map<string, unknown>;

/** `$name` or `$name.field.0.more`; `$$` is a `$` itself. */
const VAR = /\$\$|\$([A-Za-z_]\w*)((?:\.\w+)*)/g;

function lookup(vars: Vars, name: string, path = ''): unknown {
  if (!vars.has(name)) throw new ScriptError(`unknown variable $${name} (give it a value first: set ${name} = PATH, or let ${name} = JSON)`);
  const v = path ? atPath(vars.get(name), path.slice(1)) : vars.get(name);
  if (v === undefined) throw new ScriptError(`$${name}${path}: $${name} has nothing at "${path.slice(1)}"`);
  return v;
}

const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** `$NAME` inside a string: the value as text. A string that is exactly `$NAME` becomes the value itself (a number stays a number). */
function fillString(s: string, vars: Vars): unknown {
  const whole = /^\$([A-Za-z_]\w*)((?:\.\w+)*)$/.exec(s);
  if (whole) return lookup(vars, whole[1], whole[2]);
  return fillText(s, vars);
}

function fillDeep(v: unknown, vars: Vars): unknown {
  if (typeof v === 'string') return fillString(v, vars);
  if (Array.isArray(v)) return v.map((x) => fillDeep(x, vars));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fillDeep(x, vars)]));
  return v;
}

/** Bare `$NAME` outside JSON strings (`{"id": $order}`) becomes the value's JSON, so both spellings work. */
function fillBare(json: string, vars: Vars): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const ch = json[i];
    if (inString) {
      out += ch;
      if (ch === '\\') out += json[++i] ?? '';
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    const m = ch === '$' ? /^\$([A-Za-z_]\w*)((?:\.\w+)*)/.exec(json.slice(i)) : null;
    if (m) {
      out += JSON.stringify(lookup(vars, m[1], m[2]));
      i += m[0].length - 1;
    } else {
      out += ch;
    }
  }
  return out;
}

/** A JSON value written in a script (with variables); text that is no JSON is a plain string. */
export function parseValue(text: string, vars: Vars): unknown {
  const t = text.trim();
  try {
    return fillDeep(JSON.parse(fillBare(t, vars)), vars);
  } catch (e) {
    if (e instanceof ScriptError) throw e;
    return fillString(t, vars);
  }
}

/** Splits `a=1 note="two words"` on spaces outside double quotes. */
function words(text: string): string[] {
  return text.match(/(?:[^\s"]+|"(?:[^"\\]|\\.)*")+/g) ?? [];
}

/**
 * The parameters of a step: a JSON object, or name=value pairs. A name=value word reads as JSON when it can
 * (`amount=1000` is a number); `accepts` (the command's schema for that field) keeps the text when only text fits
 * (`reason=1` for a string field).
 */
export function parseParams(text: string, vars: Vars, accepts?: (name: string, value: unknown) => boolean): Record<string, unknown> {
  const t = text.trim();
  if (!t) return {};
  if (t.startsWith('{')) {
    let v: unknown;
    try {
      v = JSON.parse(fillBare(t, vars));
    } catch (e) {
      if (e instanceof ScriptError) throw e;
      throw new ScriptError(`the parameters are not valid JSON (${(e as Error).message}): ${t}`);
    }
    if (!v || typeof v !== 'object' || Array.isArray(v)) throw new ScriptError(`the parameters must be a JSON object: ${t}`);
    return fillDeep(v, vars) as Record<string, unknown>;
  }
  const out: Record<string, unknown> = {};
  for (const w of words(t)) {
    const eq = w.indexOf('=');
    if (eq <= 0) throw new ScriptError(`"${w}" is not name=value (or write the parameters as a JSON object)`);
    const name = w.slice(0, eq);
    const raw = w.slice(eq + 1);
    const value = parseValue(raw, vars);
    const text = typeof value === 'string' ? value : fillText(raw.replace(/^"(.*)"$/, '$1'), vars);
    out[name] = accepts && typeof value !== 'string' && !accepts(name, value) && accepts(name, text) ? text : value;
  }
  return out;
}

/** `rows.0.id`, `order_no`, `.` (the whole result). */
export function atPath(value: unknown, path: string): unknown {
  if (path === '.' || path === '') return value;
  let cur = value;
  for (const part of path.replace(/\[(\d+)\]/g, '.$1').split('.').filter(Boolean)) {
    if (cur === null || cur === undefined) return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

export function holds(actual: unknown, op: 'truthy' | '=' | '!=', expected?: unknown): boolean {
  if (op === 'truthy') return actual !== undefined && actual !== null && actual !== false && actual !== '' && actual !== 0 && !(Array.isArray(actual) && actual.length === 0);
  const same = JSON.stringify(actual) === JSON.stringify(expected) || (typeof actual !== 'object' && String(actual) === String(expected));
  return op === '=' ? same : !same;
}

/** Compact JSON for one line of output: long results are cut. */
export function compact(value: unknown, max = 240): string {
  const page = value as { rows?: unknown; total?: unknown } | null;
  if (page && typeof page === 'object' && Array.isArray(page.rows) && typeof page.total === 'number') {
    // A list page: how many rows, and the first one (what a `set x = rows.0.…` line reads).
    const head = `${page.rows.length} of ${page.total} rows`;
    return page.rows.length ? `${head}; rows.0 = ${compact(page.rows[0], max - head.length - 10)}` : head;
  }
  const s = value === undefined ? 'ok' : JSON.stringify(value);
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
