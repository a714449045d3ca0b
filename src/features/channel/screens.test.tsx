// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPER_KEY } from '../../../commands/permissions';
import { api } from '../../app/api/request';
import { executeCommand, runInteractive } from '../../app/commands';
import { setNotifier, type Notifier } from '../../app/lib/notify';
import { session } from '../../app/state/session';
import { CHANNEL_API, type BindingRow, type ChannelRow } from '../../schemas/channel';
import { installDomShims, renderUi } from '../../ui/testing';
import ChannelScreen from './ChannelScreen';
import ProviderScreen from './ProviderScreen';

installDomShims();

// The canvas grid needs a real browser (the e2e tests cover it); here a stub shows which list it would read.
vi.mock('../../ui/DataGrid', () => ({
  DataGrid: (p: { url: string; screenId: string }) => <div data-testid="grid">{`${p.screenId} ${p.url}`}</div>,
}));
vi.mock('wouter/use-browser-location', () => ({ navigate: () => undefined }));

const row: ChannelRow = {
  id: 5, merchant_id: 1, merchant_name: 'Saigon Credit', code: 'M001-FB', name: 'Facebook ads', type: 'facebook', opened_at: '2026-01-01T00:00:00Z',
  expires_at: null, extendable_quantity: 0, fixed_identifier: 'fb', initial_tag: '', public_key: '', tracking_provider: 'facebook', tracking_id: '',
  pixel_id: '', forwarding_url: '', promotion_url: '', promotion_product_id: null, enabled: true, private_key_hint: 'AbCd', tracking_secret_hint: '',
  access_token_hint: '', bound_accounts: 1, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
};
const accounts: BindingRow[] = [
  { account_id: 11, account: 'marketing', name: 'Bui Quoc Huy', channel_ids: [5, 7] },
  { account_id: 12, account: 'registrar', name: 'Do Phuong Linh', channel_ids: [] },
];

let prev: Notifier;
let call: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  session.nodes = [SUPER_KEY];
  prev = setNotifier(() => undefined);
  vi.spyOn(api, 'get').mockImplementation((async (path: string) => {
    if (path === CHANNEL_API.bindingList) return accounts;
    if (path === CHANNEL_API.options) return [{ id: 5, merchant_id: 1, code: 'M001-FB', name: 'Facebook ads', enabled: true }];
    return [{ id: 1, name: 'Saigon Credit', code: 'M001', parent_id: null }];
  }) as never);
  call = vi.spyOn(api, 'call').mockImplementation((async (c: { path: string }, body: Record<string, unknown>) => {
    if (c.path === CHANNEL_API.add) return { row: { ...row, id: 9, code: 'M001-NEW' }, secrets: { private_key: '-----BEGIN PRIVATE KEY-----\nONCE\n-----END PRIVATE KEY-----' } };
    if (c.path === CHANNEL_API.bindingEdit) return { ...accounts[1], channel_ids: body.channel_ids };
    if (c.path === CHANNEL_API.providerAdd) return { row: { id: 3, name: 'Sandbox tracker' }, secret: 'whsec_shown-once' };
    return null;
  }) as never);
});
afterEach(() => {
  vi.restoreAllMocks();
  setNotifier(prev);
  session.nodes = [];
  window.history.replaceState(null, '', '/');
});

describe('channel screen', () => {
  it('reads the channel list and shows new secrets once, in a dialog', async () => {
    renderUi(<ChannelScreen />);
    expect((await screen.findByTestId('grid')).textContent).toBe(`merchant.channel ${CHANNEL_API.list}`);
    await act(async () => {
      await executeCommand('merchant.channel.add', { merchant_id: 1, code: 'M001-NEW', name: 'New one', generate_keys: true });
    });
    const secret = await screen.findByTestId('channel-secret-value');
    expect(secret.textContent).toContain('ONCE');
    fireEvent.click(screen.getByRole('button', { name: 'I have copied them' }));
    await waitFor(() => expect(screen.queryByTestId('channel-secret-value')).toBeNull());
  });

  it('binds a staff account to the selected channel, keeping its other channels', async () => {
    renderUi(<ChannelScreen />);
    await screen.findByTestId('grid');
    await act(async () => {
      await runInteractive('merchant.channel.bind', { selection: [row as unknown as Record<string, unknown>] });
    });
    const box = await screen.findByRole('checkbox', { name: 'Do Phuong Linh (registrar)' });
    expect((screen.getByRole('checkbox', { name: 'Bui Quoc Huy (marketing)' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(box);
    await waitFor(() => expect(call).toHaveBeenCalledWith(expect.objectContaining({ path: CHANNEL_API.bindingEdit }), { account_id: 12, channel_ids: [5] }, expect.anything()));
  });
});

describe('provider screen', () => {
  it('shows the signing secret of a new provider once', async () => {
    renderUi(<ProviderScreen />);
    expect((await screen.findByTestId('grid')).textContent).toBe(`merchant.channelProvider ${CHANNEL_API.providerList}`);
    await act(async () => {
      await executeCommand('merchant.channelProvider.add', { merchant_id: 1, name: 'Sandbox tracker', kind: 'sandbox' });
    });
    expect((await screen.findByTestId('channel-secret-value')).textContent).toBe('whsec_shown-once');
  });
});
