import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseRefusals } from '../src/server/plugins/errors';
import { createTestApp, type TestApp } from './support/testApp';

/**
 * Every route of the OpenAPI document gets hostile input as admin: no answer may be a 5xx or 50000, none may be
 * refused by the database's safety net instead of validation, and a batch of refused requests changes no row.
 */

type Schema = Record<string, any>;
interface Op { method: 'GET' | 'POST'; path: string; body: Schema | null; query: Schema[]; params: Schema[] }
interface Variant { label: string; url: string; payload?: string; contentType?: string }

const NUL = 'a\u0000b';
const SURROGATE = 'a\ud800b';
const HUGE = 'x'.repeat(1 << 20);
/** Written into a JSON payload in place of this marker: JSON.stringify can't produce an infinite number. */
const RAW_INFINITE = '__raw_1e309__';
const NUMBERS: unknown[] = [2147483648, 9007199254740993, -1, '1e309', 'NaN', RAW_INFINITE];
/** Kept last: they end the admin's own session. */
const SESSION_ENDERS = new Set(['POST /loanapi/account/logout']);
/** Tables any signed-in request touches (session last-seen) or a re-sign-in writes. */
const VOLATILE = new Set(['admin_session', 'login_log', 'login_attempt', 'captcha']);
const MAX_VARIANTS = 24;

function pick(s: Schema): Schema {
  const alts = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (alts) return pick(alts.find((a) => a.type !== 'null') ?? alts[0]);
  if (s.allOf) return pick(s.allOf[0]);
  return s;
}

const PATTERN_GUESSES = ['1', 'a', 'A1', 'M001', '2026-01-01', '10:00', '2026-01-01 10:00:00', '0912345678', 'a@b.co', 'abc123', 'ABC', 'en'];

/** A value the schema likely accepts, so that a single broken field is what validation sees. */
function sample(raw: Schema, name = ''): unknown {
  const s = pick(raw);
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  switch (s.type) {
    case 'object': return Object.fromEntries(Object.entries((s.properties ?? {}) as Record<string, Schema>).map(([k, v]) => [k, sample(v, k)]));
    case 'array': return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sample(s.items ?? {}, name));
    case 'boolean': return false;
    case 'integer':
    case 'number': {
      const min = s.minimum !== undefined ? s.minimum + (s.exclusiveMinimum === true ? 1 : 0) : (s.exclusiveMinimum ?? 0) + 1;
      // A row that does not exist: operations on "id 999999" find nothing rather than act on the admin's own rows.
      const want = /(^|_)ids?$/.test(name) ? 999_999 : min;
      return Math.min(Math.max(want, min), s.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'string': {
      if (s.format === 'date') return '2026-01-01';
      if (s.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      if (s.format === 'email') return 'a@b.co';
      let v = 'a';
      if (s.pattern) v = PATTERN_GUESSES.find((g) => new RegExp(s.pattern, 'u').test(g)) ?? '1';
      if (s.minLength && v.length < s.minLength) v = v.padEnd(s.minLength, v.at(-1));
      return s.maxLength !== undefined ? v.slice(0, s.maxLength) : v;
    }
    default: return 'a';
  }
}

function wrongType(s: Schema): unknown {
  switch (pick(s).type) {
    case 'string': return { nested: 1 };
    case 'integer': case 'number': return 'abc';
    case 'boolean': return 'yes';
    case 'array': return { not: 'an array' };
    case 'object': return ['not', 'an object'];
    default: return [[[]]];
  }
}

/** Bad values for one field: its wrong type, hostile text, the out-of-range numbers (as numbers and as text). */
function fieldMutations(s: Schema, hugeBudget: { left: number }): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [['wrong type', wrongType(s)], ['NUL', NUL], ['surrogate', SURROGATE]];
  const type = pick(s).type;
  if (type === 'integer' || type === 'number' || type === undefined) for (const n of NUMBERS) out.push([`number ${String(n)}`, n]);
  else out.push(['number 2147483648', 2147483648], ['text 2147483648', '2147483648']);
  if (type === 'array') out.push(['array of NUL', [NUL]], ['array of 2147483648', [2147483648]]);
  if (hugeBudget.left-- > 0) out.push(['1 MB', HUGE]);
  return out;
}

function jsonPayload(v: unknown): string {
  return JSON.stringify(v).replaceAll(`"${RAW_INFINITE}"`, '1e309');
}

/** Percent-encoding, with a lone surrogate sent as its three (invalid) UTF-8 bytes instead of a thrown URIError. */
function enc(v: string): string {
  return v.split(/([\ud800-\udfff])/).map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part))).join('');
}

