// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPER_KEY } from '../../../commands/permissions';
import { api } from '../../app/api/request';
import { selectionStore } from '../../app/commands';
import { setNotifier, type Notifier } from '../../app/lib/notify';
import { session } from '../../app/state/session';
import type { TokenRow } from '../../schemas/empower';
import type { LoginLogRow, OperationLogRow } from '../../schemas/log';
import { renderUi, testMessages } from '../../ui/testing';
import LoginLogScreen from './LoginLogScreen';
import OnlineSessionsScreen from './OnlineSessionsScreen';
import OperationLogScreen from './OperationLogScreen';
import { resetKeptLists } from './usePagedList';

const sessionRow = (id: number, account_id: number, account: string): TokenRow => ({
  id, account_id, account, name: account.toUpperCase(), ip: `10.0.0.${id}`, terminal: 'pc', user_agent: 'Chrome',
  created_at: '2026-01-01T08:00:00Z', last_seen_at: new Date().toISOString(), expires_at: '2026-01-02T08:00:00Z', durable: false,
});

let call: ReturnType<typeof vi.spyOn>;
let prev: Notifier;
beforeEach(() => {
  session.nodes = [SUPER_KEY];
  resetKeptLists();
  prev = setNotifier(() => undefined);
});
afterEach(() => {
  call?.mockRestore();
  setNotifier(prev);
  session.nodes = [];
});

describe('online sessions', () => {
  it('selects sessions (not accounts) and ends exactly those', async () => {
    call = vi.spyOn(api, 'call').mockImplementation((async (c: { path: string }) => {
      if (c.path.endsWith('get_token_all_list')) return { rows: [sessionRow(11, 1, 'amy'), sessionRow(12, 1, 'amy'), sessionRow(13, 2, 'bob')], total: 3 };
      return { sessions_ended: 1 };
    }) as never);
    renderUi(<OnlineSessionsScreen />);
    const table = await screen.findByRole('table', { name: 'Online sessions' });
    await within(table).findByText('10.0.0.12');
    expect(call).toHaveBeenCalledWith({ method: 'POST', path: '/loanapi/admin_account/get_token_all_list' }, { page: 1, page_size: 50 }, expect.anything());
    expect(screen.getByText('3 records')).toBeTruthy();

    fireEvent.click(within(table).getByText('10.0.0.12'));
    await waitFor(() => expect(selectionStore.rows.map((r) => r.id)).toEqual([12]));
    fireEvent.click(screen.getByRole('button', { name: 'Force logout (1)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith({ method: 'POST', path: '/loanapi/admin_account/forced_session_out' }, { ids: [12] }, expect.anything()));
    // The list reloads after the command.
    await waitFor(() => expect(call.mock.calls.filter((c: unknown[]) => (c[0] as { path: string }).path.endsWith('get_token_all_list')).length).toBe(2));
  });

  it('filters by account on Search', async () => {
    call = vi.spyOn(api, 'call').mockResolvedValue({ rows: [], total: 0 });
    renderUi(<OnlineSessionsScreen />);
    expect(await screen.findByText('No data')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Account' }), { target: { value: 'am' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(call).toHaveBeenLastCalledWith(expect.anything(), { account: 'am', page: 1, page_size: 50 }, expect.anything()));
  });
});

describe('login log', () => {
  it('sends the result filter and words failure reasons; a capped total says so', async () => {
    const row: LoginLogRow = { id: 1, account: 'amy', account_id: 1, ip: '1.2.3.4', user_agent: 'UA', success: false, reason: 'google_replay', created_at: '2026-01-01T00:00:00Z' };
    call = vi.spyOn(api, 'call').mockResolvedValue({ rows: [row], total: 10000, total_capped: true });
    renderUi(<LoginLogScreen />, 'zh');
    expect(await screen.findByText('谷歌验证码重复使用')).toBeTruthy();
    expect(screen.getByText(/超过 10,000 条/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(call).toHaveBeenCalledTimes(2));
    expect(call.mock.calls[0][0]).toEqual({ method: 'GET', path: '/loanapi/log/admin_login_list' });
  });
});

describe('operation log', () => {
  it('opens the before and after of a record', async () => {
    const row: OperationLogRow = {
      id: 7, account_id: 1, account: 'admin', action: 'dict.edit', target_type: 'dict_item', target_id: '5',
      before: { label: 'Male', sort: 0 }, after: { label: 'Man', sort: 0 }, ip: '1.2.3.4', request_id: 'req-1', created_at: '2026-01-01T00:00:00Z',
    };
    call = vi.spyOn(api, 'call').mockResolvedValue({ rows: [row], total: 1, total_capped: false });
    renderUi(<OperationLogScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'View' }));
    const changes = await screen.findByTestId('operation-changes');
    const changed = changes.querySelector('[data-kind="changed"]')!;
    expect(within(changed as HTMLElement).getByText('Man')).toBeTruthy();
    expect(changes.querySelector('[data-kind="same"]')).toBeTruthy();
    expect(screen.getByText('Operation #7')).toBeTruthy();
  });

  it('names each action by its command title in the user\'s language, and shows an unknown one as logged', async () => {
    const base = { account_id: 1, account: 'admin', target_type: '', target_id: '', before: null, after: null, ip: '1.2.3.4', request_id: 'r', created_at: '2026-01-01T00:00:00Z' };
    const rows: OperationLogRow[] = [
      { ...base, id: 1, action: 'POST /loanapi/review/order/close' },
      { ...base, id: 2, action: 'admin_account.forced_session_out' },
      { ...base, id: 3, action: 'POST /loanapi/nowhere/else' },
    ];
    call = vi.spyOn(api, 'call').mockResolvedValue({ rows, total: 3, total_capped: false });
    const vi_ = testMessages('vi');
    expect(vi_['action.review.close']).not.toBe(testMessages('en')['action.review.close']);
    renderUi(<OperationLogScreen />, 'vi');
    const table = await screen.findByRole('table');
    const cells = await within(table).findAllByTestId('operation-action');
    expect(cells.map((c) => c.firstElementChild!.textContent)).toEqual([vi_['action.review.close'], vi_['action.empower.user.forceLogout']]);
    // The logged action stays readable under the title (and for the filter), and a path no command calls is shown as is.
    expect(within(cells[0]).getByText('POST /loanapi/review/order/close')).toBeTruthy();
    expect(within(table).getByText('POST /loanapi/nowhere/else')).toBeTruthy();
  });
});
