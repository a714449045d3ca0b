import type { AreaActions } from './types';

/**
 * Permission action nodes of the channel area — by permission group key, then page (commands/permissions.ts):
 * /merchant/channel add, edit, enable, disable, rotate (a secret), bind (staff accounts to channels: spec §7
 * admin_binding_channel/edit); virtualChannel, channelAuditRule add, edit, del; channelProvider add, edit, del,
 * rotate (the signing secret), retry (a failed delivery).
 */
export const channelActions: AreaActions = {
  merchant: {
    channel: ['add', 'edit', 'enable', 'disable', 'rotate', 'bind'],
    virtualChannel: ['add', 'edit', 'del'],
    channelAuditRule: ['add', 'edit', 'del'],
    channelProvider: ['add', 'edit', 'del', 'rotate', 'retry'],
  },
};

/**
 * Nodes of this area the demo role templates (commands/roles.ts, by identifier) also hold: the marketing agent reads
 * the channel list (its own channels with the `mine` filter: promotion links to hand out); managing channels stays with
 * merchant operators (who hold the merchant group) and administrators. The supervisor reads every channel page.
 */
export const channelRoleGrants: Record<string, string[]> = {
  marketing_agent: ['merchant_channel'],
  supervisor: ['merchant_channel', 'merchant_virtualChannel', 'merchant_channelAuditRule', 'merchant_channelProvider'],
};
