import { and, asc, eq, sql } from 'drizzle-orm';
import type { RecheckResult } from '../../../schemas/blacklist';
import { CODE } from '../../../schemas/common';
import { MARKETS, type Market } from '../../../schemas/merchant';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { bankCard, customer, customerDevice } from '../client/client.table';
import { writeOpLog } from '../log/oplog';
import { merchant } from '../merchant/merchant.table';
import { riskBlacklistCheck, riskBlacklistEntry, riskBlacklistSync } from './blacklist.table';
import { inScope, type BlCtx } from './entries';
import { normaliseIdentifier } from './identity';
import { customersOfEntries, refreshFlags } from './match';
import { createRiskSandbox } from './risk/sandbox';
import type { RiskListing, RiskProvider } from './risk/types';

/**
 * The risk-control blacklist (docs/blacklist.md "Risk control"): the sync job pulls each merchant's feed from the risk
 * provider into `risk_blacklist_entry`; a re-check asks about one customer and stores the answer. Both refresh the
 * flags of the customers the received entries name.
 */

let provider: RiskProvider = createRiskSandbox();

/** The provider in use (the sandbox unless a deployment or a test sets another). */
export function riskProvider(): RiskProvider {
  return provider;
}

export function setRiskProvider(p: RiskProvider): void {
  provider = p;
}

const marketOf = (m: string): Market => ((MARKETS as readonly string[]).includes(m) ? m : 'vn') as Market;

export interface Received {
  merchant: { id: number; market: Market };
  listing: RiskListing;
  /** The customer a re-check received it for. */
  customerId?: number | null;
}

