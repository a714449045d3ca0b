import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import type { CaseEvent } from '../../../schemas/collection';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { adminAccount } from '../empower/empower.table';
import { dateIn } from '../lifecycle/clock';
import { merchantMarket } from '../merchant/market';
import { collectionCase, collectionEvent, collectionPromise, collectionStage, collectorMember } from './collection.table';

/**
 * The collection case core (docs/collection.md): the event log every change writes, claims from the pool, returns,
 * manual assignment checked against the stage's group, allocation to the least-loaded collector under the daily cap,
 * and the hooks the money side calls (a repayment counts as recovered and may keep a promise; settlement and
 * extension close the case as a success). No import of the repayment module: it calls us.
 */
export type CaseRow = typeof collectionCase.$inferSelect;
export type StageRow = typeof collectionStage.$inferSelect;

export async function merchantZone(db: DbOrTx, merchantId: number): Promise<string> {
  return (await merchantMarket(db, merchantId)).timeZone;
}

export interface EventInput {
  kind: CaseEvent;
  fromStageId?: number | null;
  toStageId?: number | null;
  fromCollectorId?: number | null;
  toCollectorId?: number | null;
  reason?: string;
  note?: string;
  detail?: unknown;
  actorId?: number | null;
}

/** Appends an event to a case's history (business time and the merchant's business date). */
export async function caseEvent(tx: DbOrTx, deps: Deps, c: Pick<CaseRow, 'id' | 'orderId' | 'merchantId'>, e: EventInput, timeZone?: string): Promise<void> {
  const now = deps.clock.now();
  const tz = timeZone ?? await merchantZone(tx, c.merchantId);
  await tx.insert(collectionEvent).values({
    caseId: c.id, orderId: c.orderId, merchantId: c.merchantId, kind: e.kind, fromStageId: e.fromStageId ?? null, toStageId: e.toStageId ?? null,
    fromCollectorId: e.fromCollectorId ?? null, toCollectorId: e.toCollectorId ?? null, reason: e.reason ?? '', note: (e.note ?? '').slice(0, 1000),
    detail: e.detail ?? null, actorId: e.actorId ?? null, businessAt: now, businessDate: dateIn(now, tz),
  });
}

/** Enabled stages of a merchant, by their first day. */
export async function merchantStages(db: DbOrTx, merchantId: number): Promise<StageRow[]> {
  return db.select().from(collectionStage).where(and(eq(collectionStage.merchantId, merchantId), eq(collectionStage.enabled, true)))
    .orderBy(asc(collectionStage.minDay), asc(collectionStage.id));
}

/** The stage covering `day` (days after the due date; negative before it). */
export function stageFor(stages: readonly StageRow[], day: number): StageRow | undefined {
  return stages.find((s) => day >= s.minDay && day <= s.maxDay);
}

/** Stages whose day ranges overlap (refused on save: a day belongs to one stage). */
export function overlapping(stages: ReadonlyArray<Pick<StageRow, 'id' | 'minDay' | 'maxDay'>>): [number, number] | null {
  const sorted = [...stages].sort((a, b) => a.minDay - b.minDay);
  for (let i = 1; i < sorted.length; i++) if (sorted[i].minDay <= sorted[i - 1].maxDay) return [sorted[i - 1].id, sorted[i].id];
  return null;
}

export interface Collector {
  accountId: number;
  cap: number;
  /** Open cases held now. */
  load: number;
  /** Cases received today (business date). */
  today: number;
}

/** The enabled members of a stage's group (enabled accounts), with their load and today's intake. */
export async function collectorsOf(db: DbOrTx, stage: StageRow, businessDate: string): Promise<Collector[]> {
  const members = await db.select({ accountId: collectorMember.accountId, cap: collectorMember.dailyCap }).from(collectorMember)
    .innerJoin(adminAccount, eq(adminAccount.id, collectorMember.accountId))
    .where(and(eq(collectorMember.groupId, stage.groupId), eq(collectorMember.enabled, true), eq(adminAccount.enabled, true)))
    .orderBy(asc(collectorMember.accountId));
  if (!members.length) return [];
  const ids = members.map((m) => m.accountId);
  const loads = await db.select({ id: collectionCase.collectorId, n: count() }).from(collectionCase)
    .where(and(inArray(collectionCase.collectorId, ids), eq(collectionCase.status, 'open'))).groupBy(collectionCase.collectorId);
  const todays = await db.select({ id: collectionEvent.toCollectorId, n: count() }).from(collectionEvent)
    .where(and(inArray(collectionEvent.toCollectorId, ids), eq(collectionEvent.businessDate, businessDate), inArray(collectionEvent.kind, ['assigned', 'claimed'])))
    .groupBy(collectionEvent.toCollectorId);
  const load = new Map(loads.map((l) => [l.id!, l.n]));
  const today = new Map(todays.map((l) => [l.id!, l.n]));
  return members.map((m) => ({ accountId: m.accountId, cap: m.cap > 0 ? m.cap : stage.dailyCap, load: load.get(m.accountId) ?? 0, today: today.get(m.accountId) ?? 0 }));
}

