// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createIntl } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPER_KEY } from '../../../commands/permissions';
import { api, ApiError } from '../../app/api/request';
import { COMMAND_DONE_EVENT } from '../../app/commands';
import { setNotifier, type Notifier } from '../../app/lib/notify';
import { session } from '../../app/state/session';
import { COLLECTION_API } from '../../schemas/collection';
import { SUPERVISE_API, type AlertRow, type CaseListRow, type LiveCounts, type RefundOrderRow, type SuperviseOptions } from '../../schemas/collectionSupervise';
import { renderUi, testMessages } from '../../ui/testing';
import { LIVE_REFRESH_MS, RUN_DAY_COMMAND } from './BoardPanels';
import { boardColumns, promptColumns } from './columns';
import { RefundDialog, toMajor, toMinor } from './RefundDialog';
import { AllocationScreen, BoardScreen, PoolScreen, PromptScreen, RefundScreen, SuccessScreen } from './screens';

// The canvas grid needs a real browser (the e2e tests cover it); here a stub shows which list it would read.
vi.mock('../../ui/DataGrid', () => ({
  DataGrid: (p: { url: string; screenId: string; filters: Record<string, unknown> }) => <div data-testid="grid">{`${p.screenId} ${p.url} ${JSON.stringify(p.filters)}`}</div>,
}));

const OPTIONS: SuperviseOptions = {
  merchants: [{ id: 3, name: 'Saigon Credit', code: 'SGC', currency: 'USD' }],
  stages: [{ id: 11, merchant_id: 3, name: 'D-2..D0', reminder: true, enabled: true }, { id: 12, merchant_id: 3, name: 'S1', reminder: false, enabled: true }],
  collectors: [{ id: 41, name: 'Vo Thanh Son', account: 'collector' }],
  results: [{ value: 'answered', label: 'Answered' }],
};
const COUNTS: LiveCounts = {
  dates: { 3: '2026-03-10' }, pool: 2, at: '2026-03-10T03:00:00.000Z',
  rows: [{
    collector_id: 41, name: 'Vo Thanh Son', account: 'collector', enabled: true, held: 7, new_today: 30, cap: 30, results_today: 12,
    promises_pending: 3, promises_kept: 1, promises_broken: 2, promises_replaced: 4, recovered_today: [{ currency: 'USD', amount: 125_050 }],
  }],
};
const ALERTS: AlertRow[] = [{ id: 1, merchant_id: 3, merchant_name: 'Saigon Credit', stage_id: 12, stage_name: 'S1', business_date: '2026-03-10', unassigned: 4, pool_now: 2, created_at: '2026-03-10T02:00:00.000Z' }];

let get: ReturnType<typeof vi.spyOn>;
let call: ReturnType<typeof vi.spyOn>;
let prev: Notifier;
let notes: string[];
beforeEach(() => {
  session.nodes = [SUPER_KEY];
  notes = [];
  prev = setNotifier((_k, m) => notes.push(m));
});
afterEach(() => {
  get?.mockRestore();
  call?.mockRestore();
  setNotifier(prev);
  session.nodes = [];
  vi.useRealTimers();
});

function mockGets(counts: LiveCounts = COUNTS, alerts: AlertRow[] = ALERTS) {
  get = vi.spyOn(api, 'get').mockImplementation((async (path: string) => {
    if (path === SUPERVISE_API.options) return OPTIONS;
    if (path === COLLECTION_API.liveCounts) return counts;
    if (path === COLLECTION_API.alerts) return alerts;
    return [];
  }) as never);
}
const calls = (path: string) => get.mock.calls.filter((c: unknown[]) => c[0] === path).length;

describe('screens read their lists', () => {
  it.each([
    [PoolScreen, 'collection.collectionRemark /loanapi/collection/pool'],
    [BoardScreen, 'collection.CollectionServiceManagement /loanapi/collection/cases'],
    [PromptScreen, 'collection.collectionPromptList /loanapi/collection/prompt_list'],
    [SuccessScreen, 'collection.collectionSuccess /loanapi/collection/success_list'],
    [RefundScreen, 'collection.refundTheAmount /loanapi/collection/refund_list'],
    [AllocationScreen, 'collection.CollectionAllocationQuery /loanapi/collection/allocation_log'],
  ])('%o', async (Screen, expected) => {
    mockGets();
    renderUi(<Screen />);
    expect((await screen.findByTestId('grid')).textContent).toContain(expected);
  });

  it('builds the filters from the schemas, with stages and collectors of the scope and the area’s words', async () => {
    mockGets();
    renderUi(<PoolScreen />);
    await screen.findByTestId('grid');
    expect(screen.getAllByLabelText('Stage').length).toBeGreaterThan(0);
    expect(screen.getAllByLabelText('Claimable by me').length).toBeGreaterThan(0);
    expect(screen.getAllByLabelText('Days from due, from').length).toBeGreaterThan(0);
  });

  it('the allocation log filters by stage and collector on each side, the time as dates (not the raw from / to)', async () => {
    mockGets();
    const { container } = renderUi(<AllocationScreen />);
    await screen.findByTestId('grid');
    expect(screen.getAllByLabelText('From collector').length).toBeGreaterThan(0);
    expect(screen.getAllByLabelText('To stage').length).toBeGreaterThan(0);
    expect(container.querySelector('input[name="at_from"]')).not.toBeNull();
    expect(container.querySelector('input[name="from"]')).toBeNull();
  });
});

