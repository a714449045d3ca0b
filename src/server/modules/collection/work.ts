import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { coDebtFlagOf } from '../coDebt/check';
import type { FastifyRequest } from 'fastify';
import { can, pageKey } from '../../../../commands/permissions';
import { CALL_RESULT_DICT, DEFAULT_CALL_RESULTS, DEFAULT_DISPOSITIONS, DISPOSITION_DICT, type CaseEvent } from '../../../schemas/collection';
import {
  MY_CASES_MAX, PROMISE_MAX_DAYS, type CallAnswer, type CaseDetail, type MyCaseRow, type MyCasesAnswer, type MyCasesQuery, type WorkChoice,
  type WorkOptions,
} from '../../../schemas/collectionWorkbench';
import { CODE } from '../../../schemas/common';
import type { Lang } from '../../../schemas/i18n';
import { marketTimeZone } from '../../../schemas/merchant';
import { marketZoneSql } from '../merchant/market';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import type { Actor } from '../../plugins/session';
import { customer, customerContact } from '../client/client.table';
import { dialable } from '../client/customer.routes';
import { adminAccount } from '../empower/empower.table';
import { isUnscoped, likeEscape, maskPhone, maskPhonesDeep } from '../empower/scope';
import { dateRange } from '../empower/time';
import { addDays } from '../lifecycle/clock';
import { writeOpLog } from '../log/oplog';
import { merchant } from '../merchant/merchant.table';
import { loanOrder } from '../order/order.table';
import { dictItem } from '../system/system.table';
import { softphoneFor, softphoneLink } from './softphone';
import { caseEvent, findCase, merchantZone, type CaseRow } from './cases';
import { collectionCall, collectionCase, collectionEvent, collectionPromise, collectionStage, externalCall } from './collection.table';

/**
 * The collector's workbench (docs/collectionWorkbench.md): the holder's list, the case panel, and the work on
 * a case — call results, promises to pay, notes and calls. Every write runs in one transaction with its case event
 * (cases.ts `caseEvent`) and an operation-log row; only the case's holder writes (40300 `collection.notYours`),
 * supervisors read.
 */

export interface WorkCtx {
  deps: Deps;
  req: FastifyRequest;
  actor: Actor;
}

/** Reads any case of the actor's merchants (not only held ones): supervisors' pages. */
const SUPERVISOR_PAGES = [pageKey('collection', 'CollectionServiceManagement'), pageKey('collection', 'CollectionAllocationQuery')];
const POOL_PAGE = pageKey('collection', 'collectionRemark');

/** Pages whose screens open a case's panel (the route's permission; the case scope is checked per reader). */
export const CASE_READERS = [
  pageKey('collection', 'myCollectionList'), pageKey('collection', 'collectionPromptList'), pageKey('collection', 'collectionSuccess'),
  POOL_PAGE, ...SUPERVISOR_PAGES,
];

const merchantIdsOf = (actor: Actor): number[] | null => (isUnscoped(actor) ? null : actor.merchantIds);
const phoneFor = (actor: Actor, phone: string) => (actor.privacy ? maskPhone(phone) : phone);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function invalid(path: string, id: string, values: Record<string, string | number> = {}): AppError {
  return new AppError(CODE.VALIDATION, id, values, 200, [{ path, id, values }]);
}

// ------------------------------------------------------------------------------------------------ options

async function choices(db: DbOrTx, lang: Lang, dict: string, defaults: readonly string[]): Promise<WorkChoice[]> {
  const items = await db.select({ value: dictItem.value, label: dictItem.label }).from(dictItem)
    .where(and(eq(dictItem.dictName, dict), eq(dictItem.enabled, true))).orderBy(asc(dictItem.sort), asc(dictItem.id));
  if (items.length) return items;
  return defaults.map((value) => ({ value, label: translate(lang, `option.${dict}.${value}`) }));
}

