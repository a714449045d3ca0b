// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPER_KEY } from '../../../commands/permissions';
import { api } from '../../app/api/request';
import { executeCommand } from '../../app/commands';
import { setNotifier, type Notifier } from '../../app/lib/notify';
import { session } from '../../app/state/session';
import type { AppKeyRow, RestrictionRow, RuleConfigRow } from '../../schemas/intake';
import { installDomShims, renderUi } from '../../ui/testing';
import AppKeysScreen from './AppKeysScreen';
import RestrictionRulesScreen from './RestrictionRulesScreen';
import RuleConfigScreen from './RuleConfigScreen';

installDomShims();

const key: AppKeyRow = {
  id: 7, merchant_id: 1, merchant_name: 'Saigon Credit', merchant_code: 'M001', app_key: 'ak_0123456789abcdef01234567', name: 'Android app',
  platform: true, status: 'enabled', secret_hint: 'WxYz', created_at: '2026-03-01T08:00:00Z', rotated_at: null, prev_valid_until: null,
  last_used_at: null, disabled_at: null,
};
const config: RuleConfigRow = {
  id: 3, merchant_id: 1, merchant_name: 'Saigon Credit', max_active_loans: 2, reject_cooldown_days: null, max_daily_apply_phone: 3,
  max_daily_apply_device: null, max_daily_apply_id: null, min_age: 18, max_age: 60, max_daily_withdrawals: null, enabled: true, remark: '',
  updated_at: '2026-03-01T08:00:00Z',
};
const rule: RestrictionRow = {
  id: 4, merchant_id: 1, merchant_name: 'Saigon Credit', name: 'Fraud ring', target: 'id_number', pattern: '079??0*', applies_to: 'withdrawal',
  enabled: true, remark: '', updated_at: '2026-03-01T08:00:00Z',
};

let prev: Notifier;
beforeEach(() => {
  session.nodes = [SUPER_KEY];
  prev = setNotifier(() => undefined);
  vi.spyOn(api, 'get').mockResolvedValue([{ id: 1, name: 'Saigon Credit', code: 'M001', parent_id: null }]);
});
afterEach(() => {
  vi.restoreAllMocks();
  setNotifier(prev);
  session.nodes = [];
});

describe('app keys screen', () => {
  it('lists keys without their secrets, and shows the secret once after a new key is made', async () => {
    const call = vi.spyOn(api, 'call').mockImplementation(async (c) => {
      if (c.path === '/loanapi/merchant_app/add') return { row: { ...key, id: 8, app_key: 'ak_new' }, secret: 'sk_only-this-once' };
      return { rows: [key], total: 1, total_exact: true };
    });
    renderUi(<AppKeysScreen />);
    const table = await screen.findByRole('table', { name: 'Merchant accounts' });
    expect(await within(table).findByText('ak_0123456789abcdef01234567')).toBeTruthy();
    expect(within(table).getByText('••••WxYz')).toBeTruthy();
    expect(within(table).getByText('Platform')).toBeTruthy();
    expect(screen.getByRole('button', { name: /New app key/ })).toBeTruthy();

    await act(async () => {
      await executeCommand('merchant.account.add', { merchant_id: 1, name: 'Android app' });
    });
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ path: '/loanapi/merchant_app/add' }), { merchant_id: 1, name: 'Android app', platform: false }, expect.anything());
    const dialog = await screen.findByTestId('secret-value');
    expect(dialog.textContent).toBe('sk_only-this-once');
    expect(screen.getByText(/shown only this once/)).toBeTruthy();
  });
});

describe('rule screens', () => {
  it('shows each limit, "No limit" where there is none', async () => {
    vi.spyOn(api, 'call').mockResolvedValue({ rows: [config], total: 1, total_exact: true });
    renderUi(<RuleConfigScreen />);
    const table = await screen.findByRole('table', { name: 'Loan rules' });
    const row = (await within(table).findByText('Saigon Credit')).closest('tr')!;
    expect(within(row).getByText('60')).toBeTruthy();
    expect(within(row).getAllByText('No limit')).toHaveLength(4);
  });

  it('words what a restriction checks and where it applies', async () => {
    vi.spyOn(api, 'call').mockResolvedValue({ rows: [rule], total: 1, total_exact: true });
    renderUi(<RestrictionRulesScreen />, 'zh');
    const table = await screen.findByRole('table', { name: '借款限制规则' });
    expect(await within(table).findByText('079??0*')).toBeTruthy();
    expect(within(table).getByText('证件号')).toBeTruthy();
    expect(within(table).getByText('提现')).toBeTruthy();
  });
});
