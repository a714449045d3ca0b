import { describe, expect, it } from 'vitest';
import type { DashboardSummary, Figure, LendingSection, MoneyFigure } from '../../schemas/dashboard';
import { collectionCards, lendingCards, lendingCurrencies, meCards, queueCards, reviewCards, seriesEmpty, signinCards } from './dashboardCards';

const me = { account: 'amy', name: 'Amy', operations_today: 3, last_login: { at: '2026-01-01T08:00:00Z', ip: '10.0.0.1' } };
const overview: NonNullable<DashboardSummary['overview']> = {
  accounts: { total: 12, enabled: 10, online: 4 },
  logins_today: { success: 9, failed: 2 },
  operations_today: 40,
  roles: 5,
  merchants: { main: 1, sub: 2 },
  dict_items: 30,
  series: [{ date: '2026-01-01', logins: 0, failures: 0, operations: 0 }],
};

const series = (last: number, before: number) => [...new Array<number>(28).fill(1), before, last];
const count = (last: number, before: number): Figure<number> => ({ today: last, yesterday: before, total: 28 + last + before, series: series(last, before) });
const money = (currency: string, last: number): MoneyFigure => ({ currency, ...count(last, 0) });
const ratio = (num: number, den: number) => ({ num, den });
const rate = { today: ratio(1, 4), yesterday: ratio(1, 2), total: ratio(10, 100), series: [...new Array(29).fill(ratio(0, 0)), ratio(1, 4)] };
const lending: LendingSection = {
  today: '2026-01-30', dates: [], mixed_dates: false,
  applications: count(50, 40), approvals: count(20, 25), payouts: count(10, 10),
  paid_out: [money('VND', 5_000_000), money('THB', 12_000)], money_in: [money('VND', 7_000_000), money('THB', 3_000)],
  overdue: { d0: rate, d1: rate, d7: rate }, recovered: null,
};

describe('dashboard cards', () => {
  it('makes a lending card per figure the server sent, each opening its report', () => {
    const cards = lendingCards(lending, 'THB');
    expect(cards.map((c) => c.key)).toEqual(['applications', 'approvals', 'payouts', 'paidOut', 'moneyIn', 'overdueD0', 'overdueD1', 'overdueD7']);
    const by = Object.fromEntries(cards.map((c) => [c.key, c]));
    expect(by.applications).toMatchObject({ value: 50, delta: { value: 10, good: 'up' }, note: { values: { total: 118, days: 30 }, format: { total: 'number' } }, links: [{ to: 'statistics.orderStatistics' }] });
    expect(by.approvals.links).toEqual([{ to: 'statistics.reminderWithdrawalSummary' }]);
    // Money in the chosen currency; the first one (the busiest) when none is chosen.
    expect(by.paidOut).toMatchObject({ value: 12_000, unit: 'money', currency: 'THB', links: [{ to: 'statistics.financialSummary' }] });
    expect(lendingCards(lending, null).find((c) => c.key === 'moneyIn')).toMatchObject({ value: 7_000_000, currency: 'VND' });
    // Overdue: lower is better; the rate of the latest cohort, its parts for the hover, a gap where nothing was due.
    expect(by.overdueD7).toMatchObject({
      value: 0.25, unit: 'rate', ratio: { num: 1, den: 4 }, delta: { value: -0.25, good: 'down', label: 'previous' },
      titleValues: { day: 'D+7' }, note: { values: { total: 0.1, days: 30 }, format: { total: 'percent' } }, links: [{ to: 'statistics.repaymentStatisticsRecord' }],
    });
    expect(by.overdueD0.spark![0]).toBeNull();
    expect(by.overdueD0.titleValues).toEqual({ day: 'D0' });
    expect(lendingCurrencies(lending)).toEqual(['VND', 'THB']);
  });

  it('leaves out what the account may not see', () => {
    const only = lendingCards({ ...lending, approvals: null, paid_out: null, money_in: null, overdue: null, recovered: [money('VND', 9)] }, null);
    expect(only.map((c) => c.key)).toEqual(['applications', 'payouts', 'recovered']);
    expect(only[2].links).toEqual([{ to: 'statistics.collectionSummaryNew' }]);
  });

  it('opens a stage queue, or the all-orders list in that status for who does not work it', () => {
    const [trial] = queueCards([{ page: 'trial', waiting: 7, claimed: 2 }]);
    expect(trial).toMatchObject({ title: 'route.review.trial', value: 7, note: { values: { count: 2 } } });
    expect(trial.links).toEqual([{ to: 'review.trial' }, { to: 'review.allOrder', query: 'status=first_review' }]);
  });

  it('gives a reviewer its claimable orders per stage and its decisions', () => {
    const cards = reviewCards({ stages: [{ page: 'reviewAgain', claimable: 5, mine: 1 }], decided: { today: 3, week: 9, approved_today: 2, approved_week: 6 } });
    expect(cards.map((c) => [c.key, c.value, c.note?.values.count])).toEqual([['claimable-reviewAgain', 5, 1], ['decidedToday', 3, 2], ['decidedWeek', 9, 6]]);
  });

  it('gives a collector its cases, the pool when it may claim, promises and recovered money', () => {
    const cards = collectionCards({ cases: 30, pool: null, promises_today: 2, promised_today: [{ currency: 'VND', amount: 80_000 }], recovered_month: [{ currency: 'VND', amount: 326_000 }] });
    expect(cards.map((c) => c.key)).toEqual(['myCases', 'promisesToday', 'recoveredMonth-VND']);
    expect(cards[1]).toMatchObject({ value: 2, currency: 'VND', note: { values: { amount: 80_000 }, format: { amount: 'money' } } });
    expect(cards[2]).toMatchObject({ value: 326_000, unit: 'money', currency: 'VND' });
    expect(collectionCards({ cases: 0, pool: 4, promises_today: 0, promised_today: [], recovered_month: [] }).map((c) => c.key)).toEqual(['myCases', 'pool', 'promisesToday']);
  });

  it('keeps the sign-in cards, linked to the screens that list them', () => {
    const by = Object.fromEntries(signinCards(overview).map((c) => [c.key, c]));
    expect(by.online).toMatchObject({ value: 4, links: [{ to: 'log.admin_token_login' }] });
    expect(by.logins).toMatchObject({ value: 9, alert: true, note: { values: { count: 2 } }, links: [{ to: 'log.admin_login' }] });
    expect(by.merchants).toMatchObject({ value: 3, note: { values: { main: 1, sub: 2 } } });
    expect(meCards(me).map((c) => c.key)).toEqual(['myOperations', 'myLastLogin']);
    expect(meCards(me)[1].lastLogin).toEqual(me.last_login);
  });

  it('knows an empty week', () => {
    expect(seriesEmpty(overview.series)).toBe(true);
    expect(seriesEmpty([{ logins: 0, failures: 1, operations: 0 }])).toBe(false);
  });
});