/**
 * Call results and dispositions: the `collection_call_result` and `collection_disposition` dictionaries (system dict
 * screen), in their order — the workbench's keys 1–6 record the results by position — or, while a dictionary is
 * empty, the built-in values worded in the reader's language.
 */
export async function workOptions(db: DbOrTx, lang: Lang): Promise<WorkOptions> {
  return {
    results: await choices(db, lang, CALL_RESULT_DICT, DEFAULT_CALL_RESULTS),
    dispositions: await choices(db, lang, DISPOSITION_DICT, DEFAULT_DISPOSITIONS),
  };
}

// ------------------------------------------------------------------------------------------------ reading

/** The business date of a merchant's market, in SQL: `now` of the business clock at the market's time zone. */
function todaySql(now: Date): SQL {
  return sql`((${now.toISOString()}::timestamptz AT TIME ZONE ${marketZoneSql(sql`${merchant.market}`)})::date)`;
}

/**
 * The signed-in collector's cases (open by default) with the case filters, in working order: pending promises due
 * today (or past due, until the collection day resolves them) first, by date; then the most overdue first.
 */
export async function myCases(deps: Deps, actor: Actor, q: MyCasesQuery): Promise<MyCasesAnswer> {
  const today = todaySql(deps.clock.now());
  const days = sql<number | null>`(${today} - ${loanOrder.dueDate})`;
  const promiseDue = sql<boolean>`(${collectionCase.promiseStatus} = 'pending' AND ${collectionCase.promiseDate} <= ${today})`;
  const scope = merchantIdsOf(actor);
  const where = and(
    eq(collectionCase.collectorId, actor.accountId),
    inArray(collectionCase.status, q.status?.length ? q.status : ['open']),
    scope ? inArray(collectionCase.merchantId, scope) : undefined,
    q.order_no ? sql`${loanOrder.orderNo} LIKE ${`${likeEscape(q.order_no)}%`}` : undefined,
    q.phone ? sql`${customer.phone} LIKE ${`${likeEscape(q.phone)}%`}` : undefined,
    q.customer_name ? ilike(customer.name, `%${likeEscape(q.customer_name)}%`) : undefined,
    q.merchant_id !== undefined ? eq(collectionCase.merchantId, q.merchant_id) : undefined,
    q.stage_id !== undefined ? eq(collectionCase.stageId, q.stage_id) : undefined,
    q.promise_status ? eq(collectionCase.promiseStatus, q.promise_status) : undefined,
    q.overdue_min !== undefined ? sql`${days} >= ${q.overdue_min}` : undefined,
    q.overdue_max !== undefined ? sql`${days} <= ${q.overdue_max}` : undefined,
    ...dateRange(collectionCase.enteredAt, q.entered_from, q.entered_to, deps.cfg.timeZone),
  );
  const size = Math.min(q.size ?? MY_CASES_MAX, MY_CASES_MAX);
  const base = () => deps.db.select({
    c: collectionCase, orderNo: loanOrder.orderNo, currency: loanOrder.currency, dueDate: loanOrder.dueDate, debt: loanOrder.remainingDebtMinor,
    penalty: sql<number>`(${loanOrder.overdueInterestMinor} + ${loanOrder.overduePenaltyMinor})::float8`, days, promiseDue,
    merchantName: merchant.name, customerName: customer.name, phone: customer.phone, stageName: collectionStage.name,
  }).from(collectionCase)
    .innerJoin(loanOrder, eq(loanOrder.id, collectionCase.orderId))
    .innerJoin(merchant, eq(merchant.id, collectionCase.merchantId))
    .innerJoin(customer, eq(customer.id, collectionCase.customerId))
    .leftJoin(collectionStage, eq(collectionStage.id, collectionCase.stageId));
  const rows = await base().where(where)
    .orderBy(sql`(CASE WHEN ${promiseDue} THEN 0 ELSE 1 END)`, sql`(CASE WHEN ${promiseDue} THEN ${collectionCase.promiseDate} END) ASC`,
      sql`${days} DESC NULLS LAST`, asc(collectionCase.id))
    .limit(size);
  const [{ n }] = await deps.db.select({ n: count() }).from(collectionCase)
    .innerJoin(loanOrder, eq(loanOrder.id, collectionCase.orderId))
    .innerJoin(merchant, eq(merchant.id, collectionCase.merchantId))
    .innerJoin(customer, eq(customer.id, collectionCase.customerId))
    .where(where);
  return {
    rows: rows.map((r): MyCaseRow => ({
      id: r.c.id, order_id: r.c.orderId, order_no: r.orderNo, merchant_id: r.c.merchantId, merchant_name: r.merchantName, currency: r.currency,
      customer_id: r.c.customerId, customer_name: r.customerName, phone: phoneFor(actor, r.phone), stage_id: r.c.stageId, stage_name: r.stageName ?? '',
      status: r.c.status, due_date: r.dueDate, days: r.days === null ? null : Number(r.days), remaining_debt: r.debt, penalty: Number(r.penalty),
      promise_date: r.c.promiseDate, promise_amount: r.c.promiseMinor, promise_status: r.c.promiseStatus, promise_due: !!r.promiseDue,
      last_result: r.c.lastResult, disposition: r.c.disposition, last_contact_at: iso(r.c.lastContactAt), assigned_at: iso(r.c.assignedAt),
      entered_at: r.c.enteredAt.toISOString(),
    })),
    total: Number(n),
    truncated: Number(n) > rows.length,
  };
}

