import { Alert, Anchor, Group, Loader, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Link } from 'wouter';
import { z } from 'zod';
import { api } from '../../app/api/request';
import { useCommandUi } from '../../app/commands';
import { businessClock } from '../../app/intl/businessClock';
import type { FilterOptions } from '../../schemas/client';
import { reportsOf } from '../../schemas/reports';
import { STAT_API, statQuery, type GroupBy, type Measure, type ReportDecl, type StatPage, type StatResult, type StatRow } from '../../schemas/statistics';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import type { Filters } from '../../ui/filterQuery';
import { useRemote } from '../../ui/useRemote';
import { formatValue, measureTitle, rateDetail, visibleMeasures, type CellFormat } from './cells';
import { drillHref, lastDays, localDay, shiftRange, type DayRange } from './range';

const ReportChart = lazy(() => import('./ReportChart'));

const OPTIONS = '/loanapi/customer/filter_options';
/** Title of the key column by grouping (the date's title comes from the declaration). */
const KEY_TITLES: Partial<Record<GroupBy, string>> = {
  merchant: 'field.merchant_id', product: 'field.product_id', channel: 'field.channel_id', customer_type: 'field.customer_type',
};
export type ReportView = 'chart' | 'table';

/** The filter row of a report: its date range, the filters and groupings it declares (the server's own query fields). */
function filterSchema(decl: ReportDecl) {
  const s = statQuery.shape;
  const picked = Object.fromEntries(decl.filters.map((k) => [k, s[k]]));
  return z.object({
    date_from: s.date_from.optional(), date_to: s.date_to.optional(), ...picked,
    group_by: z.enum(decl.groupBys as [GroupBy, ...GroupBy[]]).optional(),
  });
}

const screens = new Map<StatPage, ComponentType>();

/** The screen of one statistics page (one component per page, so the router can mount it without props). */
export function reportScreen(page: StatPage): ComponentType {
  let c = screens.get(page);
  if (!c) {
    c = function StatisticsPage() {
      return <ReportScreen page={page} />;
    };
    screens.set(page, c);
  }
  return c;
}

/**
 * A /statistics page: the declared report (src/schemas/statistics.ts) with its filters, default chart and a table
 * with a totals row; or, while its report is not built, a plain statement that it is not available.
 * Keys (registry actions of the screen): g chart and table / table only, [ and ] the previous / next period.
 */
export function ReportScreen({ page }: { page: StatPage }) {
  const decl = reportsOf(page)[0];
  const [today, setToday] = useState<string | null>(null);
  useEffect(() => {
    if (!decl) return undefined;
    let live = true;
    // "The last 30 days" end on the market's business date; the browser's date only when the clock cannot be read.
    void businessClock().then((c) => live && setToday(c?.business_date ?? localDay(new Date())));
    return () => {
      live = false;
    };
  }, [decl]);
  if (!decl) return <NotAvailable page={page} />;
  return today ? <Report decl={decl} today={today} /> : <Group justify="center" p="lg"><Loader size="sm" /></Group>;
}

function NotAvailable({ page }: { page: StatPage }) {
  const intl = useIntl();
  return (
    <Stack gap="sm" data-testid="report-unavailable">
      <Title order={4}>{intl.formatMessage({ id: `route.statistics.${page}` })}</Title>
      <Alert color="gray" title={intl.formatMessage({ id: 'statistics.notAvailable' })}>
        {intl.formatMessage({ id: 'statistics.notAvailableBody' })}
      </Alert>
    </Stack>
  );
}

