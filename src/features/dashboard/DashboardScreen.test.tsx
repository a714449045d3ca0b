// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ApiError, api } from '../../app/api/request';
import { session } from '../../app/state/session';
import type { DashboardSummary } from '../../schemas/dashboard';
import { renderUi } from '../../ui/testing';
import type { BusinessClockInfo } from '../../schemas/system';
import DashboardScreen from './DashboardScreen';

// The business clock is read apart from the summary; null (unknown) unless a test sets it.
let clock: BusinessClockInfo | null = null;
vi.mock('../../app/intl/businessClock', async (orig) => ({
  ...(await orig<typeof import('../../app/intl/businessClock')>()),
  businessClock: async () => clock,
}));

const me = { account: 'amy', name: 'Amy', operations_today: 3, last_login: null };
const week = Array.from({ length: 7 }, (_, i) => ({ date: `2026-01-0${i + 1}`, logins: 0, failures: 0, operations: 0 }));
const overview = {
  accounts: { total: 12, enabled: 10, online: 4 }, logins_today: { success: 9, failed: 2 }, operations_today: 1234,
  roles: 5, merchants: { main: 1, sub: 2 }, dict_items: 30, series: week,
};

function show(code = 'en') {
  const { hook } = memoryLocation({ path: '/dashboard' });
  return renderUi(<Router hook={hook}><DashboardScreen /></Router>, code);
}

let get: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  session.nodes = ['admin_y'];
});
afterEach(() => {
  clock = null;
  get?.mockRestore();
  session.nodes = [];
});

describe('DashboardScreen', () => {
  it('shows the organisation cards, and "no data" for an empty week', async () => {
    get = vi.spyOn(api, 'get').mockResolvedValue({ me, overview, generated_at: '2026-01-07T10:00:00Z' } satisfies DashboardSummary);
    show();
    expect(await screen.findByText('Online now')).toBeTruthy();
    expect(screen.getByTestId('stat-operations').textContent).toBe('1,234');
    expect(screen.getByText('2 failed attempts')).toBeTruthy();
    expect(screen.getByText('First sign-in')).toBeTruthy();
    expect(screen.getByText('No data')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/loanapi/dashboard/summary', undefined, expect.objectContaining({ silent: true }));
  });

  it('says the update time in the market time zone, and the business date', async () => {
    clock = { time_zone: 'Asia/Bangkok', business_date: '2026-01-09', business_now: '2026-01-09T03:00:00Z', system_now: '2026-01-07T10:00:00Z' };
    get = vi.spyOn(api, 'get').mockResolvedValue({ me, overview: null, generated_at: '2026-01-07T10:00:00Z' } satisfies DashboardSummary);
    show();
    // 10:00 UTC is 17:00 in Bangkok, whatever the zone of the machine running the test.
    await waitFor(() => expect(screen.getByTestId('dashboard-updated').textContent).toBe('Updated 2026-01-07 17:00:00 (Asia/Bangkok time) · Business date 2026-01-09'));
  });

  it('shows only my own figures when the server sends no overview', async () => {
    get = vi.spyOn(api, 'get').mockResolvedValue({ me, overview: null, generated_at: '2026-01-07T10:00:00Z' });
    show('zh');
    expect(await screen.findByText('我的今日操作')).toBeTruthy();
    expect(screen.queryByText('当前在线')).toBeNull();
    expect(screen.queryByTestId('dashboard-org')).toBeNull();
  });

  it('says why loading failed and offers a retry', async () => {
    get = vi.spyOn(api, 'get').mockRejectedValueOnce(new ApiError(50000, 'Server error')).mockResolvedValue({ me, overview: null, generated_at: '' });
    show();
    expect(await screen.findByText('Server error')).toBeTruthy();
    screen.getByRole('button', { name: 'Retry' }).click();
    await waitFor(() => expect(screen.queryByText('Server error')).toBeNull());
    expect(get).toHaveBeenCalledTimes(2);
  });
});
