// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPER_KEY } from '../../../commands/permissions';
import { api } from '../../app/api/request';
import { executeCommand } from '../../app/commands';
import { setNotifier, type Notifier } from '../../app/lib/notify';
import { session } from '../../app/state/session';
import { MERCHANT_MONEY_API } from '../../schemas/merchantMoney';
import { installDomShims, renderUi } from '../../ui/testing';
import BalanceInfoScreen from './BalanceInfoScreen';
import BalanceTaskScreen from './BalanceTaskScreen';

installDomShims();

let prev: Notifier;
beforeEach(() => {
  session.nodes = [SUPER_KEY];
  prev = setNotifier(() => undefined);
  vi.spyOn(api, 'get').mockImplementation(async (path: string, query?: Record<string, unknown>) => {
    if (path === '/loanapi/merchant/options') return [{ id: 1, name: 'Saigon Credit', code: 'M001', parent_id: null }] as never;
    if (path === MERCHANT_MONEY_API.balances && query?.low === '1') return { rows: [], total: 2, total_exact: true } as never;
    return { rows: [], total: 0, total_exact: true, next_cursor: null, prev_cursor: null } as never;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  setNotifier(prev);
  session.nodes = [];
});

describe('merchant balance screen', () => {
  it('warns how many merchants are below their low-balance alert, in the user\'s language', async () => {
    renderUi(<BalanceInfoScreen />);
    expect((await screen.findByTestId('low-balance-alert')).textContent).toBe('2 merchants are below the low-balance alert');
  });

  it('says it in Chinese too', async () => {
    renderUi(<BalanceInfoScreen />, 'zh');
    expect((await screen.findByTestId('low-balance-alert')).textContent).toBe('2 个商户低于余额预警');
  });
});

describe('balance change tasks screen', () => {
  it('requests a change with an Idempotency-Key, and confirms the selected task with another one', async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue({ id: 9, status: 'pending' });
    renderUi(<BalanceTaskScreen />);
    await screen.findByTestId('balance-task-screen');
    await act(async () => {
      await executeCommand('merchant.BalanceChangeTaskRecord.request', { merchant_id: 1, change_type: 'increase', amount: 500, remark: 'Funding' });
    });
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ path: MERCHANT_MONEY_API.request }),
      { merchant_id: 1, change_type: 'increase', amount: 500, remark: 'Funding' }, expect.objectContaining({ idempotencyKey: expect.any(String) }));
    await act(async () => {
      await executeCommand('merchant.BalanceChangeTaskRecord.confirm', { decide_remark: 'ok' }, { selection: [{ id: 9 }] });
    });
    const [, confirmPayload, confirmOpts] = call.mock.calls.at(-1)!;
    expect(confirmPayload).toEqual({ id: 9, decide_remark: 'ok' });
    expect((confirmOpts as { idempotencyKey: string }).idempotencyKey).not.toBe((call.mock.calls[0][2] as { idempotencyKey: string }).idempotencyKey);
  });
});
