import { CURRENCY_EXPONENT } from '../../../schemas/merchant';
import { keyTitleId, rowLabelOf } from '../../../schemas/reports/labels';
import { statQuery, type Measure, type ReportDecl, type StatRow } from '../../../schemas/statistics';
import type { Lang } from '../../../schemas/i18n';
import { translate } from '../../i18n';
import type { ExportSource } from '../../list/export';
import { runReport, type ReportSource } from './engine';

/**
 * A report as an export file (the list exports' job runner, progress and signed link): the key column, then every
 * measure in declaration order (a rate's numerator and denominator too, so each rate can be checked), one line per
 * row and a totals line. Figures are numbers: counts as they are, money in major units with the currency in the
 * column's title, rates as percentages (two decimals) with (%) in the title, durations in seconds with (s).
 */
export function reportExportSource(decl: ReportDecl, src: ReportSource): ExportSource {
  return {
    id: `statistics.${decl.id}`,
    async open(d, actor, q, lang) {
      const query = statQuery.parse(q.filters);
      const result = await runReport(d.db, decl, src, query, actor);
      const currency = result.currency;
      const header = [translate(lang, keyTitleId(decl, result.group_by)), ...decl.measures.map((m) => columnTitle(lang, m, currency))];
      const line = (label: string, values: Record<string, number>) => [label, ...decl.measures.map((m) => figure(m, values[m.key], currency))];
      const rows = [
        ...result.rows.map((r) => line(rowText(lang, result.group_by, r), r.values)),
        line(translate(lang, 'statistics.total'), result.totals),
      ];
      return { header, total: rows.length, batches: once(rows) };
    },
  };
}

async function* once(rows: unknown[][]): AsyncIterable<unknown[][]> {
  yield rows;
}

function rowText(lang: Lang, groupBy: Parameters<typeof rowLabelOf>[0], r: StatRow): string {
  const l = rowLabelOf(groupBy, r);
  return 'id' in l ? translate(lang, l.id) + (l.suffix ?? '') : l.text;
}

function columnTitle(lang: Lang, m: Measure, currency: string | null): string {
  const title = translate(lang, m.title, m.titleValues);
  switch (m.unit) {
    case 'money':
      return currency ? translate(lang, 'statistics.export.money', { title, currency }) : title;
    case 'rate':
      return translate(lang, 'statistics.export.percent', { title });
    case 'duration':
      return translate(lang, 'statistics.export.seconds', { title });
    default:
      return title;
  }
}

/** Mixed currencies (no single currency) are shown in units of two decimals, as the screen does. */
const majorDivisor = (currency: string | null) => 10 ** (currency ? CURRENCY_EXPONENT[currency] ?? 2 : 2);

export function figure(m: Pick<Measure, 'unit'>, v: number | undefined, currency: string | null): number {
  const n = Number(v ?? 0);
  switch (m.unit) {
    case 'money':
      return n / majorDivisor(currency);
    case 'rate':
      return Math.round(n * 10_000) / 100;
    default:
      return n;
  }
}
