// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { api } from '../../app/api/request';
import { setCurrentScreen } from '../../app/commands';
import { CommandHotkeys } from '../../app/hotkeys/CommandHotkeys';
import { setNotifier, type Notifier } from '../../app/lib/notify';
import { session } from '../../app/state/session';
import { COLLECTION_API } from '../../schemas/collection';
import { WORKBENCH_API, type CaseDetail, type MyCaseRow } from '../../schemas/collectionWorkbench';
import { renderUi } from '../../ui/testing';
import { fromMinor, toMinor } from './dialogs';
import { clock, followCursor, mergeRows, moveCursor } from './logic';
import WorkbenchScreen from './WorkbenchScreen';

const COLLECTOR = ['collection_myCollectionList', ...['result', 'promise', 'note', 'call'].map((v) => `collection_myCollectionList_${v}`)];

const row = (id: number, over: Partial<MyCaseRow> = {}): MyCaseRow => ({
  id, order_id: 100 + id, order_no: `PO-${id}`, merchant_id: 1, merchant_name: 'Saigon Credit', currency: 'VND', customer_id: 200 + id,
  customer_name: `Customer ${id}`, phone: `09000000${id}0`, stage_id: 2, stage_name: 'S1', status: 'open', due_date: '2026-03-01', days: 10 - id,
  remaining_debt: 1_100_000, penalty: 20_000, promise_date: null, promise_amount: 0, promise_status: '', promise_due: false, last_result: '',
  disposition: '', last_contact_at: null, assigned_at: '2026-03-02T01:00:00Z', entered_at: '2026-03-02T01:00:00Z', ...over,
});

const detailOf = (id: number): CaseDetail => ({
  case: {
    id, status: 'open', stage_id: 2, stage_name: 'S1', collector_id: 7, collector_name: 'Vo Thanh Son', stay: false, entered_at: '2026-03-02T01:00:00Z',
    assigned_at: '2026-03-02T01:00:00Z', last_contact_at: null, last_result: '', disposition: '', promise_date: null, promise_amount: 0, promise_status: '',
    recovered: 0, close_reason: '',
  },
  order: {
    id: 100 + id, order_no: `PO-${id}`, status: 'overdue', currency: 'VND', merchant_id: 1, merchant_name: 'Saigon Credit', product_name: 'Quick 14',
    loan_amount: 1_000_000, contract_amount: 1_100_000, due_amount: 1_120_000, paid_amount: 20_000, remaining_debt: 1_100_000, overdue_interest: 10_000,
    overdue_penalty: 10_000, credit: 0, due_date: '2026-03-01', days: 10 - id,
  },
  customer: { id: 200 + id, code: `C${id}`, name: `Customer ${id}`, phone: `09000000${id}0` },
  contacts: [{ id: 900 + id, kind: 'emergency', name: `Mother of ${id}`, relation: '1', phone: '0911222333' }],
  events: [{ id: 1, kind: 'assigned', at: '2026-03-02T01:00:00Z', business_date: '2026-03-02', actor_name: null, from_stage: null, to_stage: 'S1', from_collector: null, to_collector: 'Vo Thanh Son', reason: 'least_loaded', note: '', detail: null }],
  calls: [],
  promises: [],
  can_work: true,
  today: '2026-03-11',
  promise_max_date: '2026-04-10',
});

const RESULTS = [
  { value: 'answered', label: 'Answered' }, { value: 'no_answer', label: 'No answer' }, { value: 'busy', label: 'Busy' },
  { value: 'wrong_number', label: 'Wrong number' }, { value: 'switched_off', label: 'Phone off' }, { value: 'third_party', label: 'Someone else answered' },
];

const KEYCODES: Record<string, number> = { '1': 49, '2': 50, ']': 221, '[': 219, c: 67, p: 80, n: 78, e: 69, j: 74, k: 75, Enter: 13 };
function press(key: string, target: Element = document.body) {
  const keyCode = KEYCODES[key];
  fireEvent.keyDown(target, { key, keyCode, which: keyCode });
  fireEvent.keyUp(target, { key, keyCode, which: keyCode });
}

let get: ReturnType<typeof vi.spyOn>;
let call: ReturnType<typeof vi.spyOn>;
let prev: Notifier;
const posts = () => call.mock.calls.map((c: unknown[]) => [(c[0] as { path: string }).path, c[1]]);

