import type { CommandDef } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import { CONFIG_API, configEditBody, quickAddBody } from '../src/schemas/config';

/**
 * Screens and actions of the config area (docs/config.md): /system config — the system settings declared in code with
 * their values in force and the history of changes; E edits the selected setting (secrets are typed, never shown back) —
 * and /system quick — quick replies by purpose and language: N adds, E edits, Delete removes.
 */
export const CONFIG_SCREEN = 'system.config';
export const QUICK_SCREEN = 'system.quick';

const TITLES: Record<string, string> = {
  key: 'config.field.key', value: 'config.field.value', current: 'config.field.current',
  purpose: 'config.quick.field.purpose', language: 'config.quick.field.language', title: 'config.quick.field.title',
  content: 'config.quick.field.content', sort: 'config.quick.field.sort',
};

const post = (path: string) => ({ method: 'POST' as const, path });
const get = (path: string) => ({ method: 'GET' as const, path });

function action(screen: string, page: string, name: string, verb: string, def: Partial<CommandDef>): CommandDef {
  return {
    id: `${screen}.${name}`, kind: 'action', area: 'system', title: `action.${screen}.${name}`,
    permission: actionKey('system', page, verb), screen, scope: 'single', paramTitles: TITLES, ...def,
  };
}

export const configCommands: CommandDef[] = [
  pageScreen('system', 'config', {
    order: 9, api: get(CONFIG_API.list),
    keywords: ['settings', 'system settings', 'gps range', 'online limit', 'secure operation key', 'secret', 'limits', 'configuration'],
  }),
  action(CONFIG_SCREEN, 'config', 'edit', 'edit', {
    api: post(CONFIG_API.edit), rowKey: 'key', params: configEditBody.omit({ key: true }), hotkey: 'e',
    keywords: ['change setting', 'set value', 'rotate secret'],
  }),

  pageScreen('system', 'quick', {
    order: 10, api: get(CONFIG_API.quickList),
    keywords: ['quick replies', 'canned text', 'templates', 'phrases', 'note text', 'sms text'],
  }),
  action(QUICK_SCREEN, 'quick', 'add', 'add', {
    scope: 'screen', api: post(CONFIG_API.quickAdd), params: quickAddBody, hotkey: 'n', keywords: ['new reply', 'add phrase'],
  }),
  action(QUICK_SCREEN, 'quick', 'edit', 'edit', {
    api: post(CONFIG_API.quickEdit), params: quickAddBody, hotkey: 'e', keywords: ['change reply'],
  }),
  action(QUICK_SCREEN, 'quick', 'del', 'del', {
    api: post(CONFIG_API.quickDel), hotkey: 'delete', danger: true, keywords: ['remove reply'],
  }),
];
