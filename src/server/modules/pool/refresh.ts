import { asc, sql } from 'drizzle-orm';
import { POOL_RULE_DEFAULTS, REGISTRATION_WINDOW_DAYS } from '../../../schemas/pool';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Deps } from '../../deps';
import { withJobLock } from '../../jobs/lock';
import type { JobDef } from '../../jobs/scheduler';
import { customer } from '../client/client.table';
import { merchant } from '../merchant/merchant.table';
import { loanOrder } from '../order/order.table';
import { poolEntry, poolEvent, poolRule } from './pool.table';
import { rulesOf } from './rules';

/**
 * Pool membership (docs/pool.md "Why a table"): what enters the lists is decided here, by set-based statements per
 * merchant, and kept in pool_entry; the lists only read that table by index. The statements are idempotent (the
 * partial unique indexes turn a second insert of a live customer into nothing), so a run that overlaps a claim or
 * another process changes nothing twice. Ended orders are settled, failed or closed; anything else is a live loan.
 */

const ENDED = sql`('settled', 'failed', 'closed')`;
const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const DAY = 86_400_000;

export interface RefreshCounts {
  dormant: number;
  registrations: number;
  closed: number;
}

/**
 * Dormant customers of a merchant: every order ended, the last one settled (a customer whose last order was closed
 * out of withdrawal belongs to the withdrawal area's dormant task, never to these lists), nothing settled or applied
 * for within `dormant_days`, not blacklisted. High-quality when no loan ran more than `good_max_overdue_days` late and
 * enough loans were settled; dormant overdue when one ran at least `overdue_min_days` late. A customer whose entry
 * was closed within the window (removed, no longer eligible) waits for the next window.
 */
async function addDormant(db: DbOrTx, merchantId: number, now: Date): Promise<number> {
  const r = await rulesOf(db, merchantId);
  const cutoff = new Date(now.getTime() - r.dormant_days * DAY);
  const res = await db.execute(sql`
    insert into ${poolEntry} (merchant_id, customer_id, phone, name, segment, in_pool, status, entered_at, last_settled_at, settled_loans, max_overdue_days)
    select c.merchant_id, c.id, c.phone, c.name,
      case when s.max_overdue >= ${r.overdue_min_days} then 'overdue' else 'dormant' end,
      ${r.pool_dormant}, 'open', ${iso(now)}, s.last_settled, s.settled, s.max_overdue
    from (
      select o.customer_id, count(*) filter (where o.status = 'settled')::int as settled, max(o.settled_at) as last_settled,
        max(o.overdue_days) as max_overdue, bool_and(o.status in ${ENDED}) as all_ended, max(o.created_at) as last_created,
        (array_agg(o.status order by o.id desc))[1] as last_status
      from ${loanOrder} o where o.merchant_id = ${merchantId} group by o.customer_id
    ) s
    join ${customer} c on c.id = s.customer_id
    where s.all_ended and s.last_status = 'settled' and s.last_settled <= ${iso(cutoff)} and s.last_created <= ${iso(cutoff)}
      and not c.blacklisted
      and (s.max_overdue >= ${r.overdue_min_days} or (s.max_overdue <= ${r.good_max_overdue_days} and s.settled >= ${r.min_settled_loans}))
      and not exists (select 1 from ${poolEntry} e where e.merchant_id = c.merchant_id and e.customer_id = c.id
        and (e.status <> 'closed' or e.closed_at > ${iso(cutoff)}))
    on conflict do nothing`);
  return affected(res);
}

/** Registrations with no application for `unclaimed_hours` (and not older than the registration window). */
async function addRegistrations(db: DbOrTx, merchantId: number, now: Date): Promise<number> {
  const r = await rulesOf(db, merchantId);
  const until = new Date(now.getTime() - r.unclaimed_hours * 3_600_000);
  const since = new Date(now.getTime() - REGISTRATION_WINDOW_DAYS * DAY);
  const res = await db.execute(sql`
    insert into ${poolEntry} (merchant_id, customer_id, phone, name, segment, in_pool, status, entered_at)
    select c.merchant_id, c.id, c.phone, c.name, 'registration', true, 'open', ${iso(now)}
    from ${customer} c
    where c.merchant_id = ${merchantId} and c.created_at <= ${iso(until)} and c.created_at > ${iso(since)} and not c.blacklisted
      and not exists (select 1 from ${loanOrder} o where o.customer_id = c.id)
      and not exists (select 1 from ${poolEntry} e where e.merchant_id = c.merchant_id and e.customer_id = c.id)
    on conflict do nothing`);
  return affected(res);
}