beforeEach(() => {
  session.nodes = COLLECTOR;
  prev = setNotifier(() => undefined);
  get = vi.spyOn(api, 'get').mockImplementation((async (path: string, q: Record<string, unknown>) => {
    if (path === COLLECTION_API.myCases) return { rows: [row(1), row(2), row(3)], total: 3, truncated: false };
    if (path === COLLECTION_API.caseDetail) return detailOf(Number(q.id));
    if (path === WORKBENCH_API.options) return { results: RESULTS, dispositions: [{ value: 'will_pay', label: 'Will pay' }] };
    return { rows: [{ value: '1', label: 'Mother' }] };
  }) as never);
  call = vi.spyOn(api, 'call').mockImplementation((async (c: { path: string }, payload: Record<string, unknown>) => {
    if (c.path === COLLECTION_API.call) return { call_id: 55, link: `sip:${String(payload.phone)}`, phone: String(payload.phone), a_text: String(payload.contact_name), sip_text: '' };
    return { id: payload.id };
  }) as never);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  setNotifier(prev);
  session.nodes = [];
  setCurrentScreen(null);
});

async function mount() {
  const mem = memoryLocation({ path: '/collection/myCollectionList' });
  renderUi(
    <Router hook={mem.hook}>
      <CommandHotkeys />
      <WorkbenchScreen />
    </Router>,
  );
  await waitFor(() => expect(screen.getByTestId('wb-panel').getAttribute('data-case')).toBe('1'));
  await screen.findByTestId('wb-result-keys');
}

describe('the workbench rules', () => {
  it('keeps the working order on reload, moves within the list, follows the case', () => {
    const a = [row(1), row(2), row(3)];
    expect(mergeRows(a, [row(3), row(4), row(1, { last_result: 'busy' })]).map((r) => [r.id, r.last_result])).toEqual([[1, 'busy'], [3, ''], [4, '']]);
    expect(mergeRows([], [row(2)]).map((r) => r.id)).toEqual([2]);
    expect(moveCursor(null, 1, 3)).toBe(0);
    expect(moveCursor(2, 1, 3)).toBe(2);
    expect(moveCursor(0, -1, 3)).toBe(0);
    expect(moveCursor(1, 1, 0)).toBeNull();
    expect(followCursor([row(3), row(4)], 4, 0)).toBe(1);
    expect(followCursor([row(3)], 9, 2)).toBe(0);
    expect(clock(65)).toBe('01:05');
    expect(clock(3725)).toBe('1:02:05');
    expect(toMinor('1,500,000', 'VND')).toBe(1_500_000);
    expect(toMinor('12.5', 'USD')).toBe(1250);
    expect(Number.isNaN(toMinor('abc', 'VND'))).toBe(true);
    expect(fromMinor(1250, 'USD')).toBe('12.5');
  });
});

