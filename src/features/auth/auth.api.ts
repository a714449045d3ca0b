import { api } from '../../app/api/request';
import { getUserInfo } from '../../app/api/auth.api';
import { session, setUser } from '../../app/state/session';
import type { UserInfo } from '../../schemas/auth';
import type { MerchantOption } from '../../schemas/merchant';

/**
 * Calls of the account's own pages (Google Authenticator, personal settings). Silent: the pages show refusals at
 * the field they concern; each write resolves with the server's message (already in the user's language).
 */
export interface GoogleKey {
  secret: string;
  otpauth_url: string;
  /** data: URL of the QR code image. */
  qr: string;
}

export interface Answer<T> {
  data: T;
  msg: string;
}

async function write<T>(path: string, body: Record<string, unknown> = {}): Promise<Answer<T>> {
  let msg = '';
  const data = await api.post<T>(path, body, { silent: true, onMessage: (m) => (msg = m) });
  return { data, msg };
}

export const GOOGLE = {
  apply: '/loanapi/google_auth/apply_key',
  bind: '/loanapi/google_auth/bind_key',
  unbind: '/loanapi/google_auth/unbind_key',
  skip: '/loanapi/google_auth/skip',
} as const;

export const applyGoogleKey = () => write<GoogleKey>(GOOGLE.apply);
export const bindGoogleKey = (google_code: string) => write<{ google_bound: boolean }>(GOOGLE.bind, { google_code });
export const unbindGoogleKey = (google_code: string) => write<{ google_bound: boolean }>(GOOGLE.unbind, { google_code });
export const skipGoogle = () => write<{ google_skip_until: string }>(GOOGLE.skip);

export const editProfile = (body: { nickname: string; avatar: string; introduction: string }) =>
  write<UserInfo>('/loanapi/account/edit_profile', body);

export const changePassword = (body: { old_pwd: string; new_pwd: string }) => write<null>('/loanapi/account/change_pwd', body);

export const getMerchantOptions = () => api.get<MerchantOption[]>('/loanapi/merchant/options', undefined, { silent: true });

/** Reloads the signed-in profile into the session (after binding, skipping or unbinding). */
export async function refreshProfile(): Promise<UserInfo | null> {
  if (!session.token) return null;
  const user = await getUserInfo(session.token);
  if (user) setUser(user);
  return user;
}
