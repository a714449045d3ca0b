import type { AreaActions } from './types';

/**
 * Permission action nodes of the content area (docs/content.md) — /merchant banner and /AppConfig App_Update, App_Help,
 * App_Message: add, edit, del each. The lists are read with the page nodes.
 */
export const contentActions: AreaActions = {
  merchant: { banner: ['add', 'edit', 'del'] },
  App: { App_Update: ['add', 'edit', 'del'], App_Help: ['add', 'edit', 'del'], App_Message: ['add', 'edit', 'del'] },
};

/**
 * Demo role templates (commands/roles.ts): the main merchant's operator runs its app's content (carousel, help,
 * releases, messages); the marketing agent maintains banners and messages to borrowers.
 */
export const contentRoleGrants: Record<string, string[]> = {
  main_merchant: [
    'merchant_banner', 'merchant_banner_add', 'merchant_banner_edit', 'merchant_banner_del',
    'App_update', 'App_update_add', 'App_update_edit', 'App_update_del',
    'App_help', 'App_help_add', 'App_help_edit', 'App_help_del',
    'App_message', 'App_message_add', 'App_message_edit', 'App_message_del',
  ],
  marketing_agent: ['merchant_banner', 'merchant_banner_add', 'merchant_banner_edit', 'App_message', 'App_message_add'],
};
