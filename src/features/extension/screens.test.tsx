// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMANDS } from '../../../commands';
import { SUPER_KEY } from '../../../commands/permissions';
import { api, ApiError } from '../../app/api/request';
import { runInteractive } from '../../app/commands';
import { setNotifier, type Notifier } from '../../app/lib/notify';
import { session } from '../../app/state/session';
import { EXTENSION_API } from '../../schemas/extension';
import type { ExtensionListRow, ExtensionQuoteView } from '../../schemas/extensionQuote';
import { renderUi } from '../../ui/testing';
import { ApplyDialog } from './ApplyDialog';
import { PayDialog, toMajor } from './PayDialog';
import { PassedExtensionsScreen, ReviewExtensionsScreen } from './screens';

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

const QUOTE: ExtensionQuoteView = {
  order_id: 77, allowed: true, refusal: null, fee_type: 'fixed', fee_setting: 5_000, fee: 5_000, penalty_owed: 1_250, total: 6_250, days: 7,
  due_base: 'today_if_overdue', overpayment: 'credit', current_due_date: '2026-03-01', new_due_date: '2026-03-12', count: 1, max_count: 3,
  currency: 'USD', order_no: 'LN260301000077', order_status: 'overdue', customer_name: 'Le Thi Hoa', phone: '091*****78', extension_id: null,
  open_application: null, today: '2026-03-05',
};

const ROW = {
  id: 12, application_no: 'EX2026030500000012', order_id: 77, order_no: 'LN260301000077', currency: 'USD', status: 'passed', customer_id: 41,
  customer_name: 'Le Thi Hoa', phone: '091*****78',
} as unknown as ExtensionListRow;

