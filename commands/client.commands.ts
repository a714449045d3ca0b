import type { CommandDef } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import { attachLabelsBody, labelBody, labelEditBody } from '../src/schemas/client';
import { CLAIM_API } from '../src/schemas/customer';

/**
 * The customer area (/client): the customer list, bank cards, bank auto-match, login codes, the customer
 * dictionaries, the labels (spec §2, §7 customer-label calls) and customer claims (clientUserCollection: c claim,
 * shift+r release). The customer detail view and its actions are declared with the detail view.
 */
/** An action of /client/clientUserCollection on the selected customer (the row id is the customer id). */
const claimAction = (verb: 'claim' | 'release', path: string, hotkey: string): CommandDef => ({
  id: `client.clientUserCollection.${verb}`, kind: 'action', area: 'client', title: `action.client.clientUserCollection.${verb}`,
  permission: actionKey('client', 'clientUserCollection', verb), screen: 'client.clientUserCollection', scope: 'single', hotkey,
  keywords: verb === 'claim' ? ['claim customer', 'take', 'my customers'] : ['release', 'give back', 'unclaim'],
  api: { method: 'POST', path },
});

const labelAction = (verb: string, def: Partial<CommandDef> & Pick<CommandDef, 'api'>): CommandDef => ({
  id: `client.userTags.${verb}`, kind: 'action', area: 'client', title: `action.client.userTags.${verb}`,
  permission: actionKey('client', 'userTags', verb), screen: 'client.userTags', scope: 'single', ...def,
});

export const clientCommands: CommandDef[] = [
  pageScreen('client', 'clientUser', {
    order: 1, hotkey: 'alt+c', keywords: ['customers', 'borrowers', 'clients', 'users'],
    api: { method: 'GET', path: '/loanapi/customer/all_list' },
  }),
  pageScreen('client', 'clientUserCollection', {
    order: 2, keywords: ['claim customer', 'customer claims', 'my customers', 'open loans', 'collection'],
    api: { method: 'GET', path: CLAIM_API.list },
  }),
  pageScreen('client', 'UserBankcardCollection', {
    order: 3, keywords: ['bank cards', 'cards', 'accounts'], api: { method: 'GET', path: '/loanapi/bank_card/all_list' },
  }),
  pageScreen('client', 'UserBankcardMatchCollection', {
    order: 4, keywords: ['bank match', 'BIN', 'card prefix'], api: { method: 'GET', path: '/loanapi/bank_card/match_list' },
  }),
  pageScreen('client', 'customer_sms_log', {
    order: 5, keywords: ['login codes', 'sms codes', 'verification', 'OTP'], api: { method: 'GET', path: '/loanapi/customer/sms_log_list' },
  }),
  pageScreen('client', 'clientDict', {
    order: 6, keywords: ['dictionary', 'gender', 'education', 'religion'], api: { method: 'GET', path: '/loanapi/customer/dict_list' },
  }),
  pageScreen('client', 'userTags', {
    order: 9, keywords: ['labels', 'tags', 'colours'], api: { method: 'GET', path: '/loanapi/customer_label/all_list' },
  }),

  claimAction('claim', CLAIM_API.claim, 'c'),
  claimAction('release', CLAIM_API.release, 'shift+r'),

  labelAction('add', { scope: 'screen', api: { method: 'POST', path: '/loanapi/customer_label/add' }, params: labelBody, hotkey: 'n' }),
  labelAction('edit', { api: { method: 'POST', path: '/loanapi/customer_label/edit' }, params: labelEditBody, hotkey: 'e' }),
  labelAction('del', { api: { method: 'POST', path: '/loanapi/customer_label/del' }, danger: true }),
  {
    // Set the labels of the selected customer (the set is replaced). Guarded by userTags' `attach` node.
    id: 'client.clientUser.setLabels', kind: 'action', area: 'client', title: 'action.client.clientUser.setLabels',
    permission: actionKey('client', 'userTags', 'attach'), screen: 'client.clientUser', scope: 'single', hotkey: 'l',
    keywords: ['labels', 'tags'], api: { method: 'POST', path: '/loanapi/customer_label/add_customer_label' }, params: attachLabelsBody,
    paramTitles: { customer_id: 'field.customer_id', label_ids: 'field.labels' },
  },
];
