import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { withJobLock } from '../../jobs/lock';
import type { JobDef } from '../../jobs/scheduler';
import { addDays, daysBetween } from '../lifecycle/clock';
import { merchant } from '../merchant/merchant.table';
import { loanOrder } from '../order/order.table';
import { allocate, caseEvent, closeCaseOfOrder, merchantStages, merchantZone, stageFor, type StageRow } from './cases';
import { collectionAlert, collectionCase, collectionPromise, collectionRun } from './collection.table';

/**
 * The collection day (docs/collection.md), once per merchant and business date, after the end-of-day accrual:
 *  1. cases of orders that no longer owe are closed (settled, extended since the case opened: success; others: closed);
 *  2. every owing order is put in the stage its days from the due date fall in: a new case (entered) or a stage
 *     change (re-staged, back to allocation);
 *  3. pending promises whose date passed are kept (paid since ≥ promised) or broken;
 *  4. cases held for the stage's reassign_after_days (not marked to stay) go back to allocation;
 *  5. allocation: unassigned cases to the least-loaded enabled collector of the stage's group under the daily cap;
 *     what capacity cannot take stays in the pool and raises an alert with the count.
 */
export const COLLECTION_DAY_JOB = 'collection.day';
const OWING = ['repaying', 'overdue', 'extended', 'bad_debt'] as const;

export interface CollectionDayResult {
  ran: boolean;
  merchants: Array<{ merchantId: number; businessDate: string; entered: number; restaged: number; closed: number; promisesBroken: number; reassigned: number; assigned: number; unassigned: number; skipped: boolean }>;
}

export async function runCollectionDay(deps: Deps, opts: { merchantIds?: number[]; force?: boolean } = {}): Promise<CollectionDayResult> {
  const out: CollectionDayResult = { ran: false, merchants: [] };
  out.ran = await withJobLock(deps.db, COLLECTION_DAY_JOB, async () => {
    const ms = await deps.db.select({ id: merchant.id }).from(merchant).where(opts.merchantIds ? inArray(merchant.id, opts.merchantIds) : undefined).orderBy(asc(merchant.id));
    for (const m of ms) out.merchants.push(await runMerchant(deps, m.id, opts.force ?? false));
  });
  return out;
}

