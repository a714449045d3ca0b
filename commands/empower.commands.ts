import type { CommandDef } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import { accountAddBody, accountEditBody, editWorkBody, nodeEditBody, resetPwdBody, roleBody, roleEditBody, setOrganizerBody } from '../src/schemas/empower';

const userAction = (verb: string, def: Partial<CommandDef> & Pick<CommandDef, 'api'>): CommandDef => ({
  id: `empower.user.${verb}`, kind: 'action', area: 'empower', title: `action.empower.user.${verb}`,
  permission: actionKey('SysEmpower', 'user', verb), screen: 'empower.user', scope: 'single', ...def,
});

const roleAction = (verb: string, def: Partial<CommandDef> & Pick<CommandDef, 'api'>): CommandDef => ({
  id: `empower.role.${verb}`, kind: 'action', area: 'empower', title: `action.empower.role.${verb}`,
  permission: actionKey('SysEmpower', 'role', verb), screen: 'empower.role', scope: 'single', ...def,
});

export const empowerCommands: CommandDef[] = [
  pageScreen('SysEmpower', 'empower', { order: 1, keywords: ['permission', 'nodes', 'tree'], api: { method: 'GET', path: '/loanapi/permission_node/tree' } }),
  pageScreen('SysEmpower', 'user', { order: 2, keywords: ['accounts', 'staff', 'users'], hotkey: 'alt+u', api: { method: 'GET', path: '/loanapi/admin_account/list' } }),
  pageScreen('SysEmpower', 'role', { order: 4, keywords: ['roles', 'templates'], hotkey: 'alt+r', api: { method: 'GET', path: '/loanapi/role/list' } }),

  userAction('add', { scope: 'screen', api: { method: 'POST', path: '/loanapi/admin_account/add' }, params: accountAddBody, hotkey: 'n' }),
  userAction('edit', { api: { method: 'POST', path: '/loanapi/admin_account/edit' }, params: accountEditBody, hotkey: 'e' }),
  userAction('del', { api: { method: 'POST', path: '/loanapi/admin_account/del' }, danger: true, scope: 'bulk' }),
  userAction('setOrganizer', { api: { method: 'POST', path: '/loanapi/admin_account/set_organizer' }, params: setOrganizerBody.omit({ id: true }) }),
  userAction('resetPwd', {
    api: { method: 'POST', path: '/loanapi/admin_account/reset_pwd' }, params: resetPwdBody.omit({ id: true }), danger: true,
    paramTitles: { password: 'field.newPassword' },
  }),
  userAction('resetGoogle', { api: { method: 'POST', path: '/loanapi/admin_account/reset_google_bind' }, danger: true }),
  userAction('forceLogout', { api: { method: 'POST', path: '/loanapi/admin_account/forced_login_out' }, danger: true, scope: 'bulk', hotkey: 'shift+l' }),
  userAction('editWork', {
    api: { method: 'POST', path: '/loanapi/admin_account/edit_start_work' }, params: editWorkBody.omit({ id: true }),
    paramTitles: { work_start: 'field.workStart', work_end: 'field.workEnd' },
  }),

  roleAction('add', { scope: 'screen', api: { method: 'POST', path: '/loanapi/role/add' }, params: roleBody, hotkey: 'n' }),
  roleAction('edit', { api: { method: 'POST', path: '/loanapi/role/edit' }, params: roleEditBody, hotkey: 'e' }),
  roleAction('del', { api: { method: 'POST', path: '/loanapi/role/del' }, danger: true }),

  {
    id: 'empower.empower.edit', kind: 'action', area: 'empower', title: 'action.empower.empower.edit',
    permission: actionKey('SysEmpower', 'empower', 'edit'), screen: 'empower.empower', scope: 'single',
    api: { method: 'POST', path: '/loanapi/permission_node/edit' }, params: nodeEditBody.omit({ key: true }), rowKey: 'key',
  },
];