/**
 * The case panel: the case, the order's money, the customer (phone masked for privacy protection) and contacts, the
 * history newest first, calls and promises. Readable by its holder, by supervisors (any case of their merchants) and,
 * for a case in the pool, by those who see the pool; others get 40300 `collection.notYours`.
 */
export async function caseDetail(deps: Deps, actor: Actor, id: number): Promise<CaseDetail> {
  const { db } = deps;
  const c = await findCase(db, id, merchantIdsOf(actor));
  const holder = c.collectorId === actor.accountId;
  const supervisor = SUPERVISOR_PAGES.some((p) => can(actor.nodes, p));
  const poolReader = c.collectorId === null && can(actor.nodes, POOL_PAGE);
  if (!holder && !supervisor && !poolReader) throw new AppError(CODE.FORBIDDEN, 'collection.notYours');

  const [o] = await db.select({ o: loanOrder, merchantName: merchant.name, market: merchant.market }).from(loanOrder)
    .innerJoin(merchant, eq(merchant.id, loanOrder.merchantId)).where(eq(loanOrder.id, c.orderId));
  const [cu] = await db.select().from(customer).where(eq(customer.id, c.customerId));
  const tz = marketTimeZone(o.market);
  const today = deps.clock.today(tz);

  const contacts = await db.select().from(customerContact).where(eq(customerContact.customerId, c.customerId))
    .orderBy(sql`(CASE WHEN ${customerContact.kind} = 'emergency' THEN 0 ELSE 1 END)`, asc(customerContact.id)).limit(100);
  const events = await db.select().from(collectionEvent).where(eq(collectionEvent.caseId, c.id)).orderBy(desc(collectionEvent.id)).limit(200);
  const calls = await db.select().from(collectionCall).where(eq(collectionCall.caseId, c.id)).orderBy(desc(collectionCall.id)).limit(100);
  const promises = await db.select().from(collectionPromise).where(eq(collectionPromise.caseId, c.id)).orderBy(desc(collectionPromise.id)).limit(50);

  const accountIds = new Set<number>();
  const stageIds = new Set<number>([c.stageId]);
  if (c.collectorId) accountIds.add(c.collectorId);
  for (const e of events) {
    for (const a of [e.actorId, e.fromCollectorId, e.toCollectorId]) if (a) accountIds.add(a);
    for (const s of [e.fromStageId, e.toStageId]) if (s) stageIds.add(s);
  }
  for (const k of calls) accountIds.add(k.accountId);
  for (const p of promises) if (p.createdBy) accountIds.add(p.createdBy);
  const names = new Map((accountIds.size
    ? await db.select({ id: adminAccount.id, name: adminAccount.name }).from(adminAccount).where(inArray(adminAccount.id, [...accountIds]))
    : []).map((a) => [a.id, a.name]));
  const stages = new Map((await db.select({ id: collectionStage.id, name: collectionStage.name }).from(collectionStage)
    .where(inArray(collectionStage.id, [...stageIds]))).map((s) => [s.id, s.name]));
  const name = (a: number | null) => (a ? names.get(a) ?? null : null);
  const stage = (s: number | null) => (s ? stages.get(s) ?? null : null);
  const order = o.o;
  const days = order.dueDate ? Math.round((Date.parse(today) - Date.parse(order.dueDate)) / 86_400_000) : null;

  return {
    case: {
      id: c.id, status: c.status, stage_id: c.stageId, stage_name: stage(c.stageId) ?? '', collector_id: c.collectorId, collector_name: name(c.collectorId),
      stay: c.stay, entered_at: c.enteredAt.toISOString(), assigned_at: iso(c.assignedAt), last_contact_at: iso(c.lastContactAt), last_result: c.lastResult,
      disposition: c.disposition, promise_date: c.promiseDate, promise_amount: c.promiseMinor, promise_status: c.promiseStatus, recovered: c.recoveredMinor,
      close_reason: c.closeReason,
    },
    order: {
      id: order.id, order_no: order.orderNo, status: order.status, currency: order.currency, merchant_id: order.merchantId, merchant_name: o.merchantName,
      product_name: order.productName, loan_amount: order.loanAmountMinor, contract_amount: order.contractAmountMinor, due_amount: order.dueAmountMinor,
      paid_amount: order.paidAmountMinor, remaining_debt: order.remainingDebtMinor, overdue_interest: order.overdueInterestMinor,
      overdue_penalty: order.overduePenaltyMinor, credit: order.creditMinor, due_date: order.dueDate, days,
    },
    customer: { id: cu.id, code: cu.code, name: cu.name, phone: phoneFor(actor, cu.phone) },
    contacts: contacts.map((k) => ({ id: k.id, kind: k.kind, name: k.name, relation: k.relation, phone: phoneFor(actor, k.phone) })),
    events: events.map((e) => ({
      id: e.id, kind: e.kind, at: e.businessAt.toISOString(), business_date: e.businessDate, actor_name: name(e.actorId),
      from_stage: stage(e.fromStageId), to_stage: stage(e.toStageId), from_collector: name(e.fromCollectorId), to_collector: name(e.toCollectorId),
      reason: e.reason, note: e.note, detail: (actor.privacy ? maskPhonesDeep(e.detail) : e.detail) as Record<string, unknown> | null,
    })),
    calls: calls.map((k) => ({
      id: k.id, account_name: name(k.accountId), phone: phoneFor(actor, k.phone), contact_name: k.contactName, relation: k.relation, result: k.result,
      duration_seconds: k.durationSeconds, started_at: k.startedAt.toISOString(),
    })),
    promises: promises.map((p) => ({
      id: p.id, promise_date: p.promiseDate, amount: p.amountMinor, status: p.status, note: p.note, created_by_name: name(p.createdBy),
      created_at: p.createdAt.toISOString(), resolved_at: iso(p.resolvedAt),
    })),
    // The merchant's co-debt rule flags a person who owes too much at other merchants (docs/coDebt.md).
    co_debt: await coDebtFlagOf(db, c.merchantId, c.customerId),
    can_work: holder && c.status === 'open',
    today,
    promise_max_date: addDays(today, PROMISE_MAX_DAYS),
  };
}

