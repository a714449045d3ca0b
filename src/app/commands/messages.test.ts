import fs from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../commands';
import { LANGS } from '../../schemas/i18n';
import { describeSchema } from '../../ui/schemaFields';
import { testMessages } from '../../ui/testing';

/**
 * The console's command UI words everything from the catalogue: every action title, every params field label and
 * the messages of the palette, runner, copy helper, time, upload and field editor exist in all 7 languages.
 */
const catalogues = Object.fromEntries(LANGS.map((l) => [l.code, testMessages(l.code)]));

const UI_IDS = [
  'palette.title', 'palette.placeholder', 'palette.empty', 'palette.group.actions', 'palette.group.screens', 'palette.group.settings',
  'palette.group.lookups', 'palette.group.language', 'palette.language', 'palette.searching', 'palette.hint', 'palette.back',
  'palette.current', 'command.submit', 'command.cancel', 'command.confirm.title', 'command.confirm.ok', 'command.confirm.body',
  'command.confirm.bodyRows', 'command.done', 'command.forbidden', 'command.unknown', 'command.unavailable', 'command.needOne',
  'command.needRows', 'copy.empty', 'copy.success', 'copy.failed', 'copy.button', 'time.justNow', 'time.minutesAgo', 'time.hoursAgo',
  'time.dayAgo', 'upload.tooLarge', 'upload.badType', 'upload.button', 'upload.change', 'upload.remove', 'fieldEditor.confirm',
  'fieldEditor.edit', 'fieldEditor.save',
];

function fieldIds(): string[] {
  const ids = new Set<string>();
  for (const c of COMMANDS) {
    if (!c.params) continue;
    const omit = c.scope === 'single' ? ['id'] : c.scope === 'bulk' ? ['ids'] : [];
    for (const f of describeSchema(c.params, omit)) {
      ids.add(c.paramTitles?.[f.key] ?? `field.${f.key}`);
      for (const o of f.kind === 'select' || f.kind === 'multiselect' ? f.options ?? [] : []) ids.add(`option.${f.key}.${o}`);
    }
  }
  return [...ids];
}

describe('command UI messages', () => {
  const actionTitles = COMMANDS.filter((c) => c.kind === 'action' && c.title.startsWith('action.')).map((c) => c.title);
  const ids = [...new Set([...UI_IDS, ...actionTitles, ...fieldIds()])];

  it.each(LANGS.map((l) => l.code))('%s has every id', (code) => {
    expect(ids.filter((id) => !catalogues[code][id]?.trim())).toEqual([]);
  });

  it.each(LANGS.map((l) => [l.code, l.intl]))('%s: ours parse as ICU', (code, locale) => {
    for (const id of ids) expect(() => new IntlMessageFormat(catalogues[code][id], locale), `${code} ${id}`).not.toThrow();
  });

  it('keeps the spec copy messages verbatim in Simplified Chinese', () => {
    expect(catalogues.zh['copy.empty']).toBe('没有可复制的信息');
    expect(catalogues.zh['copy.success']).toBe('复制成功');
  });
});
