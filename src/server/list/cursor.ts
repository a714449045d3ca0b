import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { hmac, sameSig } from './secret';
import type { SortDir } from './define';

/**
 * Keyset position: the sort column's value and the key of a row, as PostgreSQL text (exact: a timestamptz keeps
 * its microseconds), plus what the position is valid for (list, sort) and which way it pages by default.
 * On the wire: base64url(JSON) "." base64url(HMAC-SHA256 truncated to 96 bits) — opaque, and a cursor that was
 * not issued by this server, or is used on another list or sort, is refused.
 */
export interface Cursor {
  /** list id */
  l: string;
  /** sort key and direction */
  s: string;
  d: SortDir;
  /** sort column value (absent when the list is sorted by its key) */
  v?: string;
  /** key value */
  k: string;
  /** default direction: rows after (next) or before (prev) this position */
  w: 'next' | 'prev';
}

const MAX_VALUE = 512;
const payload = z.object({
  l: z.string().max(100),
  s: z.string().max(64),
  d: z.enum(['asc', 'desc']),
  v: z.string().max(MAX_VALUE).optional(),
  k: z.string().max(MAX_VALUE),
  w: z.enum(['next', 'prev']),
}).strict();

/** Wire format of a cursor, checked by the route schema before decoding. */
export const CURSOR_RE = /^[A-Za-z0-9_-]{1,2048}\.[A-Za-z0-9_-]{16}$/;

export function encodeCursor(c: Cursor, secret: Buffer): string {
  const body = Buffer.from(JSON.stringify(c)).toString('base64url');
  return `${body}.${hmac(secret, `cursor:${body}`, 12).toString('base64url')}`;
}

/** The cursor, or null when it is malformed or forged. */
export function decodeCursor(s: string, secret: Buffer): Cursor | null {
  if (!CURSOR_RE.test(s)) return null;
  const [body, sig] = s.split('.');
  if (!sameSig(sig, hmac(secret, `cursor:${body}`, 12))) return null;
  try {
    const r = payload.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    return r.success ? (r.data as Cursor) : null;
  } catch {
    return null;
  }
}

const INT = /^-?\d{1,19}$/;
const NUM = /^-?(\d{1,40}(\.\d{0,40})?|\.\d{1,40})(e[-+]?\d{1,3})?$|^(-?Infinity|NaN)$/i;
const DATE = /^\d{4,}-\d{2}-\d{2}( BC)?$/;
const TIME = /^\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?([+-]\d{2}(:?\d{2}){0,2})?$/;
const TIMESTAMP = /^\d{4,}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?([+-]\d{2}(:?\d{2}){0,2}|Z)?( BC)?$|^-?infinity$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** PostgreSQL type to cast a cursor value back to (serial types are their integer types). */
export function castType(col: PgColumn): string {
  const t = col.getSQLType();
  return ({ serial: 'integer', bigserial: 'bigint', smallserial: 'smallint' } as Record<string, string>)[t] ?? t;
}

/** Whether a cursor value is a well-formed text form of the column's type (so the cast cannot fail). */
export function validValue(col: PgColumn, v: string): boolean {
  const t = castType(col);
  if (/^(smallint|integer|bigint)/.test(t)) {
    if (!INT.test(v)) return false;
    const n = BigInt(v);
    const max = t.startsWith('smallint') ? 32767n : t.startsWith('integer') ? 2147483647n : 9223372036854775807n;
    return n <= max && n >= -max - 1n;
  }
  if (/^(numeric|decimal|real|double)/.test(t)) return NUM.test(v);
  if (t === 'boolean') return v === 'true' || v === 'false';
  if (t === 'uuid') return UUID.test(v);
  if (t.startsWith('timestamp')) return TIMESTAMP.test(v) && (v.includes('infinity') || !Number.isNaN(Date.parse(v.replace(' ', 'T').replace(/ BC$/, '').replace(/([+-]\d{2})$/, '$1:00'))));
  if (t === 'date') return DATE.test(v);
  if (t.startsWith('time')) return TIME.test(v);
  return v.length <= MAX_VALUE;
}
