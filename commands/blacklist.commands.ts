import type { CommandDef } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import { BLACKLIST_API, blacklistAddBody, recheckBody } from '../src/schemas/blacklist';

/**
 * Screens and actions of the blacklist area (docs/blacklist.md): /client blackList — the internal list: add N, import I
 * (a CSV or XLSX file, with a per-row report), expire immediately X (spec §4), remove Delete — and /client
 * outblackList — what the risk provider listed, read-only, with a re-check R of one customer. The screens supply their
 * own dialogs (useCommandUi); the generated forms are the palette's fallback.
 */
export const BLACKLIST_SCREEN = 'client.blackList';
export const RISK_BLACKLIST_SCREEN = 'client.outblackList';

const TITLES: Record<string, string> = {
  merchant_id: 'field.merchant_id', type: 'blacklist.field.type', value: 'blacklist.field.value', level: 'blacklist.field.level',
  reason: 'blacklist.field.reason', source: 'blacklist.field.source', remark: 'blacklist.field.remark', expires_at: 'blacklist.field.expires_at',
  customer_id: 'field.customer_id',
};

const post = (path: string) => ({ method: 'POST' as const, path });
const get = (path: string) => ({ method: 'GET' as const, path });

function action(screen: string, page: string, name: string, verb: string, def: Partial<CommandDef>): CommandDef {
  return {
    id: `${screen}.${name}`, kind: 'action', area: 'client', title: `action.${screen}.${name}`,
    permission: actionKey('client', page, verb), screen, scope: 'single', paramTitles: TITLES, ...def,
  };
}

export const blacklistCommands: CommandDef[] = [
  pageScreen('client', 'blackList', {
    order: 7, api: get(BLACKLIST_API.list),
    keywords: ['blacklist', 'black list', 'banned', 'fraud', 'refuse', 'id number', 'phone', 'device', 'bank card', 'expire'],
  }),
  action(BLACKLIST_SCREEN, 'blackList', 'add', 'add', {
    scope: 'screen', api: post(BLACKLIST_API.add), params: blacklistAddBody, hotkey: 'n', keywords: ['blacklist someone', 'ban', 'new entry'],
  }),
  // The file is picked in the screen's dialog; the command has no params a generated form could ask for.
  action(BLACKLIST_SCREEN, 'blackList', 'import', 'import', {
    scope: 'screen', api: post(BLACKLIST_API.import), hotkey: 'i', keywords: ['upload', 'csv', 'xlsx', 'excel', 'bulk'],
  }),
  action(BLACKLIST_SCREEN, 'blackList', 'expire', 'expire', {
    api: post(BLACKLIST_API.expire), hotkey: 'x', danger: true, keywords: ['expire now', 'lift', 'unban', 'release'],
  }),
  action(BLACKLIST_SCREEN, 'blackList', 'del', 'del', {
    api: post(BLACKLIST_API.del), hotkey: 'delete', danger: true, keywords: ['remove', 'delete entry', 'mistake'],
  }),

  pageScreen('client', 'outblackList', {
    order: 8, api: get(BLACKLIST_API.riskList),
    keywords: ['risk control', 'external blacklist', 'risk provider', 'credit bureau', 'fraud list', 're-check'],
  }),
  action(RISK_BLACKLIST_SCREEN, 'outblackList', 'recheck', 'recheckRisk', {
    scope: 'screen', api: post(BLACKLIST_API.recheck), params: recheckBody, hotkey: 'r', keywords: ['check again', 'ask provider', 'risk check'],
  }),
];