describe('apply dialog', () => {
  it('finds the order by number, shows its quote and applies with a remark', async () => {
    get = vi.spyOn(api, 'get').mockResolvedValue(QUOTE as never);
    call = vi.spyOn(api, 'call').mockResolvedValue({ id: 12, application_no: 'EX2026030500000012', status: 'under_review' } as never);
    renderUi(<ApplyDialog openKey={1} onClose={() => undefined} />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Order number' }), { target: { value: ' LN260301000077 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect((await screen.findByTestId('extension-order')).textContent).toContain('LN260301000077 · Le Thi Hoa · 091*****78');
    expect(get).toHaveBeenCalledWith(EXTENSION_API.quote, { order_no: 'LN260301000077' }, expect.anything());
    expect(screen.getByTestId('quote-fee').textContent).toMatch(/50\.00/);
    expect(screen.getByTestId('quote-penalty').textContent).toMatch(/12\.50/);
    expect(screen.getByTestId('quote-total').textContent).toMatch(/62\.50/);
    expect(screen.getByTestId('quote-current-due').textContent).toBe('2026-03-01');
    expect(screen.getByTestId('quote-new-due').textContent).toBe('2026-03-12');
    expect(screen.getByTestId('quote-count').textContent).toBe('1 / 3');
    fireEvent.change(screen.getByRole('textbox', { name: 'Remarks' }), { target: { value: 'customer called' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0][0]).toEqual({ method: 'POST', path: EXTENSION_API.apply });
    expect(call.mock.calls[0][1]).toEqual({ order_id: 77, remark: 'customer called' });
  });

  it('says why an order may not be extended and does not submit', async () => {
    get = vi.spyOn(api, 'get').mockResolvedValue({ ...QUOTE, allowed: false, refusal: 'extension.maxCount', count: 3 } as never);
    renderUi(<ApplyDialog openKey={1} onClose={() => undefined} />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Order number' }), { target: { value: 'LN260301000077' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect((await screen.findByTestId('quote-refusal')).textContent).toBe('This order has reached the maximum of 3 extensions');
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', true);
  });
});

describe('pay dialog', () => {
  it('converts between major and minor units with the currency digits', () => {
    expect(toMajor(6_250, 'USD')).toBe(62.5);
    expect(toMajor(1_500_000, 'VND')).toBe(1_500_000);
  });

  it('prefills the quote total and sends minor units with an Idempotency-Key', async () => {
    get = vi.spyOn(api, 'get').mockResolvedValue({ ...QUOTE, extension_id: 12 } as never);
    call = vi.spyOn(api, 'call').mockResolvedValue({ id: 12, application_no: ROW.application_no, end_date: '2026-03-12' } as never);
    renderUi(<PayDialog row={ROW} onClose={() => undefined} />);
    await waitFor(() => expect(get).toHaveBeenCalledWith(EXTENSION_API.quote, { id: 12 }, expect.anything()));
    const amount = await screen.findByRole('textbox', { name: /Amount paid in USD/ });
    await waitFor(() => expect((amount as HTMLInputElement).value).toBe('62.5'));
    fireEvent.change(amount, { target: { value: '70.25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0][0]).toEqual({ method: 'POST', path: EXTENSION_API.pay });
    expect(call.mock.calls[0][1]).toEqual({ id: 12, amount: 7_025 });
    const key = (call.mock.calls[0][2] as { idempotencyKey?: string }).idempotencyKey;
    expect(key).toMatch(/.{8,}/);
  });

  it('shows the server\'s refusal and retries the same payment under the same key', async () => {
    get = vi.spyOn(api, 'get').mockResolvedValue({ ...QUOTE, extension_id: 12 } as never);
    call = vi.spyOn(api, 'call')
      .mockRejectedValueOnce(new ApiError(40900, 'insufficient payment for extension') as never)
      .mockResolvedValueOnce({ id: 12, application_no: ROW.application_no, end_date: '2026-03-12' } as never);
    renderUi(<PayDialog row={ROW} onClose={() => undefined} />);
    const amount = await screen.findByRole('textbox', { name: /Amount paid in USD/ });
    await waitFor(() => expect((amount as HTMLInputElement).value).toBe('62.5'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByTestId('pay-problem')).textContent).toBe('insufficient payment for extension');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(call).toHaveBeenCalledTimes(2));
    const keys = call.mock.calls.map((c: unknown[]) => (c[2] as { idempotencyKey?: string }).idempotencyKey);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(call.mock.calls[1][1]).toEqual({ id: 12, amount: 6_250 });
  });
});

describe('screens', () => {
  it('the passed list reads its own list and opens the pay dialog for the row', async () => {
    get = vi.spyOn(api, 'get').mockImplementation((async (path: string) => (path === EXTENSION_API.quote ? { ...QUOTE, extension_id: 12 } : [])) as never);
    renderUi(<PassedExtensionsScreen />);
    expect((await screen.findByTestId('grid')).textContent).toBe(`extension.ExhibitionPeriodPassedList ${EXTENSION_API.passedList}`);
    void runInteractive('extension.ExhibitionPeriodPassedList.pay', { selection: [ROW as never] });
    expect(await screen.findByTestId('extension-pay-dialog')).toBeTruthy();
    await waitFor(() => expect(get).toHaveBeenCalledWith(EXTENSION_API.quote, { id: 12 }, expect.anything()));
  });

  it('the review queue: its list, its keys, p passes the row at once and r asks for the remark', async () => {
    get = vi.spyOn(api, 'get').mockResolvedValue([] as never);
    call = vi.spyOn(api, 'call').mockResolvedValue({ id: 12, status: 'passed' } as never);
    renderUi(<ReviewExtensionsScreen />);
    expect((await screen.findByTestId('grid')).textContent).toBe(`review.reviewExhibitionPeriod ${EXTENSION_API.reviewList}`);
    expect(screen.getByTestId('extension-review-keys').textContent).toContain('p pass');
    const keys = COMMANDS.filter((c) => c.screen === 'review.reviewExhibitionPeriod').map((c) => [c.hotkey, c.api?.path]);
    expect(keys).toEqual([['p', EXTENSION_API.pass], ['r', EXTENSION_API.reject]]);

    await runInteractive('extension.reviewExhibitionPeriod.pass', { selection: [{ id: 12 }] });
    expect(call.mock.calls[0][0]).toEqual({ method: 'POST', path: EXTENSION_API.pass });
    expect(call.mock.calls[0][1]).toEqual({ id: 12 });

    call.mockResolvedValue({ id: 13, status: 'rejected' } as never);
    void runInteractive('extension.reviewExhibitionPeriod.reject', { selection: [{ id: 13 }] });
    const remark = await screen.findByRole('textbox', { name: /Remark/ });
    fireEvent.change(remark, { target: { value: 'no income proof' } });
    fireEvent.click(screen.getByRole('button', { name: /Confirm|OK/ }));
    await waitFor(() => expect(call).toHaveBeenCalledTimes(2));
    expect(call.mock.calls[1][0]).toEqual({ method: 'POST', path: EXTENSION_API.reject });
    expect(call.mock.calls[1][1]).toEqual({ id: 13, remark: 'no income proof' });
  });
});
