// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPER_KEY } from '../../../commands/permissions';
import { api } from '../../app/api/request';
import { runInteractive } from '../../app/commands';
import { setNotifier, type Notifier } from '../../app/lib/notify';
import { session } from '../../app/state/session';
import { REPAYMENT_API } from '../../schemas/repayment';
import { REPAYMENT_CARD_API, type CardBatchRow, type CollectOrderView, type CollectView } from '../../schemas/repaymentCard';
import { renderUi } from '../../ui/testing';
import './index';
import { PayCardRepayments, RepaymentCards, ResetCardBatches } from './screens';

const EMPTY = { rows: [], next_cursor: null, prev_cursor: null, total: 0, total_exact: true, total_capped: false };

const ORDER: CollectOrderView = {
  order_id: 41, order_no: 'LN2026000041', merchant_id: 3, customer_name: 'Tran Thi Payee', phone: '0901234567', status: 'repaying', currency: 'VND',
  remaining_debt: 1_200_000, due_date: '2026-04-01', open: true, bank_cards: [{ id: 7, bank_name: 'Vietcombank', card_no: '************7777', is_default: true }],
};
const LINK: CollectView = {
  id: 90, serial_no: 'RP2026030100000090', order_id: 41, order_no: 'LN2026000041', merchant_id: 3, type: 'link', status: 'pending', currency: 'VND',
  requested_amount: 500_000, success_amount: 0, channel_id: 2, channel_name: 'Sandbox', provider_ref: 'SBL-abc-0123456789ab',
  link_url: '/loanapi/repayment/sandbox/checkout/SBL-abc-0123456789ab?d=eyJ9&s=00', qr_payload: '/loanapi/repayment/sandbox/checkout/SBL-abc-0123456789ab?d=eyJ9&s=00',
  card_no: '', expires_at: '2026-03-02T08:00:00.000Z', message: 'Link created',
};
const batch = (status: CardBatchRow['status'], done: number): CardBatchRow => ({
  id: 4, merchant_id: 3, merchant_name: 'Saigon Credit', status, total: 10, done, failed: 0, remark: 'new bank', error: '', created_by: 'Ngo Gia Bao',
  created_at: '2026-03-01T08:00:00.000Z', finished_at: status === 'done' ? '2026-03-01T08:01:00.000Z' : null,
});

let get: ReturnType<typeof vi.spyOn>;
let call: ReturnType<typeof vi.spyOn>;
let prev: Notifier;
let batches: CardBatchRow[] = [];

beforeEach(() => {
  prev = setNotifier(() => undefined);
  session.nodes = [SUPER_KEY];
  batches = [];
  get = vi.spyOn(api, 'get').mockImplementation((async (path: string) => {
    if (path === '/loanapi/merchant/options') return [{ id: 3, name: 'Saigon Credit', code: 'M001', parent_id: null }];
    if (path === REPAYMENT_CARD_API.collectOrder) return ORDER;
    if (path === REPAYMENT_API.resetCardBatches) return { ...EMPTY, rows: batches };
    return EMPTY;
  }) as never);
  call = vi.spyOn(api, 'call').mockImplementation((async (c: { path: string }) => (c.path === REPAYMENT_CARD_API.deduct
    ? { ...LINK, type: 'card', link_url: '', qr_payload: '', card_no: '************7777', expires_at: null }
    : LINK)) as never);
});
afterEach(() => {
  setNotifier(prev);
  session.nodes = [];
  vi.restoreAllMocks();
});

async function findOrder() {
  const form = within(await screen.findByTestId('collect-form'));
  fireEvent.change(form.getByRole('textbox', { name: 'Order number' }), { target: { value: 'LN2026000041' } });
  fireEvent.click(form.getByRole('button', { name: 'Find' }));
  await screen.findByTestId('collect-order');
}

