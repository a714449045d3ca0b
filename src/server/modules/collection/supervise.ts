import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, sum, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { CODE } from '../../../schemas/common';
import { CALL_RESULT_DICT, DEFAULT_CALL_RESULTS } from '../../../schemas/collection';
import type { AlertRow, LiveCountRow, LiveCounts, RunDayAnswer, SuperviseOptions } from '../../../schemas/collectionSupervise';
import type { Lang } from '../../../schemas/i18n';
import { marketTimeZone } from '../../../schemas/merchant';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import type { Actor } from '../../plugins/session';
import { adminAccount } from '../empower/empower.table';
import { isUnscoped } from '../empower/scope';
import { invalid } from '../intake/customers';
import { dateIn } from '../lifecycle/clock';
import { writeOpLog } from '../log/oplog';
import { merchant } from '../merchant/merchant.table';
import { repayment } from '../repayment/repayment.table';
import { dictItem } from '../system/system.table';
import { assignCase, caseEvent, claimCase, findCase, returnCase, type CaseRow } from './cases';
import { collectionAlert, collectionCase, collectionEvent, collectionPromise, collectionStage, collectorGroup, collectorMember } from './collection.table';
import { runCollectionDay } from './day';

/**
 * Pools, lists and supervision (docs/collection.md): claims from the pool and the reminder list, manual assignment,
 * returns to the pool, "stay" marks, reminders, the forced collection day, and the supervisor's live counts and
 * capacity alerts. Every change runs in one transaction with its operation-log row, on cases of the actor's merchants
 * (40400 otherwise); the case core (cases.ts) decides who may hold what.
 */

export interface SuperviseCtx {
  deps: Deps;
  req: FastifyRequest;
  actor: Actor;
  /** The actor's merchants; null: all. */
  merchantIds: number[] | null;
}

export function superviseCtx(deps: Deps, req: FastifyRequest): SuperviseCtx {
  const actor = req.actor!;
  return { deps, req, actor, merchantIds: isUnscoped(actor) ? null : actor.merchantIds };
}

/** A case as the actions answer it. */
export interface CaseAnswer {
  id: number;
  order_id: number;
  stage_id: number;
  collector_id: number | null;
  status: string;
  stay: boolean;
  last_result: string;
}

const answer = (c: CaseRow): CaseAnswer => ({
  id: c.id, order_id: c.orderId, stage_id: c.stageId, collector_id: c.collectorId, status: c.status, stay: c.stay, last_result: c.lastResult,
});


async function stageOf(db: DbOrTx, stageId: number) {
  const [s] = await db.select().from(collectionStage).where(eq(collectionStage.id, stageId));
  return s;
}

// ------------------------------------------------------------------------------------------------ claims and moves

/**
 * Claims a pool case (collectionRemark; from collectionPromptList `remindersOnly`: reminder-stage cases only, 40300
 * collection.notReminder otherwise). Of concurrent claims one wins (40900 collection.alreadyClaimed for the others);
 * the claimer must be an enabled member of the stage's group under their daily cap (cases.ts).
 */
export async function claim(ctx: SuperviseCtx, caseId: number, remindersOnly: boolean): Promise<CaseAnswer> {
  const { deps, req, actor, merchantIds } = ctx;
  return deps.db.transaction(async (tx) => {
    if (remindersOnly) {
      const c = await findCase(tx, caseId, merchantIds);
      if (!(await stageOf(tx, c.stageId))?.reminder) throw new AppError(CODE.FORBIDDEN, 'collection.notReminder');
    }
    const row = await claimCase(tx, deps, { caseId, accountId: actor.accountId, merchantIds });
    await writeOpLog(tx, req, {
      action: 'collection.claim', targetType: 'collection_case', targetId: row.id,
      before: { collector_id: null }, after: { collector_id: actor.accountId, stage_id: row.stageId, order_id: row.orderId },
    });
    return answer(row);
  });
}

/**
 * Supervisors assign cases to a collector — all or none: a collector who is not an enabled member of a case's stage
 * group is refused (40900 collection.wrongStage, naming the stage) and nothing changes.
 */