/** Stores listings (each once per merchant, by the provider's reference; a repeat re-activates it); returns the ids of the rows. */
export async function storeListings(tx: DbOrTx, p: RiskProvider, items: readonly Received[], now: Date): Promise<number[]> {
  const values = items.flatMap(({ merchant: m, listing: l, customerId }) => {
    const norm = normaliseIdentifier(l.type, m.market, l.value);
    if (!norm.ok) return [];
    return [{
      merchantId: m.id, provider: p.name, providerRef: l.ref.slice(0, 64), type: l.type, normValue: norm.value, level: l.level,
      source: l.source.slice(0, 32), reason: l.reason.slice(0, 200), customerId: customerId ?? null, active: true, listedAt: l.listedAt, receivedAt: now,
    }];
  });
  const ids: number[] = [];
  for (let i = 0; i < values.length; i += 1000) {
    const rows = await tx.insert(riskBlacklistEntry).values(values.slice(i, i + 1000)).onConflictDoUpdate({
      target: [riskBlacklistEntry.merchantId, riskBlacklistEntry.provider, riskBlacklistEntry.providerRef],
      set: { active: true, level: sql`excluded.level`, source: sql`excluded.source`, reason: sql`excluded.reason` },
    }).returning({ id: riskBlacklistEntry.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

export interface SyncRun {
  merchants: number;
  received: number;
  customers: number;
}

/** One pass over every merchant's feed: at most `maxPages` pages of `pageSize` per merchant and run. */
export async function syncRiskFeeds(db: Db, now: Date, opts: { maxPages?: number; pageSize?: number; merchantIds?: number[] } = {}): Promise<SyncRun> {
  const p = riskProvider();
  const out: SyncRun = { merchants: 0, received: 0, customers: 0 };
  const merchants = await db.select({ id: merchant.id, market: merchant.market }).from(merchant).where(eq(merchant.enabled, true)).orderBy(asc(merchant.id));
  for (const row of merchants) {
    if (opts.merchantIds && !opts.merchantIds.includes(row.id)) continue;
    const m = { id: row.id, market: marketOf(row.market) };
    out.merchants++;
    for (let page = 0; page < (opts.maxPages ?? 10); page++) {
      const [state] = await db.select().from(riskBlacklistSync).where(and(eq(riskBlacklistSync.merchantId, m.id), eq(riskBlacklistSync.provider, p.name)));
      const feed = await p.feed(m, state?.cursor ?? '', opts.pageSize ?? 500, now);
      await db.transaction(async (tx) => {
        const ids = await storeListings(tx, p, feed.listings.map((listing) => ({ merchant: m, listing })), now);
        out.received += ids.length;
        out.customers += (await refreshFlags(tx, await customersOfEntries(tx, riskBlacklistEntry, ids), now)).length;
        await tx.insert(riskBlacklistSync).values({ merchantId: m.id, provider: p.name, cursor: feed.cursor, syncedAt: now, received: ids.length })
          .onConflictDoUpdate({
            target: [riskBlacklistSync.merchantId, riskBlacklistSync.provider],
            set: { cursor: feed.cursor, syncedAt: now, received: sql`${riskBlacklistSync.received} + ${ids.length}` },
          });
      });
      if (!feed.more) break;
    }
  }
  return out;
}

/**
 * Asks the provider whether one customer is listed now and stores the answer: a hit becomes (or re-activates) an entry
 * received for the customer; a clear answer withdraws the entries earlier re-checks received for them. The flags
 * follow; the check and the operation log record who asked.
 */
export async function recheckCustomer(ctx: BlCtx, customerId: number): Promise<RecheckResult> {
  const { deps, req, actor } = ctx;
  const [c] = await deps.db.select({ id: customer.id, merchantId: customer.merchantId, phone: customer.phone, idNumber: customer.idNumber })
    .from(customer).where(eq(customer.id, customerId));
  if (!c || !inScope(actor, c.merchantId)) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@blacklist.what.customer' }, 200, [{ path: 'customer_id', id: 'error.notFound', values: {} }]);
  const [m] = await deps.db.select({ id: merchant.id, market: merchant.market }).from(merchant).where(eq(merchant.id, c.merchantId));
  const market = marketOf(m?.market ?? 'vn');
  const [devices, cards] = await Promise.all([
    deps.db.select({ v: customerDevice.deviceId }).from(customerDevice).where(eq(customerDevice.customerId, c.id)),
    deps.db.select({ v: bankCard.cardNumber }).from(bankCard).where(eq(bankCard.customerId, c.id)),
  ]);
  const p = riskProvider();
  const now = deps.now();
  const verdict = await p.check({
    merchantId: c.merchantId, market, phone: c.phone, idNumber: c.idNumber,
    deviceIds: devices.map((d) => d.v).filter(Boolean), cardNumbers: cards.map((k) => k.v),
  }, now);
  return deps.db.transaction(async (tx) => {
    if (verdict.hit && verdict.listing) await storeListings(tx, p, [{ merchant: { id: c.merchantId, market }, listing: verdict.listing, customerId: c.id }], now);
    else {
      await tx.update(riskBlacklistEntry).set({ active: false })
        .where(and(eq(riskBlacklistEntry.customerId, c.id), eq(riskBlacklistEntry.provider, p.name), eq(riskBlacklistEntry.active, true)));
    }
    await refreshFlags(tx, [c.id], now);
    const [after] = await tx.select({ blacklisted: customer.blacklisted, level: customer.blacklistLevel }).from(customer).where(eq(customer.id, c.id));
    await tx.insert(riskBlacklistCheck).values({
      merchantId: c.merchantId, customerId: c.id, provider: p.name, hit: verdict.hit, level: verdict.listing?.level ?? 0,
      response: verdict.response as object, accountId: actor.accountId, checkedAt: now,
    });
    const result: RecheckResult = {
      customer_id: c.id, hit: verdict.hit, level: verdict.listing?.level ?? 0, source: verdict.listing?.source ?? '', reason: verdict.listing?.reason ?? '',
      provider: p.name, blacklisted: after.blacklisted, blacklist_level: after.level,
    };
    await writeOpLog(tx, req, { action: 'client.outblackList.recheck', targetType: 'customer', targetId: c.id, after: result });
    return result;
  });
}
