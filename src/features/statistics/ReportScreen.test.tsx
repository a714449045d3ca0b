// @vitest-environment jsdom
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { api } from '../../app/api/request';
import { CLOCK_PATH } from '../../app/intl/businessClock';
import { setCurrentScreen } from '../../app/commands';
import { CommandHotkeys } from '../../app/hotkeys/CommandHotkeys';
import { setNotifier, type Notifier } from '../../app/lib/notify';
import { session } from '../../app/state/session';
import { reportsOf } from '../../schemas/reports';
import { STAT_API, type StatPage, type StatResult } from '../../schemas/statistics';
import { installDomShims, renderUi, testMessages } from '../../ui/testing';
import { drillHref, lastDays, rowRange, shiftRange } from './range';
import { ReportScreen, TAB_PARAM } from './ReportScreen';

// jsdom draws no canvas: glide's editor is replaced by one that lays the cells it is given out as elements, so the
// tests read what the grid would draw (texts, link cells) and drive its click, hover and key callbacks.
vi.mock('@glideapps/glide-data-grid', async () => {
  const { createElement: h } = await import('react');
  type Item = [number, number];
  interface FakeProps {
    columns: Array<{ id: string; title: string }>;
    rows: number;
    freezeTrailingRows?: number;
    getCellContent: (i: Item) => { displayData: string; cursor?: string };
    onCellClicked?: (i: Item, e: unknown) => void;
    onItemHovered?: (a: unknown) => void;
    onKeyDown?: (e: unknown) => void;
  }
  const DataEditor = (p: FakeProps) => h('div', {
    'data-testid': 'fake-grid', tabIndex: 0, 'data-frozen': p.freezeTrailingRows ?? 0,
    onKeyDown: (e: KeyboardEvent) => p.onKeyDown?.({ key: e.key, shiftKey: e.shiftKey, ctrlKey: e.ctrlKey, metaKey: e.metaKey, altKey: e.altKey,
      cancel: () => undefined, preventDefault: () => e.preventDefault(), stopPropagation: () => e.stopPropagation() }),
  },
  h('div', { 'data-testid': 'grid-header' }, ...p.columns.map((c) => h('span', { key: c.id, 'data-col': c.id }, c.title))),
  ...Array.from({ length: p.rows }, (_, r) => h('div', { key: r, 'data-testid': r === p.rows - 1 ? 'report-totals' : 'report-row' },
    ...p.columns.map((c, i) => {
      const cell = p.getCellContent([i, r]);
      return h('span', {
        key: c.id, 'data-measure': c.id, 'data-link': cell.cursor === 'pointer' ? 'true' : undefined,
        onClick: () => p.onCellClicked?.([i, r], {}),
        onMouseEnter: () => p.onItemHovered?.({ kind: 'cell', location: [i, r] }),
      }, cell.displayData);
    }))));
  return { DataEditor, GridCellKind: { Text: 'text' }, CompactSelection: { empty: () => ({}) } };
});

const PAGE = 'repaymentStatisticsRecord';
const TABBED = 'OverdueAnals';
const NODES = [`statistics_${PAGE}`, 'statistics_orderStatistics', `statistics_${TABBED}`];

const cohort = (orders: number, settled0: number, amount: number): Record<string, number> => ({
  orders, amount, settled_0: settled0, settled_amount_0: Math.round((amount * settled0) / Math.max(orders, 1)),
  rate_0: orders ? settled0 / orders : 0, amount_rate_0: orders ? settled0 / orders : 0,
});

const RESULT: StatResult = {
  report: PAGE, group_by: 'date', currency: 'USD',
  rows: [{ key: '2026-03-01', values: cohort(8, 6, 80_000) }, { key: '2026-03-02', values: cohort(1200, 3, 120_000) }],
  totals: cohort(1208, 9, 200_000),
};

let get: ReturnType<typeof vi.spyOn>;
let answer: StatResult;
let prev: Notifier;
const statCalls = (id = PAGE) => get.mock.calls.filter((c: unknown[]) => String(c[0]) === STAT_API(id)).map((c: unknown[]) => c[1] as Record<string, unknown>);

