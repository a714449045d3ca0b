// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPER_KEY } from '../../../commands/permissions';
import { api } from '../../app/api/request';
import { setNotifier, type Notifier } from '../../app/lib/notify';
import { session } from '../../app/state/session';
import type { DebtMerchant, DebtSettingsView, ReductionQuote } from '../../schemas/debt';
import { DEFAULT_DEBT_SETTINGS } from '../../schemas/repayment';
import { renderUi } from '../../ui/testing';
import SystemTestScreen from '../system/SystemTestScreen';
import DebtSettingsScreen, { toDraft, toPayload } from './DebtSettingsScreen';
import DiscountRulesScreen from './DiscountRulesScreen';
import { ProductDialog } from './ProductDialog';
import { ReductionRequestDialog } from './ReductionRequestDialog';

// The canvas grid needs a real browser (the e2e tests cover it); here a stub shows which list it would read.
vi.mock('../../ui/DataGrid', () => ({
  DataGrid: (p: { url: string; screenId: string; toolbarExclude?: string[] }) => (
    <div data-testid="grid" data-exclude={(p.toolbarExclude ?? []).join(' ')}>{`${p.screenId} ${p.url}`}</div>
  ),
}));
vi.mock('wouter/use-browser-location', () => ({ navigate: () => undefined }));

const MERCHANTS: DebtMerchant[] = [{ id: 3, name: 'Saigon Credit', code: 'M001', currency: 'VND', market: 'vn', money_unit: 1000 }];
const VIEW: DebtSettingsView = {
  merchant_id: 3, currency: 'VND', saved: false, settings: DEFAULT_DEBT_SETTINGS, defaults: DEFAULT_DEBT_SETTINGS, updated_at: null, updated_by: null,
};

let get: ReturnType<typeof vi.spyOn>;
let call: ReturnType<typeof vi.spyOn>;
let prev: Notifier;
beforeEach(() => {
  session.nodes = [SUPER_KEY];
  prev = setNotifier(() => undefined);
  get = vi.spyOn(api, 'get').mockImplementation((async (path: string) => {
    if (path === '/loanapi/debt/merchants') return MERCHANTS;
    if (path === '/loanapi/debt_settings/get') return VIEW;
    return { rows: [], next_cursor: null, prev_cursor: null, total: 0, total_exact: true, total_capped: false };
  }) as never);
  call = vi.spyOn(api, 'call').mockResolvedValue(VIEW as never);
});
afterEach(() => {
  get.mockRestore();
  call.mockRestore();
  setNotifier(prev);
  session.nodes = [];
  window.history.replaceState(null, '', '/');
});

const textbox = (name: RegExp | string) => screen.getByRole('textbox', { name });

describe('debt settings', () => {
  it('converts percentages and major units to basis points and minor units', () => {
    const d = toDraft({ ...DEFAULT_DEBT_SETTINGS, extension_fee_type: 'fixed', extension_fee_value: 1250 }, 'USD');
    expect(d).toMatchObject({ penalty_rate_pct: 0.5, penalty_cap_pct: 50, extension_fee_value: 12.5 });
    expect(toPayload(3, { ...d, penalty_rate_pct: 0.75, extension_fee_value: 20.1 }, 'USD')).toMatchObject({ penalty_rate_bp: 75, penalty_cap_bp: 5000, extension_fee_value: 2010 });
    expect(toPayload(3, { ...d, extension_fee_type: 'rate', extension_fee_value: 12.34 }, 'USD').extension_fee_value).toBe(1234);
    expect(toPayload(3, { ...d, grace_days: '' }, 'USD').grace_days).toBeUndefined();
  });

  it('loads the merchant’s settings, reorders the parts and saves them in basis points', async () => {
    renderUi(<DebtSettingsScreen />);
    await screen.findByText('This merchant uses the default settings');
    expect(get).toHaveBeenCalledWith('/loanapi/debt_settings/get', { merchant_id: 3 }, expect.anything());
    const list = await screen.findByTestId('allocation-order', {}, { timeout: 5000 });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent?.replace(/[↑↓]/g, ''))).toEqual(['1Penalty', '2Interest', '3Fees', '4Principal']);
    fireEvent.click(screen.getByRole('button', { name: 'Move Principal up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move Principal up' }));
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent?.replace(/[↑↓\d]/g, ''))).toEqual(['Penalty', 'Principal', 'Interest', 'Fees']);
    expect(screen.getByRole('button', { name: 'Move Penalty up' })).toHaveProperty('disabled', true);
    fireEvent.change(textbox(/Penalty per day/), { target: { value: '0.75' } });
    fireEvent.change(textbox(/Grace days/), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0][0]).toEqual({ method: 'POST', path: '/loanapi/debt_settings/save' });
    expect(call.mock.calls[0][1]).toMatchObject({
      merchant_id: 3, grace_days: 3, penalty_rate_bp: 75, penalty_cap_bp: 5000, allocation_order: ['penalty', 'principal', 'interest', 'fee'],
      extension_fee_type: 'rate', extension_fee_value: 1000,
    });
  });

  it('shows a refused value at its field and sends nothing', async () => {
    renderUi(<DebtSettingsScreen />);
    await screen.findByText('This merchant uses the default settings');
    // The fields render with the loaded settings, a moment after the notice: wait for the one we change.
    fireEvent.change(await screen.findByRole('textbox', { name: /Bad debt after/ }, { timeout: 5000 }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(textbox(/Bad debt after/).getAttribute('aria-invalid')).toBe('true'));
    expect(call).not.toHaveBeenCalled();
  });
});

