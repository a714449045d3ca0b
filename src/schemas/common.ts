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

export const id = z.coerce.number().int().positive();
export const idBody = z.object({ id });
export const idsBody = z.object({ ids: z.array(id).min(1).max(500) });

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
