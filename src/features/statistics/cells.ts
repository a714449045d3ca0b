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
    default:
      return formatNumber(v, undefined, locale);
  }
}

/** "412 / 500" of a rate (the figures it divides), or undefined for other units. */
export function rateDetail(decl: ReportDecl, m: Measure, values: Record<string, number>, f: CellFormat): string | undefined {
  if (m.unit !== 'rate' || !m.numerator || !m.denominator) return undefined;
  const part = (key: string) => {
    const src = decl.measures.find((x) => x.key === key);
    return formatValue(src ?? { unit: 'count' }, values[key] ?? 0, f);
  };
  return `${part(m.numerator)} / ${part(m.denominator)}`;
}

/** The measures shown as columns, in declaration order. */
export const visibleMeasures = (decl: ReportDecl): Measure[] => decl.measures.filter((m) => !m.hidden);