// ------------------------------------------------------------------------------------------------ writing

/**
 * Runs `fn` on a case the actor holds, in one transaction with the case row locked: a case outside the actor's
 * merchants is 40400, a closed one 42200 `collection.caseClosed`, someone else's (or the pool's) 40300
 * `collection.notYours`.
 */
async function onHeldCase<T>(ctx: WorkCtx, caseId: number, fn: (tx: DbOrTx, c: CaseRow, timeZone: string) => Promise<T>): Promise<T> {
  return ctx.deps.db.transaction(async (tx) => {
    const c = await findCase(tx, caseId, merchantIdsOf(ctx.actor), true);
    if (c.collectorId !== ctx.actor.accountId) throw new AppError(CODE.FORBIDDEN, 'collection.notYours');
    if (c.status !== 'open') throw new AppError(CODE.INVALID_TRANSITION, 'collection.caseClosed');
    return fn(tx, c, await merchantZone(tx, c.merchantId));
  });
}

const event = (ctx: WorkCtx, tx: DbOrTx, c: CaseRow, tz: string, kind: CaseEvent, e: { reason?: string; note?: string; detail?: unknown } = {}) =>
  caseEvent(tx, ctx.deps, c, { kind, toStageId: c.stageId, actorId: ctx.actor.accountId, ...e }, tz);

