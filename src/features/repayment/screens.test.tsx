// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPER_KEY } from '../../../commands/permissions';
import { REPAYMENT_STAFF_API } from '../../../commands/repayment.commands';
import { api, ApiError } from '../../app/api/request';
import { setNotifier, type Notifier } from '../../app/lib/notify';
import { session } from '../../app/state/session';
import { REPAYMENT_API } from '../../schemas/repayment';
import { renderUi } from '../../ui/testing';
import type { RepaymentGridRow } from './columns';
import { repaymentColumns } from './columns';
import { HandleDialog } from './HandleDialog';
import { MoneyDialog, toMajor, toMinor } from './MoneyDialog';
import type { OrderLookup } from './repayment.api';
import { Abnormal, ManualRepayment, RepaymentList, Settlement } from './screens';

// The canvas grid needs a real browser (the e2e tests cover it); here a stub shows which list it would read.
vi.mock('../../ui/DataGrid', () => ({
  DataGrid: (p: { url: string; screenId: string; filters: Record<string, unknown> }) => <div data-testid="grid">{`${p.screenId} ${p.url} ${JSON.stringify(p.filters)}`}</div>,
}));

let get: ReturnType<typeof vi.spyOn>;
let call: ReturnType<typeof vi.spyOn>;
let post: ReturnType<typeof vi.spyOn>;
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
  post?.mockRestore();
  setNotifier(prev);
  session.nodes = [];
});

const ORDER: OrderLookup = {
  order_id: 77, order_no: 'LN2603010000077', currency: 'USD', status: 'repaying', loan_amount: 100_000, contract_amount: 120_000,
  due_amount: 120_000, paid_amount: 20_000, remaining_debt: 100_000, due_date: '2026-03-15', overdue_days: 0, overdue_interest: 0,
  overdue_penalty: 0, reduction_total: 0, extension_fee: 0, extension_count: 0, credit: 0, over_contract: false,
  owed: { penalty: 0, interest: 0, fee: 0, principal: 100_000 }, paid: { penalty: 0, interest: 20_000, fee: 0, principal: 0 },
  reduced: { penalty: 0, interest: 0, fee: 0, principal: 0 },
  customer_name: 'Le Thi Hoa', phone: '091*****78', merchant_id: 3, merchant_name: 'Saigon Credit', open: true,
};
const OPTIONS = { merchants: [{ id: 3, name: 'Saigon Credit', code: 'SGC', currency: 'USD' }], channels: [] };

function mockGets(order: OrderLookup | null = ORDER) {
  get = vi.spyOn(api, 'get').mockImplementation((async (path: string) => {
    if (path === REPAYMENT_STAFF_API.orderLookup) return order;
    if (path === REPAYMENT_STAFF_API.options) return OPTIONS;
    if (path === REPAYMENT_API.proofList) return [];
    return [];
  }) as never);
}

async function findOrder(no = 'LN2603010000077') {
  fireEvent.change(await screen.findByRole('textbox', { name: /Order number/ }), { target: { value: no } });
  fireEvent.click(screen.getByRole('button', { name: 'Find' }));
}

describe('amounts', () => {
  it('converts what the user types in major units to minor units of the order’s currency and back', () => {
    expect(toMinor(12.5, 'USD')).toBe(1250);
    expect(toMinor(0.1 + 0.2, 'USD')).toBe(30);
    expect(toMinor(1_500_000, 'VND')).toBe(1_500_000);
    expect(toMajor(100_000, 'USD')).toBe(1000);
    expect(toMajor(500_000, 'VND')).toBe(500_000);
  });

  it('shows the over-contract flag as a warning badge and money columns in the row’s currency', async () => {
    const { createIntl } = await import('react-intl');
    const { testMessages } = await import('../../ui/testing');
    const intl = createIntl({ locale: 'en', messages: testMessages('en') });
    const cols = repaymentColumns(intl, 'abnormal');
    const over = cols.find((c) => c.key === 'over_contract')!;
    expect(over.format!({ over_contract: true } as RepaymentGridRow)).toBe('Over contract');
    expect(over.tagColor!({ over_contract: true } as RepaymentGridRow)).toBe('#f08c00');
    expect(over.format!({ over_contract: false } as RepaymentGridRow)).toBe('');
    expect(cols.filter((c) => c.kind === 'money').map((c) => c.key)).toEqual(['requested_amount', 'success_amount', 'penalty', 'interest', 'fee', 'principal', 'overpaid']);
    expect(cols.find((c) => c.key === 'resolution')!.format!({ resolution: '' } as RepaymentGridRow)).toBe('Not handled');
  });
});