/**
 * Open (unclaimed) entries whose customer is no longer what the list says: applied since it entered, has a live
 * loan, or was blacklisted. Claimed entries stay with their agent (an application is a conversion, conversions.ts).
 */
async function closeIneligible(db: DbOrTx, merchantId: number, now: Date): Promise<number> {
  const res = await db.execute(sql`
    update ${poolEntry} e set status = 'closed', closed_at = ${iso(now)}, close_reason = 'ineligible', version = e.version + 1, updated_at = now()
    where e.merchant_id = ${merchantId} and e.status = 'open' and e.customer_id is not null
      and (exists (select 1 from ${loanOrder} o where o.customer_id = e.customer_id and (o.status not in ${ENDED} or o.created_at > e.entered_at))
        or exists (select 1 from ${customer} c where c.id = e.customer_id and c.blacklisted))`);
  return affected(res);
}

function affected(res: unknown): number {
  const r = res as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

/** One refresh of one merchant's lists, or of every merchant. */
export async function refreshPool(db: DbOrTx, now: Date, merchantId?: number): Promise<RefreshCounts> {
  const ids = merchantId !== undefined ? [merchantId] : (await db.select({ id: merchant.id }).from(merchant).orderBy(asc(merchant.id))).map((m) => m.id);
  const out: RefreshCounts = { dormant: 0, registrations: 0, closed: 0 };
  for (const id of ids) {
    out.closed += await closeIneligible(db, id, now);
    out.dormant += await addDormant(db, id, now);
    out.registrations += await addRegistrations(db, id, now);
  }
  return out;
}

/**
 * Claims whose time is up go back: open again, no holder, offered in the public pool when the merchant's rule says
 * returned claims go there. One statement, so a claim renewed meanwhile (a new expires_at) is left alone.
 */
export async function expireClaims(db: DbOrTx, now: Date): Promise<number> {
  const returned = sql`coalesce((select r.pool_returned from ${poolRule} r where r.merchant_id = e.merchant_id), ${POOL_RULE_DEFAULTS.pool_returned})`;
  const rows = await db.execute(sql`
    update ${poolEntry} e set status = 'open', holder_id = null, claimed_at = null, expires_at = null, returns = e.returns + 1,
      in_pool = (e.in_pool or ${returned}), version = e.version + 1, updated_at = now()
    from (select id, holder_id from ${poolEntry} where status = 'claimed' and expires_at <= ${iso(now)} for update skip locked) old
    where e.id = old.id
    returning e.id, old.holder_id`);
  const list = rowsOf<{ id: number | string; holder_id: number | null }>(rows);
  if (list.length) {
    await db.insert(poolEvent).values(list.map((x) => ({ entryId: Number(x.id), kind: 'expire', accountId: x.holder_id, createdAt: now })));
  }
  return list.length;
}

const REFRESH = 'pool.refresh';
const EXPIRY = 'pool.expiry';

/** Hourly: the dormant lists and the pool's registrations (for src/server/jobs JOBS). */
export const poolRefreshJob: JobDef = {
  name: REFRESH,
  everyMs: 3_600_000,
  run: (deps: Deps) => withJobLock(deps.db, REFRESH, async () => {
    await refreshPool(deps.db, deps.clock.now());
  }),
};

/** Every minute: expired claims back to the pool. */
export const poolExpiryJob: JobDef = {
  name: EXPIRY,
  everyMs: 60_000,
  run: (deps: Deps) => withJobLock(deps.db, EXPIRY, async () => {
    await expireClaims(deps.db, deps.clock.now());
  }),
};

export const POOL_JOBS: JobDef[] = [poolRefreshJob, poolExpiryJob];