/** A call result (one key on the workbench) with its disposition and a note; a call of the case may be named. */
export async function recordResult(ctx: WorkCtx, body: { id: number; result: string; disposition?: string; note?: string; call_id?: number }) {
  return onHeldCase(ctx, body.id, async (tx, c, tz) => {
    const opts = await workOptions(tx, ctx.req.lang);
    if (!opts.results.some((r) => r.value === body.result)) throw invalid('result', 'collectionWorkbench.resultUnknown', { value: body.result });
    const disposition = body.disposition ?? '';
    if (disposition && !opts.dispositions.some((r) => r.value === disposition)) {
      throw invalid('disposition', 'collectionWorkbench.dispositionUnknown', { value: disposition });
    }
    if (body.call_id !== undefined) {
      const [call] = await tx.update(collectionCall).set({ result: body.result })
        .where(and(eq(collectionCall.id, body.call_id), eq(collectionCall.caseId, c.id))).returning({ id: collectionCall.id });
      if (!call) throw invalid('call_id', 'collectionWorkbench.callUnknown');
    }
    const now = ctx.deps.clock.now();
    await tx.update(collectionCase).set({ lastResult: body.result, disposition, lastContactAt: now, updatedAt: sql`now()` }).where(eq(collectionCase.id, c.id));
    await event(ctx, tx, c, tz, 'result', { reason: body.result, note: body.note, detail: { result: body.result, disposition, call_id: body.call_id ?? null } });
    await writeOpLog(tx, ctx.req, {
      action: 'collection.result', targetType: 'collection_case', targetId: c.id,
      before: { last_result: c.lastResult, disposition: c.disposition },
      after: { last_result: body.result, disposition, note: body.note ?? '', call_id: body.call_id ?? null },
    });
    return { id: c.id, last_result: body.result, disposition, last_contact_at: now.toISOString() };
  });
}

/**
 * A promise to pay: dated today … today + PROMISE_MAX_DAYS (business date of the merchant's market), for more than 0
 * and at most the remaining debt. It is kept once the money paid since (paid + credit, measured from `paid_before`)
 * reaches the amount — by the repayment itself (cases.ts onOrderPaid) or by the collection day after its date —
 * else broken by the collection day. A new promise replaces a pending one: the old one is closed as `replaced` — its
 * own outcome, not `broken` (nothing fell due unpaid) — with a `promise_broken` event of reason `replaced` for the
 * history, so that a case has at most one pending promise.
 */
