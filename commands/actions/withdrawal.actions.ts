import { WITHDRAWAL_ACTIONS } from '../../src/schemas/withdrawal';
import type { AreaActions } from './types';

/**
 * Permission action nodes of the withdrawal area, by permission group key and page: each verb becomes the node
 * `<page key>_<verb>` under its page (commands/permissions.ts). /review/manualLending belongs to this area too.
 */
export const withdrawalActions: AreaActions = {
  withdrawalMoney: Object.fromEntries(Object.entries(WITHDRAWAL_ACTIONS).map(([page, verbs]) => [page, [...verbs]])),
  review: { manualLending: ['add'] },
};

const market = 'withdrawalMoney_MarketWaitTakeOrder';
const taken = 'withdrawalMoney_MyTakeConfirmOrder';

/**
 * Nodes of this area that the demo role templates (commands/roles.ts, by identifier) also hold. The withdrawal agent
 * holds the whole withdrawalMoney group already (commands/roles.ts).
 * - withdrawal_agent: the SMS log, to see what their customers were sent;
 * - reminder_agent: sending the due reminders of MywaitSMS, and the SMS log;
 * - marketing_agent: the market (docs/withdrawal.md): take an order, call, text, give it back — but not confirm or
 *   close for the customer, which stays with withdrawal agents;
 * - main_merchant: manual lending;
 * - supervisor: reads the pools and the idle claims.
 */
export const withdrawalRoleGrants: Record<string, string[]> = {
  withdrawal_agent: ['log_WithdrawalSMS'],
  reminder_agent: ['withdrawalMoney_MywaitSMS_sendSms', 'log_WithdrawalSMS'],
  marketing_agent: [`${market}_take`, `${taken}_contact`, `${taken}_sendSms`, `${taken}_release`],
  main_merchant: ['review_manualLending_add'],
  supervisor: ['withdrawalMoney_waitFor', 'withdrawalMoney_waitingForRelease'],
};
