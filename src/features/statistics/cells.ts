import type { IntlShape } from 'react-intl';
import { formatMoney, formatNumber } from '../../app/lib/format';
import type { Measure, ReportDecl } from '../../schemas/statistics';

/**
 * How a report's figures read: counts with the locale's grouping, money in the report's currency (minor units from
 * the server), rates as percentages with their numerator and denominator for the hover title.
 */
export interface CellFormat {
  intl: IntlShape;
  /** Null when the rows mix currencies: amounts are shown without a symbol. */
  currency: string | null;
}

export function measureTitle(intl: IntlShape, m: Measure): string {
  return intl.formatMessage({ id: m.title }, m.titleValues);
}

export function formatValue(m: Pick<Measure, 'unit'>, v: number | undefined, f: CellFormat): string {
  if (v === undefined || v === null) return '';
  const locale = f.intl.locale;
  switch (m.unit) {
    case 'money':
      return f.currency ? formatMoney(v, { currency: f.currency, minor: true, locale }) : formatMoney(v, { minor: true, symbol: '', locale });
    case 'rate':
      return f.intl.formatNumber(v, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
    case 'duration':
      return formatDuration(f.intl, v);
    default:
      return formatNumber(v, undefined, locale);
  }
}

/** Seconds as hours and minutes, minutes and seconds, or seconds: the two largest units that matter. */
export function formatDuration(intl: IntlShape, seconds: number): string {
  const t = Math.max(0, Math.round(seconds));
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const s = t % 60;
  if (h > 0) return intl.formatMessage({ id: 'statistics.duration.h' }, { h, m });
  if (m > 0) return intl.formatMessage({ id: 'statistics.duration.m' }, { m, s });
  return intl.formatMessage({ id: 'statistics.duration.s' }, { s });
}

/** The measures shown as columns, in declaration order. */
export const visibleMeasures = (decl: ReportDecl): Measure[] => decl.measures.filter((m) => !m.hidden);