describe('settlement dialog', () => {
  it('finds the order, shows what it owes, and sends the amount in minor units with an idempotency key', async () => {
    mockGets();
    call = vi.spyOn(api, 'call').mockResolvedValue({ serial_no: 'RP2026030100000009', order: { remaining_debt: 98_750 } } as never);
    renderUi(<MoneyDialog kind="settlement" openKey={1} onClose={() => undefined} />);
    await findOrder();
    expect((await screen.findByTestId('remaining-debt')).textContent).toBe('$1,000.00');
    expect(get).toHaveBeenCalledWith(REPAYMENT_STAFF_API.orderLookup, { order_no: 'LN2603010000077' }, expect.anything());
    expect(screen.getByText(/Owed Principal/).textContent).toContain('$1,000.00');
    fireEvent.change(screen.getByRole('textbox', { name: /Amount in USD/ }), { target: { value: '12.5' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Reference/ }), { target: { value: 'VCB-778899' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0][0]).toEqual({ method: 'POST', path: REPAYMENT_API.reconcile });
    expect(call.mock.calls[0][1]).toEqual({ order_id: 77, amount: 1250, reference: 'VCB-778899' });
    expect((call.mock.calls[0][2] as { idempotencyKey?: string }).idempotencyKey).toMatch(/^c-/);
    await waitFor(() => expect(notes).toContain('Recorded RP2026030100000009; remaining debt $987.50'));
  });

  it('puts the server’s refusal on the amount field', async () => {
    mockGets();
    call = vi.spyOn(api, 'call').mockRejectedValue(new ApiError(40000, 'Amount: Amount must be greater than 0', { issues: [{ path: 'amount', id: 'validation.amountPositive', values: {} }] }));
    renderUi(<MoneyDialog kind="settlement" openKey={1} onClose={() => undefined} />);
    await findOrder();
    fireEvent.change(await screen.findByRole('textbox', { name: /Amount in USD/ }), { target: { value: '5' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Reference/ }), { target: { value: 'VCB-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Amount must be greater than 0')).toBeTruthy();
  });

  it('refuses a zero amount before calling the server', async () => {
    mockGets();
    call = vi.spyOn(api, 'call');
    renderUi(<MoneyDialog kind="settlement" openKey={1} onClose={() => undefined} />);
    await findOrder();
    fireEvent.change(await screen.findByRole('textbox', { name: /Amount in USD/ }), { target: { value: '0' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Reference/ }), { target: { value: 'VCB-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Amount must be greater than 0')).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
  });

  it('an order that owes nothing cannot take staff money', async () => {
    mockGets({ ...ORDER, status: 'settled', remaining_debt: 0, open: false });
    renderUi(<MoneyDialog kind="settlement" openKey={1} onClose={() => undefined} />);
    await findOrder();
    expect(await screen.findByText(/This order owes nothing \(Settled\)/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', true);
  });

  it('says so when no order has that number', async () => {
    mockGets(null);
    renderUi(<MoneyDialog kind="settlement" openKey={1} onClose={() => undefined} />);
    await findOrder('NOPE');
    expect(await screen.findByText('No order with this number in your merchants')).toBeTruthy();
  });
});

describe('manual repayment dialog', () => {
  it('uploads a voucher with its type and sends its id with the repayment', async () => {
    mockGets();
    post = vi.spyOn(api, 'post').mockResolvedValue({ id: 31, file_url: '/files/2026-03/x.png' } as never);
    call = vi.spyOn(api, 'call').mockResolvedValue({ serial_no: 'RP1', order: { remaining_debt: 0 } } as never);
    const { baseElement } = renderUi(<MoneyDialog kind="manual" openKey={1} onClose={() => undefined} />);
    await findOrder();
    await screen.findByTestId('remaining-debt');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
    const input = baseElement.querySelector('input[type=file]') as HTMLInputElement;
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'receipt.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByRole('link', { name: 'receipt.png' })).toBeTruthy();
    const form = post.mock.calls[0][1] as FormData;
    expect(post.mock.calls[0][0]).toBe(REPAYMENT_API.proofUpload);
    expect(form.get('proof_type')).toBe('transfer_receipt');
    fireEvent.click(screen.getByRole('button', { name: 'Whole remaining debt' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0][0]).toEqual({ method: 'POST', path: REPAYMENT_API.manualAdd });
    expect(call.mock.calls[0][1]).toEqual({ order_id: 77, amount: 100_000, proof_ids: [31] });
  });
});

describe('abnormal handle dialog', () => {
  const ROW = {
    id: 501, serial_no: 'RP2026030100000501', order_no: 'LN1', customer_name: 'Le Thi Hoa', merchant_name: 'Saigon Credit', currency: 'USD',
    abnormal_reason: 'order_settled', resolution: '', overpaid: 7_000,
  } as unknown as RepaymentGridRow;

  it('applies the credit to another order found by its number', async () => {
    mockGets({ ...ORDER, order_id: 88, order_no: 'LN2' });
    call = vi.spyOn(api, 'call').mockResolvedValue({ id: 501 } as never);
    renderUi(<HandleDialog row={ROW} onClose={() => undefined} />);
    expect((await screen.findByTestId('abnormal-credit')).textContent).toBe('$70.00');
    fireEvent.click(screen.getByRole('radio', { name: 'Applied to an order' }));
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByRole('textbox', { name: /Order to apply/ }), { target: { value: 'LN2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    await screen.findByTestId('remaining-debt');
    fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), { target: { value: 'paid the wrong loan' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0][0]).toEqual({ method: 'POST', path: REPAYMENT_API.abnormalHandle });
    expect(call.mock.calls[0][1]).toEqual({ id: 501, resolution: 'applied', order_id: 88, remark: 'paid the wrong loan' });
  });

  it('offers only acknowledging when there is no credit, and nothing once handled', async () => {
    renderUi(<HandleDialog row={{ ...ROW, overpaid: 0, resolution: 'ignored' } as RepaymentGridRow} onClose={() => undefined} />);
    expect(await screen.findByRole('radio', { name: 'Refunded' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('radio', { name: /Acknowledged/ })).toHaveProperty('checked', true);
    expect(screen.getByText(/Already handled: Acknowledged/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', true);
  });
});

describe('screens', () => {
  it.each([
    [RepaymentList, 'repayment.repaymentList /loanapi/repayment/list'],
    [Settlement, 'repayment.settlement /loanapi/repayment/settlement/list'],
    [Abnormal, 'repayment.abnormal /loanapi/repayment/abnormal/list'],
    [ManualRepayment, 'review.manualRepayment /loanapi/repayment/manual/list'],
  ])('%o reads its list', async (Screen, expected) => {
    mockGets();
    renderUi(<Screen />);
    expect((await screen.findByTestId('grid')).textContent).toContain(expected);
  });

  it('fixes the type on the settlement screen and labels the filters in the area’s words', async () => {
    mockGets();
    const all = renderUi(<RepaymentList />);
    await screen.findByTestId('grid');
    expect(screen.getAllByLabelText('Repayment type').length).toBeGreaterThan(0);
    all.unmount();
    renderUi(<Settlement />);
    await screen.findByTestId('grid');
    expect(screen.queryAllByLabelText('Repayment type')).toHaveLength(0);
    expect(screen.getByRole('textbox', { name: 'Repayment no.' })).toBeTruthy();
  });

  it('converts amount filters to minor units of the only merchant’s currency', async () => {
    mockGets();
    window.history.replaceState(null, '', '/repayment/repaymentList?amount_min=12.5');
    renderUi(<RepaymentList />);
    await waitFor(async () => expect((await screen.findByTestId('grid')).textContent).toContain('"amount_min":1250'));
    expect(await screen.findByTestId('amount-hint')).toHaveProperty('textContent', 'Amount in USD');
    window.history.replaceState(null, '', '/');
  });
});
