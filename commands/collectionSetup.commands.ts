import type { CommandDef } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import { COLLECTION_API, collectorGroupBody, collectorMemberBody, EXTERNAL_CALL_API, stageBody } from '../src/schemas/collection';
import { groupDelBody, memberDelBody, outboundBody } from '../src/schemas/collectionSetup';

/**
 * Screens and actions of collection set-up (docs/collection.md "Stages"): /merchant/stage — a merchant's stages
 * (add N, edit E — also how a stage is enabled or disabled —, delete) and, on its second tab, the collector groups
 * and their members (the `groups` action node) — and /empower/outbound, the external-call softphone settings
 * (add N, edit E, delete). The screens supply their own dialogs (useCommandUi); the forms of the parameters are the
 * palette's fallback.
 */
export const STAGE_SCREEN = 'merchant.stage';
export const OUTBOUND_SCREEN = 'empower.outbound';

const TITLES: Record<string, string> = {
  min_day: 'field.min_day', max_day: 'field.max_day', group_id: 'field.group_id', daily_cap: 'field.daily_cap',
  reassign_after_days: 'field.reassign_after_days', reminder: 'field.reminder', account_id: 'field.account_id', url: 'collectionSetup.field.url',
  a_text: 'field.a_text', only_no: 'field.only_no', sip_text: 'field.sip_text', type: 'field.type',
};

const post = (path: string) => ({ method: 'POST' as const, path });
const get = (path: string) => ({ method: 'GET' as const, path });

function stageAction(name: string, verb: string, def: Partial<CommandDef>): CommandDef {
  return {
    id: `${STAGE_SCREEN}.${name}`, kind: 'action', area: 'merchant', title: `action.${STAGE_SCREEN}.${name}`,
    permission: actionKey('merchant', 'stage', verb), screen: STAGE_SCREEN, scope: 'single', paramTitles: TITLES, ...def,
  };
}

function outboundAction(verb: string, def: Partial<CommandDef>): CommandDef {
  return {
    id: `${OUTBOUND_SCREEN}.${verb}`, kind: 'action', area: 'empower', title: `action.${OUTBOUND_SCREEN}.${verb}`,
    permission: actionKey('SysEmpower', 'outbound', verb), screen: OUTBOUND_SCREEN, scope: 'single', paramTitles: TITLES, ...def,
  };
}

export const collectionSetupCommands: CommandDef[] = [
  // ---- /merchant/stage
  pageScreen('merchant', 'stage', {
    order: 13, keywords: ['collection stages', 'overdue buckets', 'collector groups', 'daily cap', 'reassign', 'D-2', 'S1', 'M1'],
    api: get(COLLECTION_API.stages),
  }),
  stageAction('add', 'add', { scope: 'screen', api: post(COLLECTION_API.stageAdd), params: stageBody, hotkey: 'n', keywords: ['new stage', 'overdue range'] }),
  stageAction('edit', 'edit', { api: post(COLLECTION_API.stageEdit), params: stageBody, hotkey: 'e', keywords: ['enable stage', 'disable stage', 'day range'] }),
  stageAction('del', 'del', { api: post(COLLECTION_API.stageDel), danger: true, keywords: ['remove stage'] }),
  stageAction('groupAdd', 'groups', { scope: 'screen', api: post(COLLECTION_API.groupAdd), params: collectorGroupBody, hotkey: 'g', keywords: ['collector group', 'team'] }),
  stageAction('groupDel', 'groups', { scope: 'screen', api: post(COLLECTION_API.groupDel), params: groupDelBody, danger: true, keywords: ['remove group', 'team'] }),
  stageAction('memberSave', 'groups', {
    scope: 'screen', api: post(COLLECTION_API.memberSave), params: collectorMemberBody, hotkey: 'm', keywords: ['add collector', 'member', 'collector cap'],
  }),
  stageAction('memberDel', 'groups', { scope: 'screen', api: post(COLLECTION_API.memberDel), params: memberDelBody, danger: true, keywords: ['remove collector', 'member'] }),

  // ---- /empower/outbound
  pageScreen('SysEmpower', 'outbound', {
    order: 3, keywords: ['softphone', 'sip', 'external call', 'click to call', 'pbx', 'call center'], api: get(EXTERNAL_CALL_API.list),
  }),
  outboundAction('add', { scope: 'screen', api: post(EXTERNAL_CALL_API.add), params: outboundBody, hotkey: 'n', keywords: ['softphone', 'sip'] }),
  outboundAction('edit', { api: post(EXTERNAL_CALL_API.edit), params: outboundBody, hotkey: 'e', keywords: ['softphone', 'template'] }),
  outboundAction('del', { api: post(EXTERNAL_CALL_API.del), danger: true }),
];