describe('product dialog', () => {
  it('previews a loan with the product’s pricing and sends rates in basis points and amounts in minor units', async () => {
    call.mockResolvedValue({ id: 9 } as never);
    renderUi(<ProductDialog openKey={1} row={null} merchants={MERCHANTS} defaultMerchant="3" onClose={() => undefined} />);
    fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }), { target: { value: 'Quick 14' } });
    fireEvent.change(textbox(/Minimum amount in VND/), { target: { value: '1000000' } });
    fireEvent.change(textbox(/Maximum amount in VND/), { target: { value: '5000000' } });
    fireEvent.change(textbox(/Interest per day/), { target: { value: '0.1' } });
    fireEvent.change(textbox(/Management fee/), { target: { value: '5' } });
    fireEvent.change(textbox(/Overdue interest per day/), { target: { value: '1' } });
    fireEvent.change(textbox(/Loan amount in VND/), { target: { value: '2000000' } });
    fireEvent.change(textbox('Days'), { target: { value: '14' } });
    // 2,000,000 × 0.1 % × 14 days = 28,000 interest; 5 % fee = 100,000 deducted up front.
    const preview = screen.getByTestId('pricing-preview');
    await waitFor(() => expect(within(preview).getByTestId('preview-interest').textContent).toMatch(/28,000/));
    expect(within(preview).getByTestId('preview-fees').textContent).toMatch(/100,000/);
    expect(within(preview).getByTestId('preview-received').textContent).toMatch(/1,900,000/);
    expect(within(preview).getByTestId('preview-contract').textContent).toMatch(/2,028,000/);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0][0]).toEqual({ method: 'POST', path: '/loanapi/product/add' });
    expect(call.mock.calls[0][1]).toMatchObject({
      merchant_id: 3, name: 'Quick 14', min_amount: 1_000_000, max_amount: 5_000_000, rate_bp: 10, management_fee_bp: 500, overdue_rate_bp: 100,
      interest_type: 'daily', fee_timing: 'upfront',
    });
  });

  it('refuses a maximum below the minimum at its field before calling the server', async () => {
    renderUi(<ProductDialog openKey={1} row={null} merchants={MERCHANTS} defaultMerchant="3" onClose={() => undefined} />);
    fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }), { target: { value: 'Backwards' } });
    fireEvent.change(textbox(/Minimum amount in VND/), { target: { value: '5000000' } });
    fireEvent.change(textbox(/Maximum amount in VND/), { target: { value: '1000000' } });
    fireEvent.change(textbox(/Interest per day/), { target: { value: '0.1' } });
    fireEvent.change(textbox(/Overdue interest per day/), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(textbox(/Maximum amount in VND/).getAttribute('aria-invalid')).toBe('true'));
    expect(call).not.toHaveBeenCalled();
  });
});

