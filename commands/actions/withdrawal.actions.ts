import type { AreaActions } from './types';

/**
 * Permission action nodes of the withdrawal area, by permission group key and page: each verb becomes the node
 * `<page key>_<verb>` under its page (commands/permissions.ts).
 */
export const withdrawalActions: AreaActions = {};
