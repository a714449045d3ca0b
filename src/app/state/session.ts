import { proxy } from 'valtio';
import type { UserInfo } from '../../schemas/auth';

/**
 * The signed-in session. The token lives in a cookie (spec §4: "login stores the token in cookie storage");
 * the profile is loaded on first navigation and the routes are derived from its node_list.
 */
const TOKEN_COOKIE = 'Admin-Token';

export interface SessionState {
  token: string | null;
  user: UserInfo | null;
  /** Permission node keys of the profile (spec §4 "roles"). */
  nodes: string[];
  /** Profile load in flight or done, so the router waits for it once. */
  status: 'anonymous' | 'loading' | 'ready';
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const m = document.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`));
  return m ? decodeURIComponent(m[1]) : null;
}

function writeCookie(name: string, value: string | null, days?: number): void {
  if (typeof document === 'undefined') return;
  if (value === null) {
    document.cookie = `${name}=; path=/; max-age=0; samesite=strict`;
    return;
  }
  const age = days ? `; max-age=${days * 86400}` : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/${age}; samesite=strict`;
}

export const session = proxy<SessionState>({
  token: readCookie(TOKEN_COOKIE),
  user: null,
  nodes: [],
  status: readCookie(TOKEN_COOKIE) ? 'loading' : 'anonymous',
});

export function setToken(token: string, durable = false): void {
  session.token = token;
  session.status = 'loading';
  writeCookie(TOKEN_COOKIE, token, durable ? 7 : undefined);
}

/** Spec §4 logout / failed profile: clear token, roles and profile. Views and watermark are cleared by the layout. */
export function resetToken(): void {
  session.token = null;
  session.user = null;
  session.nodes = [];
  session.status = 'anonymous';
  writeCookie(TOKEN_COOKIE, null);
}

export function setUser(user: UserInfo): void {
  session.user = user;
  session.nodes = user.node_list;
  session.status = 'ready';
}