describe('the workbench screen', () => {
  it('opens the first case, records a result by its number key, and moves on with ]', async () => {
    await mount();
    expect(screen.getByTestId('wb-customer').textContent).toBe('Customer 1');
    expect(within(screen.getByTestId('wb-result-keys')).getByText('No answer')).toBeTruthy();
    expect(within(screen.getByTestId('wb-keys')).getByText(/Promise to pay/)).toBeTruthy();

    await act(async () => press('2'));
    await waitFor(() => expect(posts()).toEqual([[COLLECTION_API.result, { id: 1, result: 'no_answer' }]]));
    // The list reloads after the command and keeps its order; the case is marked as worked.
    await waitFor(() => expect(screen.getAllByTestId('wb-row')[0].textContent).toContain('✓'));

    await act(async () => press(']'));
    await waitFor(() => expect(screen.getByTestId('wb-panel').getAttribute('data-case')).toBe('2'));
    await act(async () => press('1'));
    await waitFor(() => expect(posts().at(-1)).toEqual([COLLECTION_API.result, { id: 2, result: 'answered' }]));

    // j moves the cursor only; Enter opens; k goes back up.
    await act(async () => press('j'));
    expect(screen.getAllByTestId('wb-row')[2].getAttribute('data-cursor')).toBe('true');
    expect(screen.getByTestId('wb-panel').getAttribute('data-case')).toBe('2');
    await act(async () => press('Enter'));
    await waitFor(() => expect(screen.getByTestId('wb-panel').getAttribute('data-case')).toBe('3'));
    await act(async () => press('k'));
    expect(screen.getAllByTestId('wb-row')[1].getAttribute('data-cursor')).toBe('true');
  });

  it('c calls the customer: the call box runs, and a result key ends the call and names it', async () => {
    await mount();
    await act(async () => press('c'));
    await waitFor(() => expect(screen.getByTestId('wb-call-box')).toBeTruthy());
    expect(posts()[0]).toEqual([COLLECTION_API.call, { id: 1, phone: '0900000010', contact_name: 'Customer 1' }]);
    expect(HTMLAnchorElement.prototype.click).toHaveBeenCalled();
    expect(screen.getByTestId('wb-call-number').textContent).toBe('0900000010');

    await act(async () => press('1'));
    await waitFor(() => expect(posts().length).toBe(3));
    expect(posts()[1][0]).toBe(COLLECTION_API.callEnd);
    expect(posts()[1][1]).toMatchObject({ call_id: 55 });
    expect(posts()[2]).toEqual([COLLECTION_API.result, { id: 1, result: 'answered', call_id: 55 }]);
    expect(screen.queryByTestId('wb-call-box')).toBeNull();
  });

  it('p takes a promise from the form (date and amount typed, Enter saves); keys rest while it is open', async () => {
    await mount();
    await act(async () => press('p'));
    const dialog = await screen.findByTestId('wb-promise-dialog');
    const date = within(document.body).getByTestId('wb-promise-date') as HTMLInputElement;
    expect(date.value).toBe('2026-03-11');
    expect((within(document.body).getByTestId('wb-promise-amount') as HTMLInputElement).value).toBe('1100000');
    // A result key while the form is open does nothing.
    await act(async () => press('1', date));
    expect(posts()).toEqual([]);
    fireEvent.change(date, { target: { value: '2026-03-15' } });
    fireEvent.change(within(document.body).getByTestId('wb-promise-amount'), { target: { value: '500,000' } });
    await act(async () => fireEvent.submit(date.closest('form')!));
    await waitFor(() => expect(posts()).toEqual([[COLLECTION_API.promise, { id: 1, promise_date: '2026-03-15', amount: 500_000 }]]));
    await waitFor(() => expect(screen.queryByTestId('wb-promise-date')).toBeNull());
    expect(dialog).toBeTruthy();
  });

  it('n adds a note; Shift+C picks a contact by its number', async () => {
    await mount();
    await act(async () => press('n'));
    const text = await screen.findByTestId('wb-note-text');
    fireEvent.change(text, { target: { value: 'Asked for a week' } });
    await act(async () => fireEvent.keyDown(text, { key: 'Enter' }));
    await waitFor(() => expect(posts()).toEqual([[COLLECTION_API.note, { id: 1, note: 'Asked for a week' }]]));
    await waitFor(() => expect(screen.queryByTestId('wb-note-text')).toBeNull());

    await act(async () => fireEvent.keyDown(document.body, { key: 'C', keyCode: 67, which: 67, shiftKey: true }));
    const picker = await screen.findByTestId('wb-contact-picker');
    expect(within(picker).getByText('Mother of 1')).toBeTruthy();
    await act(async () => fireEvent.keyDown(picker.querySelector('button[data-choice]')!, { key: '2' }));
    await waitFor(() => expect(posts().at(-1)).toEqual([COLLECTION_API.call, { id: 1, phone: '0911222333', contact_name: 'Mother of 1', contact_id: 901 }]));
  });

  it('shows a case held by someone else read-only, without the call buttons', async () => {
    get.mockImplementation((async (path: string, q: Record<string, unknown>) => {
      if (path === COLLECTION_API.myCases) return { rows: [row(1)], total: 1, truncated: false };
      if (path === COLLECTION_API.caseDetail) return { ...detailOf(Number(q.id)), can_work: false };
      if (path === WORKBENCH_API.options) return { results: RESULTS, dispositions: [] };
      return { rows: [] };
    }) as never);
    await mount();
    expect(screen.getByTestId('wb-read-only').textContent).toContain('Vo Thanh Son');
    expect(screen.queryByTestId('wb-call-customer')).toBeNull();
  });
});
