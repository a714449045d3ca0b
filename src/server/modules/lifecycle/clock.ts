import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { businessClock } from './lifecycle.table';

/** How long a process trusts its cached offset before reading it again (another process may have moved it). */
const REFRESH_MS = 5_000;
const DAY_MS = 86_400_000;

/**
 * The date the business runs on: system time plus an offset kept in the database. Loan dates (due dates, overdue
 * days, loan and success times) come from here; security times (sessions, tokens, logs) stay on system time.
 */
export interface BusinessClock {
  /** Business time now (system time + offset). Uses the cached offset: call `refresh` at job boundaries. */
  now(): Date;
  /** The business date as yyyy-MM-dd in a time zone (the merchant's market). */
  today(timeZone?: string): string;
  /** Current offset in ms. */
  offsetMs(): number;
  /** Re-reads the offset when the cache is older than REFRESH_MS (or always with force). */
  refresh(force?: boolean): Promise<void>;
  /** Moves the business clock so that `now()` is `to`; null returns it to system time. */
  set(to: Date | null, accountId?: number | null): Promise<void>;
  /** Moves the business clock forward (or back) by whole days. */
  advanceDays(days: number, accountId?: number | null): Promise<void>;
}

export function createBusinessClock(db: DbOrTx, systemNow: () => Date): BusinessClock {
  let offset = 0;
  let readAt = -Infinity;

  async function write(ms: number, accountId: number | null | undefined): Promise<void> {
    await db.insert(businessClock).values({ id: 1, offsetMs: ms, updatedBy: accountId ?? null })
      .onConflictDoUpdate({ target: businessClock.id, set: { offsetMs: ms, updatedBy: accountId ?? null, updatedAt: sql`now()` } });
    offset = ms;
    readAt = Date.now();
  }

  const clock: BusinessClock = {
    now: () => new Date(systemNow().getTime() + offset),
    today: (timeZone = 'UTC') => dateIn(clock.now(), timeZone),
    offsetMs: () => offset,
    async refresh(force = false) {
      if (!force && Date.now() - readAt < REFRESH_MS) return;
      const [row] = await db.select({ offsetMs: businessClock.offsetMs }).from(businessClock).limit(1);
      offset = row?.offsetMs ?? 0;
      readAt = Date.now();
    },
    set: (to, accountId) => write(to ? to.getTime() - systemNow().getTime() : 0, accountId),
    advanceDays: async (days, accountId) => {
      await clock.refresh(true);
      await write(offset + days * DAY_MS, accountId);
    },
  };
  return clock;
}

/** yyyy-MM-dd of an instant in a time zone. */
export function dateIn(at: Date, timeZone: string): string {
  return zoneFormat(DATE_FORMATS, timeZone, 'en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

// en-CA formats dates as yyyy-MM-dd.
const DATE_FORMATS = new Map<string, Intl.DateTimeFormat>();

/**
 * A formatter per time zone, made once: building an Intl.DateTimeFormat costs a tenth of a millisecond or more, and
 * the dashboard asks each merchant's business date on every answer (a millisecond per answer at 14 merchants).
 */
export function zoneFormat(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = cache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    cache.set(timeZone, f);
  }
  return f;
}

/** Whole days from date a to date b (yyyy-MM-dd), b − a. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/** yyyy-MM-dd plus n days. */
export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}
