import type { CommandDef } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import { TEMPLATE_API, templateAddBody, templateEditBody } from '../src/schemas/template';

/**
 * /system template (docs/template.md): H5 landing pages and SMS texts with `{variables}` and a live preview. The screen
 * opens its own editor for N (add) and E (edit); Shift+E enables the selected template (switching off the other one of
 * its merchant, kind and language), Shift+D disables it, Delete removes it.
 */
const SCREEN = 'system.template';
const TITLES: Record<string, string> = {
  merchant_id: 'field.merchant_id', kind: 'template.field.kind', lang: 'template.field.lang', title: 'template.field.title',
  body: 'template.field.body', enabled: 'template.field.enabled',
};
const post = (path: string) => ({ method: 'POST' as const, path });
const a = (name: string, def: Partial<CommandDef>): CommandDef => ({
  id: `${SCREEN}.${name}`, kind: 'action', area: 'template', title: `action.${SCREEN}.${name}`, permission: actionKey('system', 'template', name),
  screen: SCREEN, scope: 'single', paramTitles: TITLES, ...def,
});

export const templateCommands: CommandDef[] = [
  pageScreen('system', 'template', {
    order: 10, api: { method: 'GET', path: TEMPLATE_API.list },
    keywords: ['template', 'h5', 'landing page', 'sms text', 'variables', 'preview'],
  }),
  a('add', { scope: 'screen', api: post(TEMPLATE_API.add), params: templateAddBody, hotkey: 'n', keywords: ['new template', 'create'] }),
  a('edit', { api: post(TEMPLATE_API.edit), params: templateEditBody, hotkey: 'e', keywords: ['change template', 'edit body'] }),
  a('enable', { api: post(TEMPLATE_API.enable), hotkey: 'shift+e', keywords: ['turn on', 'use template'] }),
  a('disable', { api: post(TEMPLATE_API.disable), hotkey: 'shift+d', keywords: ['turn off'] }),
  a('del', { api: post(TEMPLATE_API.del), hotkey: 'delete', danger: true, keywords: ['remove template', 'delete'] }),
];
