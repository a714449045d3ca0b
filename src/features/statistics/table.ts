import type { IntlShape } from 'react-intl';
import { keyTitleId, rowLabelOf } from '../../schemas/reports/labels';
import type { GroupBy, Measure, ReportDecl, StatResult, StatRow } from '../../schemas/statistics';
import { formatValue, measureTitle, visibleMeasures, type CellFormat } from './cells';
import { drillHref, type DayRange } from './range';

/**
 * A report's answer as a table, in reading order: the key column then the shown measures; the rows then a totals
 * row. Pure, so the grid (a canvas) and the tests read the same texts, links and hover details.
 */
export interface ReportColumn {
  id: string;
  title: string;
  /** Absent for the key column. */
  measure?: Measure;
}

export interface ReportCell {
  text: string;
  /** Where the figure drills down to (a count with a drill, above zero, that the list can express). */
  href: string | null;
  /** The status line while the cell is pointed at or under the cursor: its row, column and figure (a rate's with its
   *  numerator and denominator); none for the key column. */
  status?: string;
}

export function rowLabel(intl: IntlShape, groupBy: GroupBy, r: Pick<StatRow, 'key' | 'label'>): string {
  const l = rowLabelOf(groupBy, r);
  return 'id' in l ? intl.formatMessage({ id: l.id }) + (l.suffix ?? '') : l.text;
}

/** Id of the key column (date, merchant …). */
export const KEY_COLUMN = '__key';

export function reportColumns(intl: IntlShape, decl: ReportDecl, groupBy: GroupBy): ReportColumn[] {
  return [
    { id: KEY_COLUMN, title: intl.formatMessage({ id: keyTitleId(decl, groupBy) }) },
    ...visibleMeasures(decl).map((m) => ({ id: m.key, title: measureTitle(intl, m), measure: m })),
  ];
}

export interface TableContext {
  decl: ReportDecl;
  result: StatResult;
  query: DayRange & Record<string, unknown>;
  f: CellFormat;
}

/** Rows of the table: the answer's rows and the totals (last). */
export const tableRows = (result: StatResult): number => result.rows.length + 1;

export function reportCell(ctx: TableContext, col: ReportColumn, row: number): ReportCell {
  const { decl, result, query, f } = ctx;
  const r = row < result.rows.length ? result.rows[row] : null;
  const label = r ? rowLabel(f.intl, result.group_by, r) : f.intl.formatMessage({ id: 'statistics.total' });
  if (!col.measure) return { text: label, href: null };
  const m = col.measure;
  const values = r ? r.values : result.totals;
  const v = values[m.key];
  const text = formatValue(m, v, f);
  const href = m.drill && (v ?? 0) > 0 ? drillHref(m.drill, query, result.group_by, r ? r.key : null) : null;
  const parts = { row: label, column: col.title, value: text };
  const rate = rateParts(decl, m, values, f);
  const status = rate
    ? f.intl.formatMessage({ id: 'statistics.cellStatusRate' }, { ...parts, ...rate })
    : f.intl.formatMessage({ id: 'statistics.cellStatus' }, parts);
  return { text, href, status };
}

/** A rate's numerator and denominator as shown (undefined for other units). */
function rateParts(decl: ReportDecl, m: Measure, values: Record<string, number>, f: CellFormat): { numerator: string; denominator: string } | undefined {
  if (m.unit !== 'rate' || !m.numerator || !m.denominator) return undefined;
  const part = (key: string) => formatValue(decl.measures.find((x) => x.key === key) ?? { unit: 'count' }, values[key] ?? 0, f);
  return { numerator: part(m.numerator), denominator: part(m.denominator) };
}
