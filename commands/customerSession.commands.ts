import type { CommandDef } from './command.types';
import { CUSTOMER_DETAIL_SCREEN } from './customer.commands';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import { CUSTOMER_SESSION_API as API } from '../src/schemas/customerSession';

/**
 * Screens and actions of the customerSession area (docs/customerSession.md): /log/customer_login (sign-in attempts and
 * codes, with a tab of live sessions) and /log/customer_operate (what borrowers did in the app); spec §4 force logout
 * of a customer, shift+L on the customer list (selected customers), on the customer detail and on the sessions tab.
 */
const FORCE_LOGOUT = actionKey('client', 'clientUser', 'forceLogout');
const KEYWORDS = ['force logout', 'sign out customer', 'kick', 'end session', 'borrower app'];

const action = (id: string, def: Omit<CommandDef, 'id' | 'kind' | 'area' | 'title' | 'permission'>): CommandDef => ({
  id: `customerSession.${id}`, kind: 'action', area: 'customerSession', title: `action.customerSession.${id}`, permission: FORCE_LOGOUT,
  danger: true, hotkey: 'shift+l', keywords: KEYWORDS, ...def,
});

export const customerSessionCommands: CommandDef[] = [
  pageScreen('log', 'customer_login', {
    order: 6, keywords: ['customer login', 'borrower sign-in', 'sms code', 'app sessions', 'online customers'],
    api: { method: 'GET', path: API.loginList },
  }),
  pageScreen('log', 'customer_operate', {
    order: 7, keywords: ['customer operations', 'borrower activity', 'app actions', 'audit'],
    api: { method: 'GET', path: API.operateList },
  }),
  // The selected customers of the customer list.
  action('clientUser.forceLogout', { screen: 'client.clientUser', scope: 'bulk', api: { method: 'POST', path: API.forceLogout } }),
  // The customer shown (the detail screen supplies it: features/customerSession useCustomerForceLogout).
  action('detail.forceLogout', { screen: CUSTOMER_DETAIL_SCREEN, scope: 'screen', api: { method: 'POST', path: API.forceLogout } }),
  // The selected sessions of the sessions tab.
  action('sessions.end', { screen: 'log.customer_login', scope: 'bulk', api: { method: 'POST', path: API.endSessions } }),
];
