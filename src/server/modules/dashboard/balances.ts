import { and, inArray, sql } from 'drizzle-orm';
import { DASHBOARD_DAYS, type MerchantFigures } from '../../../schemas/dashboard';
import { BALANCE_KINDS } from '../../../schemas/merchant';
import type { Db } from '../../db/client';
import { ledgerAccount } from '../merchant/merchant.table';
import { statDailyAll } from '../statistics/statistics.table';
import { datesBack, dayGroups, type ScopedMerchant } from './merchantDays';

/**
 * A merchant operator's merchants: ledger balances (one row per merchant and kind) and payouts from the daily facts,
 * today and over the last DASHBOARD_DAYS business days of each merchant.
 */
export async function merchantFigures(db: Db, ms: readonly ScopedMerchant[]): Promise<MerchantFigures[]> {
  if (!ms.length) return [];
  const ids = ms.map((m) => m.id);
  const s = statDailyAll;
  const [accounts, payouts] = await Promise.all([
    db.select({ m: ledgerAccount.merchantId, kind: ledgerAccount.kind, balance: ledgerAccount.balanceMinor }).from(ledgerAccount)
      .where(and(inArray(ledgerAccount.merchantId, ids), inArray(ledgerAccount.kind, [...BALANCE_KINDS]))),
    db.select({ m: s.merchantId, d: s.businessDate, count: sql<string>`sum(${s.disbursed})`, amount: sql<string>`sum(${s.paidOutMinor})` })
      .from(s).where(datesBack(dayGroups(ms), s.merchantId, s.businessDate, DASHBOARD_DAYS - 1)).groupBy(s.merchantId, s.businessDate),
  ]);
  return ms.map((m) => {
    const balances = { available: 0, frozen: 0, loan: 0, risk: 0 };
    for (const a of accounts) if (a.m === m.id) balances[a.kind as keyof typeof balances] = Number(a.balance);
    const mine = payouts.filter((p) => p.m === m.id);
    const total = (rows: typeof mine) => ({ count: rows.reduce((a, r) => a + Number(r.count), 0), amount: rows.reduce((a, r) => a + Number(r.amount), 0) });
    return {
      id: m.id, name: m.name, currency: m.currency, today: m.today, balances,
      payouts_today: total(mine.filter((p) => p.d === m.today)),
      payouts_30d: total(mine),
    };
  });
}