describe('repayment card screens', () => {
  it('the card list reads its own list, filters by VA number and offers issue (I)', async () => {
    renderUi(<RepaymentCards />);
    const bar = await screen.findByTestId('command-toolbar', {}, { timeout: 15_000 });
    await waitFor(() => expect(get).toHaveBeenCalledWith(REPAYMENT_API.cardList, expect.anything(), expect.anything()));
    expect(bar.querySelector('[data-command="repayment.repaymentCardList.issue"]')?.getAttribute('aria-keyshortcuts')).toBe('I');
    expect(document.querySelector('input[name="va_number"]')).not.toBeNull();
  });

  it('collect on the repayment list: finds the order, creates a link with its key, shows the link and its QR code', async () => {
    renderUi(<div />);
    let done: Promise<unknown> = Promise.resolve();
    act(() => {
      done = runInteractive('repayment.repaymentList.collect');
    });
    await findOrder();
    expect(get).toHaveBeenCalledWith(REPAYMENT_CARD_API.collectOrder, { order_no: 'LN2026000041' });
    expect(screen.getByTestId('collect-remaining').textContent).toMatch(/1,200,000/);
    fireEvent.change(screen.getByRole('textbox', { name: /Amount \(VND\)/ }), { target: { value: '500000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByTestId('collect-result');
    expect(call).toHaveBeenCalledTimes(1);
    const [api0, payload, opts] = call.mock.calls[0] as [{ path: string }, Record<string, unknown>, { idempotencyKey?: string }];
    expect(api0.path).toBe(REPAYMENT_API.collect);
    expect(payload).toEqual({ order_id: 41, method: 'link', amount: 500_000 });
    expect(opts.idempotencyKey).toMatch(/^c-/);
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe(`${window.location.origin}${LINK.link_url}`);
    const qr = await screen.findByTestId('collect-qr', {}, { timeout: 10_000 });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await act(async () => {
      await done;
    });
  });

  it('a card deduction (D) on paymentPayCard: the dialog offers the bound card and calls deduct', async () => {
    renderUi(<PayCardRepayments />);
    const bar = await screen.findByTestId('command-toolbar', {}, { timeout: 15_000 });
    await waitFor(() => expect(get).toHaveBeenCalledWith(REPAYMENT_API.payCardList, expect.anything(), expect.anything()));
    const button = bar.querySelector<HTMLButtonElement>('[data-command="repayment.paymentPayCard.deduct"]');
    expect(button?.getAttribute('aria-keyshortcuts')).toBe('D');
    fireEvent.click(button!);
    await findOrder();
    expect(screen.queryByTestId('collect-method')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByTestId('collect-result');
    const [api0, payload] = call.mock.calls[0] as [{ path: string }, Record<string, unknown>];
    expect(api0.path).toBe(REPAYMENT_CARD_API.deduct);
    expect(payload).toEqual({ order_id: 41, amount: 1_200_000, bank_card_id: 7 });
    expect(screen.getByText(/\*{12}7777/)).toBeTruthy();
  });

  it('reset batches: an empty list says so once, in the screen\'s own words', async () => {
    batches = [];
    renderUi(<ResetCardBatches />);
    await screen.findByTestId('batches-empty', {}, { timeout: 15_000 });
    expect(screen.getAllByText('No card resets yet.')).toHaveLength(1);
    expect(screen.queryByText('No data')).toBeNull();
  });

  it('reset batches: a running batch shows its progress and is read again until it is done', async () => {
    batches = [batch('running', 4)];
    renderUi(<ResetCardBatches />);
    const bar = await screen.findByTestId('command-toolbar', {}, { timeout: 15_000 });
    expect(bar.querySelector('[data-command="repayment.resetAllRepaymentCards.reset"]')).not.toBeNull();
    await screen.findByTestId('batches-polling');
    expect(screen.getByText('4 done, 0 failed of 10')).toBeTruthy();
    expect(screen.getByTestId('batch-progress-4')).toBeTruthy();
    batches = [batch('done', 10)];
    await screen.findByText('10 done, 0 failed of 10', {}, { timeout: 5_000 });
    await waitFor(() => expect(screen.queryByTestId('batches-polling')).toBeNull());
    const reads = get.mock.calls.filter((c: unknown[]) => c[0] === REPAYMENT_API.resetCardBatches).length;
    await new Promise((r) => setTimeout(r, 2_300));
    expect(get.mock.calls.filter((c: unknown[]) => c[0] === REPAYMENT_API.resetCardBatches).length).toBe(reads);
  });
});
