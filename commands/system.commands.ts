import type { CommandDef } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import { dictItemBody, dictItemEditBody } from '../src/schemas/system';

const dictAction = (verb: string, def: Partial<CommandDef> & Pick<CommandDef, 'api'>): CommandDef => ({
  id: `system.dict.${verb}`, kind: 'action', area: 'system', title: `action.system.dict.${verb}`,
  permission: actionKey('system', 'dict', verb), screen: 'system.dict', scope: 'single', ...def,
});

export const systemCommands: CommandDef[] = [
  pageScreen('system', 'dict', { order: 5, keywords: ['dictionary', 'dict', 'reasons'], api: { method: 'GET', path: '/loanapi/dict/name_list' } }),
  dictAction('add', { scope: 'screen', api: { method: 'POST', path: '/loanapi/dict/detail_add' }, params: dictItemBody, hotkey: 'n' }),
  dictAction('edit', { api: { method: 'POST', path: '/loanapi/dict/detail_edit' }, params: dictItemEditBody, hotkey: 'e' }),
  dictAction('del', { api: { method: 'POST', path: '/api/dictItem/:id' }, danger: true }),
];
