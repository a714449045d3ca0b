import type { CommandDef } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import {
  bindingEditBody, CHANNEL_API, channelAddBody, channelAuditRuleBody, channelAuditRuleEditBody, channelEditBody, channelProviderBody,
  channelProviderEditBody, channelRotateBody, retryBody, virtualChannelBody, virtualChannelEditBody,
} from '../src/schemas/channel';

/**
 * Screens and actions of the channel area (docs/channel.md): /merchant channel (add N, edit E, enable, disable,
 * rotate a secret R, bind staff accounts B), virtualChannel (aliases), channelAuditRule (per-channel review rules) and
 * channelProvider (tracking providers: rotate the signing secret, retry a failed delivery). The screens show a new
 * secret once (from the command's result); the forms of the parameters come from the schemas.
 */
export const CHANNEL_SCREEN = 'merchant.channel';
export const VIRTUAL_SCREEN = 'merchant.virtualChannel';
export const RULE_SCREEN = 'merchant.channelAuditRule';
export const PROVIDER_SCREEN = 'merchant.channelProvider';

const TITLES: Record<string, string> = {
  merchant_id: 'field.merchant_id', code: 'channel.field.code', name: 'field.name', type: 'field.type', opened_at: 'channel.field.opened_at',
  expires_at: 'channel.field.expires_at', extendable_quantity: 'channel.field.extendable_quantity', fixed_identifier: 'channel.field.fixed_identifier',
  initial_tag: 'channel.field.initial_tag', public_key: 'channel.field.public_key', private_key: 'channel.field.private_key',
  tracking_provider: 'channel.field.tracking_provider', tracking_id: 'channel.field.tracking_id', tracking_secret: 'channel.field.tracking_secret',
  pixel_id: 'channel.field.pixel_id', access_token: 'channel.field.access_token', forwarding_url: 'channel.field.forwarding_url',
  promotion_url: 'channel.field.promotion_url', promotion_product_id: 'channel.field.promotion_product_id', enabled: 'field.enabled',
  generate_keys: 'channel.field.generate_keys', which: 'channel.field.which', value: 'channel.field.value',
  target_channel_id: 'channel.field.target_channel_id', target_virtual_id: 'channel.field.target_virtual_id', note: 'field.note',
  channel_id: 'field.channel_id', skip_stages: 'channel.field.skip_stages', add_stages: 'channel.field.add_stages', force_manual: 'channel.field.force_manual',
  max_amount: 'channel.field.max_amount', daily_cap: 'field.daily_cap', kind: 'field.kind', url: 'channel.field.url', events: 'channel.field.events',
  channel_ids: 'channel.field.channel_ids', failure_rate: 'field.failure_rate', timeout_ms: 'channel.field.timeout_ms',
  max_attempts: 'channel.field.max_attempts', account_id: 'field.account_id', id: 'field.id',
};

const post = (path: string) => ({ method: 'POST' as const, path });
const get = (path: string) => ({ method: 'GET' as const, path });

function action(screen: string, page: string, name: string, verb: string, def: Partial<CommandDef>): CommandDef {
  return {
    id: `${screen}.${name}`, kind: 'action', area: 'merchant', title: `action.${screen}.${name}`, permission: actionKey('merchant', page, verb),
    screen, scope: 'single', paramTitles: TITLES, ...def,
  };
}

