import type { CommandDef } from './command.types';
import { LANGS } from '../src/schemas/i18n';

/** Screens and actions every signed-in account has: dashboard, own settings, language, theme, sign out. */
export const authCommands: CommandDef[] = [
  {
    id: 'dashboard.home', kind: 'screen', area: 'dashboard', title: 'route.dashboard.home', permission: null,
    route: '/dashboard', sidebar: { group: '', order: 0 }, searchable: true, affix: true, keywords: ['home', 'dashboard'], hotkey: 'alt+h',
    api: { method: 'GET', path: '/loanapi/dashboard/summary' },
  },
  {
    id: 'auth.googleValidator', kind: 'screen', area: 'auth', title: 'route.auth.googleValidator', permission: null,
    route: '/user/GoogleValidator', hidden: true, searchable: true, keywords: ['google', 'authenticator', '2fa', 'totp'],
  },
  {
    id: 'auth.personalSettings', kind: 'screen', area: 'auth', title: 'route.auth.personalSettings', permission: null,
    route: '/user/PersonalSettings', hidden: true, searchable: true, keywords: ['password', 'profile'],
  },
  {
    id: 'auth.logout', kind: 'action', area: 'auth', title: 'action.auth.logout', permission: null, scope: 'global',
    api: { method: 'POST', path: '/loanapi/account/logout' }, keywords: ['sign out', 'logout'],
  },
  {
    id: 'auth.clearCache', kind: 'action', area: 'auth', title: 'action.auth.clearCache', permission: null, scope: 'global', client: true,
    keywords: ['cache'],
  },
  {
    id: 'settings.theme.toggle', kind: 'action', area: 'settings', title: 'action.settings.toggleTheme', permission: null,
    scope: 'global', client: true, keywords: ['dark', 'light', 'theme'], hotkey: 'alt+t',
  },
  {
    id: 'settings.panel', kind: 'action', area: 'settings', title: 'action.settings.openPanel', permission: null,
    scope: 'global', client: true, keywords: ['settings', 'theme colour', 'fixed header', 'tags view'],
  },
  ...LANGS.map((l): CommandDef => ({
    id: `settings.language.${l.code}`, kind: 'action', area: 'settings', title: `lang.${l.code}`, permission: null,
    scope: 'global', client: true, keywords: ['language', 'lang', l.code, l.label],
  })),
];