export async function makePromise(ctx: WorkCtx, body: { id: number; promise_date: string; amount: number; note?: string }) {
  return onHeldCase(ctx, body.id, async (tx, c, tz) => {
    const today = ctx.deps.clock.today(tz);
    const last = addDays(today, PROMISE_MAX_DAYS);
    const real = addDays(body.promise_date, 0) === body.promise_date;
    if (!real || body.promise_date < today || body.promise_date > last) {
      throw invalid('promise_date', 'collectionWorkbench.promiseDateRange', { from: today, to: last });
    }
    const [order] = await tx.select().from(loanOrder).where(eq(loanOrder.id, c.orderId)).for('update');
    if (body.amount > order.remainingDebtMinor) throw invalid('amount', 'collectionWorkbench.promiseAboveDebt');
    const now = ctx.deps.clock.now();
    const replaced = await tx.update(collectionPromise).set({ status: 'replaced', resolvedAt: now })
      .where(and(eq(collectionPromise.caseId, c.id), eq(collectionPromise.status, 'pending'))).returning();
    for (const p of replaced) {
      await event(ctx, tx, c, tz, 'promise_broken', { reason: 'replaced', detail: { promise_id: p.id, date: p.promiseDate, amount: p.amountMinor } });
    }
    const [p] = await tx.insert(collectionPromise).values({
      caseId: c.id, orderId: c.orderId, promiseDate: body.promise_date, amountMinor: body.amount,
      paidBeforeMinor: order.paidAmountMinor + order.creditMinor, status: 'pending', note: body.note ?? '', createdBy: ctx.actor.accountId,
    }).returning();
    await tx.update(collectionCase).set({ promiseDate: body.promise_date, promiseMinor: body.amount, promiseStatus: 'pending', updatedAt: sql`now()` })
      .where(eq(collectionCase.id, c.id));
    await event(ctx, tx, c, tz, 'promise', {
      note: body.note, detail: { promise_id: p.id, date: body.promise_date, amount: body.amount, replaced: replaced.map((r) => r.id) },
    });
    await writeOpLog(tx, ctx.req, {
      action: 'collection.promise', targetType: 'collection_case', targetId: c.id,
      before: replaced.length ? { pending: replaced.map((r) => ({ id: r.id, date: r.promiseDate, amount: r.amountMinor })) } : undefined,
      after: { promise_id: p.id, date: body.promise_date, amount: body.amount, paid_before: p.paidBeforeMinor, note: body.note ?? '' },
    });
    return { id: c.id, promise_id: p.id, promise_date: body.promise_date, amount: body.amount, replaced: replaced.map((r) => r.id) };
  });
}

/** A note on the case's history (kept on the case, not on the customer). */
export async function addNote(ctx: WorkCtx, body: { id: number; note: string }) {
  return onHeldCase(ctx, body.id, async (tx, c, tz) => {
    await event(ctx, tx, c, tz, 'note', { note: body.note });
    await writeOpLog(tx, ctx.req, { action: 'collection.note', targetType: 'collection_case', targetId: c.id, after: { note: body.note } });
    return { id: c.id };
  });
}

/** Who a call dials: the customer, or one of their contacts (by id, else by the number in its real or masked form). */
async function callTarget(tx: DbOrTx, c: CaseRow, body: { phone: string; contact_id?: number }) {
  const [cu] = await tx.select().from(customer).where(eq(customer.id, c.customerId));
  if (body.contact_id !== undefined) {
    const [k] = await tx.select().from(customerContact).where(and(eq(customerContact.id, body.contact_id), eq(customerContact.customerId, c.customerId)));
    if (!k) throw invalid('contact_id', 'collectionWorkbench.phoneUnknown');
    return { name: k.name, relation: k.relation || k.kind, phone: k.phone };
  }
  const wanted = body.phone.trim();
  const same = (p: string) => p === wanted || maskPhone(p) === wanted || (dialable(p) !== '' && dialable(p) === dialable(wanted));
  if (cu && same(cu.phone)) return { name: cu.name, relation: '', phone: cu.phone };
  const contacts = await tx.select().from(customerContact).where(eq(customerContact.customerId, c.customerId)).orderBy(asc(customerContact.id));
  const k = contacts.find((x) => same(x.phone));
  if (!k) throw invalid('phone', 'collectionWorkbench.phoneUnknown');
  return { name: k.name, relation: k.relation || k.kind, phone: k.phone };
}

