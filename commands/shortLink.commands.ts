import type { CommandDef } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import {
  domainAddBody, domainEditBody, linkAddBody, providerAddBody, providerEditBody, SHORT_LINK_API, useAddBody, useEditBody,
} from '../src/schemas/shortLink';

/**
 * Screens and actions of the short-link area (docs/shortLink.md): /system DomainList, ServiceProvider, LinkUseChannel
 * and DomainLinkLog. Forms are generated from the zod bodies (ParamForm); single-row actions take the selected row.
 */
const TITLES: Record<string, string> = {
  host: 'shortLink.field.host', domain_state: 'shortLink.field.state', https: 'shortLink.field.https', remark: 'shortLink.field.remark',
  name: 'shortLink.field.name', provider_kind: 'shortLink.field.kind', endpoint: 'shortLink.field.endpoint', url_field: 'shortLink.field.url_field',
  result_field: 'shortLink.field.result_field', auth_header: 'shortLink.field.auth_header', secret: 'shortLink.field.secret',
  timeout_ms: 'shortLink.field.timeout_ms', enabled: 'shortLink.field.enabled', merchant_id: 'field.merchant_id',
  link_purpose: 'shortLink.field.purpose', link_channel: 'shortLink.field.channel', domain_id: 'shortLink.field.host',
  provider_id: 'shortLink.field.provider', long_url: 'shortLink.field.long_url',
};

const post = (path: string) => ({ method: 'POST' as const, path });
const get = (path: string) => ({ method: 'GET' as const, path });

function action(page: string, verb: string, def: Partial<CommandDef> & Pick<CommandDef, 'api'>): CommandDef {
  return {
    id: `system.${page}.${verb}`, kind: 'action', area: 'system', title: `action.system.${page}.${verb}`,
    permission: actionKey('system', page, verb), screen: `system.${page}`, scope: 'single', paramTitles: TITLES, ...def,
  };
}

export const shortLinkCommands: CommandDef[] = [
  pageScreen('system', 'DomainList', { order: 3, api: get(SHORT_LINK_API.domainList), keywords: ['short link domains', 'domain', 'blocked domain', 'host'] }),
  action('DomainList', 'add', { scope: 'screen', api: post(SHORT_LINK_API.domainAdd), params: domainAddBody, hotkey: 'n', keywords: ['new domain'] }),
  action('DomainList', 'edit', { api: post(SHORT_LINK_API.domainEdit), params: domainEditBody, hotkey: 'e', keywords: ['block domain', 'activate domain'] }),
  action('DomainList', 'del', { api: post(SHORT_LINK_API.domainDel), hotkey: 'delete', danger: true, keywords: ['remove domain'] }),

  pageScreen('system', 'ServiceProvider', { order: 4, api: get(SHORT_LINK_API.providerList), keywords: ['short link provider', 'url shortener', 'sandbox'] }),
  action('ServiceProvider', 'add', { scope: 'screen', api: post(SHORT_LINK_API.providerAdd), params: providerAddBody, hotkey: 'n', keywords: ['new provider'] }),
  action('ServiceProvider', 'edit', { api: post(SHORT_LINK_API.providerEdit), params: providerEditBody, hotkey: 'e', keywords: ['provider secret', 'disable provider'] }),
  action('ServiceProvider', 'test', { api: post(SHORT_LINK_API.providerTest), hotkey: 't', keywords: ['try provider', 'check provider'] }),

  pageScreen('system', 'LinkUseChannel', { order: 2, api: get(SHORT_LINK_API.useList), keywords: ['link use', 'purpose', 'which domain', 'sms link'] }),
  action('LinkUseChannel', 'add', { scope: 'screen', api: post(SHORT_LINK_API.useAdd), params: useAddBody, hotkey: 'n', keywords: ['assign domain'] }),
  action('LinkUseChannel', 'edit', { api: post(SHORT_LINK_API.useEdit), params: useEditBody, hotkey: 'e', keywords: ['change domain'] }),
  action('LinkUseChannel', 'del', { api: post(SHORT_LINK_API.useDel), hotkey: 'delete', danger: true, keywords: ['remove assignment'] }),

  pageScreen('system', 'DomainLinkLog', { order: 1, api: get(SHORT_LINK_API.linkList), keywords: ['short links', 'link log', 'clicks', 'short url'] }),
  action('DomainLinkLog', 'add', { scope: 'screen', api: post(SHORT_LINK_API.linkAdd), params: linkAddBody, hotkey: 'n', keywords: ['shorten', 'make short link'] }),
];
