import type { CommandDef } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import {
  bannerAddBody, bannerEditBody, CONTENT_API, helpAddBody, helpEditBody, messageAddBody, messageEditBody, versionAddBody, versionEditBody,
} from '../src/schemas/content';

/**
 * Screens and actions of the content area (docs/content.md): /merchant banner (the app's carousel) and /AppConfig
 * App_Update, App_Help, App_Message. Each: add N, edit E (the selected row), delete Delete.
 */
export const BANNER_SCREEN = 'merchant.banner';

const TITLES: Record<string, string> = {
  merchant_id: 'field.merchant_id', customer_id: 'field.customer_id', title: 'content.field.title', image: 'content.field.image',
  link_url: 'content.field.link_url', sort: 'content.field.sort', starts_at: 'content.field.starts_at', ends_at: 'content.field.ends_at',
  enabled: 'content.field.enabled', platform: 'content.field.platform', version_code: 'content.field.version_code',
  version_name: 'content.field.version_name', force: 'content.field.force', download_url: 'content.field.download_url',
  notes: 'content.field.notes', lang: 'content.field.lang', category: 'content.field.category', body: 'content.field.body',
  published: 'content.field.published', audience: 'content.field.audience', publish_at: 'content.field.publish_at',
};

const post = (path: string) => ({ method: 'POST' as const, path });
const get = (path: string) => ({ method: 'GET' as const, path });

function crud(area: string, group: string, page: string, api: { add: string; edit: string; del: string }, add: CommandDef['params'], edit: CommandDef['params'], keywords: string[]): CommandDef[] {
  const screen = `${area}.${page}`;
  const a = (name: string, def: Partial<CommandDef>): CommandDef => ({
    id: `${screen}.${name}`, kind: 'action', area, title: `action.${screen}.${name}`, permission: actionKey(group, page, name), screen,
    scope: 'single', paramTitles: TITLES, ...def,
  });
  return [
    a('add', { scope: 'screen', api: post(api.add), params: add, hotkey: 'n', keywords: ['new', 'create', ...keywords] }),
    a('edit', { api: post(api.edit), params: edit, hotkey: 'e', keywords: ['change', 'update', ...keywords] }),
    a('del', { api: post(api.del), hotkey: 'delete', danger: true, keywords: ['remove', 'delete', ...keywords] }),
  ];
}

export const contentCommands: CommandDef[] = [
  pageScreen('merchant', 'banner', {
    order: 16, api: get(CONTENT_API.bannerList), keywords: ['banner', 'carousel', 'slider', 'app home', 'promotion image'],
  }),
  ...crud('merchant', 'merchant', 'banner', { add: CONTENT_API.bannerAdd, edit: CONTENT_API.bannerEdit, del: CONTENT_API.bannerDel },
    bannerAddBody, bannerEditBody, ['banner', 'carousel']),

  pageScreen('App', 'App_Update', {
    order: 1, api: get(CONTENT_API.versionList), keywords: ['app version', 'release', 'force update', 'android', 'ios', 'apk', 'download'],
  }),
  ...crud('app', 'App', 'App_Update', { add: CONTENT_API.versionAdd, edit: CONTENT_API.versionEdit, del: CONTENT_API.versionDel },
    versionAddBody, versionEditBody, ['version', 'release']),

  pageScreen('App', 'App_Help', {
    order: 2, api: get(CONTENT_API.helpList), keywords: ['help', 'faq', 'article', 'help center', 'question'],
  }),
  ...crud('app', 'App', 'App_Help', { add: CONTENT_API.helpAdd, edit: CONTENT_API.helpEdit, del: CONTENT_API.helpDel },
    helpAddBody, helpEditBody, ['help article', 'faq']),

  pageScreen('App', 'App_Message', {
    order: 3, api: get(CONTENT_API.messageList), keywords: ['in-app message', 'notice', 'announcement', 'inbox', 'borrower message'],
  }),
  ...crud('app', 'App', 'App_Message', { add: CONTENT_API.messageAdd, edit: CONTENT_API.messageEdit, del: CONTENT_API.messageDel },
    messageAddBody, messageEditBody, ['message', 'notice']),
];
