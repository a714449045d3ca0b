import type { AreaActions } from './types';

/**
 * Permission action nodes of the SMS area (docs/sms.md) — /system systemSmsConfig: add, edit, test (a test message) of
 * the platform's configurations; /merchant smsConfig: the same for a merchant's own, plus template (the merchant's
 * wording of reminder and withdrawal texts); /merchant smsSendTask: add (a task from a group, the customers or a file),
 * start, pause, resume (spec §4). The lists are read with the page nodes.
 */
export const smsActions: AreaActions = {
  system: { systemSmsConfig: ['add', 'edit', 'test'] },
  merchant: { smsConfig: ['add', 'edit', 'test', 'template'], smsSendTask: ['add', 'start', 'pause', 'resume'] },
};

/**
 * Nodes of this area the demo role templates also hold: the marketing agent sees the SMS tasks (what its numbers are
 * being sent). The main merchant operator holds the whole /merchant group already; the platform's configurations stay
 * with administrators.
 */
export const smsRoleGrants: Record<string, string[]> = {
  marketing_agent: ['merchant_smsSendTask'],
};
