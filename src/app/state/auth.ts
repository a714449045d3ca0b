import { proxy } from 'valtio';
import type { UserInfo } from '../../schemas/auth';
import { CODE, HTTP_SESSION_ENDED } from '../../schemas/common';
import * as authApi from '../api/auth.api';
import { ApiError } from '../api/request';
import { t } from '../intl/intl';
import { resetToken, session, setToken, setUser } from './session';
import { deviceId } from './storage';
import { resetViews } from './tags';
import { WATERMARK_LOGOUT_DELAY_MS, clearWatermark, showWatermark } from './watermark';

/** Where the sign-in flow, the profile load and sign-out live; the pages and the router call these. */

const TOKEN_CODES: number[] = [CODE.TOKEN_ILLEGAL, CODE.TOKEN_REPLACED, CODE.TOKEN_EXPIRED];

export class ProfileError extends Error {
  constructor(message: string, public readonly shown: boolean) {
    super(message);
  }
}

/**
 * True while the login page signs in: the token exists before the profile does, and the login route must not
 * treat that as "already signed in" (which would send the user to / instead of the redirect target).
 */
export const authFlow = proxy({ signingIn: false });

let profileLoad: { token: string; promise: Promise<UserInfo> } | null = null;

function watermarkLines(user: UserInfo): string[] {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return [user.organizer_info?.name ?? '', user.name || user.account, date];
}

/**
 * Spec §4: on first navigation with a token the profile is loaded (status 'loading' → 'ready').
 * Empty response → 验证失败请重新登录; empty node_list → 系统权限未配置. One load per token however many callers.
 * On failure the token is reset and the error rethrown with a message for the user.
 */
export function ensureProfile(): Promise<UserInfo> {
  const token = session.token;
  if (!token) return Promise.reject(new Error(t('shell.auth.verifyFailed')));
  if (session.status === 'ready' && session.user) return Promise.resolve(session.user);
  if (profileLoad?.token === token) return profileLoad.promise;
  const promise = authApi.getUserInfo(token).then(
    (user) => {
      if (!user) throw new Error(t('shell.auth.verifyFailed'));
      if (!Array.isArray(user.node_list) || user.node_list.length === 0) throw new Error(t('shell.auth.noPermissions'));
      if (session.token !== token) throw new Error(t('shell.auth.verifyFailed'));
      setUser(user);
      showWatermark(watermarkLines(user));
      return user;
    },
  ).catch((e: unknown) => {
    if (session.token === token) resetToken();
    profileLoad = null;
    const msg = e instanceof Error && e.message ? e.message : t('shell.auth.hasError');
    // Token codes were already announced by the request layer (which also reloads the page);
    // HTTP 412 opened the session-ended dialog.
    const shown = e instanceof ApiError && (TOKEN_CODES.includes(e.code) || e.httpStatus === HTTP_SESSION_ENDED);
    throw new ProfileError(msg, shown);
  });
  profileLoad = { token, promise };
  return promise;
}

export interface Credentials {
  account: string;
  pwd: string;
  captcha_id: string;
  captcha_code: string;
  google_code: string;
  is_durable: boolean;
}

export type SignInResult = { kind: 'ok'; user: UserInfo } | { kind: 'google' } | { kind: 'error'; message: string };

/** Login (account trimmed, spec §5), store the token (durable: 7-day cookie), then load the profile. */
export async function signIn(c: Credentials): Promise<SignInResult> {
  authFlow.signingIn = true;
  const res = await signInSteps(c).catch((): SignInResult => ({ kind: 'error', message: t('shell.auth.hasError') }));
  // On success the caller navigates away first, then calls signInDone().
  if (res.kind !== 'ok') authFlow.signingIn = false;
  return res;
}

export function signInDone(): void {
  authFlow.signingIn = false;
}

async function signInSteps(c: Credentials): Promise<SignInResult> {
  try {
    const res = await authApi.login({
      account: c.account.trim(), pwd: c.pwd, captcha_id: c.captcha_id, captcha_code: c.captcha_code.trim(),
      google_code: c.google_code.trim(), is_durable: c.is_durable, device_id: deviceId(),
    });
    if (!res?.token) {
      if (res?.google_required) return { kind: 'google' };
      return { kind: 'error', message: t('shell.auth.hasError') };
    }
    setToken(res.token, c.is_durable);
  } catch (e) {
    if (e instanceof ApiError) {
      const data = e.data as { google_required?: boolean } | null;
      if (data?.google_required || (e.code === CODE.UNAUTHENTICATED && !c.google_code)) return { kind: 'google' };
      return { kind: 'error', message: e.message || t('shell.auth.hasError') };
    }
    return { kind: 'error', message: t('shell.auth.hasError') };
  }
  try {
    return { kind: 'ok', user: await ensureProfile() };
  } catch (e) {
    return { kind: 'error', message: e instanceof Error ? e.message : t('shell.auth.hasError') };
  }
}

/**
 * After sign-in: an account with no Google binding whose skip date is past (or never set) goes to the binding
 * page first (spec §5: verification can be skipped for 7 days).
 */
export function needsGoogleBinding(user: UserInfo, now = Date.now()): boolean {
  if (user.google_bound) return false;
  if (!user.google_skip_until) return true;
  const until = Date.parse(user.google_skip_until);
  return Number.isNaN(until) || until <= now;
}

/**
 * Spec §4 logout: tell the server, clear token, roles, views; the watermark goes 2 s later.
 * Never fails: a server that can't be reached must not keep the user signed in locally.
 */
export async function signOut(): Promise<void> {
  const token = session.token;
  try {
    if (token) await authApi.logout(token);
  } catch {
    // Already ended on the server or unreachable: the local sign-out still happens.
  }
  endLocalSession();
}

/** Local part of sign-out (also used when the server already ended the session: HTTP 412). */
export function endLocalSession(): void {
  profileLoad = null;
  resetToken();
  resetViews();
  clearWatermark(WATERMARK_LOGOUT_DELAY_MS);
}
