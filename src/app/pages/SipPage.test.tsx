// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/request';
import { session } from '../state/session';
import { renderUi } from '../../ui/testing';
import SipPage from './SipPage';

/** /sip?phone=… opens the number in the configured softphone when signed in, else as a plain sip: link. */
let get: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  get = vi.spyOn(api, 'get').mockImplementation((async (path: string) => {
    if (path === '/loanapi/external_call/softphone') return { id: 5, name: 'Office PBX', type: 'sip', url: 'pbx.example.com', a_text: '', only_no: false, sip_text: '', merchant_id: null };
    throw new Error(path);
  }) as never);
});
afterEach(() => {
  get.mockRestore();
  session.token = null;
  window.history.replaceState(null, '', '/');
});

describe('/sip', () => {
  it('builds the link with the softphone of the customer\'s merchant when signed in', async () => {
    session.token = 'tok';
    window.history.replaceState(null, '', '/sip?phone=%2B84912345678&customer_id=42');
    renderUi(<SipPage />);
    await waitFor(() => expect(screen.getByTestId('sip-link').getAttribute('href')).toBe('sip:+84912345678@pbx.example.com'));
    expect(get).toHaveBeenCalledWith('/loanapi/external_call/softphone', { customer_id: 42, merchant_id: undefined }, expect.anything());
  });

  it('without a session, opens sip:{phone} and asks nothing', async () => {
    window.history.replaceState(null, '', '/sip?phone=0912345678');
    renderUi(<SipPage />);
    expect(screen.getByTestId('sip-link').getAttribute('href')).toBe('sip:0912345678');
    expect(get).not.toHaveBeenCalled();
  });

  it('refuses what is not a number', async () => {
    window.history.replaceState(null, '', '/sip?phone=javascript:alert(1)');
    renderUi(<SipPage />);
    expect(screen.getByTestId('sip-invalid')).toBeTruthy();
  });
});
