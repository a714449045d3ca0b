import { sql } from 'drizzle-orm';
import { DASHBOARD_DAYS, type LendingSection } from '../../../schemas/dashboard';
import type { Db } from '../../db/client';
import { addDays } from '../lifecycle/clock';
import { statCollection } from '../statistics/facts/collection.table';
import { statWithdrawalAll } from '../statistics/facts/work.table';
import { statDailyAll, statRepayDue } from '../statistics/statistics.table';
import { type DayGroup, datesBack, dayGroups, type ScopedMerchant, seriesIndex } from './merchantDays';
import { countFigure, MoneySeries, ratioFigure, zeros } from './series';

/** Which lending figures the account may see: each one under the node of the report it summarises. */
export interface LendingAccess { orders: boolean; approvals: boolean; money: boolean; overdue: boolean; recovered: boolean }

const LAST = DASHBOARD_DAYS - 1;
/** Days after the due date at which the overdue rate is read (the cohort's D+k must have ended). */
const OVERDUE_AT = [0, 1, 7] as const;

/**
 * The supervisor's lending figures over the last DASHBOARD_DAYS business days of each merchant, read from the
 * statistics facts (refreshed every minute), never from the orders: each query is a range of a fact table's primary
 * key (merchant, date …).
 */
export async function lending(db: Db, ms: readonly ScopedMerchant[], access: LendingAccess, fallbackToday: string): Promise<LendingSection | null> {
  if (!Object.values(access).some(Boolean)) return null;
  const groups = dayGroups(ms);
  // No merchant in scope: an empty series ending on the console's business date.
  const latest = ms.reduce((a, m) => (m.today > a ? m.today : a), ms[0]?.today ?? fallbackToday);
  const byId = new Map(ms.map((m) => [m.id, m]));
  const indexOf = (merchantId: number, date: string, shift = 0) => {
    const m = byId.get(merchantId);
    return m ? seriesIndex(m.today, date, DASHBOARD_DAYS, shift) : -1;
  };

  const [daily, cohorts, approved, recovered] = await Promise.all([
    access.orders || access.money ? dailyRows(db, groups) : [],
    access.overdue ? cohortRows(db, groups) : [],
    access.approvals ? approvalRows(db, groups) : [],
    access.recovered ? recoveredRows(db, groups) : [],
  ]);

  const applications = zeros();
  const payouts = zeros();
  const approvals = zeros();
  const paidOut = new MoneySeries();
  const moneyIn = new MoneySeries();
  const recoveredBy = new MoneySeries();
  const payoutsByCurrency = new Map<string, number>();
  for (const r of daily) {
    const i = indexOf(r.m, r.d);
    if (i < 0) continue;
    const currency = byId.get(r.m)!.currency;
    applications[i] += r.applied;
    payouts[i] += r.disbursed;
    paidOut.add(currency, i, r.paidOut);
    moneyIn.add(currency, i, r.moneyIn);
    payoutsByCurrency.set(currency, (payoutsByCurrency.get(currency) ?? 0) + r.disbursed);
  }
  for (const r of approved) {
    const i = indexOf(r.m, r.d);
    if (i >= 0) approvals[i] += r.n;
  }
  for (const r of recovered) recoveredBy.add(byId.get(r.m)!.currency, indexOf(r.m, r.d), r.amount);

  const overdue = OVERDUE_AT.map((k) => {
    const num = zeros();
    const den = zeros();
    for (const c of cohorts) {
      const i = indexOf(c.m, c.d, k + 1);
      if (i < 0) continue;
      den[i] += c.orders;
      num[i] += c.unpaid[k];
    }
    return ratioFigure(num, den);
  });

  // The busiest currency first: the console shows it unless another is chosen.
  const currencies = [...new Set(ms.map((m) => m.currency))]
    .sort((a, b) => (payoutsByCurrency.get(b) ?? 0) - (payoutsByCurrency.get(a) ?? 0));
  return {
    today: latest,
    dates: Array.from({ length: DASHBOARD_DAYS }, (_, i) => addDays(latest, i - LAST)),
    mixed_dates: groups.some((g) => g.today !== latest),
    applications: access.orders ? countFigure(applications) : null,
    approvals: access.approvals ? countFigure(approvals) : null,
    payouts: access.orders ? countFigure(payouts) : null,
    paid_out: access.money ? paidOut.figures(currencies) : null,
    money_in: access.money ? moneyIn.figures(currencies) : null,
    overdue: access.overdue ? { d0: overdue[0], d1: overdue[1], d7: overdue[2] } : null,
    recovered: access.recovered ? recoveredBy.figures(currencies) : null,
  };
}