beforeEach(() => {
  session.nodes = NODES;
  answer = RESULT;
  prev = setNotifier(() => undefined);
  get = vi.spyOn(api, 'get').mockImplementation((async (path: string, q?: Record<string, unknown>) => {
    if (q?.download_excel) return { job_id: 7, file_url: '/loanapi/export/download?id=7&exp=1&sig=x' };
    if (path.startsWith('/loanapi/statistics/')) return { ...answer, report: path.split('/').pop() };
    if (path === CLOCK_PATH) return { time_zone: 'Asia/Ho_Chi_Minh', business_date: '2026-03-31', business_now: '', system_now: '' };
    throw new Error('no options for this account');
  }) as never);
});
afterEach(() => {
  vi.restoreAllMocks();
  setNotifier(prev);
  session.nodes = [];
  setCurrentScreen(null);
});

function tree(page: StatPage, search: string) {
  const mem = memoryLocation({ path: `/statistics/${page}${search}`, record: true });
  const ui = (
    <Router hook={mem.hook} searchHook={mem.searchHook}>
      <CommandHotkeys />
      <ReportScreen page={page} />
    </Router>
  );
  return { mem, ui };
}

function mount(page: StatPage, search = '') {
  const { mem, ui } = tree(page, search);
  renderUi(ui);
  return mem;
}

/** Mounted as the console mounts an Arabic session: right to left, Egyptian Arabic numbers. */
function mountArabic(page: StatPage, search = '') {
  const { mem, ui } = tree(page, search);
  installDomShims();
  const wrap = ({ children }: { children: ReactNode }) => (
    <IntlProvider locale="ar-EG" messages={testMessages('ArEg')} onError={() => undefined}>
      <DirectionProvider initialDirection="rtl"><MantineProvider env="test">{children}</MantineProvider></DirectionProvider>
    </IntlProvider>
  );
  render(ui, { wrapper: wrap });
  return mem;
}

/** The grid loads lazily (its own chunk): the first time takes a while. */
const totalsRow = () => screen.findByTestId('report-totals', {}, { timeout: 10_000 });

const cellOf = (row: HTMLElement, key: string) => row.querySelector<HTMLElement>(`[data-measure="${key}"]`)!;

describe('report ranges and drill-down', () => {
  it('defaults to the last 30 days and moves a range by its own length', () => {
    expect(lastDays('2026-03-31')).toEqual({ date_from: '2026-03-02', date_to: '2026-03-31' });
    expect(shiftRange({ date_from: '2026-03-01', date_to: '2026-03-07' }, 1)).toEqual({ date_from: '2026-03-08', date_to: '2026-03-14' });
    expect(shiftRange({ date_from: '2026-03-01', date_to: '2026-03-01' }, -1)).toEqual({ date_from: '2026-02-28', date_to: '2026-02-28' });
  });

  it('links a count to the all-orders list of its row', () => {
    const q = { date_from: '2026-03-01', date_to: '2026-03-31', merchant_id: 4 };
    expect(drillHref({ on: 'due' }, q, 'date', '2026-03-05')).toBe('/review/allOrder?due_from=2026-03-05&due_to=2026-03-05&merchant_id=4');
    expect(drillHref({ on: 'loan', status: ['overdue', 'extended'] }, q, 'product', '9'))
      .toBe('/review/allOrder?loan_from=2026-03-01&loan_to=2026-03-31&merchant_id=4&product_id=9&status=overdue&status=extended');
    expect(drillHref({ on: 'created' }, q, 'channel', '0')).toBeNull();
  });

  it('drills a week or a month to its days, inside the range', () => {
    const q = { date_from: '2026-02-04', date_to: '2026-03-10' };
    // The week of Monday 2 February starts before the range: its first day is the range's.
    expect(rowRange(q, 'week', '2026-02-02')).toEqual({ date_from: '2026-02-04', date_to: '2026-02-08' });
    expect(rowRange(q, 'week', '2026-02-23')).toEqual({ date_from: '2026-02-23', date_to: '2026-03-01' });
    expect(rowRange(q, 'month', '2026-02-01')).toEqual({ date_from: '2026-02-04', date_to: '2026-02-28' });
    expect(rowRange(q, 'month', '2026-03-01')).toEqual({ date_from: '2026-03-01', date_to: '2026-03-10' });
    expect(rowRange({ date_from: '2024-01-01', date_to: '2024-12-31' }, 'month', '2024-02-01')).toEqual({ date_from: '2024-02-01', date_to: '2024-02-29' });
    expect(drillHref({ on: 'due' }, q, 'week', '2026-02-23')).toBe('/review/allOrder?due_from=2026-02-23&due_to=2026-03-01');
    // The staff filter reaches a list only under its own staff parameter.
    const staff = { ...q, staff_id: 12 };
    expect(drillHref({ on: 'due' }, staff, 'date', '2026-03-05')).toBe('/review/allOrder?due_from=2026-03-05&due_to=2026-03-05');
    expect(drillHref({ path: '/collection/x', on: 'closed', dims: { staff: 'collector_id' } }, staff, 'date', '2026-03-05'))
      .toBe('/collection/x?closed_from=2026-03-05&closed_to=2026-03-05&collector_id=12');
  });
});

