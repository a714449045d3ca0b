import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { formatDate, formatRelative, formatTime, relativeTime, toDate } from './time';

const now = new Date('2025-03-10T12:00:00').getTime();
const ago = (s: number) => now - s * 1000;

describe('relativeTime (spec §9)', () => {
  it('under 30 s: just now', () => {
    expect(relativeTime(ago(0), now)).toEqual({ id: 'time.justNow', values: {} });
    expect(relativeTime(ago(29), now)).toEqual({ id: 'time.justNow', values: {} });
  });
  it('under 1 hour: minutes', () => {
    expect(relativeTime(ago(30), now)).toEqual({ id: 'time.minutesAgo', values: { n: 1 } });
    expect(relativeTime(ago(59 * 60 + 59), now)).toEqual({ id: 'time.minutesAgo', values: { n: 60 } });
    expect(relativeTime(ago(10 * 60), now)).toEqual({ id: 'time.minutesAgo', values: { n: 10 } });
  });
  it('under 24 hours: hours', () => {
    expect(relativeTime(ago(3600), now)).toEqual({ id: 'time.hoursAgo', values: { n: 1 } });
    expect(relativeTime(ago(5 * 3600 + 1), now)).toEqual({ id: 'time.hoursAgo', values: { n: 6 } });
  });
  it('under 48 hours: 1 day ago; later: the date', () => {
    expect(relativeTime(ago(86400), now)).toEqual({ id: 'time.dayAgo', values: { n: 1 } });
    expect(relativeTime(ago(172799), now)).toEqual({ id: 'time.dayAgo', values: { n: 1 } });
    expect(relativeTime(ago(172800), now)).toEqual({ date: dayjs(ago(172800)).format('YYYY-MM-DD HH:mm:ss') });
    expect(relativeTime(ago(3 * 86400), now, 'YYYY-MM-DD')).toEqual({ date: '2025-03-07' });
  });
  it('formatRelative words the message', () => {
    expect(formatRelative(ago(120), (id, v) => `${id}:${v.n}`, now)).toBe('time.minutesAgo:2');
    expect(formatRelative(null, () => 'x', now)).toBe('');
  });
});

describe('formatTime', () => {
  it('default format YYYY-MM-DD HH:mm:ss', () => {
    expect(formatTime(new Date(2024, 0, 2, 3, 4, 5))).toBe('2024-01-02 03:04:05');
    expect(formatDate(new Date(2024, 0, 2, 3, 4, 5))).toBe('2024-01-02');
  });
  it('accepts epoch seconds, milliseconds, digit strings, and rejects junk', () => {
    const ms = new Date(2024, 0, 2, 3, 4, 5).getTime();
    expect(formatTime(ms)).toBe('2024-01-02 03:04:05');
    expect(formatTime(ms / 1000)).toBe('2024-01-02 03:04:05');
    expect(formatTime(String(ms / 1000))).toBe('2024-01-02 03:04:05');
    expect(formatTime('')).toBe('');
    expect(formatTime('not a date')).toBe('');
    expect(toDate(undefined)).toBeNull();
  });
});