/**
 * Gives each case to the least-loaded collector of the stage's group who is under their daily cap (ties: the one
 * who received fewer today, then the lower id); `avoid` is skipped when someone else can take the case (a case
 * reassigned after N days goes to another collector). Returns how many stayed unassigned (no capacity).
 */
export async function allocate(tx: DbOrTx, deps: Deps, input: {
  stage: StageRow; cases: CaseRow[]; businessDate: string; timeZone: string; reason: string | ((c: CaseRow) => string); avoid?: Map<number, number>;
}): Promise<{ assigned: number; unassigned: number }> {
  const pool = await collectorsOf(tx, input.stage, input.businessDate);
  let assigned = 0;
  for (const c of input.cases) {
    const open = pool.filter((p) => p.today < p.cap);
    const avoid = input.avoid?.get(c.id);
    const candidates = open.filter((p) => p.accountId !== avoid);
    const pick = (candidates.length ? candidates : open).sort((a, b) => a.load - b.load || a.today - b.today || a.accountId - b.accountId)[0];
    if (!pick) continue;
    const [row] = await tx.update(collectionCase).set({ collectorId: pick.accountId, assignedAt: deps.clock.now(), updatedAt: sql`now()` })
      .where(and(eq(collectionCase.id, c.id), eq(collectionCase.status, 'open'), isNull(collectionCase.collectorId))).returning();
    if (!row) continue;
    await caseEvent(tx, deps, c, { kind: 'assigned', toStageId: c.stageId, toCollectorId: pick.accountId, reason: typeof input.reason === 'string' ? input.reason : input.reason(c) }, input.timeZone);
    pick.load++;
    pick.today++;
    assigned++;
  }
  return { assigned, unassigned: input.cases.length - assigned };
}

/**
 * Claims a pool case: one guarded UPDATE … WHERE collector_id IS NULL, so that of concurrent claims exactly one wins
 * (40900 for the others). The claimer must be an enabled member of the stage's group, under the daily cap.
 */
export async function claimCase(db: DbOrTx, deps: Deps, input: { caseId: number; accountId: number; merchantIds?: readonly number[] | null }): Promise<CaseRow> {
  return db.transaction(async (tx) => {
    const c = await findCase(tx, input.caseId, input.merchantIds);
    if (c.status !== 'open') throw new AppError(CODE.INVALID_TRANSITION, 'collection.caseClosed');
    const [stage] = await tx.select().from(collectionStage).where(eq(collectionStage.id, c.stageId));
    const tz = await merchantZone(tx, c.merchantId);
    const me = (await collectorsOf(tx, stage, dateIn(deps.clock.now(), tz))).find((m) => m.accountId === input.accountId);
    if (!me) throw new AppError(CODE.FORBIDDEN, 'collection.notInGroup');
    if (me.today >= me.cap) throw new AppError(CODE.CONFLICT, 'collection.capReached', { cap: me.cap });
    const [row] = await tx.update(collectionCase).set({ collectorId: input.accountId, assignedAt: deps.clock.now(), updatedAt: sql`now()` })
      .where(and(eq(collectionCase.id, c.id), eq(collectionCase.status, 'open'), isNull(collectionCase.collectorId))).returning();
    if (!row) throw new AppError(CODE.CONFLICT, 'collection.alreadyClaimed');
    await caseEvent(tx, deps, row, { kind: 'claimed', toStageId: row.stageId, toCollectorId: input.accountId, reason: 'claimed', actorId: input.accountId }, tz);
    return row;
  });
}

/** Returns a case to the pool (its holder, or a supervisor with the assign action). */
export async function returnCase(db: DbOrTx, deps: Deps, input: { caseId: number; accountId: number; anyHolder: boolean; note?: string; merchantIds?: readonly number[] | null }): Promise<CaseRow> {
  return db.transaction(async (tx) => {
    const c = await findCase(tx, input.caseId, input.merchantIds, true);
    if (c.status !== 'open') throw new AppError(CODE.INVALID_TRANSITION, 'collection.caseClosed');
    if (c.collectorId === null) throw new AppError(CODE.CONFLICT, 'collection.inPool');
    if (c.collectorId !== input.accountId && !input.anyHolder) throw new AppError(CODE.FORBIDDEN, 'collection.notYours');
    const [row] = await tx.update(collectionCase).set({ collectorId: null, assignedAt: null, stay: false, updatedAt: sql`now()` }).where(eq(collectionCase.id, c.id)).returning();
    await caseEvent(tx, deps, row, { kind: 'returned', fromCollectorId: c.collectorId, reason: 'returned', note: input.note, actorId: input.accountId });
    return row;
  });
}

