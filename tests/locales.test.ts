import fs from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../src/schemas/i18n';

const load = (code: string): Record<string, string> => JSON.parse(fs.readFileSync(path.resolve('locales', `${code}.json`), 'utf8'));
const catalogues = Object.fromEntries(LANGS.map((l) => [l.code, load(l.code)]));
const reference = Object.keys(catalogues.en).sort();

/** Argument names of an ICU message, so a translation that drops or renames {count} is caught. */
function argNames(msg: string, locale: string): string[] {
  const ast = new IntlMessageFormat(msg, locale).getAst();
  const names = new Set<string>();
  const walk = (nodes: unknown[]) => {
    for (const n of nodes as Array<Record<string, unknown>>) {
      if (typeof n.value === 'string' && n.type !== 0) names.add(n.value);
      if (n.options) for (const o of Object.values(n.options as Record<string, { value: unknown[] }>)) walk(o.value);
      if (Array.isArray(n.children)) walk(n.children);
    }
  };
  walk(ast);
  return [...names].sort();
}

describe('locales', () => {
  it('has all 7 catalogues of spec §1', () => {
    expect(LANGS.map((l) => l.code).sort()).toEqual(['ArEg', 'India', 'ThA', 'en', 'vi', 'zh', 'zhTW']);
    expect(reference.length).toBeGreaterThan(100);
  });

  it.each(LANGS.map((l) => l.code))('%s has exactly the keys of en, none empty', (code) => {
    const keys = Object.keys(catalogues[code]).sort();
    expect(keys.filter((k) => !(k in catalogues.en))).toEqual([]);
    expect(reference.filter((k) => !(k in catalogues[code]))).toEqual([]);
    expect(keys.filter((k) => !String(catalogues[code][k]).trim())).toEqual([]);
  });

  it.each(LANGS.map((l) => [l.code, l.intl]))('%s: every message parses as ICU and keeps the arguments of en', (code, intl) => {
    for (const [key, msg] of Object.entries(catalogues[code])) {
      let names: string[] = [];
      expect(() => { names = argNames(msg, intl); }, `${code} ${key}`).not.toThrow();
      expect(names, `${code} ${key}`).toEqual(argNames(catalogues.en[key], 'en'));
    }
  });

  it('keeps the spec messages verbatim in Simplified Chinese', () => {
    const zh = Object.values(catalogues.zh);
    for (const m of ['验证失败请重新登录', '系统权限未配置']) expect(zh).toContain(m);
  });
});

describe('server messages', () => {
  /** Every message id in server code ('error.x', 'auth.x', 'validation.x', 'common.x') must be in the catalogue. */
  it('every id the server throws or answers with is in the catalogue', () => {
    const ids = new Set<string>();
    const walk = (dir: string) => {
      for (const f of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, f.name);
        if (f.isDirectory()) walk(p);
        else if (/\.ts$/.test(f.name) && !/\.test\.ts$/.test(f.name)) {
          for (const m of fs.readFileSync(p, 'utf8').matchAll(/'((?:error|auth|validation|common)\.[A-Za-z]+)'/g)) ids.add(m[1]);
        }
      }
    };
    walk(path.resolve('src/server'));
    walk(path.resolve('src/schemas'));
    expect(ids.size).toBeGreaterThan(30);
    expect([...ids].filter((id) => !(id in catalogues.en))).toEqual([]);
  });
});