export async function assign(ctx: SuperviseCtx, body: { ids: number[]; collector_id: number; reason?: string }): Promise<{ assigned: number; cases: CaseAnswer[] }> {
  const { deps, req, actor, merchantIds } = ctx;
  const ids = [...new Set(body.ids)];
  return deps.db.transaction(async (tx) => {
    const out: CaseAnswer[] = [];
    for (const caseId of ids) {
      const before = await findCase(tx, caseId, merchantIds);
      const row = await assignCase(tx, deps, { caseId, collectorId: body.collector_id, actorId: actor.accountId, note: body.reason, merchantIds });
      await writeOpLog(tx, req, {
        action: 'collection.assign', targetType: 'collection_case', targetId: row.id,
        before: { collector_id: before.collectorId }, after: { collector_id: row.collectorId, reason: body.reason ?? '' },
      });
      out.push(answer(row));
    }
    return { assigned: out.length, cases: out };
  });
}

/** Supervisors return held cases to the pool, whoever holds them — all or none (a case already in the pool: 40900). */
export async function returnToPool(ctx: SuperviseCtx, body: { ids: number[]; note?: string }): Promise<{ returned: number; cases: CaseAnswer[] }> {
  const { deps, req, actor, merchantIds } = ctx;
  const ids = [...new Set(body.ids)];
  return deps.db.transaction(async (tx) => {
    const out: CaseAnswer[] = [];
    for (const caseId of ids) {
      const before = await findCase(tx, caseId, merchantIds);
      const row = await returnCase(tx, deps, { caseId, accountId: actor.accountId, anyHolder: true, note: body.note, merchantIds });
      await writeOpLog(tx, req, {
        action: 'collection.return', targetType: 'collection_case', targetId: row.id,
        before: { collector_id: before.collectorId, stay: before.stay }, after: { collector_id: null, note: body.note ?? '' },
      });
      out.push(answer(row));
    }
    return { returned: out.length, cases: out };
  });
}

/**
 * Marks a held case to stay with its collector (no reassignment after the stage's days) or lifts the mark. The case
 * history gets a note event (reason stay_on / stay_off).
 */
export async function setStay(ctx: SuperviseCtx, body: { id: number; stay: boolean }): Promise<CaseAnswer> {
  const { deps, req, actor, merchantIds } = ctx;
  return deps.db.transaction(async (tx) => {
    const c = await findCase(tx, body.id, merchantIds, true);
    if (c.status !== 'open') throw new AppError(CODE.INVALID_TRANSITION, 'collection.caseClosed');
    if (body.stay && c.collectorId === null) throw new AppError(CODE.CONFLICT, 'collection.inPool');
    if (c.stay === body.stay) return answer(c);
    const [row] = await tx.update(collectionCase).set({ stay: body.stay, updatedAt: sql`now()` }).where(eq(collectionCase.id, c.id)).returning();
    await caseEvent(tx, deps, row, { kind: 'note', reason: body.stay ? 'stay_on' : 'stay_off', fromCollectorId: c.collectorId, actorId: actor.accountId, detail: { stay: body.stay } });
    await writeOpLog(tx, req, { action: 'collection.stay', targetType: 'collection_case', targetId: c.id, before: { stay: c.stay }, after: { stay: body.stay } });
    return answer(row);
  });
}

/** Call results: the `collection_call_result` dictionary, or the built-in ones worded in the reader's language. */
export async function callResults(db: DbOrTx, lang: Lang): Promise<Array<{ value: string; label: string }>> {
  const items = await db.select({ value: dictItem.value, label: dictItem.label }).from(dictItem)
    .where(and(eq(dictItem.dictName, CALL_RESULT_DICT), eq(dictItem.enabled, true))).orderBy(asc(dictItem.sort), asc(dictItem.id));
  if (items.length) return items;
  return DEFAULT_CALL_RESULTS.map((value) => ({ value, label: translate(lang, `option.collection_call_result.${value}`) }));
}

/**
 * A reminder agent records the result of a reminder on a reminder-stage case they hold: a `result` event (reason =
 * the result) and the case's last result and contact time. Results outside the call-result list: 40000 on `result`.
 */
export async function remind(ctx: SuperviseCtx, body: { id: number; result: string; note?: string }): Promise<CaseAnswer> {
  const { deps, req, actor, merchantIds } = ctx;
  const results = await callResults(deps.db, req.lang);
  if (!results.some((r) => r.value === body.result)) throw invalid('result', 'collection.resultUnknown', { value: body.result });
  return deps.db.transaction(async (tx) => {
    const c = await findCase(tx, body.id, merchantIds, true);
    if (c.status !== 'open') throw new AppError(CODE.INVALID_TRANSITION, 'collection.caseClosed');
    if (!(await stageOf(tx, c.stageId))?.reminder) throw new AppError(CODE.INVALID_TRANSITION, 'collection.notReminder');
    if (c.collectorId !== actor.accountId) throw new AppError(CODE.FORBIDDEN, 'collection.notYours');
    const now = deps.clock.now();
    const [row] = await tx.update(collectionCase).set({ lastResult: body.result, lastContactAt: now, updatedAt: sql`now()` })
      .where(eq(collectionCase.id, c.id)).returning();
    await caseEvent(tx, deps, row, { kind: 'result', reason: body.result, note: body.note, actorId: actor.accountId, toStageId: c.stageId, detail: { via: 'remind' } });
    await writeOpLog(tx, req, {
      action: 'collection.remind', targetType: 'collection_case', targetId: c.id,
      before: { last_result: c.lastResult }, after: { last_result: body.result, note: body.note ?? '' },
    });
    return answer(row);
  });
}

