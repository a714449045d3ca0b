import type { CommandDef } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import { pushAddBody, pushConfigAddBody, pushConfigEditBody, PUSH_API } from '../src/schemas/messagePush';

/**
 * The screen and actions of /system messagePush (docs/messagePush.md): messages to borrower-app users (N new,
 * C cancel a scheduled one) and the push configurations of the app (G add one, E edit the selected one).
 */
const TITLES: Record<string, string> = {
  merchant_id: 'field.merchant_id', push_audience: 'messagePush.field.audience', overdue_days: 'messagePush.field.overdue_days',
  group_id: 'messagePush.field.group', config_id: 'messagePush.field.config', title: 'messagePush.field.title', body: 'messagePush.field.body',
  link_url: 'messagePush.field.link_url', send_at: 'messagePush.field.send_at', name: 'messagePush.field.name',
  push_provider: 'messagePush.field.provider', app_id: 'messagePush.field.app_id', secret: 'messagePush.field.secret',
  failure_rate: 'messagePush.field.failure_rate', enabled: 'messagePush.field.enabled', remark: 'messagePush.field.remark',
};
const SCREEN = 'system.messagePush';
const post = (path: string) => ({ method: 'POST' as const, path });

function action(verb: string, def: Partial<CommandDef> & Pick<CommandDef, 'api'>): CommandDef {
  return {
    id: `${SCREEN}.${verb}`, kind: 'action', area: 'system', title: `action.${SCREEN}.${verb}`,
    permission: actionKey('system', 'messagePush', verb), screen: SCREEN, scope: 'single', paramTitles: TITLES, ...def,
  };
}

export const messagePushCommands: CommandDef[] = [
  pageScreen('system', 'messagePush', {
    order: 13, api: { method: 'GET', path: PUSH_API.list }, keywords: ['push', 'notification', 'app message', 'broadcast', 'borrower app'],
  }),
  action('add', { scope: 'screen', api: post(PUSH_API.add), params: pushAddBody, hotkey: 'n', keywords: ['send push', 'schedule push', 'notify borrowers'] }),
  action('cancel', { api: post(PUSH_API.cancel), hotkey: 'c', danger: true, keywords: ['cancel scheduled push'] }),
  action('configAdd', { scope: 'screen', api: post(PUSH_API.configAdd), params: pushConfigAddBody, hotkey: 'g', keywords: ['push configuration', 'push provider'] }),
  action('configEdit', { scope: 'screen', api: post(PUSH_API.configEdit), params: pushConfigEditBody, keywords: ['edit push configuration', 'push secret'] }),
];
