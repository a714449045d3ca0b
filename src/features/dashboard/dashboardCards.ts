import type { AcquisitionSection, CollectorSection, DashboardSummary, Figure, LendingSection, MoneyFigure, QueueLength, Ratio, ReviewerSection } from '../../schemas/dashboard';
import { DASHBOARD_DAYS, ratioValue } from '../../schemas/dashboard';
import { STAGE_QUEUES } from '../../schemas/review';

/** The server counts an account online when a live session of it was seen this many minutes ago at most. */
export const ONLINE_WINDOW_MINUTES = 15;

export type CardUnit = 'count' | 'money' | 'rate';
/** How a note's value reads: a number with the locale's grouping, an amount in the card's currency, a percentage. */
export type NoteFormat = 'number' | 'money' | 'percent';

/** Where a card leads: a screen command and an optional query string; the first the session may open is used. */
export interface CardLink { to: string; query?: string }

/** One figure on the dashboard. Titles and notes are message ids. */
export interface StatCard {
  key: string;
  title: string;
  titleValues?: Record<string, string>;
  value: number | null;
  /** How the value reads (default count); money is in minor units of `currency`. */
  unit?: CardUnit;
  currency?: string;
  /** A rate's parts, for the hover. */
  ratio?: Ratio;
  /** The change from the point before (yesterday, or the cohort a day earlier) and which way is good. */
  delta?: { value: number; good: 'up' | 'down'; label: 'yesterday' | 'previous' };
  /** Points of the last 30 days, oldest first (null: nothing to divide that day). */
  spark?: Array<number | null>;
  /** A second line: message id and values; `format` marks values that are amounts in the card's currency or rates. */
  note?: { id: string; values: Record<string, number | string>; format?: Record<string, NoteFormat> };
  /** Colour of the note when it says something needs attention (failed sign-ins). */
  alert?: boolean;
  links?: CardLink[];
  /** Last sign-in card: the time and IP are shown instead of a number. */
  lastLogin?: { at: string; ip: string } | null;
}

const report = (page: string): CardLink => ({ to: `statistics.${page}` });

function countCard(key: string, title: string, f: Figure<number>, page: string): StatCard {
  return {
    key, title, value: f.today, spark: f.series, delta: { value: f.today - f.yesterday, good: 'up', label: 'yesterday' },
    note: { id: 'dashboard.note.last30', values: { total: f.total, days: DASHBOARD_DAYS }, format: { total: 'number' } }, links: [report(page)],
  };
}

function moneyCard(key: string, title: string, f: MoneyFigure | undefined, page: string): StatCard | null {
  if (!f) return null;
  return {
    key, title, value: f.today, unit: 'money', currency: f.currency, spark: f.series,
    delta: { value: f.today - f.yesterday, good: 'up', label: 'yesterday' },
    note: { id: 'dashboard.note.last30', values: { total: f.total, days: DASHBOARD_DAYS }, format: { total: 'money' } }, links: [report(page)],
  };
}

function rateCard(key: string, day: number, f: Figure<Ratio>): StatCard {
  const today = ratioValue(f.today);
  const before = ratioValue(f.yesterday);
  const total = ratioValue(f.total);
  return {
    key, title: 'dashboard.card.overdueRate', titleValues: { day: day === 0 ? 'D0' : `D+${day}` }, value: today, unit: 'rate', ratio: f.today, spark: f.series.map(ratioValue),
    delta: today !== null && before !== null ? { value: today - before, good: 'down', label: 'previous' } : undefined,
    note: total === null ? undefined : { id: 'dashboard.note.last30', values: { total, days: DASHBOARD_DAYS }, format: { total: 'percent' } },
    links: [report('repaymentStatisticsRecord')],
  };
}

/** The lending cards the section holds, money in `currency` (one of its currencies). */
export function lendingCards(l: LendingSection, currency: string | null): StatCard[] {
  const pick = (list: MoneyFigure[] | null) => list?.find((f) => f.currency === currency) ?? list?.[0];
  const cards: Array<StatCard | null> = [
    l.applications && countCard('applications', 'dashboard.card.applications', l.applications, 'orderStatistics'),
    l.approvals && countCard('approvals', 'dashboard.card.approvals', l.approvals, 'reminderWithdrawalSummary'),
    l.payouts && countCard('payouts', 'dashboard.card.payouts', l.payouts, 'orderStatistics'),
    moneyCard('paidOut', 'dashboard.card.paidOut', pick(l.paid_out), 'financialSummary'),
    moneyCard('moneyIn', 'dashboard.card.moneyIn', pick(l.money_in), 'financialSummary'),
    ...(l.overdue ? [rateCard('overdueD0', 0, l.overdue.d0), rateCard('overdueD1', 1, l.overdue.d1), rateCard('overdueD7', 7, l.overdue.d7)] : []),
    moneyCard('recovered', 'dashboard.card.recovered', pick(l.recovered), 'collectionSummaryNew'),
  ];
  return cards.filter((c): c is StatCard => !!c);
}

/** The currencies of the section's money figures (the busiest first, as the server orders them). */
export function lendingCurrencies(l: LendingSection): string[] {
  return [...new Set([...(l.paid_out ?? []), ...(l.money_in ?? []), ...(l.recovered ?? [])].map((f) => f.currency))];
}

