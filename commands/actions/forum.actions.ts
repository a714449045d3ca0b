import type { AreaActions } from './types';

/** Permission action nodes of the forum area (docs/forum.md) — /AppConfig App_Forum: hide, reply, pin. */
export const forumActions: AreaActions = {
  App: { App_Forum: ['hide', 'reply', 'pin'] },
};

/** Demo role templates (commands/roles.ts): the main merchant's operator moderates its app's forum. */
export const forumRoleGrants: Record<string, string[]> = {
  main_merchant: ['App_forum', 'App_forum_hide', 'App_forum_reply', 'App_forum_pin'],
};