export const channelCommands: CommandDef[] = [
  // ---- /merchant/channel
  pageScreen('merchant', 'channel', {
    order: 8, keywords: ['channels', 'promotion link', 'tracking', 'pixel', 'appsflyer', 'adjust', 'public key', 'bind agents'], api: get(CHANNEL_API.list),
  }),
  action(CHANNEL_SCREEN, 'channel', 'add', 'add', { scope: 'screen', api: post(CHANNEL_API.add), params: channelAddBody, hotkey: 'n', keywords: ['new channel', 'promotion link'] }),
  action(CHANNEL_SCREEN, 'channel', 'edit', 'edit', { api: post(CHANNEL_API.edit), params: channelEditBody, hotkey: 'e', keywords: ['tracking', 'pixel', 'expiry'] }),
  action(CHANNEL_SCREEN, 'channel', 'enable', 'enable', { api: post(CHANNEL_API.enable), keywords: ['open channel'] }),
  action(CHANNEL_SCREEN, 'channel', 'disable', 'disable', { api: post(CHANNEL_API.disable), danger: true, keywords: ['close channel', 'stop'] }),
  action(CHANNEL_SCREEN, 'channel', 'rotate', 'rotate', { api: post(CHANNEL_API.rotate), params: channelRotateBody, hotkey: 'r', danger: true, keywords: ['new key', 'secret', 'token'] }),
  action(CHANNEL_SCREEN, 'channel', 'bind', 'bind', {
    scope: 'screen', api: post(CHANNEL_API.bindingEdit), params: bindingEditBody, hotkey: 'b', keywords: ['bind accounts', 'marketing agents', 'staff channels'],
  }),

  // ---- /merchant/virtualChannel
  pageScreen('merchant', 'virtualChannel', { order: 7, keywords: ['alias', 'virtual channel', 'sub channel', 'route'], api: get(CHANNEL_API.virtualList) }),
  action(VIRTUAL_SCREEN, 'virtualChannel', 'add', 'add', { scope: 'screen', api: post(CHANNEL_API.virtualAdd), params: virtualChannelBody, hotkey: 'n', keywords: ['new alias'] }),
  action(VIRTUAL_SCREEN, 'virtualChannel', 'edit', 'edit', { api: post(CHANNEL_API.virtualEdit), params: virtualChannelEditBody, hotkey: 'e', keywords: ['route alias'] }),
  action(VIRTUAL_SCREEN, 'virtualChannel', 'del', 'del', { api: post(CHANNEL_API.virtualDel), danger: true, keywords: ['remove alias'] }),

  // ---- /merchant/channelAuditRule
  pageScreen('merchant', 'channelAuditRule', { order: 9, keywords: ['channel review', 'skip stage', 'manual review', 'daily cap', 'max amount'], api: get(CHANNEL_API.ruleList) }),
  action(RULE_SCREEN, 'channelAuditRule', 'add', 'add', { scope: 'screen', api: post(CHANNEL_API.ruleAdd), params: channelAuditRuleBody, hotkey: 'n', keywords: ['new rule'] }),
  action(RULE_SCREEN, 'channelAuditRule', 'edit', 'edit', { api: post(CHANNEL_API.ruleEdit), params: channelAuditRuleEditBody, hotkey: 'e', keywords: ['stages', 'limits'] }),
  action(RULE_SCREEN, 'channelAuditRule', 'del', 'del', { api: post(CHANNEL_API.ruleDel), danger: true, keywords: ['remove rule'] }),

  // ---- /merchant/channelProvider
  pageScreen('merchant', 'channelProvider', { order: 10, keywords: ['tracking provider', 'postback', 'webhook', 'conversion', 'sandbox'], api: get(CHANNEL_API.providerList) }),
  action(PROVIDER_SCREEN, 'channelProvider', 'add', 'add', { scope: 'screen', api: post(CHANNEL_API.providerAdd), params: channelProviderBody, hotkey: 'n', keywords: ['new provider', 'webhook'] }),
  action(PROVIDER_SCREEN, 'channelProvider', 'edit', 'edit', { api: post(CHANNEL_API.providerEdit), params: channelProviderEditBody, hotkey: 'e', keywords: ['events', 'url'] }),
  action(PROVIDER_SCREEN, 'channelProvider', 'rotate', 'rotate', { api: post(CHANNEL_API.providerRotate), hotkey: 'r', danger: true, keywords: ['signing secret'] }),
  action(PROVIDER_SCREEN, 'channelProvider', 'del', 'del', { api: post(CHANNEL_API.providerDel), danger: true, keywords: ['remove provider'] }),
  action(PROVIDER_SCREEN, 'channelProvider', 'retry', 'retry', { scope: 'screen', api: post(CHANNEL_API.retry), params: retryBody, keywords: ['redeliver', 'failed delivery'] }),
];
