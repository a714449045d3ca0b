// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { api } from '../../app/api/request';
import { CLOCK_PATH } from '../../app/intl/businessClock';
import { setCurrentScreen } from '../../app/commands';
import { CommandHotkeys } from '../../app/hotkeys/CommandHotkeys';
import { setNotifier, type Notifier } from '../../app/lib/notify';
import { session } from '../../app/state/session';
import { STAT_API, type StatResult } from '../../schemas/statistics';
import { renderUi } from '../../ui/testing';
import { drillHref, lastDays, shiftRange } from './range';
import { ReportScreen } from './ReportScreen';

const PAGE = 'repaymentStatisticsRecord';
const NODES = [`statistics_${PAGE}`, 'statistics_orderStatistics'];

const cohort = (orders: number, settled0: number, amount: number): Record<string, number> => ({
  orders, amount, settled_0: settled0, settled_amount_0: Math.round((amount * settled0) / Math.max(orders, 1)),
  rate_0: orders ? settled0 / orders : 0, amount_rate_0: orders ? settled0 / orders : 0,
});

const RESULT: StatResult = {
  report: PAGE, group_by: 'date', currency: 'USD',
  rows: [{ key: '2026-03-01', values: cohort(8, 6, 80_000) }, { key: '2026-03-02', values: cohort(12, 3, 120_000) }],
  totals: cohort(20, 9, 200_000),
};

let get: ReturnType<typeof vi.spyOn>;
let answer: StatResult;
let prev: Notifier;
const statCalls = () => get.mock.calls.filter((c: unknown[]) => String(c[0]).startsWith('/loanapi/statistics/')).map((c: unknown[]) => c[1] as Record<string, unknown>);

beforeEach(() => {
  session.nodes = NODES;
  answer = RESULT;
  prev = setNotifier(() => undefined);
  get = vi.spyOn(api, 'get').mockImplementation((async (path: string) => {
    if (path === STAT_API(PAGE) || path === STAT_API('orderStatistics')) return answer;
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

function mount(page: Parameters<typeof ReportScreen>[0]['page'], search = '') {
  const mem = memoryLocation({ path: `/statistics/${page}${search}`, record: true });
  renderUi(
    <Router hook={mem.hook} searchHook={mem.searchHook}>
      <CommandHotkeys />
      <ReportScreen page={page} />
    </Router>,
  );
  return mem;
}

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
});

describe('the report screen', () => {
  it('shows the rows, a totals row, rates as percentages with their figures, and drill-down links', async () => {
    mount(PAGE, '?date_from=2026-03-01&date_to=2026-03-02');
    const totals = await screen.findByTestId('report-totals');
    expect(statCalls()[0]).toMatchObject({ date_from: '2026-03-01', date_to: '2026-03-02', group_by: 'date' });
    expect(screen.getAllByTestId('report-row')).toHaveLength(2);
    const orders = totals.querySelector('[data-measure="orders"]')!;
    expect(orders.textContent).toBe('20');
    expect(totals.querySelector('[data-measure="amount"]')!.textContent).toBe('$2,000.00');
    const rate = totals.querySelector('[data-measure="rate_0"]')!;
    expect(rate.textContent).toBe('45.0%');
    expect(rate.getAttribute('title')).toBe('9 / 20');
    // The totals' count opens every due order of the range; a row's opens its own due date.
    expect(within(orders as HTMLElement).getByRole('link').getAttribute('href')).toBe('/review/allOrder?due_from=2026-03-01&due_to=2026-03-02');
    const first = screen.getAllByTestId('report-row')[0].querySelector('[data-measure="orders"] a')!;
    expect(first.getAttribute('href')).toBe('/review/allOrder?due_from=2026-03-01&due_to=2026-03-01');
    // Numerators are not columns of their own.
    expect(totals.querySelector('[data-measure="settled_0"]')).toBeNull();
  });

  it('reads the last 30 business days by default, and says so when they have no rows', async () => {
    answer = { ...RESULT, rows: [], totals: {} };
    mount(PAGE);
    expect((await screen.findByTestId('report-empty')).textContent).toBe('No data');
    expect(statCalls()).toEqual([expect.objectContaining({ date_from: '2026-03-02', date_to: '2026-03-31' })]);
    expect(screen.queryByTestId('report-table')).toBeNull();
  });

  it('shows the error of a failed load instead of figures', async () => {
    get.mockImplementation((async () => { throw new Error('database unavailable'); }) as never);
    mount(PAGE);
    expect((await screen.findByTestId('report-error')).textContent).toBe('database unavailable');
    expect(screen.queryByTestId('report-table')).toBeNull();
  });

  it('states that an unbuilt report is not available, without asking the server', async () => {
    mount('collectionSummaryNew');
    const box = await screen.findByTestId('report-unavailable');
    expect(box.textContent).toContain('This report is not available yet');
    expect(screen.queryByTestId('report-table')).toBeNull();
    expect(statCalls()).toEqual([]);
  });

  it('moves the range forward with ] and back with [, and g switches to the table alone', async () => {
    const mem = mount(PAGE, '?date_from=2026-03-01&date_to=2026-03-07');
    await screen.findByTestId('report-totals');
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
    expect(screen.getByTestId('report-table')).toBeTruthy();
  });
});

function press(key: string, keyCode: number) {
  fireEvent.keyDown(document.body, { key, keyCode, which: keyCode });
  fireEvent.keyUp(document.body, { key, keyCode, which: keyCode });
}
