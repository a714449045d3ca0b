import { sql } from 'drizzle-orm';
import type { AcquisitionSection } from '../../../schemas/dashboard';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { type DayGroup, inIds, type ScopedMerchant, timeSince } from './merchantDays';

export interface AcquisitionAccess { marketing: boolean; held: boolean; pool: boolean }

/**
 * A marketing agent's or registration specialist's desk: my whitelist numbers not called yet, the call results I
 * recorded today, the numbers credited to me that registered this business month; the pool and dormant customers I
 * hold, and the public pool waiting for a claim — each merchant on its own dates. Null where the account has no page.
 */
export async function acquisitionSection(db: Db, ms: readonly ScopedMerchant[], groups: readonly DayGroup[], accountId: number,
  access: AcquisitionAccess): Promise<AcquisitionSection> {
  const none = ms.length === 0;
  const ids = ms.map((m) => m.id);
  const count = async (q: ReturnType<typeof sql>) => Number(rowsOf<{ n: string }>(await db.execute(q))[0]?.n ?? 0);
  const when = <T>(on: boolean, f: () => Promise<T>) => (on ? (none ? Promise.resolve(0 as T) : f()) : Promise.resolve(null));
  const monthStart = (today: string) => `${today.slice(0, 8)}01`;
  const [toCall, worked, registered, held, pool] = await Promise.all([
    when(access.marketing, () => count(sql`select count(*) as n from marketing_entry e
      where e.agent_id = ${accountId} and e.result = '' and ${inIds(sql`e.merchant_id`, ids)}`)),
    when(access.marketing, () => count(sql`select count(*) as n from marketing_contact k
      where k.account_id = ${accountId} and k.kind = 'result' and ${timeSince(groups, sql`k.merchant_id`, sql`k.created_at`, (d) => d)}`)),
    when(access.marketing, () => count(sql`select count(*) as n from marketing_entry e
      where e.credited_agent_id = ${accountId} and e.registered_at is not null
        and ${timeSince(groups, sql`e.merchant_id`, sql`e.registered_at`, monthStart)}`)),
    when(access.held, () => count(sql`select count(*) as n from pool_entry p
      where p.holder_id = ${accountId} and p.status = 'claimed' and ${inIds(sql`p.merchant_id`, ids)}`)),
    when(access.pool, () => count(sql`select count(*) as n from pool_entry p
      where p.in_pool and p.status = 'open' and ${inIds(sql`p.merchant_id`, ids)}`)),
  ]);
  return { to_call: toCall, worked_today: worked, registered_month: registered, held, pool };
}