/**
 * Starts a call from a case: only the customer's number or a contact's is dialled. Logs collection_call with the
 * softphone link of the chosen (or the merchant's first enabled, else a global) external-call setting and answers the
 * call id with the link, which carries the real number (the softphone dials it); the number shown is masked for
 * privacy protection.
 */
export async function startCall(ctx: WorkCtx, body: { id: number; phone: string; contact_name?: string; relation?: string; config_id?: number; contact_id?: number }): Promise<CallAnswer> {
  return onHeldCase(ctx, body.id, async (tx, c, tz) => {
    const who = await callTarget(tx, c, body);
    const number = dialable(who.phone);
    if (!number) throw invalid('phone', 'error.customerNoPhone');
    // The same softphone choice and link as the call dialog (softphone.ts): the chosen setting, or the merchant's first.
    const config = await softphoneFor(tx, c.merchantId, body.config_id);
    if (body.config_id !== undefined && !config) throw invalid('config_id', 'collectionWorkbench.softphoneUnknown');
    const link = softphoneLink(config ? { type: config.type, url: config.url, onlyNo: config.onlyNo } : null, number).slice(0, 400);
    const contactName = (body.contact_name || who.name).slice(0, 60);
    const relation = (body.relation || who.relation).slice(0, 30);
    const [call] = await tx.insert(collectionCall).values({
      caseId: c.id, orderId: c.orderId, accountId: ctx.actor.accountId, phone: who.phone.slice(0, 30), contactName, relation,
      configId: config?.id ?? null, link, startedAt: ctx.deps.clock.now(),
    }).returning();
    await event(ctx, tx, c, tz, 'call', { detail: { call_id: call.id, contact_name: contactName, relation, config_id: config?.id ?? null } });
    await writeOpLog(tx, ctx.req, {
      action: 'collection.call', targetType: 'collection_case', targetId: c.id,
      after: { call_id: call.id, name: contactName, relation, phone: who.phone, config_id: config?.id ?? null },
    });
    const shown = phoneFor(ctx.actor, number);
    return { call_id: call.id, link, phone: shown, a_text: config?.aText || contactName, sip_text: config?.sipText || shown };
  });
}

/** Ends a call the actor placed on a case they hold: its duration. A second end answers the first one's record. */
export async function endCall(ctx: WorkCtx, body: { call_id: number; duration_seconds: number }) {
  return ctx.deps.db.transaction(async (tx) => {
    const [call] = await tx.select().from(collectionCall).where(eq(collectionCall.id, body.call_id)).for('update');
    if (!call) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@collection.call' });
    const c = await findCase(tx, call.caseId, merchantIdsOf(ctx.actor));
    if (c.collectorId !== ctx.actor.accountId || call.accountId !== ctx.actor.accountId) throw new AppError(CODE.FORBIDDEN, 'collection.notYours');
    if (call.durationSeconds !== null) return { call_id: call.id, duration_seconds: call.durationSeconds };
    await tx.update(collectionCall).set({ durationSeconds: body.duration_seconds }).where(eq(collectionCall.id, call.id));
    await writeOpLog(tx, ctx.req, {
      action: 'collection.call_end', targetType: 'collection_case', targetId: c.id, after: { call_id: call.id, duration_seconds: body.duration_seconds },
    });
    return { call_id: call.id, duration_seconds: body.duration_seconds };
  });
}

