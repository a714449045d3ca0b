import type { CommandDef } from './command.types';
import { pageScreen } from './define';
import { actionKey, pageKey } from './permissions';
import { BANK_API, bankAddBody, bankEditBody, binAddBody, binEditBody } from '../src/schemas/bank';

/**
 * Screens and actions of the bank area (docs/bank.md): /system/bank — banks (add N, edit E, enable, disable) — and its
 * BIN tab /system/bank/bins (same page node; own selection): add N, edit E, remove Delete, import I (a CSV or XLSX file
 * with a per-row report, in the screen's dialog).
 */
export const BANK_SCREEN = 'system.bank';
export const BIN_SCREEN = 'system.bankBins';

const TITLES: Record<string, string> = {
  market: 'bank.field.market', code: 'bank.field.code', name: 'bank.field.name', enabled: 'bank.field.enabled', sort: 'bank.field.sort',
  bank_id: 'bank.field.bank', prefix: 'bank.field.prefix', card_type: 'bank.field.card_type',
};
const post = (path: string) => ({ method: 'POST' as const, path });
const get = (path: string) => ({ method: 'GET' as const, path });

function action(screen: string, name: string, verb: string, def: Partial<CommandDef>): CommandDef {
  return {
    id: `${screen}.${name}`, kind: 'action', area: 'system', title: `action.${screen}.${name}`, permission: actionKey('system', 'bank', verb),
    screen, scope: 'single', paramTitles: TITLES, ...def,
  };
}

export const bankCommands: CommandDef[] = [
  pageScreen('system', 'bank', { order: 7, api: get(BANK_API.list), keywords: ['banks', 'bank list', 'bank code', 'BIN', 'card prefix', 'issuer'] }),
  action(BANK_SCREEN, 'add', 'add', { scope: 'screen', api: post(BANK_API.add), params: bankAddBody, hotkey: 'n', keywords: ['new bank'] }),
  action(BANK_SCREEN, 'edit', 'edit', { api: post(BANK_API.edit), params: bankEditBody, hotkey: 'e', keywords: ['rename bank'] }),
  action(BANK_SCREEN, 'enable', 'enable', { scope: 'bulk', api: post(BANK_API.enable), keywords: ['turn on'] }),
  action(BANK_SCREEN, 'disable', 'disable', { scope: 'bulk', api: post(BANK_API.disable), danger: true, keywords: ['turn off'] }),

  {
    id: BIN_SCREEN, kind: 'screen', area: 'system', title: `route.${BIN_SCREEN}`, permission: pageKey('system', 'bank'), route: '/system/bank/bins',
    hidden: true, searchable: true, api: get(BANK_API.binList), keywords: ['BIN', 'card prefix', 'card bin', 'issuer identification number', 'card type'],
  },
  action(BIN_SCREEN, 'add', 'binAdd', { scope: 'screen', api: post(BANK_API.binAdd), params: binAddBody, hotkey: 'n', keywords: ['new BIN', 'prefix'] }),
  action(BIN_SCREEN, 'edit', 'binEdit', { api: post(BANK_API.binEdit), params: binEditBody, hotkey: 'e', keywords: ['change BIN'] }),
  action(BIN_SCREEN, 'del', 'binDel', { api: post(BANK_API.binDel), hotkey: 'delete', danger: true, keywords: ['remove BIN'] }),
  // The file is picked in the screen's dialog; the command has no params a generated form could ask for.
  action(BIN_SCREEN, 'import', 'import', { scope: 'screen', api: post(BANK_API.binImport), hotkey: 'i', keywords: ['upload', 'csv', 'xlsx', 'excel', 'bulk'] }),
];