/** Queue length per stage: the stage's own queue when the session works it, else the all-orders list in that status. */
export function queueCards(queues: QueueLength[]): StatCard[] {
  return queues.map((q) => ({
    key: `queue-${q.page}`, title: `route.review.${q.page}`, value: q.waiting,
    note: { id: 'dashboard.note.claimed', values: { count: q.claimed } },
    links: [{ to: `review.${q.page}` }, { to: 'review.allOrder', query: `status=${STAGE_QUEUES[q.page].status}` }],
  }));
}

export function reviewCards(r: ReviewerSection): StatCard[] {
  return [
    ...r.stages.map((s): StatCard => ({
      key: `claimable-${s.page}`, title: `route.review.${s.page}`, value: s.claimable,
      note: { id: 'dashboard.note.mine', values: { count: s.mine } }, links: [{ to: `review.${s.page}` }],
    })),
    { key: 'decidedToday', title: 'dashboard.card.decidedToday', value: r.decided.today, note: { id: 'dashboard.note.approved', values: { count: r.decided.approved_today } } },
    { key: 'decidedWeek', title: 'dashboard.card.decidedWeek', value: r.decided.week, note: { id: 'dashboard.note.approved', values: { count: r.decided.approved_week } } },
  ];
}

export function collectionCards(c: CollectorSection): StatCard[] {
  const cards: StatCard[] = [{ key: 'myCases', title: 'dashboard.card.myCases', value: c.cases, links: [{ to: 'collection.myCollectionList' }] }];
  if (c.pool !== null) cards.push({ key: 'pool', title: 'dashboard.card.pool', value: c.pool, links: [{ to: 'collection.collectionRemark' }] });
  const promised = c.promised_today.find((p) => p.amount > 0) ?? c.promised_today[0];
  cards.push({
    key: 'promisesToday', title: 'dashboard.card.promisesToday', value: c.promises_today, currency: promised?.currency,
    note: promised ? { id: 'dashboard.note.promised', values: { amount: promised.amount }, format: { amount: 'money' } } : undefined,
    links: [{ to: 'collection.myCollectionList' }],
  });
  for (const r of c.recovered_month) {
    cards.push({ key: `recoveredMonth-${r.currency}`, title: 'dashboard.card.recoveredMonth', value: r.amount, unit: 'money', currency: r.currency, links: [{ to: 'collection.collectionSuccess' }] });
  }
  return cards;
}

/** A marketing agent's and a registration specialist's desk: each card opens the list it counts. */
export function acquisitionCards(a: AcquisitionSection): StatCard[] {
  const cards: StatCard[] = [];
  if (a.to_call !== null) cards.push({ key: 'toCall', title: 'dashboard.card.toCall', value: a.to_call, links: [{ to: 'marketing.myMarketingList' }] });
  if (a.worked_today !== null) cards.push({ key: 'workedToday', title: 'dashboard.card.workedToday', value: a.worked_today, links: [{ to: 'marketing.myMarketingList' }] });
  if (a.registered_month !== null) {
    cards.push({ key: 'registeredMonth', title: 'dashboard.card.registeredMonth', value: a.registered_month, links: [{ to: 'marketing.RegistrationSuccessList' }] });
  }
  if (a.held !== null) cards.push({ key: 'held', title: 'dashboard.card.held', value: a.held, links: [{ to: 'highSeas.myhighSeasList' }] });
  if (a.pool !== null) cards.push({ key: 'publicPool', title: 'dashboard.card.publicPool', value: a.pool, links: [{ to: 'highSeas.highSeasList' }] });
  return cards;
}

/** Sign-ins and accounts (account administrators). */
export function signinCards(o: NonNullable<DashboardSummary['overview']>): StatCard[] {
  return [
    { key: 'online', title: 'dashboard.card.online', value: o.accounts.online, note: { id: 'dashboard.note.onlineWindow', values: { minutes: ONLINE_WINDOW_MINUTES } }, links: [{ to: 'log.admin_token_login' }] },
    {
      key: 'logins', title: 'dashboard.card.loginsToday', value: o.logins_today.success,
      note: { id: 'dashboard.note.failed', values: { count: o.logins_today.failed } }, alert: o.logins_today.failed > 0, links: [{ to: 'log.admin_login' }],
    },
    { key: 'operations', title: 'dashboard.card.operationsToday', value: o.operations_today, links: [{ to: 'log.admin_operate' }] },
    { key: 'accounts', title: 'dashboard.card.accounts', value: o.accounts.total, note: { id: 'dashboard.note.enabled', values: { count: o.accounts.enabled } }, links: [{ to: 'empower.user' }] },
    { key: 'roles', title: 'dashboard.card.roles', value: o.roles, links: [{ to: 'empower.role' }] },
    {
      key: 'merchants', title: 'dashboard.card.merchants', value: o.merchants.main + o.merchants.sub,
      note: { id: 'dashboard.note.merchants', values: { main: o.merchants.main, sub: o.merchants.sub } },
    },
    { key: 'dict', title: 'dashboard.card.dictItems', value: o.dict_items, links: [{ to: 'system.dict' }] },
  ];
}

/** My own figures: every account. */
export function meCards(me: DashboardSummary['me']): StatCard[] {
  return [
    { key: 'myOperations', title: 'dashboard.card.myOperations', value: me.operations_today },
    { key: 'myLastLogin', title: 'dashboard.card.myLastLogin', value: null, lastLogin: me.last_login },
  ];
}

/** True when the 7 days hold nothing to draw. */
export function seriesEmpty(series: ReadonlyArray<{ logins: number; failures: number; operations: number }>): boolean {
  return series.every((d) => d.logins + d.failures + d.operations === 0);
}
