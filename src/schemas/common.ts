import { z } from 'zod';

/** Envelope codes. 20000 and 50008/50012/50014 come from the spec; the rest is our catalogue (docs/errors.md). */
export const CODE = {
  OK: 20000,
  VALIDATION: 40000,
  UNAUTHENTICATED: 40100,
  FORBIDDEN: 40300,
  NO_PERMISSIONS_CONFIGURED: 40301,
  NOT_FOUND: 40400,
  CONFLICT: 40900,
  IDEMPOTENCY_CONFLICT: 40901,
  INVALID_TRANSITION: 42200,
  THROTTLED: 42900,
  INTERNAL: 50000,
  TOKEN_ILLEGAL: 50008,
  TOKEN_REPLACED: 50012,
  TOKEN_EXPIRED: 50014,
} as const;

/** HTTP status for a session ended by an administrator, or outside work period or allowed terminal. */
export const HTTP_SESSION_ENDED = 412;

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** Largest value of a PostgreSQL integer (int4) column. */
export const INT32_MAX = 2_147_483_647;

/**
 * Integers as the columns hold them, so that an out-of-range value is refused by validation (40000) rather than by
 * the database. Coerced (query strings are text); zod refuses NaN, Infinity and unsafe integers on its own.
 */
export const int32 = (min = -INT32_MAX - 1, max = INT32_MAX) => z.coerce.number().int().min(min).max(max);
/** Id of a serial (int4) table: accounts, roles, merchants, channels, products, rules, settings, dictionary. */
export const id32 = z.coerce.number().int().positive().max(INT32_MAX);
/** Id of a bigserial table: orders, customers, cases, transfers, repayments, logs. */
export const id64 = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** Any id; bigint-wide. Prefer id32 for int4 columns. */
export const id = id64;
/** An amount in minor units (bigint columns), bounded so that sums of a few stay exact in a JS number. */
export const MONEY_MAX = 1e15;
export const money = z.coerce.number().int().min(0).max(MONEY_MAX);

export const idBody = z.object({ id: id32 });
export const idsBody = z.object({ ids: z.array(id32).min(1).max(500) });
export const idBody64 = z.object({ id: id64 });
export const idsBody64 = z.object({ ids: z.array(id64).min(1).max(500) });

/** Page-style paging accepted from the spec's callers (dictionary: page 0 size 9999; async loader: page 1 size 100). */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(1),
  size: z.coerce.number().int().min(1).max(9999).optional(),
  page_size: z.coerce.number().int().min(1).max(9999).optional(),
});

export interface ListResult<T> {
  rows: T[];
  total: number;
}

/** HH:mm on a 24-hour clock. */
export const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
