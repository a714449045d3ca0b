import type { CommandDef } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import { EXTENSION_API, extensionApplyBody, extensionPayBody, extensionRejectBody } from '../src/schemas/extension';

/**
 * Screens and actions of extensions (spec §3 "Extension"): the three /exhibition_period lists and the review queue
 * /review/reviewExhibitionPeriod. Hotkeys: n apply (a dialog with the order's quote), p pay (passed list) or pass
 * (review queue), r reject with a remark.
 */

const TITLES = { order_id: 'field.order_id', remark: 'field.remark', amount: 'field.amount' };
const get = (path: string) => ({ method: 'GET' as const, path });
const post = (path: string) => ({ method: 'POST' as const, path });

/** An action: id `extension.<page>.<verb>`, node `<page key>_<verb>`, on the page's screen. */
function action(group: string, screenArea: string, page: string, verb: string, def: Partial<CommandDef> & Pick<CommandDef, 'api' | 'scope'>): CommandDef {
  return {
    id: `extension.${page}.${verb}`, kind: 'action', area: 'extension', title: `action.extension.${page}.${verb}`,
    permission: actionKey(group, page, verb), screen: `${screenArea}.${page}`, paramTitles: TITLES, ...def,
  };
}

export const extensionCommands: CommandDef[] = [
  pageScreen('exhibition_period', 'ExhibitionPeriodList', { order: 1, keywords: ['extensions', 'extend loan', 'rollover', 'apply extension'], api: get(EXTENSION_API.list) }),
  pageScreen('exhibition_period', 'ExhibitionPeriodPassedList', { order: 2, keywords: ['approved extensions', 'extension fee', 'pay extension'], api: get(EXTENSION_API.passedList) }),
  pageScreen('exhibition_period', 'ExhibitionPeriodRejectsList', { order: 3, keywords: ['rejected extensions'], api: get(EXTENSION_API.rejectsList) }),
  pageScreen('review', 'reviewExhibitionPeriod', { order: 10, keywords: ['extension review', 'approve extension', 'rollover'], api: get(EXTENSION_API.reviewList) }),

  action('exhibition_period', 'extension', 'ExhibitionPeriodList', 'apply', {
    scope: 'screen', api: post(EXTENSION_API.apply), params: extensionApplyBody.omit({ idempotency_key: true }), hotkey: 'n',
    keywords: ['extend', 'new extension', 'rollover'],
  }),
  action('exhibition_period', 'extension', 'ExhibitionPeriodPassedList', 'pay', {
    scope: 'single', api: post(EXTENSION_API.pay), params: extensionPayBody.omit({ id: true, idempotency_key: true }), hotkey: 'p', idempotent: true,
    keywords: ['extension fee', 'record payment'],
  }),
  action('review', 'review', 'reviewExhibitionPeriod', 'pass', { scope: 'single', api: post(EXTENSION_API.pass), hotkey: 'p', keywords: ['approve', 'accept'] }),
  action('review', 'review', 'reviewExhibitionPeriod', 'reject', {
    scope: 'single', api: post(EXTENSION_API.reject), params: extensionRejectBody.omit({ id: true }), hotkey: 'r', danger: true, keywords: ['refuse', 'decline'],
  }),
];
