import type { CommandDef } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';

export const logCommands: CommandDef[] = [
  pageScreen('log', 'admin_token_login', { order: 2, keywords: ['sessions', 'online', 'tokens', 'live'], api: { method: 'POST', path: '/loanapi/admin_account/get_token_all_list' } }),
  pageScreen('log', 'admin_active_summary', { order: 3, keywords: ['active', 'online time'], api: { method: 'POST', path: '/loanapi/admin_account/get_token_summary_list' } }),
  pageScreen('log', 'admin_login', { order: 4, keywords: ['login log', 'sign-in'], api: { method: 'GET', path: '/loanapi/log/admin_login_list' } }),
  pageScreen('log', 'admin_operate', { order: 5, keywords: ['audit', 'operation log'], hotkey: 'alt+o', api: { method: 'GET', path: '/loanapi/log/admin_operate_list' } }),
  pageScreen('log', 'vue_and_query_log', { order: 8, keywords: ['console errors', 'client errors', 'front-end errors', 'request id'], api: { method: 'GET', path: '/loanapi/log/client_error_list' } }),
  pageScreen('log', 'app_run_log', { order: 9, keywords: ['app log', 'runtime log', 'borrower app', 'device'], api: { method: 'GET', path: '/loanapi/log/app_run_log_list' } }),
  {
    id: 'log.admin_token_login.forceLogout', kind: 'action', area: 'log', title: 'action.empower.user.forceLogout',
    permission: actionKey('log', 'admin_token_login', 'forceLogout'), screen: 'log.admin_token_login', scope: 'bulk',
    danger: true, api: { method: 'POST', path: '/loanapi/admin_account/forced_session_out' }, hotkey: 'shift+l',
  },
];
