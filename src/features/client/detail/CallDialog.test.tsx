// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../app/api/request';
import { renderUi } from '../../../ui/testing';
import { CALL_DIALOG_WIDTH, CallDialog } from './CallDialog';

/** The call dialog opens the configured softphone's link (/empower/outbound), or the server's sip: link without one. */
let setting: unknown;
let get: ReturnType<typeof vi.spyOn>;
let post: ReturnType<typeof vi.spyOn>;
let clicks: Array<{ href: string; target: string }>;
const orig = HTMLAnchorElement.prototype.click;

beforeEach(() => {
  clicks = [];
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    clicks.push({ href: this.href, target: this.target });
  };
  get = vi.spyOn(api, 'get').mockImplementation((async (path: string) => {
    if (path === '/loanapi/external_call/softphone') return setting;
    throw new Error(path);
  }) as never);
  post = vi.spyOn(api, 'post').mockImplementation((async (path: string) => {
    if (path === '/loanapi/customer/call_log') return { phone: '091*****78', a_text: 'Nguyen Van A', only_no: '77', url: 'sip:+84912345678', sip_text: '091*****78' };
    throw new Error(path);
  }) as never);
});
afterEach(() => {
  HTMLAnchorElement.prototype.click = orig;
  get.mockRestore();
  post.mockRestore();
});

const request = { target: 'customer' as const, name: 'Nguyen Van A', phone: '091*****78' };

async function callNow() {
  renderUi(<CallDialog customerId={42} request={request} masked={false} onClose={() => undefined} />);
  const dialog = await screen.findByRole('dialog', { name: 'Softphone call' });
  await waitFor(() => expect(get).toHaveBeenCalledWith('/loanapi/external_call/softphone', { customer_id: 42 }, expect.anything()));
  fireEvent.click(within(dialog).getByTestId('call-start'));
  await waitFor(() => expect(post).toHaveBeenCalledWith('/loanapi/customer/call_log', { customer_id: 42, target: 'customer', contact_id: undefined }));
  return dialog;
}

describe('call dialog', () => {
  it('is 400 wide and dials through the sip setting of the customer\'s merchant, with its link text', async () => {
    expect(CALL_DIALOG_WIDTH).toBe(400);
    setting = { id: 5, name: 'Office PBX', type: 'sip', url: 'pbx.example.com', a_text: '', only_no: true, sip_text: 'Dial via PBX', merchant_id: null };
    const dialog = await callNow();
    await waitFor(() => expect(clicks).toEqual([{ href: 'sip:912345678@pbx.example.com', target: '' }]));
    const link = within(dialog).getByTestId('sip-link');
    expect(link.getAttribute('href')).toBe('sip:912345678@pbx.example.com');
    expect(link.textContent).toBe('Dial via PBX');
    expect(within(dialog).getByText('Open the softphone page', { exact: false }).closest('a')?.getAttribute('href')).toBe('/sip?phone=%2B84912345678&customer_id=42');
  });

  it('opens a web softphone in a tab of its own', async () => {
    setting = { id: 6, name: 'Web', type: 'url', url: 'https://call.example.com/dial?to={phone}', a_text: 'Call now', only_no: false, sip_text: '', merchant_id: 3 };
    const tab = { opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    try {
      const dialog = await callNow();
      await waitFor(() => expect(tab.location.href).toBe('https://call.example.com/dial?to=%2B84912345678'));
      expect(open).toHaveBeenCalledWith('about:blank', '_blank');
      expect(tab.opener).toBeNull();
      expect(clicks).toEqual([]);
      const link = within(dialog).getByTestId('sip-link');
      expect(link.textContent).toBe('Call now');
      expect(link.getAttribute('target')).toBe('_blank');
    } finally {
      open.mockRestore();
    }
  });

  it('uses the server\'s sip: link when no softphone is configured', async () => {
    setting = null;
    const dialog = await callNow();
    await waitFor(() => expect(clicks.map((c) => c.href)).toEqual(['sip:+84912345678']));
    expect(within(dialog).getByTestId('sip-link').textContent).toBe('Call');
  });
});