function query(values: Record<string, unknown>): string {
  const qs = Object.entries(values).filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${enc(k)}=${enc(typeof v === 'object' ? JSON.stringify(v) : String(v === RAW_INFINITE ? '1e309' : v))}`)
    .join('&');
  return qs ? `?${qs}` : '';
}

function variants(op: Op): Variant[] {
  const params = Object.fromEntries(op.params.map((p) => [p.name, sample(p.schema ?? {}, p.name)]));
  const path = (ps: Record<string, unknown>) => op.path.replace(/\{(\w+)\}/g, (_, k) => enc(String(ps[k] === RAW_INFINITE ? '1e309' : ps[k])));
  const baseQuery = Object.fromEntries(op.query.map((p) => [p.name, sample(p.schema ?? {}, p.name)]));
  const baseBody = op.body ? sample(op.body) : undefined;
  const url = (ps = params, q: Record<string, unknown> = baseQuery) => `${path(ps)}${query(q)}`;
  const json = (v: unknown): Pick<Variant, 'payload' | 'contentType'> => ({ payload: jsonPayload(v), contentType: 'application/json' });
  const budget = { left: 1 };
  const out: Variant[] = [
    { label: 'missing body', url: url() },
    { label: '1e5-char query', url: `${url()}${op.query.length ? '&' : '?'}${op.query[0]?.name ?? 'q'}=${'q'.repeat(100_000)}` },
    { label: 'unknown query field', url: url(params, { ...baseQuery, zz_unknown: NUL }) },
  ];
  for (const p of op.params) {
    for (const [label, v] of [...fieldMutations(p.schema ?? {}, { left: 0 }), ['%00', '\u0000']] as Array<[string, unknown]>) {
      out.push({ label: `param ${p.name}: ${label}`, url: url({ ...params, [p.name]: typeof v === 'object' ? JSON.stringify(v) : v }) });
    }
  }
  for (const p of op.query) {
    for (const [label, v] of fieldMutations(p.schema ?? {}, budget)) out.push({ label: `query ${p.name}: ${label}`, url: url(params, { ...baseQuery, [p.name]: v }) });
  }
  if (op.method === 'POST') {
    out.push(
      { label: 'body: empty object', url: url(), ...json({}) },
      { label: 'body: array for object', url: url(), ...json([baseBody ?? {}]) },
      { label: 'body: string', url: url(), ...json('a\u0000') },
      { label: 'body: NUL key', url: url(), ...json({ ...(baseBody as object), 'k\u0000': 1 }) },
      { label: 'body: unknown field', url: url(), ...json({ ...(baseBody as object), zz_unknown: SURROGATE }) },
      { label: 'body: malformed JSON', url: url(), payload: '{"a":', contentType: 'application/json' },
    );
    const props = Object.entries((pick(op.body ?? {}).properties ?? {}) as Record<string, Schema>);
    for (const [name, s] of props) {
      for (const [label, v] of fieldMutations(s, budget)) out.push({ label: `body ${name}: ${label}`, url: url(), ...json({ ...(baseBody as object), [name]: v }) });
    }
  }
  if (out.length <= MAX_VARIANTS) return out;
  // Bounded per route, spread evenly over the fields rather than the first fields only.
  const step = out.length / MAX_VARIANTS;
  return Array.from({ length: MAX_VARIANTS }, (_, i) => out[Math.floor(i * step)]);
}

function operations(doc: Schema): Op[] {
  const ops: Op[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Schema>>)) {
    for (const [m, op] of Object.entries(item)) {
      const method = m.toUpperCase();
      if (method !== 'GET' && method !== 'POST') continue;
      const parameters = (op.parameters ?? []) as Schema[];
      ops.push({
        method, path,
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        query: parameters.filter((p) => p.in === 'query'),
        params: parameters.filter((p) => p.in === 'path'),
      });
    }
  }
  const key = (o: Op) => `${o.method} ${o.path}`;
  return [...ops.filter((o) => !SESSION_ENDERS.has(key(o))), ...ops.filter((o) => SESSION_ENDERS.has(key(o)))];
}

describe('fuzz: hostile input on every route', () => {
  let t: TestApp;
  let token: string;
  let snapshotSql: string;

  async function snapshot(): Promise<Map<string, string>> {
    const res = await t.db.execute(sql.raw(snapshotSql));
    const rows = ((res as { rows?: Array<{ t: string; h: string }> }).rows ?? res) as Array<{ t: string; h: string }>;
    return new Map(rows.map((r) => [r.t, String(r.h)]));
  }

  beforeAll(async () => {
    t = await createTestApp({ business: { orders: 300, richLimit: 30 } });
    token = await t.login('admin');
    const res = await t.db.execute(sql.raw(`SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`));
    const tables = (((res as { rows?: Array<{ t: string }> }).rows ?? res) as Array<{ t: string }>).map((r) => r.t).filter((n) => !VOLATILE.has(n));
    // Row count and the newest row version (xmin): an update that changes no count is seen too.
    snapshotSql = tables.map((n) => `SELECT '${n}' AS t, count(*) || ':' || coalesce(max(x.xmin::text::bigint), 0) AS h FROM "${n}" x`).join(' UNION ALL ');
  }, 120_000);
  afterAll(async () => t?.close());

  it('answers no 5xx, refuses by validation, and a refused batch writes nothing', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/loanapi/openapi.json' })).json();
    const ops = operations(doc);
    const failures: string[] = [];
    let requests = 0;
    let serverErrors = 0;
    const started = Date.now();
    let snapshotMs = 0;
    for (const op of ops) {
      // Only writes are checked for side effects; a GET route changing rows is out of this test's scope.
      const writes = op.method === 'POST';
      let s0 = Date.now();
      const before = writes ? await snapshot() : null;
      snapshotMs += Date.now() - s0;
      let succeeded = false;
      for (const v of variants(op)) {
        const netBefore = databaseRefusals(t.app);
        const res = await t.app.inject({
          method: op.method, url: v.url, payload: v.payload,
          headers: { authorization: token, 'x-api-token': token, 'lang-code': '100', ...(v.contentType ? { 'content-type': v.contentType } : {}) },
        });
        requests++;
        let body: { code?: number; msg?: string } = {};
        try { body = res.json(); } catch { /* files, the console's HTML */ }
        const where = `${op.method} ${op.path} [${v.label}]`;
        if (res.statusCode >= 500 || body.code === 50000) {
          serverErrors++;
          failures.push(`${where}: HTTP ${res.statusCode} ${body.code} ${body.msg ?? res.body.slice(0, 200)}`);
        }
        if (databaseRefusals(t.app) > netBefore) failures.push(`${where}: refused by the database, not by validation`);
        if (body.code === 20000) succeeded = true;
        if (res.statusCode === 412 || [50008, 50012, 50014].includes(body.code ?? 0)) token = await t.login('admin');
      }
      if (succeeded || !before) continue;
      s0 = Date.now();
      const after = await snapshot();
      snapshotMs += Date.now() - s0;
      const changed = [...after].filter(([n, h]) => before.get(n) !== h).map(([n]) => n);
      if (changed.length) failures.push(`${op.method} ${op.path}: refused requests changed ${changed.join(', ')}`);
    }
    console.log(`fuzz: routes=${ops.length} requests=${requests} 5xx=${serverErrors} netRefusals=${databaseRefusals(t.app)} in ${Math.round((Date.now() - started) / 1000)} s (snapshots ${Math.round(snapshotMs / 1000)} s)`);
    expect(ops.length).toBeGreaterThan(300);
    expect(failures).toEqual([]);
    // Refused by validation, not by the database's error net (plugins/errors.ts).
    expect(databaseRefusals(t.app)).toBe(0);

    // The snapshot does see a write: an accepted dictionary item changes it (signed in again: logout ran last).
    token = await t.login('admin');
    const before = await snapshot();
    const added = await t.post(token, '/loanapi/dict/detail_add', { dict_name: 'fuzz_check', value: 'v', label: 'l' });
    expect(added.code).toBe(20000);
    const after = await snapshot();
    expect([...after].filter(([n, h]) => before.get(n) !== h).map(([n]) => n)).toContain('dict_item');
  }, 600_000);
});