async function runMerchant(deps: Deps, merchantId: number, force: boolean) {
  const tz = await merchantZone(deps.db, merchantId);
  const today = deps.clock.today(tz);
  const res = { merchantId, businessDate: today, entered: 0, restaged: 0, closed: 0, promisesBroken: 0, reassigned: 0, assigned: 0, unassigned: 0, skipped: false };
  const [done] = await deps.db.select({ finishedAt: collectionRun.finishedAt }).from(collectionRun)
    .where(and(eq(collectionRun.merchantId, merchantId), eq(collectionRun.businessDate, today)));
  if (done?.finishedAt && !force) return { ...res, skipped: true };
  await deps.db.insert(collectionRun).values({ merchantId, businessDate: today }).onConflictDoNothing();
  const stages = await merchantStages(deps.db, merchantId);
  const now = deps.clock.now();
  const restaged = new Set<number>();

  // 1. Cases whose order stopped owing, or was extended after the case opened.
  const ending = await deps.db.select({ c: collectionCase, status: loanOrder.status, extendedAt: loanOrder.extendedAt }).from(collectionCase)
    .innerJoin(loanOrder, eq(loanOrder.id, collectionCase.orderId))
    .where(and(eq(collectionCase.merchantId, merchantId), eq(collectionCase.status, 'open'),
      sql`(${loanOrder.status} NOT IN ('repaying', 'overdue', 'extended', 'bad_debt') OR (${loanOrder.status} = 'extended' AND ${loanOrder.extendedAt} > ${collectionCase.enteredAt}))`));
  for (const e of ending) {
    const success = e.status === 'settled' || e.status === 'extended';
    await deps.db.transaction((tx) => closeCaseOfOrder(tx, deps, e.c.orderId, success ? 'success' : 'closed', e.status));
    res.closed++;
  }

  // 2. Stages by days from the due date.
  if (stages.length) {
    const minDay = Math.min(...stages.map((s) => s.minDay));
    const maxDay = Math.max(...stages.map((s) => s.maxDay));
    let after = 0;
    for (;;) {
      const batch = await deps.db.select({ o: { id: loanOrder.id, customerId: loanOrder.customerId, dueDate: loanOrder.dueDate, paid: loanOrder.paidAmountMinor }, c: collectionCase })
        .from(loanOrder)
        .leftJoin(collectionCase, and(eq(collectionCase.orderId, loanOrder.id), eq(collectionCase.status, 'open')))
        .where(and(eq(loanOrder.merchantId, merchantId), inArray(loanOrder.status, [...OWING]), isNotNull(loanOrder.dueDate),
          gte(loanOrder.dueDate, addDays(today, -maxDay)), lte(loanOrder.dueDate, addDays(today, -minDay)), sql`${loanOrder.id} > ${after}`))
        .orderBy(asc(loanOrder.id)).limit(500);
      if (!batch.length) break;
      after = batch[batch.length - 1].o.id;
      for (const { o, c } of batch) {
        const stage = stageFor(stages, daysBetween(o.dueDate!, today));
        if (!stage || c?.stageId === stage.id) continue;
        await deps.db.transaction(async (tx) => {
          if (!c) {
            const [row] = await tx.insert(collectionCase).values({
              orderId: o.id, merchantId, customerId: o.customerId, stageId: stage.id, status: 'open', enteredAt: now, stageEnteredAt: now, paidAtEntryMinor: o.paid,
            }).onConflictDoNothing().returning();
            if (row) {
              await caseEvent(tx, deps, row, { kind: 'entered', toStageId: stage.id, reason: stage.name }, tz);
              res.entered++;
            }
            return;
          }
          await tx.update(collectionCase).set({ stageId: stage.id, stageEnteredAt: now, collectorId: null, assignedAt: null, stay: false, updatedAt: sql`now()` })
            .where(eq(collectionCase.id, c.id));
          await caseEvent(tx, deps, c, { kind: 'stage_change', fromStageId: c.stageId, toStageId: stage.id, fromCollectorId: c.collectorId, reason: 'restaged' }, tz);
          restaged.add(c.id);
          res.restaged++;
        });
      }
    }
  }

  // 3. Promises whose date passed.
  const due = await deps.db.select({ p: collectionPromise, paid: loanOrder.paidAmountMinor, credit: loanOrder.creditMinor, c: collectionCase }).from(collectionPromise)
    .innerJoin(collectionCase, eq(collectionCase.id, collectionPromise.caseId))
    .innerJoin(loanOrder, eq(loanOrder.id, collectionPromise.orderId))
    .where(and(eq(collectionCase.merchantId, merchantId), eq(collectionPromise.status, 'pending'), lt(collectionPromise.promiseDate, today)));
  for (const { p, paid, credit, c } of due) {
    const kept = paid + credit - p.paidBeforeMinor >= p.amountMinor;
    await deps.db.transaction(async (tx) => {
      await tx.update(collectionPromise).set({ status: kept ? 'kept' : 'broken', resolvedAt: now }).where(eq(collectionPromise.id, p.id));
      await tx.update(collectionCase).set({ promiseStatus: kept ? 'kept' : 'broken', updatedAt: sql`now()` }).where(eq(collectionCase.id, c.id));
      await caseEvent(tx, deps, c, { kind: kept ? 'promise_kept' : 'promise_broken', detail: { promise_id: p.id, date: p.promiseDate, amount: p.amountMinor } }, tz);
    });
    if (!kept) res.promisesBroken++;
  }

  // 4. Held too long → back to allocation, to someone else when possible.
  const avoid = new Map<number, number>();
  for (const stage of stages.filter((s) => s.reassignAfterDays > 0)) {
    const before = new Date(now.getTime() - stage.reassignAfterDays * 86_400_000);
    const held = await deps.db.select().from(collectionCase).where(and(eq(collectionCase.stageId, stage.id), eq(collectionCase.status, 'open'),
      isNotNull(collectionCase.collectorId), eq(collectionCase.stay, false), lte(collectionCase.assignedAt, before)));
    for (const c of held) {
      await deps.db.transaction(async (tx) => {
        await tx.update(collectionCase).set({ collectorId: null, assignedAt: null, updatedAt: sql`now()` }).where(eq(collectionCase.id, c.id));
        await caseEvent(tx, deps, c, { kind: 'reassigned', fromCollectorId: c.collectorId, toStageId: c.stageId, reason: 'reassigned_after_days' }, tz);
      });
      avoid.set(c.id, c.collectorId!);
      res.reassigned++;
    }
  }

  // 5. Allocation, stage by stage; an alert when capacity runs out.
  for (const stage of stages) {
    const waiting = await deps.db.select().from(collectionCase)
      .where(and(eq(collectionCase.stageId, stage.id), eq(collectionCase.status, 'open'), isNull(collectionCase.collectorId)))
      .orderBy(asc(collectionCase.stageEnteredAt), asc(collectionCase.id));
    if (!waiting.length) continue;
    const r = await deps.db.transaction((tx) => allocate(tx, deps, { stage, cases: waiting, businessDate: today, timeZone: tz, reason: (c) => (avoid.has(c.id) ? 'reassigned_after_days' : restaged.has(c.id) ? 'restaged' : 'least_loaded'), avoid }));
    res.assigned += r.assigned;
    res.unassigned += r.unassigned;
    if (r.unassigned > 0) await deps.db.insert(collectionAlert).values({ merchantId, stageId: stage.id, businessDate: today, unassigned: r.unassigned });
  }

  await deps.db.update(collectionRun).set({
    entered: res.entered, restaged: res.restaged, assigned: res.assigned, unassigned: res.unassigned, promisesBroken: res.promisesBroken, finishedAt: deps.now(),
  }).where(and(eq(collectionRun.merchantId, merchantId), eq(collectionRun.businessDate, today)));
  return res;
}

/** Every few minutes; the work of a merchant runs once its business date changed (after the end of day). */
export const collectionDayJob: JobDef = { name: COLLECTION_DAY_JOB, everyMs: 5 * 60_000, run: (deps) => runCollectionDay(deps) };

export type { StageRow };
