import fs from 'node:fs';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../../schemas/i18n';

const PART = new URL('../../../../locales/parts/server-empower.json', import.meta.url);
const part = JSON.parse(fs.readFileSync(PART, 'utf8')) as Record<string, Record<string, string>>;

/** Message ids the empower, role, log, dashboard and merchant modules throw. */
function thrownIds(): string[] {
  const files = ['empower.routes.ts', 'role.routes.ts', 'account.service.ts', 'scope.ts'].map((f) => new URL(`./${f}`, import.meta.url));
  const ids = new Set<string>();
  for (const f of files) {
    for (const m of fs.readFileSync(f, 'utf8').matchAll(/'(error\.[A-Za-z]+)'/g)) ids.add(m[1]);
  }
  // Shared ids defined by the core catalogue.
  for (const shared of ['error.notFound', 'error.forbidden']) ids.delete(shared);
  return [...ids];
}

describe('locales/parts/server-empower.json', () => {
  it('has the same keys in all 7 languages', () => {
    expect(Object.keys(part).sort()).toEqual(LANGS.map((l) => l.code).sort());
    const keys = Object.keys(part.en).sort();
    for (const l of LANGS) expect(Object.keys(part[l.code]).sort(), l.code).toEqual(keys);
  });

  it('every message parses as ICU and keeps the placeholders of the English text', () => {
    for (const l of LANGS) {
      for (const [id, text] of Object.entries(part[l.code])) {
        expect(() => new IntlMessageFormat(text, l.intl), `${l.code} ${id}`).not.toThrow();
        for (const ph of part.en[id].match(/\{(\w+)/g) ?? []) expect(text, `${l.code} ${id}`).toContain(ph);
      }
    }
  });

  it('covers every message id the modules throw', () => {
    for (const id of thrownIds()) expect(part.en, id).toHaveProperty([id]);
  });

  it('is translated, not copied, outside the English variants', () => {
    for (const code of ['zh', 'zhTW', 'vi', 'ArEg', 'ThA']) {
      const same = Object.keys(part.en).filter((k) => part[code][k] === part.en[k]);
      expect(same, code).toEqual([]);
    }
  });
});