/** "Run the collection day now" for one merchant of the scope, forced (again when it already ran today). */
export async function runDayNow(ctx: SuperviseCtx, merchantId: number): Promise<RunDayAnswer> {
  const { deps, req, merchantIds } = ctx;
  const [m] = await deps.db.select({ id: merchant.id }).from(merchant).where(eq(merchant.id, merchantId));
  if (!m || (merchantIds && !merchantIds.includes(m.id))) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@field.merchant_id' });
  await deps.clock.refresh(true);
  const res = await runCollectionDay(deps, { merchantIds: [merchantId], force: true });
  await writeOpLog(deps.db, req, { action: 'collection.runDay', targetType: 'merchant', targetId: merchantId, after: res });
  return res;
}

// ------------------------------------------------------------------------------------------------ the supervisor's board

interface ScopeMerchant { id: number; market: string; zone: string; today: string }

async function scopeMerchants(ctx: SuperviseCtx, only?: number): Promise<ScopeMerchant[]> {
  const rows = await ctx.deps.db.select({ id: merchant.id, market: merchant.market }).from(merchant)
    .where(and(ctx.merchantIds ? (ctx.merchantIds.length ? inArray(merchant.id, ctx.merchantIds) : sql`false`) : undefined, only !== undefined ? eq(merchant.id, only) : undefined))
    .orderBy(asc(merchant.id));
  const now = ctx.deps.clock.now();
  return rows.map((r) => ({ id: r.id, market: r.market, zone: marketTimeZone(r.market), today: dateIn(now, marketTimeZone(r.market)) }));
}

/** Merchants grouped by (zone, today): few groups, so the "today" conditions stay short. */
function byDay(ms: ScopeMerchant[]): Array<{ zone: string; today: string; ids: number[] }> {
  const groups = new Map<string, { zone: string; today: string; ids: number[] }>();
  for (const m of ms) {
    const k = `${m.zone}|${m.today}`;
    const g = groups.get(k) ?? { zone: m.zone, today: m.today, ids: [] };
    g.ids.push(m.id);
    groups.set(k, g);
  }
  return [...groups.values()];
}

