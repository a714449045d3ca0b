import type { CommandDef, CommandScope } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import {
  dispatchBody, groupBody, groupEditBody, importTextBody, landingBody, landingEditBody, linkBody, linkEditBody, MARKETING_API, noteBody,
  type MarketingResult,
} from '../src/schemas/marketing';

/**
 * Screens and actions of the marketing area (docs/marketing.md): MarketingService (whitelist groups: n add, e edit,
 * d dispatch), marketingList (i import, delete), myMarketingList (the agent's numbers: j/k move, 1 agreed, 2 rejected,
 * 3 no answer, 4 wrong number, n note, s send the promotion link by SMS), RegistrationSuccessList, H5UrlList and
 * promotionLinkList (n add, e edit). Decision keys act on the cursor row of the grid (DataGrid autoFocus).
 */

const TITLES: Record<string, string> = {
  merchant_id: 'field.merchant_id', name: 'field.name', product_id: 'field.product_id', limit_minor: 'marketing.field.limit',
  expires_at: 'marketing.field.expires_at', enabled: 'field.enabled', remark: 'marketing.field.remark', account_ids: 'marketing.field.agents',
  mode: 'marketing.field.mode', per_agent: 'marketing.field.per_agent', group_id: 'marketing.field.group', text: 'marketing.field.numbers_text',
  note: 'marketing.field.note', channel_id: 'marketing.field.channel', template: 'marketing.field.template', title: 'marketing.field.title',
  url: 'marketing.field.url', landing_id: 'marketing.field.landing', agent_id: 'marketing.field.agent', target_url: 'marketing.field.url',
  seen_at: 'marketing.field.seen_at', link_id: 'marketing.field.link',
};

const post = (path: string) => ({ method: 'POST' as const, path });
const get = (path: string) => ({ method: 'GET' as const, path });

function action(page: string, name: string, verb: string, scope: CommandScope, path: string, def: Partial<CommandDef> = {}): CommandDef {
  return {
    id: `marketing.${page}.${name}`, kind: 'action', area: 'marketing', title: `action.marketing.${name}`,
    permission: actionKey('Marketing', page, verb), screen: `marketing.${page}`, scope, api: post(path), paramTitles: TITLES, ...def,
  };
}

/** The four call results on the digits 1–4, in MARKETING_RESULTS order. */
const RESULT_KEYS: Array<[MarketingResult, string, string]> = [
  ['agreed', 'agreed', '1'], ['rejected', 'rejected', '2'], ['no_answer', 'noAnswer', '3'], ['wrong_number', 'wrongNumber', '4'],
];

export const MY_LIST_SCREEN = 'marketing.myMarketingList';

export const marketingCommands: CommandDef[] = [
  pageScreen('Marketing', 'MarketingService', { order: 1, keywords: ['whitelist groups', 'dispatch', 'marketing supervisor', 'progress'], api: get(MARKETING_API.groups) }),
  pageScreen('Marketing', 'marketingList', { order: 2, keywords: ['whitelist', 'import numbers', 'phone list', 'csv', 'xlsx'], api: get(MARKETING_API.entries) }),
  pageScreen('Marketing', 'myMarketingList', { order: 3, hotkey: 'alt+l', keywords: ['my numbers', 'call list', 'whitelist calls', 'promotion sms'], api: get(MARKETING_API.myList) }),
  pageScreen('Marketing', 'RegistrationSuccessList', { order: 4, keywords: ['conversions', 'registered', 'credited', 'whitelist registrations'], api: get(MARKETING_API.registrations) }),
  pageScreen('Marketing', 'H5UrlList', { order: 5, keywords: ['landing page', 'h5', 'template', 'channel page'], api: get(MARKETING_API.landings) }),
  pageScreen('Marketing', 'promotionLinkList', { order: 6, keywords: ['short link', 'promotion link', 'clicks', 'tracking'], api: get(MARKETING_API.links) }),

  // MarketingService
  action('MarketingService', 'addGroup', 'edit', 'screen', MARKETING_API.groupAdd, { params: groupBody, hotkey: 'n', keywords: ['new whitelist group', 'exclusive product'] }),
  action('MarketingService', 'editGroup', 'edit', 'single', MARKETING_API.groupEdit, { params: groupEditBody.omit({ id: true }), hotkey: 'e', keywords: ['exclusive limit', 'expiry'] }),
  action('MarketingService', 'dispatch', 'dispatch', 'single', MARKETING_API.dispatch, { params: dispatchBody.omit({ id: true }), hotkey: 'd', keywords: ['assign numbers', 'agents'] }),

  // marketingList
  action('marketingList', 'import', 'import', 'screen', MARKETING_API.importText, { params: importTextBody, hotkey: 'i', keywords: ['paste numbers', 'upload csv', 'upload xlsx'] }),
  action('marketingList', 'del', 'del', 'bulk', MARKETING_API.entryDel, { danger: true, keywords: ['remove numbers'] }),

  // myMarketingList
  ...RESULT_KEYS.map(([result, name, key]) => action('myMarketingList', name, 'result', 'single', MARKETING_API.myResult(result), { hotkey: key, keywords: ['call result', result.replace('_', ' ')] })),
  action('myMarketingList', 'note', 'note', 'single', MARKETING_API.myNote, { params: noteBody.omit({ id: true }), hotkey: 'n', keywords: ['remark', 'comment'] }),
  action('myMarketingList', 'sendLink', 'sendSms', 'single', MARKETING_API.mySms, { hotkey: 's', keywords: ['sms', 'promotion link', 'text message'] }),

  // H5UrlList and promotionLinkList
  action('H5UrlList', 'addLanding', 'add', 'screen', MARKETING_API.landingAdd, { params: landingBody, hotkey: 'n', keywords: ['new landing page'] }),
  action('H5UrlList', 'editLanding', 'edit', 'single', MARKETING_API.landingEdit, { params: landingEditBody.omit({ id: true }), hotkey: 'e', keywords: ['disable landing page'] }),
  action('promotionLinkList', 'addLink', 'add', 'screen', MARKETING_API.linkAdd, { params: linkBody, hotkey: 'n', keywords: ['new short link', 'agent link'] }),
  action('promotionLinkList', 'editLink', 'edit', 'single', MARKETING_API.linkEdit, { params: linkEditBody.omit({ id: true }), hotkey: 'e', keywords: ['disable link'] }),
];
