import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Registration } from '../intake/hooks';
import { poolConversion, poolEntry, poolEvent, poolLead, type PoolEntryRow } from './pool.table';

/**
 * Conversions (/highSeas/highSeasRegistrationSuccessList): the customer an agent held registered or applied, credited
 * to the agent holding the entry at that moment. Both run inside the intake transaction that registers or applies,
 * so a credit exists exactly when the registration or application does; the unique (entry, kind) index makes a
 * repeated call a no-op.
 */

async function credit(tx: DbOrTx, e: PoolEntryRow, kind: 'registration' | 'application', customerId: number, orderId: number | null, at: Date): Promise<boolean> {
  if (e.status !== 'claimed' || e.holderId == null) return false;
  const [row] = await tx.insert(poolConversion).values({
    entryId: e.id, merchantId: e.merchantId, customerId, orderId, agentId: e.holderId, kind, segment: e.segment, phone: e.phone, createdAt: at,
  }).onConflictDoNothing().returning({ id: poolConversion.id });
  if (row) await tx.insert(poolEvent).values({ entryId: e.id, kind: 'convert', accountId: e.holderId, note: kind, createdAt: at });
  return !!row;
}

/**
 * onRegistration hook (src/server/modules/intake/hooks.ts): a lead of the merchant with the registering phone becomes
 * that customer — the lead is marked registered and its live entry names the customer (it stays with its agent, who
 * now works the application) — and the agent holding it is credited with the registration.
 */
export async function poolRegistrationHook(tx: DbOrTx, r: Registration): Promise<void> {
  await tx.update(poolLead).set({ status: 'registered', customerId: r.customerId, updatedAt: sql`now()` })
    .where(and(eq(poolLead.merchantId, r.merchantId), eq(poolLead.phone, r.phone), ne(poolLead.status, 'customer')));
  const entries = await tx.select().from(poolEntry)
    .where(and(eq(poolEntry.merchantId, r.merchantId), eq(poolEntry.phone, r.phone), ne(poolEntry.status, 'closed'), isNull(poolEntry.customerId)))
    .for('update');
  for (const e of entries) {
    // A customer has at most one live entry per merchant: the lead's entry takes the customer only if none is live.
    const [other] = await tx.select({ id: poolEntry.id }).from(poolEntry)
      .where(and(eq(poolEntry.merchantId, r.merchantId), eq(poolEntry.customerId, r.customerId), ne(poolEntry.status, 'closed')));
    if (!other) await tx.update(poolEntry).set({ customerId: r.customerId, version: sql`${poolEntry.version} + 1`, updatedAt: sql`now()` }).where(eq(poolEntry.id, e.id));
    await credit(tx, e, 'registration', r.customerId, null, r.at);
  }
}

/**
 * For intake to call when a customer applies (inside the application's transaction): the agent holding the
 * customer's entry is credited with the application, a dormant customer's outcome becomes `reapplied`, and the entry
 * is closed as converted; an unclaimed entry leaves the lists (the customer is no longer dormant or unregistered).
 */
export async function onPoolApplication(tx: DbOrTx, a: { customerId: number; merchantId: number; orderId: number; at: Date }): Promise<void> {
  const entries = await tx.select().from(poolEntry)
    .where(and(eq(poolEntry.merchantId, a.merchantId), eq(poolEntry.customerId, a.customerId), ne(poolEntry.status, 'closed'))).for('update');
  for (const e of entries) {
    const credited = await credit(tx, e, 'application', a.customerId, a.orderId, a.at);
    const dormant = e.segment === 'dormant' || e.segment === 'overdue';
    await tx.update(poolEntry).set({
      status: 'closed', closedAt: a.at, closeReason: credited ? 'converted' : 'ineligible',
      ...(credited && dormant ? { outcome: 'reapplied', outcomeAt: a.at } : {}),
      version: sql`${poolEntry.version} + 1`, updatedAt: sql`now()`,
    }).where(eq(poolEntry.id, e.id));
  }
}
