import { describe, expect, it } from 'vitest';
import { LANGS } from '../../schemas/i18n';
import { dateLocale, datePattern, parseLocalDate } from './dates';

describe('dates in the user language', () => {
  it('takes the numeric pattern of each locale from Intl, not mm/dd/yyyy everywhere', () => {
    expect(datePattern('en-US')).toBe('MM/DD/YYYY');
    expect(datePattern('en-IN')).toBe('DD/MM/YYYY');
    expect(datePattern('vi-VN')).toBe('DD/MM/YYYY');
    expect(datePattern('zh-CN')).toBe('YYYY/MM/DD');
    expect(datePattern('th-TH')).toBe('DD/MM/YYYY');
    expect(datePattern('ar-EG').replace(/\u200f/g, '')).toBe('DD/MM/YYYY');
  });

  it('gives every language a dayjs locale and a pattern', () => {
    for (const l of LANGS) {
      const { locale, pattern } = dateLocale(l);
      expect(locale, l.code).toBeTruthy();
      expect(pattern, l.code).toMatch(/YYYY/);
    }
  });

  it('reads typed dates in the locale order, with Arabic-Indic digits too', () => {
    expect(parseLocalDate('03/02/2026', 'DD/MM/YYYY')).toBe('2026-02-03');
    expect(parseLocalDate('03/02/2026', 'MM/DD/YYYY')).toBe('2026-03-02');
    expect(parseLocalDate('2026/2/3', 'YYYY/MM/DD')).toBe('2026-02-03');
    expect(parseLocalDate('٠٣\u200f/٠٢\u200f/٢٠٢٦', datePattern('ar-EG'))).toBe('2026-02-03');
    expect(parseLocalDate('2026-02-03', 'DD/MM/YYYY')).toBe('2026-02-03');
  });

  it('refuses what is not a calendar date', () => {
    expect(parseLocalDate('31/02/2026', 'DD/MM/YYYY')).toBeNull();
    expect(parseLocalDate('12/13/2026', 'DD/MM/YYYY')).toBeNull();
    expect(parseLocalDate('03/02', 'DD/MM/YYYY')).toBeNull();
    expect(parseLocalDate('03/02/26', 'DD/MM/YYYY')).toBeNull();
  });
});
