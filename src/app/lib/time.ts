import dayjs from 'dayjs';

/** Spec §9: default date format year-month-day hour:minute:second. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

export type TimeInput = Date | string | number | null | undefined;

/**
 * Parses a time: Date, ISO/SQL string, epoch milliseconds, or epoch seconds (10 digits, as some upstream APIs send).
 * Returns null for empty or invalid input.
 */
export function toDate(input: TimeInput): Date | null {
  if (input === null || input === undefined || input === '') return null;
  if (input instanceof Date) return Number.isNaN(input.getTime()) ? null : input;
  let v: string | number = input;
  if (typeof v === 'string' && /^\d+$/.test(v)) v = Number(v);
  if (typeof v === 'number' && String(Math.trunc(Math.abs(v))).length <= 10) v *= 1000;
  const d = dayjs(v);
  return d.isValid() ? d.toDate() : null;
}

/** Formats a time with a dayjs pattern (default 'YYYY-MM-DD HH:mm:ss'); '' for empty or invalid input. */
export function formatTime(input: TimeInput, format: string = DATE_TIME_FORMAT): string {
  const d = toDate(input);
  return d ? dayjs(d).format(format) : '';
}

export function formatDate(input: TimeInput): string {
  return formatTime(input, DATE_FORMAT);
}

/** A relative time as a catalogue message (id and values), or a formatted date when older than 48 hours. */
export type RelativeTime = { id: string; values: Record<string, number> } | { date: string };

/**
 * Spec §9: under 30 s "just now"; under 1 hour minutes; under 24 hours hours; under 48 hours "1 day ago";
 * otherwise the date (format `format`, default 'YYYY-MM-DD HH:mm:ss').
 */
export function relativeTime(input: TimeInput, now: number = Date.now(), format: string = DATE_TIME_FORMAT): RelativeTime {
  const d = toDate(input);
  if (!d) return { date: '' };
  const diff = (now - d.getTime()) / 1000;
  if (diff < 30) return { id: 'time.justNow', values: {} };
  if (diff < 3600) return { id: 'time.minutesAgo', values: { n: Math.ceil(diff / 60) } };
  if (diff < 86400) return { id: 'time.hoursAgo', values: { n: Math.ceil(diff / 3600) } };
  if (diff < 172800) return { id: 'time.dayAgo', values: { n: 1 } };
  return { date: dayjs(d).format(format) };
}

/** `relativeTime` worded with a formatter (`intl.formatMessage` or `t` from ./notify). */
export function formatRelative(
  input: TimeInput,
  word: (id: string, values: Record<string, number>) => string,
  now: number = Date.now(),
  format?: string,
): string {
  const r = relativeTime(input, now, format);
  return 'date' in r ? r.date : word(r.id, r.values);
}