/** Rows of today's business date: `merchantCol` of a merchant whose today is `dateCol`. */
function onToday(ms: ScopeMerchant[], merchantCol: PgColumn, dateCol: PgColumn): SQL {
  const parts = byDay(ms).map((g) => and(inArray(merchantCol, g.ids), eq(dateCol, g.today))!);
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

/** Rows whose business time `timeCol` falls on today's business date of their merchant. */
function timeToday(ms: ScopeMerchant[], merchantCol: PgColumn, timeCol: PgColumn): SQL {
  const parts = byDay(ms).map((g) => and(
    inArray(merchantCol, g.ids),
    gte(timeCol, sql`(${g.today}::date::timestamp at time zone ${g.zone})`),
    lt(timeCol, sql`((${g.today}::date + 1)::timestamp at time zone ${g.zone})`),
  )!);
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

/**
 * Live counts per collector of the scope (members of its merchants' groups, and anyone holding its cases): open
 * cases held, new today against the cap, results recorded today, promises pending / kept, broken and replaced today
 * (a replaced promise is its own outcome: the collector took a new one, the customer broke nothing), money
 * paid today on their cases. "Today" is each merchant's business date.
 */
export async function liveCounts(ctx: SuperviseCtx, merchantId?: number): Promise<LiveCounts> {
  const db = ctx.deps.db;
  const ms = await scopeMerchants(ctx, merchantId);
  const at = ctx.deps.clock.now().toISOString();
  const dates = Object.fromEntries(ms.map((m) => [String(m.id), m.today]));
  if (!ms.length) return { dates, rows: [], pool: 0, at };
  const mIds = ms.map((m) => m.id);

  const members = await db.select({
    id: collectorMember.accountId, enabled: collectorMember.enabled, cap: collectorMember.dailyCap, stageCap: collectionStage.dailyCap,
  }).from(collectorMember)
    .innerJoin(collectorGroup, eq(collectorGroup.id, collectorMember.groupId))
    .leftJoin(collectionStage, and(eq(collectionStage.groupId, collectorGroup.id), eq(collectionStage.enabled, true)))
    .where(inArray(collectorGroup.merchantId, mIds));
  const held = await db.select({ id: collectionCase.collectorId, n: count() }).from(collectionCase)
    .where(and(inArray(collectionCase.merchantId, mIds), eq(collectionCase.status, 'open'), isNotNull(collectionCase.collectorId))).groupBy(collectionCase.collectorId);
  const [{ n: pool }] = await db.select({ n: count() }).from(collectionCase)
    .where(and(inArray(collectionCase.merchantId, mIds), eq(collectionCase.status, 'open'), isNull(collectionCase.collectorId)));
  const received = await db.select({ id: collectionEvent.toCollectorId, n: count() }).from(collectionEvent)
    .where(and(inArray(collectionEvent.kind, ['assigned', 'claimed']), isNotNull(collectionEvent.toCollectorId), onToday(ms, collectionEvent.merchantId, collectionEvent.businessDate)))
    .groupBy(collectionEvent.toCollectorId);
  const results = await db.select({ id: collectionEvent.actorId, n: count() }).from(collectionEvent)
    .where(and(eq(collectionEvent.kind, 'result'), isNotNull(collectionEvent.actorId), onToday(ms, collectionEvent.merchantId, collectionEvent.businessDate)))
    .groupBy(collectionEvent.actorId);
  const pending = await db.select({ id: collectionPromise.createdBy, n: count() }).from(collectionPromise)
    .innerJoin(collectionCase, eq(collectionCase.id, collectionPromise.caseId))
    .where(and(inArray(collectionCase.merchantId, mIds), eq(collectionPromise.status, 'pending'), isNotNull(collectionPromise.createdBy)))
    .groupBy(collectionPromise.createdBy);
  const resolved = await db.select({ id: collectionPromise.createdBy, status: collectionPromise.status, n: count() }).from(collectionPromise)
    .innerJoin(collectionCase, eq(collectionCase.id, collectionPromise.caseId))
    .where(and(inArray(collectionPromise.status, ['kept', 'broken', 'replaced']), isNotNull(collectionPromise.createdBy), isNotNull(collectionPromise.resolvedAt),
      timeToday(ms, collectionCase.merchantId, collectionPromise.resolvedAt)))
    .groupBy(collectionPromise.createdBy, collectionPromise.status);
  // Money in today on a case while it was open (a settlement closes the case in the same transaction, after the money).
  const recovered = await db.select({ id: collectionCase.collectorId, currency: repayment.currency, amount: sum(repayment.successMinor).mapWith(Number) }).from(repayment)
    .innerJoin(collectionCase, eq(collectionCase.orderId, repayment.orderId))
    .where(and(eq(repayment.status, 'success'), isNotNull(collectionCase.collectorId), isNotNull(repayment.paidAt),
      sql`${repayment.paidAt} >= ${collectionCase.enteredAt}`, sql`(${collectionCase.closedAt} is null or ${repayment.paidAt} <= ${collectionCase.closedAt})`,
      timeToday(ms, collectionCase.merchantId, repayment.paidAt)))
    .groupBy(collectionCase.collectorId, repayment.currency);

  const ids = new Set<number>([...members.map((m) => m.id), ...held.map((h) => h.id!)]);
  if (!ids.size) return { dates, rows: [], pool, at };
  const accounts = await db.select({ id: adminAccount.id, name: adminAccount.name, account: adminAccount.account, enabled: adminAccount.enabled })
    .from(adminAccount).where(inArray(adminAccount.id, [...ids]));
  const n = (list: Array<{ id: number | null; n: number }>) => new Map(list.map((x) => [x.id!, Number(x.n)]));
  const heldBy = n(held);
  const receivedBy = n(received);
  const resultsBy = n(results);
  const pendingBy = n(pending);
  const rows: LiveCountRow[] = accounts.map((a) => {
    const mine = members.filter((m) => m.id === a.id);
    const caps = mine.filter((m) => m.enabled && m.stageCap !== null).map((m) => (m.cap > 0 ? m.cap : m.stageCap!));
    return {
      collector_id: a.id, name: a.name, account: a.account, enabled: a.enabled && mine.some((m) => m.enabled),
      held: heldBy.get(a.id) ?? 0,
      new_today: receivedBy.get(a.id) ?? 0,
      cap: caps.length ? Math.max(...caps) : 0,
      results_today: resultsBy.get(a.id) ?? 0,
      promises_pending: pendingBy.get(a.id) ?? 0,
      promises_kept: Number(resolved.find((r) => r.id === a.id && r.status === 'kept')?.n ?? 0),
      promises_broken: Number(resolved.find((r) => r.id === a.id && r.status === 'broken')?.n ?? 0),
      promises_replaced: Number(resolved.find((r) => r.id === a.id && r.status === 'replaced')?.n ?? 0),
      recovered_today: recovered.filter((r) => r.id === a.id).map((r) => ({ currency: r.currency, amount: r.amount ?? 0 })),
    };
  }).sort((x, y) => x.name.localeCompare(y.name) || x.collector_id - y.collector_id);
  return { dates, rows, pool, at };
}

/** Capacity alerts of the scope (the collection day could not place every case), the last `days` business days. */
export async function alerts(ctx: SuperviseCtx, days: number, merchantId?: number): Promise<AlertRow[]> {
  const db = ctx.deps.db;
  const ms = await scopeMerchants(ctx, merchantId);
  if (!ms.length) return [];
  const since = byDay(ms).map((g) => and(inArray(collectionAlert.merchantId, g.ids), sql`${collectionAlert.businessDate} > (${g.today}::date - ${days}::int)`)!);
  const rows = await db.select({
    id: collectionAlert.id, merchant_id: collectionAlert.merchantId, merchant_name: merchant.name, stage_id: collectionAlert.stageId,
    stage_name: collectionStage.name, business_date: collectionAlert.businessDate, unassigned: collectionAlert.unassigned, created_at: collectionAlert.createdAt,
  }).from(collectionAlert)
    .leftJoin(merchant, eq(merchant.id, collectionAlert.merchantId))
    .leftJoin(collectionStage, eq(collectionStage.id, collectionAlert.stageId))
    .where(sql`(${sql.join(since, sql` or `)})`)
    .orderBy(desc(collectionAlert.businessDate), desc(collectionAlert.id)).limit(200);
  if (!rows.length) return [];
  const stageIds = [...new Set(rows.map((r) => r.stage_id))];
  const pool = await db.select({ id: collectionCase.stageId, n: count() }).from(collectionCase)
    .where(and(inArray(collectionCase.stageId, stageIds), eq(collectionCase.status, 'open'), isNull(collectionCase.collectorId))).groupBy(collectionCase.stageId);
  const poolBy = new Map(pool.map((p) => [p.id, Number(p.n)]));
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString(), pool_now: poolBy.get(r.stage_id) ?? 0 }));
}