describe('the report screen', () => {
  it('shows the rows and a frozen totals row, rates as percentages with their figures on hover, and drill-down links', async () => {
    const mem = mount(PAGE, '?date_from=2026-03-01&date_to=2026-03-02');
    const totals = await totalsRow();
    expect(statCalls()[0]).toMatchObject({ date_from: '2026-03-01', date_to: '2026-03-02', group_by: 'date' });
    expect(screen.getByTestId('fake-grid').getAttribute('data-frozen')).toBe('1');
    expect(screen.getAllByTestId('report-row')).toHaveLength(2);
    expect(cellOf(totals, '__key').textContent).toBe('Total');
    expect(cellOf(totals, 'orders').textContent).toBe('1,208');
    expect(cellOf(totals, 'amount').textContent).toBe('$2,000.00');
    const rate = cellOf(totals, 'rate_0');
    expect(rate.textContent).toBe('0.7%');
    // Numerators are not columns of their own.
    expect(cellOf(totals, 'settled_0')).toBeNull();
    fireEvent.mouseEnter(rate);
    expect(screen.getByTestId('report-status').textContent).toBe('Total · Repayment rate D: 0.7% (9 of 1,208)');
    fireEvent.mouseEnter(cellOf(screen.getAllByTestId('report-row')[1], 'orders'));
    expect(screen.getByTestId('report-status').textContent).toBe('2026-03-02 · Orders due: 1,200');
    expect(screen.getByTestId('report-drill-hint')).toBeTruthy();

    // A count with a drill is a link; the totals' opens every due order of the range, a row's its own due date.
    expect(cellOf(totals, 'amount').getAttribute('data-link')).toBeNull();
    fireEvent.click(cellOf(totals, 'orders'));
    expect(mem.history.at(-1)).toBe('/review/allOrder?due_from=2026-03-01&due_to=2026-03-02');
  });

  it('opens the figure under the cursor with Enter', async () => {
    const mem = mount(PAGE, '?date_from=2026-03-01&date_to=2026-03-02');
    await totalsRow();
    const grid = screen.getByTestId('fake-grid');
    // The first key puts the cursor on the first cell; → moves to Orders due, ↓ to the second day.
    for (const key of ['ArrowDown', 'ArrowRight', 'ArrowDown']) fireEvent.keyDown(grid, { key });
    fireEvent.keyDown(grid, { key: 'Enter' });
    await waitFor(() => expect(mem.history.at(-1)).toBe('/review/allOrder?due_from=2026-03-02&due_to=2026-03-02'));
  });

  it('reads the last 30 business days by default, and says so when they have no rows', async () => {
    answer = { ...RESULT, rows: [], totals: {} };
    mount(PAGE);
    expect((await screen.findByTestId('report-empty')).textContent).toBe('No data');
    expect(statCalls()).toEqual([expect.objectContaining({ date_from: '2026-03-02', date_to: '2026-03-31' })]);
    expect(screen.queryByTestId('report-grid')).toBeNull();
  });

  it('shows the error of a failed load instead of figures', async () => {
    get.mockImplementation((async () => { throw new Error('database unavailable'); }) as never);
    mount(PAGE);
    expect((await screen.findByTestId('report-error')).textContent).toBe('database unavailable');
    expect(screen.queryByTestId('report-grid')).toBeNull();
  });

  it('warns that amounts mix currencies', async () => {
    answer = { ...RESULT, currency: null };
    mount(PAGE, '?date_from=2026-03-01&date_to=2026-03-02');
    const totals = await totalsRow();
    expect(screen.getByTestId('report-mixed')).toBeTruthy();
    expect(cellOf(totals, 'amount').textContent).toBe('2,000.00');
  });

  it('states that an unbuilt report is not available, without asking the server', async () => {
    const unbuilt = (['marketingPersonnel', 'collectionSummaryNew', 'withdrawShare'] as const).find((p) => reportsOf(p).length === 0);
    if (!unbuilt) return; // every page has its report now
    mount(unbuilt);
    const box = await screen.findByTestId('report-unavailable');
    expect(box.textContent).toContain('This report is not available yet');
    expect(get.mock.calls.filter((c: unknown[]) => String(c[0]).startsWith('/loanapi/statistics/'))).toEqual([]);
  });

  it('moves the range forward with ] and back with [, and g switches to the grid alone', async () => {
    const mem = mount(PAGE, '?date_from=2026-03-01&date_to=2026-03-07');
    await totalsRow();
    await act(async () => press(']', 221));
    await waitFor(() => expect(statCalls().at(-1)).toMatchObject({ date_from: '2026-03-08', date_to: '2026-03-14' }));
    expect(mem.history.at(-1)).toContain('date_from=2026-03-08');
    await act(async () => press('[', 219));
    await act(async () => press('[', 219));
    await waitFor(() => expect(statCalls().at(-1)).toMatchObject({ date_from: '2026-02-22', date_to: '2026-02-28' }));

    expect(screen.getByTestId('report-view').querySelector('input:checked')!.getAttribute('value')).toBe('chart');
    await act(async () => press('g', 71));
    await waitFor(() => expect(screen.getByTestId('report-view').querySelector('input:checked')!.getAttribute('value')).toBe('table'));
    expect(screen.queryByTestId('report-chart')).toBeNull();
    expect(screen.getByTestId('report-grid')).toBeTruthy();
  });

  it('e asks CSV or XLSX and exports the report with its query', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    mount(PAGE, '?date_from=2026-03-01&date_to=2026-03-02&group_by=merchant');
    await totalsRow();
    await act(async () => press('e', 69));
    fireEvent.click(await screen.findByText('CSV (.csv)'));
    await screen.findByTestId('export-done');
    expect(get).toHaveBeenCalledWith(STAT_API(PAGE), { date_from: '2026-03-01', date_to: '2026-03-02', group_by: 'merchant', download_excel: 1, format: 'csv' }, expect.anything());
    expect(open).toHaveBeenCalledWith('/loanapi/export/download?id=7&exp=1&sig=x', '_blank');
  });

  it('shows the reports of a page as tabs, the active one in the URL', async () => {
    const decls = reportsOf(TABBED);
    expect(decls.length).toBeGreaterThan(1);
    const mem = mount(TABBED, '?date_from=2026-03-01&date_to=2026-03-31&group_by=merchant');
    await totalsRow();
    const tabs = within(screen.getByTestId('report-tabs')).getAllByRole('tab');
    expect(tabs).toHaveLength(decls.length);
    expect(statCalls(decls[0].id).at(-1)).toMatchObject({ group_by: 'merchant' });
    fireEvent.click(tabs[1]);
    await waitFor(() => expect(statCalls(decls[1].id)).toHaveLength(1));
    // Same range, the new tab's own default grouping.
    expect(statCalls(decls[1].id)[0]).toMatchObject({ date_from: '2026-03-01', date_to: '2026-03-31', group_by: decls[1].defaultGroupBy ?? 'date' });
    expect(mem.history.at(-1)).toContain(`${TAB_PARAM}=${decls[1].id}`);
    expect(screen.getByTestId('report-screen').getAttribute('data-report')).toBe(decls[1].id);
  });

  it('in Arabic: columns mirrored (the key column last), numbers in Arabic digits, titles translated', async () => {
    mountArabic(PAGE, '?date_from=2026-03-01&date_to=2026-03-02');
    const totals = await totalsRow();
    const cols = [...screen.getByTestId('grid-header').querySelectorAll('span')].map((s) => s.getAttribute('data-col'));
    expect(cols.at(-1)).toBe('__key');
    expect(cols[0]).not.toBe('orders');
    expect(cellOf(totals, '__key').textContent).toBe('الإجمالي');
    expect(cellOf(totals, 'orders').textContent).toBe('١٬٢٠٨');
  });
});

function press(key: string, keyCode: number) {
  fireEvent.keyDown(document.body, { key, keyCode, which: keyCode });
  fireEvent.keyUp(document.body, { key, keyCode, which: keyCode });
}
