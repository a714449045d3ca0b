import type { CommandDef } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import { FORUM_API, forumHideBody, forumPinBody, forumReplyBody } from '../src/schemas/forum';

/**
 * /AppConfig App_Forum (docs/forum.md): borrowers' posts, reported first. On the selected post: H hides or shows it
 * again, R replies as staff (shown under the post in the app), P pins or unpins it. The screen fills `hidden` /
 * `pinned` with the opposite of what the row shows; scripts pass them.
 */
const SCREEN = 'app.App_Forum';
const TITLES: Record<string, string> = { hidden: 'forum.field.hidden', pinned: 'forum.field.pinned', body: 'forum.field.reply' };
const post = (path: string) => ({ method: 'POST' as const, path });
const a = (name: string, def: Partial<CommandDef>): CommandDef => ({
  id: `${SCREEN}.${name}`, kind: 'action', area: 'forum', title: `action.${SCREEN}.${name}`, permission: actionKey('App', 'App_Forum', name),
  screen: SCREEN, scope: 'single', paramTitles: TITLES, ...def,
});

export const forumCommands: CommandDef[] = [
  pageScreen('App', 'App_Forum', {
    order: 4, api: { method: 'GET', path: FORUM_API.list },
    keywords: ['forum', 'community', 'posts', 'moderation', 'report', 'borrower posts'],
  }),
  a('hide', { api: post(FORUM_API.hide), params: forumHideBody, hotkey: 'h', keywords: ['hide post', 'unhide', 'moderate'] }),
  a('reply', { api: post(FORUM_API.reply), params: forumReplyBody, hotkey: 'r', keywords: ['answer', 'staff reply'] }),
  a('pin', { api: post(FORUM_API.pin), params: forumPinBody, hotkey: 'p', keywords: ['pin post', 'unpin', 'sticky'] }),
];
