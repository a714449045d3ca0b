import { sql, type SQL } from 'drizzle-orm';
import type { BlacklistSection } from '../../../schemas/customer';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { bankCard, customer, customerDevice } from '../client/client.table';
import { dictItem } from '../system/system.table';
import { BLACKLIST_REASON_DICT } from '../../../schemas/blacklist';
import { blacklistEntry, riskBlacklistEntry } from './blacklist.table';

/**
 * Which customers an entry names, and the flags that follow (docs/blacklist.md "Flags"). A customer of merchant M
 * matches an entry of M when the entry's identifier is the customer's phone, ID number, one of their devices or one
 * of their bank cards. `customer.blacklisted` is true, and `blacklist_level` the highest level, exactly while a live
 * internal entry or an active risk-control entry matches; every write that can change that calls `refreshFlags` for
 * the customers concerned, in its own transaction.
 */

/** One bound parameter for a list of ids (the drivers' parameter limit does not apply, and the plan is the same). */
export const idArray = (ids: readonly number[]): SQL => sql`${`{${ids.map((i) => Math.trunc(i)).join(',')}}`}::bigint[]`;

const liveInternal = (e: string, now: Date): SQL =>
  sql`${sql.raw(e)}.expired_at is null and (${sql.raw(e)}.expires_at is null or ${sql.raw(e)}.expires_at > ${now.toISOString()}::timestamptz)`;
const activeRisk = (e: string): SQL => sql`${sql.raw(e)}.active`;

/** (customer id, level) of every match of customers `c` (a CTE with id, merchant_id, phone, id_number) in one table. */
function matchesOf(table: typeof blacklistEntry | typeof riskBlacklistEntry, live: SQL): SQL {
  return sql`
    select c.id as cid, e.level from c join ${table} e on e.merchant_id = c.merchant_id and e.type = 'phone' and e.norm_value = c.phone and ${live}
    union all
    select c.id, e.level from c join ${table} e on e.merchant_id = c.merchant_id and e.type = 'id_number' and c.id_number <> '' and e.norm_value = c.id_number and ${live}
    union all
    select c.id, e.level from c join ${customerDevice} d on d.customer_id = c.id
      join ${table} e on e.merchant_id = c.merchant_id and e.type = 'device' and d.device_id <> '' and e.norm_value = d.device_id and ${live}
    union all
    select c.id, e.level from c join ${bankCard} b on b.customer_id = c.id
      join ${table} e on e.merchant_id = c.merchant_id and e.type = 'bank_card' and e.norm_value = b.card_number and ${live}`;
}

const CHUNK = 5000;

/**
 * Sets the blacklist flags of these customers from the entries in force at `now`; returns the ids whose flags
 * changed. Customers that are already right are not written (no churn of updated_at, no lock on them).
 */
export async function refreshFlags(tx: DbOrTx, customerIds: readonly number[], now: Date): Promise<number[]> {
  const ids = [...new Set(customerIds)].filter((i) => Number.isSafeInteger(i) && i > 0);
  const changed: number[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const part = ids.slice(i, i + CHUNK);
    // Rows locked in id order first: two writes refreshing overlapping customers then queue instead of deadlocking.
    if (part.length > 1) await tx.execute(sql`select id from ${customer} where id = any(${idArray(part)}) order by id for update`);
    const res = await tx.execute(sql`
      with c as (select id, merchant_id, phone, id_number from ${customer} where id = any(${idArray(part)})),
      m as (${matchesOf(blacklistEntry, liveInternal('e', now))} union all ${matchesOf(riskBlacklistEntry, activeRisk('e'))}),
      x as (select c.id, coalesce(max(m.level), 0)::smallint as lvl from c left join m on m.cid = c.id group by c.id)
      update ${customer} set blacklisted = x.lvl > 0, blacklist_level = x.lvl, updated_at = ${now.toISOString()}::timestamptz
      from x where ${customer}.id = x.id and (${customer}.blacklisted <> (x.lvl > 0) or ${customer}.blacklist_level <> x.lvl)
      returning ${customer}.id`);
    for (const r of rowsOf<{ id: string | number }>(res)) changed.push(Number(r.id));
  }
  return changed;
}

/** Customers the given entries of one table name (whatever the entries' state: expiring one must clear them too). */
export async function customersOfEntries(tx: DbOrTx, table: typeof blacklistEntry | typeof riskBlacklistEntry, entryIds: readonly number[]): Promise<number[]> {
  if (!entryIds.length) return [];
  const out = new Set<number>();
  for (let i = 0; i < entryIds.length; i += CHUNK) {
    const res = await tx.execute(sql`
      with e as (select id, merchant_id, type, norm_value from ${table} where id = any(${idArray(entryIds.slice(i, i + CHUNK))}))
      select c.id from e join ${customer} c on e.type = 'phone' and c.phone = e.norm_value and c.merchant_id = e.merchant_id
      union select c.id from e join ${customer} c on e.type = 'id_number' and c.id_number = e.norm_value and c.merchant_id = e.merchant_id
      union select c.id from e join ${customerDevice} d on e.type = 'device' and d.device_id = e.norm_value
        join ${customer} c on c.id = d.customer_id and c.merchant_id = e.merchant_id
      union select b.customer_id from e join ${bankCard} b on e.type = 'bank_card' and b.card_number = e.norm_value and b.merchant_id = e.merchant_id`);
    for (const r of rowsOf<{ id: string | number }>(res)) out.add(Number(r.id));
  }
  return [...out];
}

