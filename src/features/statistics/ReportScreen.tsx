import { Alert, Group, Loader, Paper, SegmentedControl, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useSearchParams } from 'wouter';
import { useSnapshot } from 'valtio';
import { z } from 'zod';
import { hasAnyRole, pageKey } from '../../../commands/permissions';
import { api } from '../../app/api/request';
import { useCommandUi } from '../../app/commands';
import { businessClock } from '../../app/intl/businessClock';
import { session } from '../../app/state/session';
import type { FilterOptions } from '../../schemas/client';
import type { AccountRow } from '../../schemas/empower';
import { reportsOf } from '../../schemas/reports';
import { STAT_API, statQuery, type GroupBy, type ReportDecl, type StatPage, type StatResult } from '../../schemas/statistics';
import { ExportButton } from '../../ui/DataGrid/ExportButton';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import type { Filters } from '../../ui/filterQuery';
import { useRemote } from '../../ui/useRemote';
import type { CellFormat } from './cells';
import { lastDays, localDay, shiftRange, type DayRange } from './range';
import { rowLabel } from './table';

// Both heavy parts load on first use, in their own chunks ('charts': recharts; 'grid': glide).
const ReportChart = lazy(() => import('./ReportChart'));
const ReportGrid = lazy(() => import('./ReportGrid'));

const OPTIONS = '/loanapi/customer/filter_options';
const STAFF = '/loanapi/admin_account/list';
/** The URL parameter naming the active tab of a page with several reports. */
export const TAB_PARAM = 'report';
export type ReportView = 'chart' | 'table';

/** The grouping a report shows when the URL names none (the engine answers the same). */
export const defaultGroupBy = (decl: ReportDecl): GroupBy =>
  decl.defaultGroupBy ?? (decl.groupBys.includes('date') ? 'date' : decl.groupBys[0] ?? 'date');

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
 * A /statistics page: its declared reports (src/schemas/reports), several as tabs (the active one in the URL), each
 * with its filters, default chart and a canvas grid with a totals row; or, while no report is built, a plain
 * statement that it is not available.
 * Keys (registry actions of the page, acting on the active tab): g chart and grid / grid only, [ and ] the previous /
 * next period, e export.
 */
export function ReportScreen({ page }: { page: StatPage }) {
  const decls = reportsOf(page);
  const [today, setToday] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const built = decls.length > 0;
  useEffect(() => {
    if (!built) return undefined;
    let live = true;
    // "The last 30 days" end on the market's business date; the browser's date only when the clock cannot be read.
    void businessClock().then((c) => live && setToday(c?.business_date ?? localDay(new Date())));
    return () => {
      live = false;
    };
  }, [built]);
  if (!built) return <NotAvailable page={page} />;
  const decl = decls.find((d) => d.id === params.get(TAB_PARAM)) ?? decls[0];
  const report = today ? <Report key={decl.id} decl={decl} today={today} /> : <Group justify="center" p="lg"><Loader size="sm" /></Group>;
  if (decls.length === 1) return report;
  // Another tab keeps the date range and the slices it also has; its own grouping starts from its default.
  const select = (id: string | null) => {
    const next = decls.find((d) => d.id === id);
    if (!next || next.id === decl.id) return;
    const q = new URLSearchParams();
    q.set(TAB_PARAM, next.id);
    for (const k of ['date_from', 'date_to', ...next.filters]) {
      const v = params.get(k);
      if (v !== null) q.set(k, v);
    }
    setParams(q);
  };
  return (
    <Tabs value={decl.id} onChange={select} keepMounted={false} data-testid="report-tabs">
      <Tabs.List mb="sm">
        {decls.map((d) => <Tabs.Tab key={d.id} value={d.id} data-report={d.id}><TabTitle decl={d} /></Tabs.Tab>)}
      </Tabs.List>
      {report}
    </Tabs>
  );
}