const num = (v: unknown) => Number(v ?? 0);

/** stat_daily per merchant and date (its primary key leads with both). */
async function dailyRows(db: Db, groups: readonly DayGroup[]) {
  const s = statDailyAll;
  const rows = await db.select({
    m: s.merchantId, d: s.businessDate,
    applied: sql<string>`sum(${s.applied})`, disbursed: sql<string>`sum(${s.disbursed})`, paidOut: sql<string>`sum(${s.paidOutMinor})`,
    moneyIn: sql<string>`sum(${s.inPrincipalMinor} + ${s.inInterestMinor} + ${s.inFeeMinor} + ${s.inPenaltyMinor} + ${s.extensionFeesMinor})`,
  }).from(s).where(datesBack(groups, s.merchantId, s.businessDate, LAST)).groupBy(s.merchantId, s.businessDate);
  return rows.map((r) => ({ m: r.m, d: r.d, applied: num(r.applied), disbursed: num(r.disbursed), paidOut: num(r.paidOut), moneyIn: num(r.moneyIn) }));
}

/**
 * Cohorts due in the window the overdue points need, with the orders still unpaid after D, D+1 and D+7; from the
 * cohorts' roll-up (no product or channel slice here; settled-by columns in place of a row per settle offset).
 */
async function cohortRows(db: Db, groups: readonly DayGroup[]) {
  const c = statRepayDue;
  const unpaid = (settled: typeof c.orders) => sql<string>`sum(${c.orders} - ${settled})`;
  const rows = await db.select({ m: c.merchantId, d: c.dueDate, orders: sql<string>`sum(${c.orders})`, u0: unpaid(c.settled_0), u1: unpaid(c.settled_p1), u7: unpaid(c.settled_p7) })
    .from(c).where(datesBack(groups, c.merchantId, c.dueDate, LAST + Math.max(...OVERDUE_AT) + 1, 1)).groupBy(c.merchantId, c.dueDate);
  return rows.map((r) => ({ m: r.m, d: r.d, orders: num(r.orders), unpaid: { 0: num(r.u0), 1: num(r.u1), 7: num(r.u7) } as Record<number, number> }));
}

/** Approvals: orders entering pending withdrawal from a review (the withdrawal facts' `entered`, from their roll-up). */
async function approvalRows(db: Db, groups: readonly DayGroup[]) {
  const w = statWithdrawalAll;
  const rows = await db.select({ m: w.merchantId, d: w.businessDate, n: sql<string>`sum(${w.entered})` })
    .from(w).where(datesBack(groups, w.merchantId, w.businessDate, LAST)).groupBy(w.merchantId, w.businessDate);
  return rows.map((r) => ({ m: r.m, d: r.d, n: num(r.n) }));
}

/** Money paid on orders while their collection case was open (the collection facts). */
async function recoveredRows(db: Db, groups: readonly DayGroup[]) {
  const c = statCollection;
  const rows = await db.select({ m: c.merchantId, d: c.businessDate, amount: sql<string>`sum(${c.recoveredMinor})` })
    .from(c).where(datesBack(groups, c.merchantId, c.businessDate, LAST)).groupBy(c.merchantId, c.businessDate);
  return rows.map((r) => ({ m: r.m, d: r.d, amount: num(r.amount) }));
}