/** SQL counting the customers an entry row (alias `outer`) names: the lists' "customers" column. */
export function matchCountSql(table: typeof blacklistEntry | typeof riskBlacklistEntry): SQL<number> {
  const t = sql.identifier(table === blacklistEntry ? 'blacklist_entry' : 'risk_blacklist_entry');
  const col = (name: string) => sql`${t}.${sql.identifier(name)}`;
  return sql<number>`(case ${col('type')}
    when 'phone' then (select count(*) from ${customer} c where c.phone = ${col('norm_value')} and c.merchant_id = ${col('merchant_id')})
    when 'id_number' then (select count(*) from ${customer} c where c.id_number = ${col('norm_value')} and c.merchant_id = ${col('merchant_id')})
    when 'device' then (select count(distinct d.customer_id) from ${customerDevice} d join ${customer} c on c.id = d.customer_id
      where d.device_id = ${col('norm_value')} and c.merchant_id = ${col('merchant_id')})
    else (select count(distinct b.customer_id) from ${bankCard} b where b.card_number = ${col('norm_value')} and b.merchant_id = ${col('merchant_id')})
    end)::int`;
}

type CustomerKey = Pick<typeof customer.$inferSelect, 'id' | 'merchantId' | 'phone' | 'idNumber'>;
export type BlacklistEntryView = BlacklistSection['entries'][number];

/**
 * The entries that blacklist this customer now (the customer detail's blacklist section): live internal entries,
 * then active risk-control entries; newest first. `reason` is the dictionary label (in `lang` when given) for
 * internal entries, the provider's words for risk-control ones; `source` is staff / rule / collection, or
 * `risk:<provider>`.
 */
export async function blacklistEntriesOf(db: DbOrTx, c: CustomerKey, lang?: string, now: Date = new Date()): Promise<BlacklistEntryView[]> {
  const label = lang
    ? sql<string>`coalesce(nullif(btrim(di.labels ->> ${lang}), ''), di.label, e.reason)`
    : sql<string>`coalesce(di.label, e.reason)`;
  const res = await db.execute(sql`
    with c as (select id, merchant_id, phone, id_number from ${customer} where id = ${c.id}),
    hits as (
      select e.id, 'internal' as kind from c join ${blacklistEntry} e on e.merchant_id = c.merchant_id and e.type = 'phone' and e.norm_value = c.phone
      union select e.id, 'internal' from c join ${blacklistEntry} e on e.merchant_id = c.merchant_id and e.type = 'id_number' and c.id_number <> '' and e.norm_value = c.id_number
      union select e.id, 'internal' from c join ${customerDevice} d on d.customer_id = c.id join ${blacklistEntry} e on e.merchant_id = c.merchant_id and e.type = 'device' and e.norm_value = d.device_id
      union select e.id, 'internal' from c join ${bankCard} b on b.customer_id = c.id join ${blacklistEntry} e on e.merchant_id = c.merchant_id and e.type = 'bank_card' and e.norm_value = b.card_number
      union select e.id, 'risk' from c join ${riskBlacklistEntry} e on e.merchant_id = c.merchant_id and e.type = 'phone' and e.norm_value = c.phone
      union select e.id, 'risk' from c join ${riskBlacklistEntry} e on e.merchant_id = c.merchant_id and e.type = 'id_number' and c.id_number <> '' and e.norm_value = c.id_number
      union select e.id, 'risk' from c join ${customerDevice} d on d.customer_id = c.id join ${riskBlacklistEntry} e on e.merchant_id = c.merchant_id and e.type = 'device' and e.norm_value = d.device_id
      union select e.id, 'risk' from c join ${bankCard} b on b.customer_id = c.id join ${riskBlacklistEntry} e on e.merchant_id = c.merchant_id and e.type = 'bank_card' and e.norm_value = b.card_number
    )
    select * from (
      select e.id, e.source, ${label} as reason, e.created_at, e.expires_at, 0 as ord
        from hits h join ${blacklistEntry} e on e.id = h.id
        left join ${dictItem} di on di.dict_name = ${BLACKLIST_REASON_DICT} and di.value = e.reason
        where h.kind = 'internal' and ${liveInternal('e', now)}
      union all
      select e.id, 'risk:' || e.provider, e.reason, e.received_at, null, 1
        from hits h join ${riskBlacklistEntry} e on e.id = h.id where h.kind = 'risk' and e.active
    ) x order by ord, created_at desc, id desc limit 200`);
  return rowsOf<{ id: string | number; source: string; reason: string; created_at: string | Date; expires_at: string | Date | null }>(res).map((r) => ({
    id: Number(r.id), source: r.source, reason: r.reason,
    created_at: new Date(r.created_at).toISOString(), expires_at: r.expires_at == null ? null : new Date(r.expires_at).toISOString(),
  }));
}