describe('discount rules and reductions', () => {
  const QUOTE: ReductionQuote = {
    order_id: 41, order_no: 'LN260101000041', merchant_id: 3, currency: 'VND', status: 'overdue', customer_name: 'Le Thi Hoa', overdue_days: 3,
    charged: { penalty: 60_000, interest: 200_000, fee: 0, principal: 1_000_000 }, reduced: { penalty: 0, interest: 0, fee: 0, principal: 0 },
    owed: { penalty: 60_000, interest: 200_000, fee: 0, principal: 1_000_000 }, owed_total: 1_260_000,
    rule: { id: 1, name: 'Up to a month', min_overdue_days: 0, max_overdue_days: 30, max_penalty_bp: 10_000, max_interest_bp: 5000, max_principal_bp: 0 },
    max_amount: 160_000, room: { penalty: 60_000, interest: 100_000, fee: 0, principal: 0 }, pending_id: null,
  };

  it('shows the rules grid, and the reductions grid on the second tab, each without the other tab’s actions', async () => {
    renderUi(<DiscountRulesScreen />);
    const grid = await screen.findByTestId('grid');
    expect(grid.textContent).toBe('merchant.repaymentDiscountRule /loanapi/repayment_discount_rule/list');
    expect(grid.dataset.exclude).toContain('merchant.repaymentDiscountRule.approveReduction');
    fireEvent.click(screen.getByRole('tab', { name: 'Reductions' }));
    await waitFor(() => expect(screen.getByTestId('grid').textContent).toBe('merchant.repaymentDiscountRule /loanapi/reduction/list'));
    expect(screen.getByTestId('grid').dataset.exclude).toContain('merchant.repaymentDiscountRule.edit');
    expect(window.location.search).toContain('tab=reductions');
  });

  it('request: finds the order, shows what it owes, the rule and its maximum, and sends the amount in minor units with a key', async () => {
    get.mockImplementation((async (path: string) => (path === '/loanapi/reduction/quote' ? QUOTE : [])) as never);
    call.mockResolvedValue({ id: 5, status: 'pending' } as never);
    renderUi(<ReductionRequestDialog openKey={1} onClose={() => undefined} />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Order number' }), { target: { value: 'LN260101000041' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByTestId('reduction-quote')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/loanapi/reduction/quote', { order_no: 'LN260101000041' }, expect.anything());
    expect(screen.getByText('3 days overdue')).toBeTruthy();
    expect(screen.getByTestId('owed-total').textContent).toMatch(/1,260,000/);
    expect(screen.getByTestId('reduction-rule').textContent).toContain('Up to a month (0–30 days): up to 100.00 % of the penalty, 50.00 % of interest and fees');
    expect(screen.getByTestId('reduction-max').textContent).toMatch(/160,000/);
    fireEvent.click(screen.getByRole('button', { name: 'Use the maximum' }));
    expect((textbox(/Amount to waive in VND/) as HTMLInputElement).value).toBe('160,000');
    fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), { target: { value: 'hardship, agreed on the phone' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0][0]).toEqual({ method: 'POST', path: '/loanapi/reduction/request' });
    expect(call.mock.calls[0][1]).toEqual({ order_id: 41, amount: 160_000, reason: 'hardship, agreed on the phone' });
    expect((call.mock.calls[0][2] as { idempotencyKey?: string }).idempotencyKey).toMatch(/^c-/);
  });

  it('an order no rule covers cannot be requested', async () => {
    get.mockImplementation((async () => ({ ...QUOTE, rule: null, max_amount: 0 })) as never);
    renderUi(<ReductionRequestDialog openKey={1} onClose={() => undefined} />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Order number' }), { target: { value: 'LN1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByTestId('reduction-no-rule')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', true);
  });
});

describe('business clock screen', () => {
  it('runs the end of day after a confirmation and shows what it did', async () => {
    get.mockImplementation((async () => ({ business_time: '2026-03-01T08:00:00Z', system_time: '2026-03-01T08:00:00Z', offset_ms: 0 })) as never);
    call.mockResolvedValue({
      ran: true, merchants: [{ merchantId: 3, businessDate: '2026-03-01', overdueMoved: 2, accrued: 2, writtenOff: 0, expired: 1, skipped: false }],
      totals: { overdueMoved: 2, accrued: 2, writtenOff: 0, expired: 1 },
    } as never);
    renderUi(<SystemTestScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Run end of day now' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0][0]).toEqual({ method: 'POST', path: '/loanapi/debt/run_end_of_day' });
    expect((await screen.findByTestId('end-of-day-result')).textContent).toContain('End of day done for 1 merchants: 2 orders became overdue');
  });

  it('offers no end-of-day button without its permission', async () => {
    session.nodes = ['system_test'];
    get.mockImplementation((async () => ({ business_time: '2026-03-01T08:00:00Z', system_time: '2026-03-01T08:00:00Z', offset_ms: 0 })) as never);
    renderUi(<SystemTestScreen />);
    await screen.findByTestId('business-time');
    expect(screen.queryByRole('button', { name: 'Run end of day now' })).toBeNull();
  });
});
