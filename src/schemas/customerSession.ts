import { z } from 'zod';
import { id32, id64 } from './common';
import { dateOrTime } from './empower';

/**
 * Contracts of the customerSession area (docs/customerSession.md): how a borrower signs in to the app (phone + SMS
 * code → a customer session token), the sessions' rules (continuous-online limit, GPS range, force logout) and the
 * two borrower logs of spec /log/customer_login and /log/customer_operate.
 */

// ---------------------------------------------------------------------------------------------------------------
// Borrower side (signed with the app key like every /loanapi/app/* route)

/** The session token travels in this header (never in a URL); the app key's signature still signs every request. */
export const CUSTOMER_TOKEN_HEADER = 'x-customer-token';
/** The device's position for an application: `lat,lng` in decimal degrees (the sign-in carries it in its body). */
export const GPS_HEADER = 'x-gps';

/** A code is valid this long after it was sent, and may be tried this many times. */
export const CODE_TTL_MS = 5 * 60_000;
export const CODE_MAX_TRIES = 5;
/** A new code for the same phone no sooner than this. */
export const CODE_RESEND_MS = 60_000;
/** A pause between two calls longer than this ends a continuous-online stretch. */
export const ONLINE_GAP_MS = 15 * 60_000;
/** A session unused this long is over (reason `expired`). */
export const SESSION_IDLE_DAYS = 30;

const phone = z.string().trim().min(6).max(20);
const deviceId = z.string().trim().min(4).max(64).regex(/^[A-Za-z0-9._:-]+$/, 'validation.intakeDevice');
export const gpsPoint = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }).strict();
export type GpsPoint = z.infer<typeof gpsPoint>;

export const appLoginCodeBody = z.object({ phone, device_id: deviceId.optional() }).strict();
export type AppLoginCodeBody = z.infer<typeof appLoginCodeBody>;

export const appLoginBody = z.object({
  phone,
  code: z.string().trim().regex(/^\d{4,8}$/, 'customerSession.error.codeFormat'),
  device_id: deviceId,
  device: z.object({
    brand: z.string().trim().max(40).optional(),
    model: z.string().trim().max(60).optional(),
    os: z.enum(['android', 'ios']).optional(),
    os_version: z.string().trim().max(16).optional(),
  }).strict().optional(),
  app_version: z.string().trim().max(16).optional(),
  gps: gpsPoint.optional(),
}).strict();
export type AppLoginBody = z.infer<typeof appLoginBody>;

export interface AppLoginAnswer {
  token: string;
  customer_id: number;
  session_id: number;
  /** Minutes the session may stay online continuously before the borrower must sign in again. */
  online_limit_minutes: number;
}

export interface AppSessionAnswer {
  customer_id: number;
  session_id: number;
  created_at: string;
  online_since: string;
  online_limit_minutes: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Reasons and kinds (message ids `customerSession.reason.<r>`, `customerSession.kind.<k>`, `customerSession.ended.<e>`)

/** Why a code was not sent or a sign-in failed. */
export const LOGIN_REASONS = [
  'unknown_customer', 'login_disallowed', 'blacklisted', 'rate_limited', 'daily_limit', 'no_code', 'code_expired', 'code_wrong',
  'too_many_tries', 'gps_out_of_range',
] as const;
export type LoginReason = (typeof LOGIN_REASONS)[number];

/** customer_login rows: a code sent (or refused), a sign-in attempt. */
export const LOGIN_KINDS = ['code', 'sign_in'] as const;
export type LoginKind = (typeof LOGIN_KINDS)[number];

/** customer_operate rows: what the borrower did through the app. */
export const OPERATE_KINDS = ['register', 'apply', 'bind_card', 'confirm_withdrawal', 'repay', 'extension_apply', 'forum_post', 'sign_out'] as const;
export type OperateKind = (typeof OPERATE_KINDS)[number];

/** How a session ended. */
export const END_REASONS = ['logout', 'forced', 'replaced', 'online_limit', 'expired', 'disallowed'] as const;
export type EndReason = (typeof END_REASONS)[number];

// ---------------------------------------------------------------------------------------------------------------
// Console side

export const CUSTOMER_SESSION_API = {
  loginList: '/loanapi/customer_session/login_list',
  operateList: '/loanapi/customer_session/operate_list',
  sessionList: '/loanapi/customer_session/session_list',
  forceLogout: '/loanapi/customer_session/force_logout',
  endSessions: '/loanapi/customer_session/end_sessions',
  // borrower app
  appLoginCode: '/loanapi/app/login_code',
  appLogin: '/loanapi/app/login',
  appLogout: '/loanapi/app/logout',
  appSession: '/loanapi/app/session',
} as const;

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const filterPhone = z.string().trim().max(20).regex(/^[\d+\s().-]*$/, 'validation.phone').optional();

export const customerLoginQuery = z.object({
  merchant_id: id32.optional(),
  phone: filterPhone,
  customer_id: id64.optional(),
  kind: z.enum(LOGIN_KINDS).optional(),
  success: flag.optional(),
  date_from: dateOrTime.optional(),
  date_to: dateOrTime.optional(),
});

export const customerOperateQuery = z.object({
  merchant_id: id32.optional(),
  phone: filterPhone,
  customer_id: id64.optional(),
  kind: z.enum(OPERATE_KINDS).optional(),
  success: flag.optional(),
  date_from: dateOrTime.optional(),
  date_to: dateOrTime.optional(),
});

export const customerSessionQuery = z.object({
  merchant_id: id32.optional(),
  phone: filterPhone,
  customer_id: id64.optional(),
  /** Default: live sessions only; `0` shows ended ones too. */
  live: flag.optional(),
  date_from: dateOrTime.optional(),
  date_to: dateOrTime.optional(),
});

const ids = z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(200);
/** Customers whose live sessions end now (customer list, customer detail). */
export const forceLogoutBody = z.object({ ids }).strict();
/** Sessions to end now (the sessions tab of /log/customer_login). */
export const endSessionsBody = z.object({ ids }).strict();

export interface CustomerLoginRow {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  customer_id: number | null;
  customer_name: string | null;
  phone: string;
  kind: LoginKind;
  success: boolean;
  reason: string;
  device_id: string;
  device: string;
  app_version: string;
  ip: string;
  created_at: string;
}

export interface CustomerOperateRow {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  customer_id: number | null;
  customer_name: string | null;
  session_id: number | null;
  phone: string;
  kind: OperateKind;
  success: boolean;
  reason: string;
  ref: string;
  detail: Record<string, unknown> | null;
  device_id: string;
  ip: string;
  created_at: string;
}

export interface CustomerSessionRow {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  customer_id: number;
  customer_name: string | null;
  phone: string;
  device_id: string;
  device: string;
  app_version: string;
  ip: string;
  gps_lat: number | null;
  gps_lng: number | null;
  created_at: string;
  last_seen_at: string;
  online_since: string;
  ended_at: string | null;
  ended_reason: EndReason | null;
}
