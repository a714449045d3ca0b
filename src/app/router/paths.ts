import { COMMANDS, byId, type CommandDef } from '../../../commands';

/** Public routes (spec §2). */
export const PUBLIC_PATHS = { login: '/login', authRedirect: '/auth-redirect', sip: '/sip', notFound: '/404' } as const;
/** The base route / goes here (spec §2: name Dashboard). */
export const HOME_PATH = byId.get('dashboard.home')?.route ?? '/dashboard';
export const GOOGLE_VALIDATOR_PATH = byId.get('auth.googleValidator')?.route ?? '/user/GoogleValidator';
export const PERSONAL_SETTINGS_PATH = byId.get('auth.personalSettings')?.route ?? '/user/PersonalSettings';
export const REDIRECT_PREFIX = '/redirect';

/** Every screen with a route: the route table (no second list anywhere). */
export const ROUTED_SCREENS: readonly CommandDef[] = COMMANDS.filter((c) => c.kind === 'screen' && !!c.route);

/** The screen a path belongs to (case-insensitive like the router; query ignored). */
export function screenForPath(path: string): CommandDef | undefined {
  const p = (path.split('?')[0].replace(/\/+$/, '') || '/').toLowerCase();
  return ROUTED_SCREENS.find((c) => c.route!.toLowerCase() === p);
}

/**
 * A redirect target taken from the URL must stay inside the console: a relative path, not protocol-relative,
 * not the login page itself. Anything else goes home.
 */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw) return HOME_PATH;
  let v = raw;
  try {
    v = decodeURIComponent(raw);
  } catch {
    return HOME_PATH;
  }
  if (!v.startsWith('/') || v.startsWith('//') || v.startsWith('/\\')) return HOME_PATH;
  if (/^\/login(\/|\?|$)/i.test(v)) return HOME_PATH;
  return v;
}

export function loginUrl(redirect?: string): string {
  if (!redirect || redirect === '/' || /^\/login(\/|\?|$)/i.test(redirect)) return PUBLIC_PATHS.login;
  return `${PUBLIC_PATHS.login}?redirect=${encodeURIComponent(redirect)}`;
}

/** The refresh route for a path: /redirect/<path without leading slash><query>. */
export function refreshUrl(fullPath: string): string {
  return `${REDIRECT_PREFIX}${fullPath.startsWith('/') ? fullPath : `/${fullPath}`}`;
}

export function currentFullPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}
