// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPER_KEY } from '../../../commands/permissions';
import { api } from '../../app/api/request';
import { paramChoices, setSelection } from '../../app/commands';
import { setNotifier, type Notifier } from '../../app/lib/notify';
import { session } from '../../app/state/session';
import { withdrawalQueueQuery, type ManualLookup } from '../../schemas/withdrawal';
import { renderUi } from '../../ui/testing';
import { waitingColumns } from './columns';
import { ManualLendingDialog, toMinor } from './ManualLendingDialog';
import { QueueScreen } from './QueueScreen';

// The canvas grid needs a real browser (the e2e tests cover it); here a stub shows which list it would read.
vi.mock('../../ui/DataGrid', () => ({
  DataGrid: (p: { url: string; screenId: string }) => <div data-testid="grid">{`${p.screenId} ${p.url}`}</div>,
}));

let get: ReturnType<typeof vi.spyOn>;
let call: ReturnType<typeof vi.spyOn>;
let prev: Notifier;
beforeEach(() => {
  session.nodes = [SUPER_KEY];
  prev = setNotifier(() => undefined);
});
afterEach(() => {
  get?.mockRestore();
  call?.mockRestore();
  setNotifier(prev);
  session.nodes = [];
});

const LOOKUP: ManualLookup = {
  customer: { id: 41, name: 'Le Thi Hoa', phone: '0912345678', merchant_id: 3, merchant_name: 'Saigon Credit', currency: 'VND', blacklisted: false, whitelisted: false, login_allowed: true },
  cards: [{ id: 7, bank_name: 'Vietcombank', card_last4: '1234', is_default: true }],
  products: [{ id: 5, name: 'Quick 14', min_amount: 1_000_000, max_amount: 5_000_000, min_days: 7, max_days: 30, white_household_exclusive: false }],
};

describe('manual lending dialog', () => {
  it('converts the typed amount to minor units of the merchant’s currency', () => {
    expect(toMinor(1_500_000, 'VND')).toBe(1_500_000);
    expect(toMinor(12.5, 'USD')).toBe(1250);
    expect(toMinor(0.1 + 0.2, 'USD')).toBe(30);
  });

  it('finds the customer, shows the product limits and sends the order in minor units', async () => {
    get = vi.spyOn(api, 'get').mockResolvedValue(LOOKUP as never);
    call = vi.spyOn(api, 'call').mockResolvedValue({ order_id: 9, order_no: 'ML260101000000009', status: 'first_review' } as never);
    renderUi(<ManualLendingDialog openKey={1} onClose={() => undefined} />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Customer (phone, code or id)' }), { target: { value: '0912345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByTestId('manual-customer')).toHaveProperty('textContent', 'Le Thi Hoa · 0912345678 · Saigon Credit');
    expect(get).toHaveBeenCalledWith('/loanapi/manual_lending/customer', { keyword: '0912345678' }, expect.anything());
    // The only product is chosen: its limits are shown in the merchant's currency.
    expect(await screen.findByText(/7 – 30 days/)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Amount in VND/ }), { target: { value: '2000000' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Loan days/ }), { target: { value: '14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0][0]).toEqual({ method: 'POST', path: '/loanapi/manual_lending/add' });
    expect(call.mock.calls[0][1]).toEqual({ customer_id: 41, product_id: 5, amount: 2_000_000, loan_days: 14 });
  });
});

describe('queue screen', () => {
  it('reads its list, offers the contact results to the action forms, and shows the selected order’s contacts', async () => {
    get = vi.spyOn(api, 'get').mockImplementation((async (path: string) => {
      if (path === '/loanapi/withdrawal/contact_results') return [{ value: '1', label: 'Will confirm in the app' }, { value: '4', label: 'No answer' }];
      if (path === '/loanapi/withdrawal/contacts') {
        return [{ id: 1, order_id: 77, queue: 'withdrawal.waitFor', account_id: 2, account_name: 'Hoang Bao Chau', result: '4', result_label: '', note: 'rang twice', created_at: '2026-03-01T08:00:00Z' }];
      }
      return [];
    }) as never);
    renderUi(<QueueScreen screen="withdrawal.MywaitForOrder" url="/loanapi/withdrawal/my_wait_for_list" schema={withdrawalQueueQuery} columns={(o) => waitingColumns(o, false)} />);
    expect((await screen.findByTestId('grid')).textContent).toBe('withdrawal.MywaitForOrder /loanapi/withdrawal/my_wait_for_list');
    expect(screen.getByText('Select an order to see its contact history')).toBeTruthy();
    await waitFor(() => expect(paramChoices().result).toEqual([{ value: '1', label: 'Will confirm in the app' }, { value: '4', label: 'No answer' }]));
    setSelection([{ id: 77 }], 'withdrawal.MywaitForOrder');
    expect(await screen.findByText('rang twice')).toBeTruthy();
    expect(screen.getByText('No answer')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/loanapi/withdrawal/contacts', { order_id: 77 }, expect.anything());
  });
});