describe('the supervisor’s board', () => {
  it('shows the capacity alerts prominently and the live counts per collector', async () => {
    mockGets();
    renderUi(<BoardScreen />);
    const alerts = await screen.findByTestId('collection-alerts');
    expect(alerts.textContent).toContain('S1 · Saigon Credit · 2026-03-10: 4 unassigned (2 still in the pool)');
    const row = await screen.findByTestId('live-41');
    expect(row.textContent).toContain('Vo Thanh Son');
    expect(row.textContent).toContain('30 / 30');
    // A replaced promise is counted apart from the broken ones.
    expect(row.textContent).toContain('3 pending · 1 kept · 2 broken · 4 replaced today');
    expect(row.textContent).toContain('$1,250.50');
    expect(screen.getByTestId('collection-pool-count').textContent).toBe('2 in the pool');
  });

  it('reads the live counts again every 15 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockGets();
    renderUi(<BoardScreen />);
    await screen.findByTestId('live-41');
    const before = calls(COLLECTION_API.liveCounts);
    await act(async () => { vi.advanceTimersByTime(LIVE_REFRESH_MS + 10); });
    await waitFor(() => expect(calls(COLLECTION_API.liveCounts)).toBe(before + 1));
  });

  it('says when there are no collectors and shows no alert box without alerts', async () => {
    mockGets({ ...COUNTS, rows: [], pool: 0 }, []);
    renderUi(<BoardScreen />);
    expect((await screen.findByTestId('collection-live-empty')).textContent).toBe('No collectors in these merchants yet');
    expect(screen.queryByTestId('collection-alerts')).toBeNull();
  });

  it('shows what “run the collection day now” did', async () => {
    mockGets();
    renderUi(<BoardScreen />);
    await screen.findByTestId('live-41');
    const result = { ran: true, merchants: [{ merchantId: 3, businessDate: '2026-03-10', entered: 5, restaged: 1, closed: 0, promisesBroken: 2, reassigned: 0, assigned: 4, unassigned: 1, skipped: false }] };
    act(() => { window.dispatchEvent(new CustomEvent(COMMAND_DONE_EVENT, { detail: { id: RUN_DAY_COMMAND, result, selection: [] } })); });
    const panel = await screen.findByTestId('collection-day-result');
    expect(panel.textContent).toContain('Collection day run');
    expect(panel.textContent).toContain('5 entered');
    expect(panel.textContent).toContain('4 assigned');
    expect(panel.textContent).toContain('1 left in the pool');
  });
});

describe('refund dialog', () => {
  const ROW = { id: 77, order_no: 'LN77', customer_name: 'Le Thi Hoa', merchant_name: 'Saigon Credit', currency: 'USD', credit: 5_000 } as RefundOrderRow;

  it('converts amounts with the currency’s digits', () => {
    expect(toMinor(12.5, 'USD')).toBe(1250);
    expect(toMinor(20_000, 'VND')).toBe(20_000);
    expect(toMajor(5_000, 'USD')).toBe(50);
  });

  it('shows the credit, proposes all of it and sends minor units for the selected order with an idempotency key', async () => {
    call = vi.spyOn(api, 'call').mockResolvedValue({ order_id: 77, order_no: 'LN77', currency: 'USD', amount: 2_000, credit_before: 5_000, credit: 3_000, posting_id: 9 } as never);
    renderUi(<RefundDialog row={ROW} onClose={() => undefined} />);
    expect((await screen.findByTestId('refund-credit')).textContent).toBe('$50.00');
    const amount = screen.getByRole('textbox', { name: /Amount in USD/ }) as HTMLInputElement;
    expect(amount.value).toBe('50');
    fireEvent.change(amount, { target: { value: '20' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), { target: { value: 'customer asked' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0][0]).toEqual({ method: 'POST', path: COLLECTION_API.refund });
    expect(call.mock.calls[0][1]).toEqual({ id: 77, amount: 2_000, reason: 'customer asked' });
    expect((call.mock.calls[0][2] as { idempotencyKey?: string }).idempotencyKey).toBeTruthy();
    await waitFor(() => expect(notes).toContain('Refunded $20.00 on LN77; credit left $30.00'));
  });

  it('puts the server’s refusal of an amount above the credit on the amount field', async () => {
    call = vi.spyOn(api, 'call').mockRejectedValue(new ApiError(40000, 'too much', { issues: [{ path: 'amount', id: 'collection.refundAboveCredit', values: {} }] }));
    renderUi(<RefundDialog row={ROW} onClose={() => undefined} />);
    fireEvent.change(await screen.findByRole('textbox', { name: /Reason/ }), { target: { value: 'customer asked' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('The refund is more than the customer\'s credit on this order')).toBeTruthy();
  });
});

describe('columns', () => {
  const intl = createIntl({ locale: 'en', messages: testMessages('en') });
  const options = { intl, results: new Map([['answered', 'Picked up']]), onCustomer: () => undefined };
  const row = { days: -2, collector_name: null, last_result: 'answered', stay: true, status: 'open', promise_status: 'broken' } as unknown as CaseListRow;

  it('the reminder list counts days to the due date and words the last reminder', () => {
    const cols = promptColumns(options);
    expect(cols.find((c) => c.key === 'days')!.format!(row)).toBe('2');
    expect(cols.find((c) => c.key === 'last_result')!.format!(row)).toBe('Picked up');
  });

  it('the board shows the pool for cases nobody holds, the stay mark and the promise in words', () => {
    const cols = boardColumns(options);
    expect(cols.find((c) => c.key === 'collector_name')!.format!(row)).toBe('In the pool');
    expect(cols.find((c) => c.key === 'stay')!.format!(row)).toBe('Stays');
    expect(cols.find((c) => c.key === 'promise_status')!.format!(row)).toBe('Broken');
    expect(cols.find((c) => c.key === 'status')!.format!(row)).toBe('Open');
  });
});
