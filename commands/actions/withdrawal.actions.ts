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
/** Pages and verbs that share out or take back other agents' work (docs/withdrawal.md: "supervisors dispatch", idle claims). */
const LEAD_ONLY: Partial<Record<keyof typeof WITHDRAWAL_ACTIONS, readonly string[]>> = { waitFor: ['dispatch'], waitingForRelease: ['*'] };
/** An agent's own work: every page and verb of the group except the lead's. */
const agentWork = Object.entries(WITHDRAWAL_ACTIONS).flatMap(([page, verbs]) => {
  const lead = LEAD_ONLY[page as keyof typeof WITHDRAWAL_ACTIONS] ?? [];
  if (lead.includes('*')) return [];
  return [`withdrawalMoney_${page}`, ...verbs.filter((v) => !lead.includes(v)).map((v) => `withdrawalMoney_${page}_${v}`)];
});
const taken = 'withdrawalMoney_MyTakeConfirmOrder';

/**
 * Nodes of this area that the demo role templates (commands/roles.ts, by identifier) also hold.
 * - withdrawal_agent: their own work on every queue — not dispatching the pool nor releasing other agents' idle claims
 *   (nobody's demo role does: administrators) — and the SMS log, to see what their customers were sent;
 * - reminder_agent: sending the due reminders of MywaitSMS, and the SMS log;
 * - marketing_agent: the market (docs/withdrawal.md): take an order, call, text, give it back — but not confirm or
 *   close for the customer, which stays with withdrawal agents;
 * - main_merchant: manual lending;
 * - supervisor: reads the pools and the idle claims.
 */
export const withdrawalRoleGrants: Record<string, string[]> = {
  withdrawal_agent: [...agentWork, 'log_WithdrawalSMS'],
  reminder_agent: ['withdrawalMoney_MywaitSMS_sendSms', 'log_WithdrawalSMS'],
  marketing_agent: [`${market}_take`, `${taken}_contact`, `${taken}_sendSms`, `${taken}_release`],
  main_merchant: ['review_manualLending_add'],
  supervisor: ['withdrawalMoney_waitFor', 'withdrawalMoney_waitingForRelease'],
};
