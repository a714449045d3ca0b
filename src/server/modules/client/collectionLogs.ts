import { count, desc, inArray, sql } from 'drizzle-orm';
import { COLLECTION_LOG_CAP, type CollectionLogView, type OrderView } from '../../../schemas/customer';
import type { Db } from '../../db/client';
import { maskPhone } from '../../list/mask';
import type { Actor } from '../../plugins/session';
import { adminAccount } from '../empower/empower.table';
import { collectionCall, collectionCase, collectionEvent, collectionPromise } from '../collection/collection.table';

/**
 * The customer detail's collection logs: what happened on the collection cases of the customer's orders — case events
 * (stage changes, assignments, results, notes, promises kept or broken), the calls placed from the cases and the
 * promises to pay — with the collector and the time, newest first, at most COLLECTION_LOG_CAP rows, with the count of
 * all (capped). Calls and promises come from their own tables, so their `call` / `promise` events are not repeated.
 */
export async function collectionLogs(db: Db, who: Pick<Actor, 'privacy'>, orders: readonly OrderView[]): Promise<{ rows: CollectionLogView[]; total: number }> {
  if (!orders.length) return { rows: [], total: 0 };
  const byOrder = new Map(orders.map((o) => [o.id, o]));
  const cases = await db.select({ id: collectionCase.id }).from(collectionCase).where(inArray(collectionCase.orderId, [...byOrder.keys()])).limit(1000);
  if (!cases.length) return { rows: [], total: 0 };
  const caseIds = cases.map((c) => c.id);
  const cap = COLLECTION_LOG_CAP;
  const eventKinds = sql`${collectionEvent.kind} not in ('call', 'promise')`;
  const [events, calls, promises, counts] = await Promise.all([
    db.select().from(collectionEvent).where(sql`${inArray(collectionEvent.caseId, caseIds)} and ${eventKinds}`).orderBy(desc(collectionEvent.businessAt), desc(collectionEvent.id)).limit(cap),
    db.select().from(collectionCall).where(inArray(collectionCall.caseId, caseIds)).orderBy(desc(collectionCall.startedAt), desc(collectionCall.id)).limit(cap),
    db.select().from(collectionPromise).where(inArray(collectionPromise.caseId, caseIds)).orderBy(desc(collectionPromise.createdAt), desc(collectionPromise.id)).limit(cap),
    Promise.all([
      db.select({ n: count() }).from(db.select({ k: collectionEvent.id }).from(collectionEvent).where(sql`${inArray(collectionEvent.caseId, caseIds)} and ${eventKinds}`).limit(cap + 1).as('e')),
      db.select({ n: count() }).from(db.select({ k: collectionCall.id }).from(collectionCall).where(inArray(collectionCall.caseId, caseIds)).limit(cap + 1).as('c')),
      db.select({ n: count() }).from(db.select({ k: collectionPromise.id }).from(collectionPromise).where(inArray(collectionPromise.caseId, caseIds)).limit(cap + 1).as('p')),
    ]),
  ]);
  const ids = new Set<number>();
  for (const e of events) for (const a of [e.actorId, e.toCollectorId]) if (a) ids.add(a);
  for (const c of calls) ids.add(c.accountId);
  for (const p of promises) if (p.createdBy) ids.add(p.createdBy);
  const names = new Map((ids.size ? await db.select({ id: adminAccount.id, name: adminAccount.name }).from(adminAccount).where(inArray(adminAccount.id, [...ids])) : [])
    .map((a) => [a.id, a.name]));
  const name = (a: number | null | undefined) => (a ? names.get(a) ?? `#${a}` : '');
  const orderNo = (id: number) => byOrder.get(id)?.order_no ?? '';
  const currency = (id: number) => byOrder.get(id)?.currency ?? '';
  const base = { amount_minor: null, promise_date: null, status: '', phone: '', duration_seconds: null };
  const rows: CollectionLogView[] = [
    ...events.map((e): CollectionLogView => ({
      ...base, id: `e${e.id}`, kind: e.kind, order_no: orderNo(e.orderId), currency: currency(e.orderId),
      // Allocation events name who received the case; the others who acted.
      collector: name(e.actorId ?? e.toCollectorId) || name(e.toCollectorId), result: e.reason, remark: e.note, created_at: e.businessAt.toISOString(),
    })),
    ...calls.map((c): CollectionLogView => ({
      ...base, id: `c${c.id}`, kind: 'call', order_no: orderNo(c.orderId), currency: currency(c.orderId), collector: name(c.accountId), result: c.result,
      remark: [c.contactName, c.relation].filter(Boolean).join(' · '), phone: who.privacy ? maskPhone(c.phone) : c.phone,
      duration_seconds: c.durationSeconds, created_at: c.startedAt.toISOString(),
    })),
    ...promises.map((p): CollectionLogView => ({
      ...base, id: `p${p.id}`, kind: 'promise', order_no: orderNo(p.orderId), currency: currency(p.orderId), collector: name(p.createdBy), result: '',
      remark: p.note, amount_minor: p.amountMinor, promise_date: p.promiseDate, status: p.status, created_at: p.createdAt.toISOString(),
    })),
  ];
  rows.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id.localeCompare(a.id)));
  const total = counts.reduce((n, [r]) => n + Number(r?.n ?? 0), 0);
  return { rows: rows.slice(0, cap), total: Math.min(total, cap + 1) };
}
