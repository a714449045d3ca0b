import { sql } from 'drizzle-orm';
import type { CollectorSection, MoneyAmount } from '../../../schemas/dashboard';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { type DayGroup, inIds, type ScopedMerchant, timeSince } from './merchantDays';

/** Amounts per merchant summed per currency: every currency of the scope, in the order of its merchants. */
function perCurrency(ms: readonly ScopedMerchant[], rows: Array<{ m: number; amount: number }>): MoneyAmount[] {
  const out = new Map<string, number>();
  for (const m of ms) out.set(m.currency, (out.get(m.currency) ?? 0) + rows.filter((r) => r.m === m.id).reduce((a, r) => a + r.amount, 0));
  return [...out].map(([currency, amount]) => ({ currency, amount }));
}

/**
 * A collector's desk: open cases held (collector index), the claimable pool (its partial index), pending promises due
 * today on my open cases, and money paid this business month on my cases while open (repayments as the collection
 * facts count them) — each merchant on its own dates.
 */
export async function collectorSection(db: Db, ms: readonly ScopedMerchant[], groups: readonly DayGroup[], accountId: number, seesPool: boolean): Promise<CollectorSection> {
  if (!ms.length) return { cases: 0, pool: seesPool ? 0 : null, promises_today: 0, promised_today: [], recovered_month: [] };
  const ids = ms.map((m) => m.id);
  const inScope = inIds(sql`c.merchant_id`, ids);
  const monthStart = (today: string) => `${today.slice(0, 8)}01`;
  // A case closed before the month began cannot have recovered anything in it.
  const liveInMonth = sql.join(groups.map((g) => sql`(${inIds(sql`c.merchant_id`, g.ids)}
    and (c.closed_at is null or c.closed_at >= (${monthStart(g.today)}::date::timestamp at time zone ${g.zone})))`), sql` or `);
  const dueToday = sql.join(groups.map((g) => sql`(${inIds(sql`c.merchant_id`, g.ids)} and p.promise_date = ${g.today}::date)`), sql` or `);
  const [cases, pool, promises, recovered] = await Promise.all([
    db.execute(sql`select count(*) as n from collection_case c where c.collector_id = ${accountId} and c.status = 'open' and ${inScope}`),
    seesPool
      ? db.execute(sql`select count(*) as n from collection_case c where c.status = 'open' and c.collector_id is null and ${inScope}`)
      : null,
    db.execute(sql`select c.merchant_id as m, count(*) as n, sum(p.amount_minor) as amount
      from collection_case c join collection_promise p on p.case_id = c.id
      where c.collector_id = ${accountId} and c.status = 'open' and ${inScope} and p.status = 'pending' and (${dueToday})
      group by 1`),
    db.execute(sql`select c.merchant_id as m, sum(p.principal_minor + p.interest_minor + p.fee_minor + p.penalty_minor) as amount
      from collection_case c join repayment p on p.order_id = c.order_id
      where c.collector_id = ${accountId} and (${liveInMonth}) and p.status = 'success' and p.type <> 'extension'
        and p.paid_at >= c.entered_at and (c.closed_at is null or p.paid_at <= c.closed_at)
        and ${timeSince(groups, sql`c.merchant_id`, sql`p.paid_at`, monthStart)}
      group by 1`),
  ]);
  const count = (res: unknown) => Number(rowsOf<{ n: string }>(res)[0]?.n ?? 0);
  const amounts = (res: unknown) => rowsOf<{ m: number; amount: string; n?: string }>(res).map((r) => ({ m: Number(r.m), amount: Number(r.amount ?? 0), n: Number(r.n ?? 0) }));
  const promised = amounts(promises);
  return {
    cases: count(cases),
    pool: pool ? count(pool) : null,
    promises_today: promised.reduce((a, r) => a + r.n, 0),
    promised_today: perCurrency(ms, promised),
    recovered_month: perCurrency(ms, amounts(recovered)),
  };
}
