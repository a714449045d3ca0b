// @vitest-environment jsdom
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ApiError, api } from '../../app/api/request';
import { session } from '../../app/state/session';
import type { DashboardSummary, Figure, LendingSection } from '../../schemas/dashboard';
import { installDomShims, renderUi, testMessages } from '../../ui/testing';
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
const none = { overview: null, lending: null, queues: null, review: null, collection: null, acquisition: null, merchants: null };
const base = (over: Partial<DashboardSummary>): DashboardSummary => ({ me, ...none, generated_at: '2026-01-07T10:00:00Z', ...over });

const fig = (today: number, yesterday: number, total: number): Figure<number> => ({ today, yesterday, total, series: [...new Array(28).fill(1), yesterday, today] });
const r = (num: number, den: number) => ({ num, den });
const lending: LendingSection = {
  today: '2026-01-30', dates: Array.from({ length: 30 }, (_, i) => `2026-01-${String(i + 1).padStart(2, '0')}`), mixed_dates: true,
  applications: fig(1250, 1000, 30000), approvals: fig(300, 320, 9000), payouts: fig(200, 200, 6000),
  paid_out: [{ currency: 'USD', ...fig(123456, 100000, 5000000) }, { currency: 'THB', ...fig(50000, 0, 50000) }],
  money_in: [{ currency: 'USD', ...fig(99900, 0, 99900) }, { currency: 'THB', ...fig(0, 0, 0) }],
  overdue: {
    d0: { today: r(1, 8), yesterday: r(1, 10), total: r(30, 300), series: new Array(30).fill(r(1, 8)) },
    d1: { today: r(0, 0), yesterday: r(1, 10), total: r(30, 300), series: new Array(30).fill(r(0, 0)) },
    d7: { today: r(1, 20), yesterday: r(1, 20), total: r(15, 300), series: new Array(30).fill(r(1, 20)) },
  },
  recovered: null,
};

