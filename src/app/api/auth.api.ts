import type { CaptchaResponse, LoginBody, UserInfo } from '../../schemas/auth';
import { api } from './request';

/** Calls of the sign-in flow and the shell (spec §7). All silent: the callers show errors where they belong. */

export interface LoginResult {
  token: string;
  google_required?: boolean;
}

export interface SystemNameResponse {
  name: string;
  logo: string;
}

export const getCaptcha = () => api.get<CaptchaResponse>('/loanapi/comon/get_captcha', undefined, { silent: true });

export const login = (body: LoginBody) => api.post<LoginResult>('/loanapi/account/login', body, { silent: true });

/**
 * Empty response: the caller shows 验证失败请重新登录 (spec §4). The spec's `?token=` is not sent: the token goes
 * in the headers like on every call, never in a URL.
 */
export const getUserInfo = (token: string) => api.get<UserInfo | null>('/loanapi/account/get_userinfo', undefined, { silent: true, token });

/** The server reads the token from the headers (the spec's body field would duplicate it). */
export const logout = (token: string | null) => api.post<null>('/loanapi/account/logout', {}, { silent: true, token });

/** Spec §7/§9: hourly while signed in. */
export const keepAlive = () => api.post<unknown>('/loanapi/account/keep_alive', {}, { silent: true });

export const getSystemName = () => api.get<SystemNameResponse | null>('/loanapi/open/get_system_name', undefined, { silent: true });
