import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROLE_TEMPLATES } from '../../../commands/roles';
import { LANGS, LANG_BY_CODE } from '../../schemas/i18n';
import { roleDisplayName, roleNameId } from './roleNames';

/** The messages of a language: the catalogue, or the part this work adds until it is merged. */
function messages(code: string): Record<string, string> {
  const dir = path.resolve(process.cwd(), 'locales');
  const part = path.join(dir, 'parts', 'i18n-values.json');
  const merged = JSON.parse(fs.readFileSync(path.join(dir, `${code}.json`), 'utf8')) as Record<string, string>;
  return fs.existsSync(part) ? { ...merged, ...(JSON.parse(fs.readFileSync(part, 'utf8'))[code] ?? {}) } : merged;
}

describe('role template names', () => {
  it('has a name for every template in all 7 languages', () => {
    for (const l of LANGS) {
      const m = messages(l.code);
      for (const t of ROLE_TEMPLATES) expect(m[roleNameId(t.identifier)], `${l.code} ${t.identifier}`).toBeTruthy();
    }
    expect(messages('en')[roleNameId('collector')]).toBe('Collector');
    expect(messages('ArEg')[roleNameId('collector')]).not.toBe('Collector');
  });

  it('keeps the name of a role that is not a template, or a template an administrator renamed', () => {
    const ar = LANG_BY_CODE.ArEg;
    expect(roleDisplayName({ name: 'Night shift', identifier: 'night', isTemplate: false }, ar)).toBe('Night shift');
    expect(roleDisplayName({ name: 'Collectors (north)', identifier: 'collector', isTemplate: true }, ar)).toBe('Collectors (north)');
    expect(roleDisplayName({ name: 'Collector', identifier: 'collector', isTemplate: false }, ar)).toBe('Collector');
  });
});
