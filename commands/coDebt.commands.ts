import type { CommandDef } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import { CO_DEBT_API, coDebtRuleAddBody, coDebtRuleEditBody } from '../src/schemas/coDebt';

/** /merchant/coDebtRule (docs/coDebt.md): list, add N, edit E, delete Delete. */
export const CO_DEBT_SCREEN = 'merchant.coDebtRule';

const TITLES: Record<string, string> = {
  merchant_id: 'field.merchant_id', scope: 'coDebt.field.scope', match_keys: 'coDebt.field.match_keys', max_open_loans: 'coDebt.field.max_open_loans',
  max_overdue_days: 'coDebt.field.max_overdue_days', max_outstanding: 'coDebt.field.max_outstanding', intake_effect: 'coDebt.field.intake_effect',
  collection_flag: 'coDebt.field.collection_flag', enabled: 'field.enabled', note: 'coDebt.field.note',
};
const post = (path: string) => ({ method: 'POST' as const, path });

const action = (verb: string, def: Partial<CommandDef>): CommandDef => ({
  id: `${CO_DEBT_SCREEN}.${verb}`, kind: 'action', area: 'merchant', title: `action.${CO_DEBT_SCREEN}.${verb}`,
  permission: actionKey('merchant', 'coDebtRule', verb), screen: CO_DEBT_SCREEN, scope: 'single', paramTitles: TITLES, ...def,
});

export const coDebtCommands: CommandDef[] = [
  pageScreen('merchant', 'coDebtRule', {
    order: 21, api: { method: 'GET', path: CO_DEBT_API.list },
    keywords: ['co-debt', 'joint debt', 'sister merchants', 'multiple loans', 'debt elsewhere', 'group exposure'],
  }),
  action('add', { scope: 'screen', api: post(CO_DEBT_API.add), params: coDebtRuleAddBody, hotkey: 'n', keywords: ['new rule'] }),
  action('edit', { api: post(CO_DEBT_API.edit), params: coDebtRuleEditBody, hotkey: 'e', keywords: ['change rule'] }),
  action('del', { api: post(CO_DEBT_API.del), hotkey: 'delete', danger: true, keywords: ['remove rule'] }),
];
