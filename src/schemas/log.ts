import { z } from 'zod';
import { dateOrTime } from './empower';

/** Lists of the log area read at most this many rows a page, and count at most LOG_COUNT_CAP rows (DESIGN §4: no unbounded COUNT). */
export const LOG_PAGE_SIZE_MAX = 500;
export const LOG_COUNT_CAP = 10_000;

const page = z.coerce.number().int().min(1).max(100000).default(1);
const pageSize = z.coerce.number().int().min(1).max(LOG_PAGE_SIZE_MAX).default(50);
const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

export const loginLogQuery = z.object({
  account: z.string().trim().max(64).optional(),
  success: flag.optional(),
  ip: z.string().trim().max(64).optional(),
  date_from: dateOrTime.optional(),
  date_to: dateOrTime.optional(),
  page,
  page_size: pageSize,
});

export const operationLogQuery = z.object({
  account: z.string().trim().max(64).optional(),
  /** Exact action, or a prefix ending in `.` or `*` (`dict.` / `admin_account.*`). */
  action: z.string().trim().max(100).optional(),
  target_type: z.string().trim().max(40).optional(),
  target_id: z.string().trim().max(64).optional(),
  date_from: dateOrTime.optional(),
  date_to: dateOrTime.optional(),
  page,
  page_size: pageSize,
});

/** Query keys whose values never leave the browser nor get stored (the console's reporter and the server both strip them). */
const SENSITIVE_QUERY_KEY = /^(token|access_token|refresh_token|authorization|pwd|password|pass|secret|sign|signature|code|captcha|otp|google_code|key)$/i;

/** A url or path whose sensitive query values are replaced by `***`. */
export function stripSensitive(u: string): string {
  const q = u.indexOf('?');
  if (q < 0) return u;
  const hash = u.indexOf('#', q);
  const query = u.slice(q + 1, hash < 0 ? undefined : hash);
  const kept = query.split('&').map((pair) => {
    const at = pair.indexOf('=');
    if (at < 0) return pair;
    let name = pair.slice(0, at);
    try {
      name = decodeURIComponent(name);
    } catch { /* keep */ }
    return SENSITIVE_QUERY_KEY.test(name) ? `${pair.slice(0, at)}=***` : pair;
  }).join('&');
  return `${u.slice(0, q)}?${kept}${hash < 0 ? '' : u.slice(hash)}`;
}

/** Kinds of console error (spec /log/vue_and_query_log). */
export const CLIENT_ERROR_KINDS = ['error', 'rejection', 'api', 'other'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

export const clientErrorBody = z.object({
  message: z.string().min(1).max(5000),
  url: z.string().max(5000).optional().default(''),
  detail: z.unknown().optional(),
  kind: z.enum(CLIENT_ERROR_KINDS).optional().default('error'),
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', '']).optional().default(''),
  path: z.string().max(500).optional().default(''),
  status: z.number().int().min(0).max(999).optional().default(0),
  request_id: z.string().max(64).regex(/^[\w.:-]*$/).optional().default(''),
});

export const clientErrorQuery = z.object({
  account: z.string().trim().max(64).optional(),
  kind: z.enum(CLIENT_ERROR_KINDS).optional(),
  /** Part of the page url or the API path. */
  path: z.string().trim().max(200).optional(),
  date_from: dateOrTime.optional(),
  date_to: dateOrTime.optional(),
  page,
  page_size: pageSize,
});

export interface ClientErrorRow {
  id: number;
  account_id: number | null;
  account: string | null;
  kind: ClientErrorKind;
  message: string;
  url: string;
  method: string;
  path: string;
  status: number;
  request_id: string;
  user_agent: string;
  detail: unknown;
  created_at: string;
}

/** The borrower app's runtime log (spec /log/app_run_log): levels, and the limits of one batch. */
export const APP_LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type AppLogLevel = (typeof APP_LOG_LEVELS)[number];
export const APP_LOG_BATCH_MAX = 50;

const appLogLine = z.object({
  level: z.enum(APP_LOG_LEVELS),
  tag: z.string().trim().max(64).optional().default(''),
  message: z.string().min(1).max(2000),
  /** When the app logged it: ms since epoch or an ISO time; implausible times (over a week off) become the receive time. */
  time: z.union([z.number().int().nonnegative(), z.string().max(40)]).optional(),
});

export const appRunLogBody = z.object({
  device: z.string().trim().max(200).optional().default(''),
  app_version: z.string().trim().max(40).optional().default(''),
  /** The signed-in borrower (a customer of the key's merchants), if any. */
  customer_id: z.number().int().positive().optional(),
  lines: z.array(appLogLine).min(1).max(APP_LOG_BATCH_MAX),
});

export const appRunLogQuery = z.object({
  level: z.enum(APP_LOG_LEVELS).optional(),
  tag: z.string().trim().max(64).optional(),
  customer_id: z.coerce.number().int().positive().optional(),
  device: z.string().trim().max(200).optional(),
  app_version: z.string().trim().max(40).optional(),
  /** Part of the message. */
  q: z.string().trim().max(200).optional(),
  date_from: dateOrTime.optional(),
  date_to: dateOrTime.optional(),
  page,
  page_size: pageSize,
});

export interface AppRunLogRow {
  id: number;
  merchant_id: number;
  customer_id: number | null;
  level: AppLogLevel;
  tag: string;
  message: string;
  device: string;
  app_version: string;
  logged_at: string;
  created_at: string;
}

/** A page of a log list (the list engine's answer, docs/list-engine.md). */
export interface LogList<T> {
  rows: T[];
  /** Rows matching: exact up to LOG_COUNT_CAP, else the database's estimate (total_exact false). */
  total: number;
  /** True when more than LOG_COUNT_CAP rows match. */
  total_capped: boolean;
  total_exact?: boolean;
  /** Keyset cursors for the rows after / before this page; null at either end. */
  next_cursor?: string | null;
  prev_cursor?: string | null;
}

export interface LoginLogRow {
  id: number;
  account: string;
  account_id: number | null;
  ip: string;
  user_agent: string;
  success: boolean;
  /** '' on success; password | captcha | disabled | work_period | terminal | google | google_replay */
  reason: string;
  created_at: string;
}

export interface OperationLogRow {
  id: number;
  account_id: number | null;
  account: string;
  action: string;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
  ip: string;
  request_id: string;
  created_at: string;
}
