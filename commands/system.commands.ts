import type { CommandDef } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import { dictItemBody, dictItemEditBody } from '../src/schemas/system';
import { businessClockBody } from '../src/schemas/lifecycle';

const dictAction = (verb: string, def: Partial<CommandDef> & Pick<CommandDef, 'api'>): CommandDef => ({
  id: `system.dict.${verb}`, kind: 'action', area: 'system', title: `action.system.dict.${verb}`,
  permission: actionKey('system', 'dict', verb), screen: 'system.dict', scope: 'single', ...def,
});

export const systemCommands: CommandDef[] = [
  pageScreen('system', 'dict', { order: 5, keywords: ['dictionary', 'dict', 'reasons'], api: { method: 'GET', path: '/loanapi/dict/name_list' } }),
  dictAction('add', { scope: 'screen', api: { method: 'POST', path: '/loanapi/dict/detail_add' }, params: dictItemBody, hotkey: 'n' }),
  dictAction('edit', { api: { method: 'POST', path: '/loanapi/dict/detail_edit' }, params: dictItemEditBody, hotkey: 'e' }),
  dictAction('del', { api: { method: 'POST', path: '/api/dictItem/:id' }, danger: true }),
  // The test screen: the business clock that loan dates run on (rehearse due dates and overdue days on a test install).
  pageScreen('system', 'test', {
    order: 6, keywords: ['business clock', 'business date', 'time travel', 'test'],
    api: { method: 'GET', path: '/loanapi/system/business_clock' },
  }),
  {
    id: 'system.test.moveClock', kind: 'action', area: 'system', title: 'action.system.test.moveClock', screen: 'system.test', scope: 'screen',
    permission: actionKey('system', 'test', 'moveClock'), params: businessClockBody, danger: true,
    paramTitles: { date: 'system.clock.date', advance_days: 'system.clock.advanceDays', reset: 'system.clock.reset' },
    api: { method: 'POST', path: '/loanapi/system/business_clock' }, keywords: ['business clock', 'advance days'],
  },
];