function show(code = 'en') {
  const { hook } = memoryLocation({ path: '/dashboard' });
  return renderUi(<Router hook={hook}><DashboardScreen /></Router>, code);
}
const answer = (s: DashboardSummary) => { get = vi.spyOn(api, 'get').mockResolvedValue(s); };
const linkOf = (key: string) => within(screen.getByTestId(`card-${key}`)).queryByRole('link')?.getAttribute('href') ?? null;

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
    answer(base({ overview }));
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
    answer(base({}));
    show();
    // 10:00 UTC is 17:00 in Bangkok, whatever the zone of the machine running the test.
    await waitFor(() => expect(screen.getByTestId('dashboard-updated').textContent).toBe('Updated 2026-01-07 17:00:00 (Asia/Bangkok time) · Business date 2026-01-09'));
  });

  it('shows only my own figures when the server sends no section', async () => {
    answer(base({}));
    show('zh');
    expect(await screen.findByText('我的今日操作')).toBeTruthy();
    expect(screen.queryByText('当前在线')).toBeNull();
    for (const id of ['org', 'lending', 'queues', 'review', 'collection', 'merchants']) expect(screen.queryByTestId(`dashboard-${id}`)).toBeNull();
  });

  it('shows the lending figures: today, the change, 30 days, rates with their parts; money in the chosen currency', async () => {
    session.nodes = ['statistics_orderStatistics', 'statistics_repaymentStatisticsRecord'];
    answer(base({ lending }));
    show();
    expect(await screen.findByTestId('stat-applications')).toBeTruthy();
    expect(screen.getByTestId('stat-applications').textContent).toBe('1,250');
    expect(screen.getByTestId('delta-applications').textContent).toBe('+250 vs yesterday');
    expect(within(screen.getByTestId('card-applications')).getByText('30 days: 30,000')).toBeTruthy();
    expect(screen.getByTestId('delta-approvals').textContent).toBe('-20 vs yesterday');
    expect(screen.getByTestId('stat-paidOut').textContent).toBe('$1,234.56');
    expect(within(screen.getByTestId('card-paidOut')).getByText('30 days: $50,000.00')).toBeTruthy();
    expect(screen.getByTestId('delta-paidOut').textContent).toBe('+$234.56 vs yesterday');
    // Overdue at D0: 1 of 8 loans; the parts on hover; up is worse.
    expect(screen.getByText('Overdue at D0')).toBeTruthy();
    expect(screen.getByTestId('stat-overdueD0').textContent).toBe('12.5%');
    expect(screen.getByTestId('stat-overdueD0').getAttribute('title')).toBe('1 / 8');
    expect(screen.getByTestId('delta-overdueD0').textContent).toBe('+2.5% vs the day before');
    // Nothing due: no rate, no change.
    expect(screen.getByTestId('stat-overdueD1').textContent).toBe('–');
    expect(screen.queryByTestId('delta-overdueD1')).toBeNull();
    expect(screen.getAllByTestId('sparkline').length).toBeGreaterThan(5);
    expect(screen.getByTestId('dashboard-mixed-dates')).toBeTruthy();
    // Each card opens its report when the session holds the report's node.
    expect(linkOf('applications')).toBe('/statistics/orderStatistics');
    expect(linkOf('overdueD7')).toBe('/statistics/repaymentStatisticsRecord');
    expect(linkOf('paidOut')).toBeNull();

    fireEvent.click(within(screen.getByTestId('dashboard-currency')).getByText('THB'));
    await waitFor(() => expect(screen.getByTestId('stat-paidOut').textContent).toBe('THB\u00a0500.00'));
    // The charts come in their own chunk (the first load of it takes a while).
    expect(await screen.findByTestId('lending-orders-chart', {}, { timeout: 20_000 })).toBeTruthy();
    expect(await screen.findByTestId('lending-money-chart', {}, { timeout: 20_000 })).toBeTruthy();
  }, 40_000);

  it('reads numbers in Arabic and runs time from the right', async () => {
    answer(base({ lending: { ...lending, paid_out: null, money_in: null } }));
    installDomShims();
    const { hook } = memoryLocation({ path: '/dashboard' });
    render(<Router hook={hook}><DashboardScreen /></Router>, {
      wrapper: ({ children }: { children: ReactNode }) => (
        <IntlProvider locale="ar-EG" messages={testMessages('ArEg')} onError={() => undefined}>
          <DirectionProvider initialDirection="rtl"><MantineProvider env="test">{children}</MantineProvider></DirectionProvider>
        </IntlProvider>
      ),
    });
    expect((await screen.findByTestId('stat-applications')).textContent).toBe('١٬٢٥٠');
    expect(screen.getByText('التأخر عند D0')).toBeTruthy();
    expect(screen.getByTestId('stat-overdueD0').textContent).toMatch(/١٢٫٥/);
    expect(screen.queryByTestId('dashboard-currency')).toBeNull();
    // The oldest day is drawn at the right end in right to left.
    const line = within(screen.getByTestId('card-applications')).getByTestId('sparkline').querySelector('path')!;
    expect(line.getAttribute('d')).toMatch(/^M98\.0,/);
  });

  it('opens a stage queue for its reviewer and the all-orders list for a supervisor', async () => {
    session.nodes = ['review_trial', 'review_allOrder'];
    answer(base({
      queues: [{ page: 'trial', waiting: 23, claimed: 2 }, { page: 'reviewAgain', waiting: 9, claimed: 0 }],
      review: { stages: [{ page: 'trial', claimable: 21, mine: 1 }], decided: { today: 3, week: 4, approved_today: 2, approved_week: 2 } },
    }));
    show();
    expect((await screen.findByTestId('stat-queue-trial')).textContent).toBe('23');
    expect(linkOf('queue-trial')).toBe('/review/trial');
    expect(linkOf('queue-reviewAgain')).toBe('/review/allOrder?status=second_review');
    expect(within(screen.getByTestId('card-claimable-trial')).getByText('Waiting · 1 claimed by me')).toBeTruthy();
    expect(within(screen.getByTestId('card-decidedToday')).getByText('2 approved')).toBeTruthy();
  });

  it('shows a collector its desk and a merchant operator its balances', async () => {
    session.nodes = ['collection_myCollectionList'];
    answer(base({
      collection: { cases: 30, pool: 84, promises_today: 1, promised_today: [{ currency: 'VND', amount: 50_000 }], recovered_month: [{ currency: 'VND', amount: 326_000 }] },
      merchants: [{
        id: 1, name: 'Saigon Credit', currency: 'VND', today: '2026-01-30', balances: { available: 7_491_371_700, frozen: 0, loan: 5, risk: 0 },
        payouts_today: { count: 1, amount: 1_170_000 }, payouts_30d: { count: 174, amount: 718_283_000 },
      }],
    }));
    show();
    expect((await screen.findByTestId('stat-myCases')).textContent).toBe('30');
    expect(linkOf('myCases')).toBe('/collection/myCollectionList');
    expect(linkOf('pool')).toBeNull();
    expect(within(screen.getByTestId('card-promisesToday')).getByText('₫50,000 promised')).toBeTruthy();
    // Large amounts read compact on a card, in full on hover.
    expect(screen.getByTestId('stat-recoveredMonth-VND').textContent).toBe('₫326K');
    expect(screen.getByTestId('stat-recoveredMonth-VND').getAttribute('title')).toBe('₫326,000');
    const row = screen.getByTestId('merchant-row-1');
    expect(within(row).getByText('₫7,491,371,700')).toBeTruthy();
    expect(within(row).getByText('174 loans')).toBeTruthy();
  });

  it('says why loading failed and offers a retry', async () => {
    get = vi.spyOn(api, 'get').mockRejectedValueOnce(new ApiError(50000, 'Server error')).mockResolvedValue(base({}));
    show();
    expect(await screen.findByText('Server error')).toBeTruthy();
    screen.getByRole('button', { name: 'Retry' }).click();
    await waitFor(() => expect(screen.queryByText('Server error')).toBeNull());
    expect(get).toHaveBeenCalledTimes(2);
  });
});
