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

export const clientErrorBody = z.object({
  message: z.string().max(5000),
  url: z.string().max(5000).optional().default(''),
  detail: z.unknown().optional(),
});

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