/** Filter and form choices of the collection screens: merchants, stages and collectors of the scope, call results. */
export async function options(ctx: SuperviseCtx): Promise<SuperviseOptions> {
  const db = ctx.deps.db;
  const scope = ctx.merchantIds ? (ctx.merchantIds.length ? inArray(merchant.id, ctx.merchantIds) : sql`false`) : undefined;
  const merchants = await db.select({ id: merchant.id, name: merchant.name, code: merchant.code, currency: merchant.currency }).from(merchant).where(scope).orderBy(asc(merchant.id));
  const mIds = merchants.map((m) => m.id);
  if (!mIds.length) return { merchants, stages: [], collectors: [], results: await callResults(db, ctx.req.lang) };
  const stages = await db.select({ id: collectionStage.id, merchant_id: collectionStage.merchantId, name: collectionStage.name, reminder: collectionStage.reminder, enabled: collectionStage.enabled })
    .from(collectionStage).where(inArray(collectionStage.merchantId, mIds)).orderBy(asc(collectionStage.merchantId), asc(collectionStage.minDay), asc(collectionStage.id));
  const collectors = await db.selectDistinct({ id: adminAccount.id, name: adminAccount.name, account: adminAccount.account }).from(collectorMember)
    .innerJoin(collectorGroup, eq(collectorGroup.id, collectorMember.groupId))
    .innerJoin(adminAccount, eq(adminAccount.id, collectorMember.accountId))
    .where(and(inArray(collectorGroup.merchantId, mIds), isNull(adminAccount.deletedAt)))
    .orderBy(asc(adminAccount.name), asc(adminAccount.id));
  return { merchants, stages, collectors, results: await callResults(db, ctx.req.lang) };
}
