import type { AreaActions } from './types';

/**
 * Permission action nodes of the customerSession area (docs/customerSession.md): spec §4 "force logout of a customer"
 * — `client_clientUser_forceLogout` ends a customer's live app sessions (customer list, customer detail, the sessions
 * tab of /log/customer_login). The two borrower logs are read with their page nodes.
 */
export const customerSessionActions: AreaActions = {
  client: { clientUser: ['forceLogout'] },
};

/**
 * Demo role templates (commands/roles.ts): the main merchant's operator reads its borrowers' sign-ins and app activity
 * and can force a borrower out of the app (a lost phone, a suspected takeover). The supervisor reads every log page
 * already (commands/roles.ts LOG_PAGES), without the action.
 */
export const customerSessionRoleGrants: Record<string, string[]> = {
  main_merchant: ['log_customer_login', 'log_customer_operate', 'client_clientUser_forceLogout'],
};