function TabTitle({ decl }: { decl: ReportDecl }) {
  const intl = useIntl();
  return <>{intl.formatMessage({ id: decl.tab ?? `route.statistics.${decl.page}` })}</>;
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

/** Staff to choose from, when the account may read the account list (else the id is typed in). */
function useStaffChoices(wanted: boolean) {
  const { nodes } = useSnapshot(session);
  const allowed = wanted && hasAnyRole(nodes as string[], [pageKey('SysEmpower', 'user')]);
  const staff = useRemote((signal) => (allowed
    ? api.get<{ rows: AccountRow[] }>(STAFF, { page_size: 500 }, { silent: true, signal })
    : Promise.resolve(undefined)), [allowed]).data;
  return useMemo(() => staff?.rows.map((a) => ({ value: String(a.id), label: a.name ? `${a.name} (${a.account})` : a.account })), [staff]);
}

function Report({ decl, today }: { decl: ReportDecl; today: string }) {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const schema = useMemo(() => filterSchema(decl), [decl]);
  const [filters, setFilters] = useUrlFilters(schema);
  const range: DayRange = filters.date_from && filters.date_to
    ? { date_from: String(filters.date_from), date_to: String(filters.date_to) }
    : lastDays(today);
  const groupBy = (filters.group_by as GroupBy | undefined) ?? defaultGroupBy(decl);
  const query: Filters & DayRange = { ...filters, ...range, group_by: groupBy };
  const queryKey = JSON.stringify(query);
  const result = useRemote((signal) => api.get<StatResult>(STAT_API(decl.id), query, { silent: true, signal }), [decl.id, queryKey]);
  const options = useRemote((signal) => api.get<FilterOptions>(OPTIONS, undefined, { silent: true, signal }), []).data;
  const staff = useStaffChoices(decl.filters.includes('staff_id'));
  const [view, setView] = useState<ReportView>('chart');
  const exportBox = useRef<HTMLDivElement>(null);

  // The page's actions (one set per page, whichever tab is shown).
  const screenId = `statistics.${decl.page}`;
  useCommandUi(`${screenId}.toggleView`, () => setView((v) => (v === 'chart' ? 'table' : 'chart')));
  useCommandUi(`${screenId}.rangeBack`, () => setFilters({ ...query, ...shiftRange(range, -1) }));
  useCommandUi(`${screenId}.rangeForward`, () => setFilters({ ...query, ...shiftRange(range, 1) }));
  // e opens the export button's format menu (CSV / XLSX), whose progress and download link show beside it.
  useCommandUi(`${screenId}.export`, () => exportBox.current?.querySelector<HTMLButtonElement>('[data-testid="export-button"]:not(:disabled)')?.click());

  const choices = useMemo(() => {
    if (!options) return staff ? { staff_id: staff } : undefined;
    return {
      merchant_id: options.merchants.map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` })),
      product_id: options.products.map((p) => ({ value: String(p.id), label: p.name })),
      channel_id: options.channels.map((c) => ({ value: String(c.id), label: c.name })),
      ...(staff ? { staff_id: staff } : {}),
    };
  }, [options, staff]);

  const data = result.data;
  const f = useMemo<CellFormat>(() => ({ intl, currency: data?.currency ?? null }), [intl, data?.currency]);
  const rows = data?.rows ?? [];
  const empty = !!data && rows.length === 0;
  const onDrill = useCallback((href: string) => navigate(href), [navigate]);
  const points = useMemo(() => (data ? data.rows.map((r) => ({ name: rowLabel(intl, data.group_by, r), values: r.values })) : []), [data, intl]);
  // The query of the answer shown (the drill links of its rows), not of the one loading.
  const shownQuery = useMemo(() => query, [data]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Stack gap="sm" data-testid="report-screen" data-report={decl.id} data-view={view}>
      <FilterBar schema={schema} value={query} onApply={setFilters} titles={{ date: decl.dateTitle, staff_id: 'statistics.staffId' }} choices={choices}
        onRefresh={result.reload} busy={result.loading}>
        <SegmentedControl size="xs" value={view} onChange={(v) => setView(v as ReportView)} data-testid="report-view"
          data={[{ value: 'chart', label: intl.formatMessage({ id: 'statistics.view.chart' }) }, { value: 'table', label: intl.formatMessage({ id: 'statistics.view.table' }) }]} />
        <div ref={exportBox}>
          <ExportButton url={STAT_API(decl.id)} filters={query} />
        </div>
      </FilterBar>
      <Text size="xs" c="dimmed" data-testid="report-range">
        {intl.formatMessage({ id: 'statistics.rangeHint' }, { from: isolate(range.date_from), to: isolate(range.date_to) })}
      </Text>
      {result.error && !result.loading && <Alert color="red" data-testid="report-error">{result.error}</Alert>}
      {!data && result.loading && <Group justify="center" p="lg" data-testid="report-loading"><Loader size="sm" /></Group>}
      {empty && <Paper withBorder p="lg" ta="center" c="dimmed" data-testid="report-empty">{intl.formatMessage({ id: 'common.noData' })}</Paper>}
      {data && !empty && data.currency === null && hasMoney(decl) && (
        <Text size="xs" c="orange" data-testid="report-mixed">{intl.formatMessage({ id: 'statistics.mixedCurrencies' })}</Text>
      )}
      {data && !empty && view === 'chart' && (
        <Paper withBorder p="xs">
          <Suspense fallback={<Group justify="center" h={280}><Loader size="sm" /></Group>}>
            <ReportChart decl={decl} currency={data.currency} points={points} />
          </Suspense>
        </Paper>
      )}
      {data && !empty && (
        <Suspense fallback={<Skeleton height={240} radius="sm" data-testid="report-grid-loading" />}>
          <ReportGrid decl={decl} result={data} query={shownQuery} f={f} onDrill={onDrill} maxHeight={view === 'chart' ? 420 : 680} />
        </Suspense>
      )}
    </Stack>
  );
}

/** A date kept in reading order inside right-to-left text. */
const isolate = (s: string) => `\u2068${s}\u2069`;

const hasMoney = (decl: ReportDecl) => decl.measures.some((m) => m.unit === 'money');
