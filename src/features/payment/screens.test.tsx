// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPER_KEY } from '../../../commands/permissions';
import { api } from '../../app/api/request';
import { paramChoices } from '../../app/commands';
import { session } from '../../app/state/session';
import { renderUi } from '../../ui/testing';
import { BankChannels, TransferAudit, TransferOrderQuery } from './screens';

const EMPTY = { rows: [], next_cursor: null, prev_cursor: null, total: 0, total_exact: true, total_capped: false };

let get: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  session.nodes = [SUPER_KEY];
  get = vi.spyOn(api, 'get').mockImplementation((async (path: string) => {
    if (path === '/loanapi/merchant/options') return [{ id: 3, name: 'Saigon Credit', code: 'M001', parent_id: null }];
    if (path === '/loanapi/bank_channel/options') return { rows: [{ id: 7, code: 'SANDBOX', name: 'Sandbox', enabled: true, is_default: true }], secure_key_set: false };
    return EMPTY;
  }) as never);
});
afterEach(() => {
  session.nodes = [];
  vi.restoreAllMocks();
});

describe('payment screens', () => {
  it('the transfer audit queue reads its own list, hides the status filter and offers approve (A) and reject (R)', async () => {
    renderUi(<TransferAudit />);
    await screen.findByTestId('transfer-orderAudit', {}, { timeout: 15_000 });
    const bar = await screen.findByTestId('command-toolbar', {}, { timeout: 15_000 });
    await waitFor(() => expect(get).toHaveBeenCalledWith('/loanapi/transfer/audit_list', expect.anything(), expect.anything()));
    expect(bar.querySelector('[data-command="transfer.orderAudit.approve"]')?.getAttribute('aria-keyshortcuts')).toBe('A');
    expect(bar.querySelector('[data-command="transfer.orderAudit.reject"]')).not.toBeNull();
    expect(document.querySelector('input[name="status"]')).toBeNull();
    expect(document.querySelector('input[name="transfer_no"]')).not.toBeNull();
    // The action forms choose channels and merchants by name.
    await waitFor(() => expect(paramChoices().channel_id).toEqual([{ value: '7', label: 'Sandbox (SANDBOX)' }]));
    expect(paramChoices().merchant_id[0].label).toBe('Saigon Credit (M001)');
  });

  it('the transfer query and the channel screen show only their own actions', async () => {
    const { unmount } = renderUi(<TransferOrderQuery />);
    const bar = await screen.findByTestId('command-toolbar', {}, { timeout: 15_000 });
    expect(bar.querySelector('[data-command^="transfer."]')).toBeNull();
    expect(document.querySelector('input[name="status"]')).not.toBeNull();
    unmount();
    renderUi(<BankChannels />);
    const bar2 = await screen.findByTestId('command-toolbar', {}, { timeout: 15_000 });
    for (const verb of ['add', 'edit', 'enable', 'disable', 'test', 'del', 'secureKey']) {
      expect(bar2.querySelector(`[data-command="system.bankChannel.${verb}"]`), verb).not.toBeNull();
    }
  });
});
