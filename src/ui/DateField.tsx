import '@mantine/dates/styles.css';
import { DateInput } from '@mantine/dates';
import { useMemo } from 'react';
import { currentLang } from '../app/intl/lang';
import { dateLocale, parseLocalDate } from '../app/intl/dates';

export interface DateFieldProps {
  /** YYYY-MM-DD, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  label: string;
  name?: string;
  /** YYYY-MM-DD bounds. */
  min?: string;
  max?: string;
  w?: number;
  size?: 'xs' | 'sm';
}

/**
 * A date typed or picked in the user's language: shown in the locale's numeric pattern (dd/mm/yyyy in Arabic, Thai,
 * Vietnamese and Indian English, yyyy/mm/dd in Chinese, mm/dd/yyyy in US English) with the locale's month names in
 * the calendar. The value stays YYYY-MM-DD, as the filters and the server read it.
 */
export function DateField({ value, onChange, label, name, min, max, w = 150, size = 'xs' }: DateFieldProps) {
  const lang = currentLang();
  const { locale, pattern } = useMemo(() => dateLocale(lang), [lang]);
  return (
    <DateInput
      size={size}
      w={w}
      label={label}
      name={name}
      value={value || null}
      onChange={(v) => onChange(v ? String(v).slice(0, 10) : '')}
      locale={locale}
      valueFormat={pattern}
      dateParser={(text) => parseLocalDate(text, pattern)}
      placeholder={pattern.replace(/[\u200e\u200f]/g, '').toLowerCase()}
      minDate={min || undefined}
      maxDate={max || undefined}
      clearable
      fixOnBlur
      popoverProps={{ withinPortal: true }}
      data-pattern={pattern}
    />
  );
}