function Report({ decl, today }: { decl: ReportDecl; today: string }) {
  const intl = useIntl();
  const schema = useMemo(() => filterSchema(decl), [decl]);
  const [filters, setFilters] = useUrlFilters(schema);
  const range: DayRange = filters.date_from && filters.date_to
    ? { date_from: String(filters.date_from), date_to: String(filters.date_to) }
    : lastDays(today);
  const groupBy = (filters.group_by as GroupBy | undefined) ?? 'date';
  const query: Filters & DayRange = { ...filters, ...range, group_by: groupBy };
  const queryKey = JSON.stringify(query);
  const result = useRemote((signal) => api.get<StatResult>(STAT_API(decl.id), query, { silent: true, signal }), [decl.id, queryKey]);
  const options = useRemote((signal) => api.get<FilterOptions>(OPTIONS, undefined, { silent: true, signal }), []).data;
  const [view, setView] = useState<ReportView>('chart');

  const screenId = `statistics.${decl.id}`;
  useCommandUi(`${screenId}.toggleView`, () => setView((v) => (v === 'chart' ? 'table' : 'chart')));
  useCommandUi(`${screenId}.rangeBack`, () => setFilters({ ...query, ...shiftRange(range, -1) }));
  useCommandUi(`${screenId}.rangeForward`, () => setFilters({ ...query, ...shiftRange(range, 1) }));

  const choices = useMemo(() => ({
    merchant_id: (options?.merchants ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` })),
    product_id: (options?.products ?? []).map((p) => ({ value: String(p.id), label: p.name })),
    channel_id: (options?.channels ?? []).map((c) => ({ value: String(c.id), label: c.name })),
  }), [options]);
  // Without the options (an account that may not read them) the ids are typed in.
  const shownChoices = options ? choices : undefined;

  const data = result.data;
  const f: CellFormat = { intl, currency: data?.currency ?? null };
  const rows = data?.rows ?? [];
  const empty = !!data && rows.length === 0;

  return (
    <Stack gap="sm" data-testid="report-screen" data-report={decl.id}>
      <FilterBar schema={schema} value={query} onApply={setFilters} titles={{ date: decl.dateTitle }} choices={shownChoices}
        onRefresh={result.reload} busy={result.loading}>
        <SegmentedControl size="xs" value={view} onChange={(v) => setView(v as ReportView)} data-testid="report-view"
          data={[{ value: 'chart', label: intl.formatMessage({ id: 'statistics.view.chart' }) }, { value: 'table', label: intl.formatMessage({ id: 'statistics.view.table' }) }]} />
      </FilterBar>
      <Text size="xs" c="dimmed" data-testid="report-range">
        {intl.formatMessage({ id: 'statistics.rangeHint' }, { from: isolate(range.date_from), to: isolate(range.date_to) })}
      </Text>
      {result.error && !result.loading && <Alert color="red" data-testid="report-error">{result.error}</Alert>}
      {!data && result.loading && <Group justify="center" p="lg"><Loader size="sm" /></Group>}
      {empty && <Paper withBorder p="lg" ta="center" c="dimmed" data-testid="report-empty">{intl.formatMessage({ id: 'common.noData' })}</Paper>}
      {data && !empty && data.currency === null && hasMoney(decl) && (
        <Text size="xs" c="orange" data-testid="report-mixed">{intl.formatMessage({ id: 'statistics.mixedCurrencies' })}</Text>
      )}
      {data && !empty && view === 'chart' && (
        <Paper withBorder p="xs">
          <Suspense fallback={<Group justify="center" h={280}><Loader size="sm" /></Group>}>
            <ReportChart decl={decl} currency={data.currency} points={rows.map((r) => ({ name: rowLabel(intl, data.group_by, r), values: r.values }))} />
          </Suspense>
        </Paper>
      )}
      {data && !empty && <ReportTable decl={decl} result={data} query={query} f={f} />}
    </Stack>
  );
}

/** A date kept in reading order inside right-to-left text. */
const isolate = (s: string) => `\u2068${s}\u2069`;

const hasMoney = (decl: ReportDecl) => decl.measures.some((m) => m.unit === 'money');

function rowLabel(intl: IntlShape, groupBy: GroupBy, r: StatRow): string {
  if (groupBy === 'customer_type') return intl.formatMessage({ id: `option.customer_type.${r.key}` });
  if (groupBy === 'channel' && r.key === '0') return intl.formatMessage({ id: 'statistics.noChannel' });
  return r.label ?? r.key;
}

interface TableProps {
  decl: ReportDecl;
  result: StatResult;
  query: Filters & DayRange;
  f: CellFormat;
}

function ReportTable({ decl, result, query, f }: TableProps) {
  const { intl } = f;
  const measures = visibleMeasures(decl);
  const keyTitle = intl.formatMessage({ id: result.group_by === 'date' ? decl.dateTitle : KEY_TITLES[result.group_by] ?? `statistics.group.${result.group_by}` });
  const cell = (m: Measure, values: Record<string, number>, rowKey: string | null) => {
    const text = formatValue(m, values[m.key], f);
    const href = m.drill && (values[m.key] ?? 0) > 0 ? drillHref(m.drill, query, result.group_by, rowKey) : null;
    return (
      <Table.Td key={m.key} ta="end" title={rateDetail(decl, m, values, f)} data-measure={m.key} style={{ whiteSpace: 'nowrap' }}>
        {href ? <Anchor component={Link} href={href} size="sm">{text}</Anchor> : text}
      </Table.Td>
    );
  };
  return (
    <Table.ScrollContainer minWidth={Math.max(600, 140 + measures.length * 110)}>
      <Table striped highlightOnHover withTableBorder stickyHeader fz="sm" data-testid="report-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{keyTitle}</Table.Th>
            {measures.map((m) => <Table.Th key={m.key} ta="end">{measureTitle(intl, m)}</Table.Th>)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.rows.map((r) => (
            <Table.Tr key={r.key} data-testid="report-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{rowLabel(intl, result.group_by, r)}</Table.Td>
              {measures.map((m) => cell(m, r.values, r.key))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-testid="report-totals" fw={700}>
            <Table.Td>{intl.formatMessage({ id: 'statistics.total' })}</Table.Td>
            {measures.map((m) => cell(m, result.totals, null))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