/** Manual assignment (supervisors): the collector must be an enabled member of the case's stage group. */
export async function assignCase(db: DbOrTx, deps: Deps, input: { caseId: number; collectorId: number; actorId: number; note?: string; merchantIds?: readonly number[] | null }): Promise<CaseRow> {
  return db.transaction(async (tx) => {
    const c = await findCase(tx, input.caseId, input.merchantIds, true);
    if (c.status !== 'open') throw new AppError(CODE.INVALID_TRANSITION, 'collection.caseClosed');
    const [stage] = await tx.select().from(collectionStage).where(eq(collectionStage.id, c.stageId));
    const tz = await merchantZone(tx, c.merchantId);
    const member = (await collectorsOf(tx, stage, dateIn(deps.clock.now(), tz))).find((m) => m.accountId === input.collectorId);
    if (!member) throw new AppError(CODE.CONFLICT, 'collection.wrongStage', { stage: stage.name });
    const [row] = await tx.update(collectionCase).set({ collectorId: input.collectorId, assignedAt: deps.clock.now(), updatedAt: sql`now()` })
      .where(eq(collectionCase.id, c.id)).returning();
    await caseEvent(tx, deps, row, { kind: 'assigned', fromCollectorId: c.collectorId, toCollectorId: input.collectorId, toStageId: c.stageId, reason: 'manual', note: input.note, actorId: input.actorId }, tz);
    return row;
  });
}

export async function findCase(tx: DbOrTx, caseId: number, merchantIds?: readonly number[] | null, lock = false): Promise<CaseRow> {
  const q = tx.select().from(collectionCase).where(eq(collectionCase.id, caseId));
  const [c] = lock ? await q.for('update') : await q;
  if (!c || (merchantIds && !merchantIds.includes(c.merchantId))) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@collection.case' });
  return c;
}

/**
 * Money came in on an order (called by the repayment side inside its transaction): the open case counts it as
 * recovered, and its pending promise is kept once the money paid since the promise reaches the promised amount.
 */
export async function onOrderPaid(tx: DbOrTx, deps: Deps, order: { id: number; paidAmountMinor: number; creditMinor: number }): Promise<void> {
  const [c] = await tx.select().from(collectionCase).where(and(eq(collectionCase.orderId, order.id), eq(collectionCase.status, 'open'))).for('update');
  if (!c) return;
  const paid = order.paidAmountMinor + order.creditMinor;
  await tx.update(collectionCase).set({ recoveredMinor: Math.max(0, paid - c.paidAtEntryMinor), updatedAt: sql`now()` }).where(eq(collectionCase.id, c.id));
  const pending = await tx.select().from(collectionPromise).where(and(eq(collectionPromise.caseId, c.id), eq(collectionPromise.status, 'pending')));
  for (const p of pending) {
    if (paid - p.paidBeforeMinor < p.amountMinor) continue;
    await tx.update(collectionPromise).set({ status: 'kept', resolvedAt: deps.clock.now() }).where(eq(collectionPromise.id, p.id));
    await tx.update(collectionCase).set({ promiseStatus: 'kept' }).where(eq(collectionCase.id, c.id));
    await caseEvent(tx, deps, c, { kind: 'promise_kept', detail: { promise_id: p.id, amount: p.amountMinor } });
  }
}

/** Ends an order's open case (settled or extended: success; reversed, closed: closed). */
export async function closeCaseOfOrder(tx: DbOrTx, deps: Deps, orderId: number, status: 'success' | 'closed', reason: string, actorId: number | null = null): Promise<void> {
  const [c] = await tx.update(collectionCase).set({ status, closedAt: deps.clock.now(), closeReason: reason, updatedAt: sql`now()` })
    .where(and(eq(collectionCase.orderId, orderId), eq(collectionCase.status, 'open'))).returning();
  if (!c) return;
  // Repaid or extended: what was promised came true.
  if (status === 'success') {
    await tx.update(collectionPromise).set({ status: 'kept', resolvedAt: deps.clock.now() })
      .where(and(eq(collectionPromise.caseId, c.id), eq(collectionPromise.status, 'pending')));
  }
  await caseEvent(tx, deps, c, { kind: 'completed', fromCollectorId: c.collectorId, reason, actorId });
}
