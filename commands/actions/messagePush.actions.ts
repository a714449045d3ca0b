import type { AreaActions } from './types';

/**
 * Permission action nodes of the message-push area (/system messagePush): add (send a message now or at a time),
 * cancel (a scheduled message), configAdd / configEdit (push configurations of the borrower app).
 */
export const messagePushActions: AreaActions = {
  system: { messagePush: ['add', 'cancel', 'configAdd', 'configEdit'] },
};

/** The main merchant operator pushes messages to its own borrowers and keeps its app's push configuration. */
export const messagePushRoleGrants: Record<string, string[]> = {
  main_merchant: ['system_messagePush', 'system_messagePush_add', 'system_messagePush_cancel', 'system_messagePush_configAdd', 'system_messagePush_configEdit'],
};
