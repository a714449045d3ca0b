import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { actionKey, can, SUPER_KEY } from '../../../../commands/permissions';
import { CODE } from '../../../schemas/common';
import { CONTACT_RESULT, WITHDRAWAL_QUEUES, WITHDRAWAL_RULES, type SmsKind } from '../../../schemas/withdrawal';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/session';
import { bankCard, customer } from '../client/client.table';
import { familyOf } from '../intake/auth';
import { assertMayUse, payoutCard, personRecords, timeZoneOf } from '../intake/customers';
import { checkWithdrawalRules } from '../intake/rules';
import { merchant } from '../merchant/merchant.table';
import { loadAccess } from '../empower/access';
import { adminAccount } from '../empower/empower.table';
import { isUnscoped } from '../empower/scope';
import { depsIn, keyOwner, requireIdempotencyKey, withIdempotency } from '../idempotency/idempotency';
import { transitionOrder, type LoanOrderRow } from '../lifecycle/transition';
import { writeOpLog } from '../log/oplog';
import { loanOrder } from '../order/order.table';
import { confirmWithdrawal, type TransferView } from '../payment/disburse';
import { claimTask, dispatchQueue, finishTasks, liveTask, openTask, queueLoad, releaseTask } from '../task/task';
import { workTask } from '../task/task.table';
import { assertContactResult } from './contact-results';
import { PAGES, type WorkPage } from './pages';
import { DECLINED, expired, liveTaskJoin } from './queue-sql';
import { sendSms } from './sms';
import { withdrawalContact, withdrawalMarket, withdrawalNotice, withdrawalSmsLog } from './withdrawal.table';

/**
 * The actions of the withdrawal queues. Each one: the order inside the actor's merchants (else 40400), in the
 * page's queue (else 42200), held by the actor when the action is a holder's (else 40900), then the change, its
 * operation-log row and, where it says something about the customer, a contact row — one transaction where the
 * parts are this area's own. Status changes go through transitionOrder, claims through the task contract.
 */

const Q = WITHDRAWAL_QUEUES;

export interface ActCtx {
  deps: Deps;
  req: FastifyRequest;
  actor: Actor;
}

/** The actor's merchants for scoped reads and writes; null = all. */
export const scopeOf = (actor: Actor): number[] | null => (isUnscoped(actor) ? null : actor.merchantIds);

const ORDER_WHAT = { what: '@lifecycle.order' };
const pageTitle = (page: string) => `@route.withdrawal.${page}`;

export async function loadOrder(db: DbOrTx, orderId: number, actor: Actor): Promise<LoanOrderRow> {
  const scope = scopeOf(actor);
  const [o] = await db.select().from(loanOrder).where(eq(loanOrder.id, orderId)).limit(1);
  if (!o || (scope && !scope.includes(o.merchantId))) throw new AppError(CODE.NOT_FOUND, 'error.notFound', ORDER_WHAT);
  return o;
}

/** Whether the order satisfies `cond` (queue fragments are correlated to loan_order). */
async function holds(db: DbOrTx, orderId: number, cond: SQL): Promise<boolean> {
  const rows = await db.select({ ok: sql<boolean>`(${cond})` }).from(loanOrder).where(eq(loanOrder.id, orderId));
  return rows[0]?.ok === true;
}

/** 42200 unless the order is in the page's queue. */
async function assertInPage(db: DbOrTx, page: WorkPage, orderId: number, now: Date): Promise<void> {
  if (!(await holds(db, orderId, PAGES[page].state(now)))) {
    throw new AppError(CODE.INVALID_TRANSITION, 'withdrawal.notInQueue', { queue: pageTitle(page) });
  }
}

async function accountName(db: DbOrTx, id: number | null): Promise<string> {
  if (id == null) return '-';
  const [a] = await db.select({ name: adminAccount.name }).from(adminAccount).where(eq(adminAccount.id, id)).limit(1);
  return a?.name ?? `#${id}`;
}

/** The live task of the order in `queue`, which the actor must hold (40900 otherwise). */
async function heldTask(db: DbOrTx, queue: string, orderId: number, actor: Actor) {
  const t = await liveTask(db, queue, { orderId });
  if (!t || t.status !== 'claimed') throw new AppError(CODE.CONFLICT, 'withdrawal.notClaimed');
  if (t.assigneeId !== actor.accountId) throw new AppError(CODE.CONFLICT, 'withdrawal.heldByOther', { name: await accountName(db, t.assigneeId) });
  return t;
}

/** Order → queue → holder: the checks of every holder's action on one order of a page. */
async function held(ctx: ActCtx, page: WorkPage, orderId: number, now: Date) {
  const { db } = ctx.deps;
  const order = await loadOrder(db, orderId, ctx.actor);
  await assertInPage(db, page, orderId, now);
  const task = await heldTask(db, PAGES[page].queue, orderId, ctx.actor);
  return { order, task };
}

const opLog = (db: DbOrTx, req: FastifyRequest, action: string, orderId: number, before: unknown, after: unknown) =>
  writeOpLog(db, req, { action, targetType: 'loan_order', targetId: orderId, before, after });

function contactRow(order: LoanOrderRow, queue: string, taskId: number | null, actor: Actor, result: string, note: string, now: Date) {
  return { merchantId: order.merchantId, orderId: order.id, customerId: order.customerId, queue, taskId, accountId: actor.accountId, result, note, createdAt: now };
}

// ------------------------------------------------------------------------------------------------ claim

/** Claims one order of a pool for the actor (waitFor, the market's "take", dormantTask, WaitForcustomerService). */
export async function claim(ctx: ActCtx, page: 'waitFor' | 'MarketWaitTakeOrder' | 'dormantTask' | 'WaitForcustomerService', orderId: number) {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const order = await loadOrder(db, orderId, ctx.actor);
  await assertInPage(db, page, orderId, now);
  const queue = PAGES[page].queue;
  const task = await openTask(db, { queue, orderId, customerId: order.customerId, merchantId: order.merchantId, at: now, openedBy: ctx.actor.accountId });
  const claimed = await claimTask(db, { taskId: task.id, accountId: ctx.actor.accountId, at: now, merchantIds: scopeOf(ctx.actor) });
  await db.transaction(async (tx) => {
    // A taken market order stays a market order: it is listed in the taker's MyTakeConfirmOrder.
    if (page === 'MarketWaitTakeOrder') {
      await tx.insert(withdrawalMarket).values({ orderId, merchantId: order.merchantId, accountId: ctx.actor.accountId, note: 'taken', createdAt: now }).onConflictDoNothing();
    }
    await opLog(tx, ctx.req, `withdrawal.${page}.claim`, orderId, null, { task_id: claimed.id, queue });
  });
  return { order_id: orderId, task_id: claimed.id };
}

// ------------------------------------------------------------------------------------------------ holder actions

/** Records what the customer said (contact result from the dictionary, note). */
export async function contact(ctx: ActCtx, page: WorkPage, body: { id: number; result: string; note?: string }) {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  await assertContactResult(db, ctx.req.lang, body.result);
  const { order, task } = await held(ctx, page, body.id, now);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(withdrawalContact).values(contactRow(order, task.queue, task.id, ctx.actor, body.result, body.note ?? '', now)).returning();
    await opLog(tx, ctx.req, `withdrawal.${page}.contact`, order.id, null, { result: body.result, note: body.note ?? '' });
    return { contact_id: row.id };
  });
}

/**
 * Confirms the withdrawal on the customer's behalf (they asked on the phone): the payment area freezes the money and
 * sends the payout (confirmWithdrawal, withdrawal type `manual`). Idempotent by the console's key: a repeat returns
 * the first answer and writes nothing twice. The task stays with the agent, who tells the customer when the money
 * arrives (MyPaymentNoticeOrder).
 */
export async function confirm(ctx: ActCtx, page: 'MywaitForOrder' | 'MyTakeConfirmOrder', body: { id: number; note: string }): Promise<TransferView> {
  const { db, clock } = ctx.deps;
  const key = requireIdempotencyKey(ctx.req);
  const call = { scope: 'withdrawal.agentConfirm', key, owner: keyOwner.account(ctx.actor.accountId), payload: { id: body.id, note: body.note }, accountId: ctx.actor.accountId };
  return withIdempotency(db, call, async (tx) => {
    const inTx = { ...ctx, deps: depsIn(ctx.deps, tx) };
    const now = clock.now();
    const { order, task } = await held(inTx, page, body.id, now);
    if (await holds(tx, order.id, expired(now))) throw new AppError(CODE.INVALID_TRANSITION, 'withdrawal.expired');
    await assertMayWithdraw(inTx.deps, order, now);
    // Part of this transaction; the payout is sent once it commits.
    const view = await confirmWithdrawal(inTx.deps, {
      orderId: order.id, actorId: ctx.actor.accountId, withdrawalType: 'manual', idempotencyKey: key, merchantIds: scopeOf(ctx.actor),
    });
    await tx.insert(withdrawalContact).values(contactRow(order, task.queue, task.id, ctx.actor, CONTACT_RESULT.askedToConfirm, body.note, now));
    await opLog(tx, ctx.req, `withdrawal.${page}.confirm`, order.id, { status: order.status }, { status: 'disbursing', note: body.note, transfer_id: view.transfer_id });
    return view;
  });
}

/**
 * What the app's own confirmation checks (intake area), applied to a confirmation on the customer's behalf: the
 * customer may still borrow, the merchant's withdrawal rules hold, and there is a bound card to pay to.
 */
async function assertMayWithdraw(deps: Deps, order: LoanOrderRow, now: Date): Promise<void> {
  const { db } = deps;
  const [c] = await db.select().from(customer).where(eq(customer.id, order.customerId)).limit(1);
  if (!c) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@withdrawal.customer' });
  assertMayUse(c);
  const [m] = await db.select().from(merchant).where(eq(merchant.id, order.merchantId)).limit(1);
  const family = (await familyOf(db, m)).map((f) => f.id);
  const records = await personRecords(db, family.length ? family : [m.id], c.phone, c.idNumber);
  await checkWithdrawalRules(db, {
    merchantId: m.id, parentId: m.parentId, familyIds: family, customerIds: [...new Set([c.id, ...records.map((r) => r.id)])],
    phone: c.phone, idNumber: c.idNumber, deviceId: '', birthDate: c.birthDate, now, timeZone: timeZoneOf(m),
  });
  if (!order.bankCardId) {
    const card = await payoutCard(db, order.customerId);
    if (!card) throw new AppError(CODE.VALIDATION, 'withdrawal.cardRequired');
    await db.update(loanOrder).set({ bankCardId: card, updatedAt: sql`now()` }).where(and(eq(loanOrder.id, order.id), eq(loanOrder.status, 'withdrawal')));
  }
}

/** The customer does not want the loan: the order is closed (from withdrawal, or a failed payout) and its tasks end. */
export async function closeOrder(ctx: ActCtx, page: 'MywaitForOrder' | 'MyTakeConfirmOrder' | 'WaitForcustomerService', body: { id: number; note: string }) {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const { order, task } = await held(ctx, page, body.id, now);
  return db.transaction(async (tx) => {
    const row = await transitionOrder(tx, {
      orderId: order.id, action: 'close', to: 'closed', actorId: ctx.actor.accountId, reason: `${DECLINED}: ${body.note}`,
      expect: order.status as never, at: now, merchantIds: scopeOf(ctx.actor), patch: { loanRemark: body.note.slice(0, 500) },
    });
    await tx.insert(withdrawalContact).values(contactRow(order, task.queue, task.id, ctx.actor, CONTACT_RESULT.declined, body.note, now));
    await finishTasks(tx, { orderId: order.id, queues: [Q.waitFor, Q.customerService], at: now, status: 'cancelled' });
    await opLog(tx, ctx.req, `withdrawal.${page}.close`, order.id, { status: order.status }, { status: row.status, note: body.note });
    return { order_id: order.id, status: row.status };
  });
}

/** SMS of `kind` already sent for the order since it entered its status: count and last time. */
async function smsSoFar(db: DbOrTx, orderId: number, kind: SmsKind): Promise<{ n: number; last: Date | null }> {
  const [r] = await db.select({ n: count(), last: sql<string | null>`max(${withdrawalSmsLog.createdAt})` }).from(withdrawalSmsLog)
    .where(and(eq(withdrawalSmsLog.orderId, orderId), eq(withdrawalSmsLog.kind, kind),
      sql`${withdrawalSmsLog.createdAt} >= coalesce((select max(h.created_at) from order_status_history h where h.order_id = ${orderId} and h.to_status = (select o.status from loan_order o where o.id = ${orderId})), '-infinity')`));
  return { n: Number(r?.n ?? 0), last: r?.last ? new Date(r.last) : null };
}

/** A holder's own SMS: not more than reminderMax of a kind, at least manualSmsGapMinutes apart. */
async function assertSmsAllowed(db: DbOrTx, orderId: number, kind: SmsKind, now: Date): Promise<void> {
  const { n, last } = await smsSoFar(db, orderId, kind);
  if (n >= WITHDRAWAL_RULES.reminderMax) throw new AppError(CODE.INVALID_TRANSITION, 'withdrawal.smsLimit', { max: WITHDRAWAL_RULES.reminderMax });
  if (last && now.getTime() - last.getTime() < WITHDRAWAL_RULES.manualSmsGapMinutes * 60_000) {
    throw new AppError(CODE.INVALID_TRANSITION, 'withdrawal.smsTooSoon', { minutes: WITHDRAWAL_RULES.manualSmsGapMinutes });
  }
}

const SMS_OF_PAGE: Partial<Record<WorkPage, SmsKind>> = {
  MywaitForOrder: 'reminder', MyTakeConfirmOrder: 'reminder', dormantTask: 'dormant', WaitForcustomerService: 'payout_failed',
};

/** The holder texts the customer: a withdrawal reminder, a card-fix request, or a dormant customer's invitation. */
export async function sms(ctx: ActCtx, page: WorkPage, orderId: number) {
  const kind = SMS_OF_PAGE[page];
  if (!kind) throw new Error(`no SMS on ${page}`);
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const { order } = await held(ctx, page, orderId, now);
  await assertSmsAllowed(db, orderId, kind, now);
  return db.transaction(async (tx) => {
    const row = await sendSms(tx, { order, kind, accountId: ctx.actor.accountId, at: now });
    await opLog(tx, ctx.req, `withdrawal.${page}.sms`, order.id, null, { sms_id: row.id, kind });
    return { sms_id: row.id, content: row.content };
  });
}

/** Hands an order over to the market (its holder gives up on it; the task goes back open). */
export async function toMarket(ctx: ActCtx, body: { id: number; note?: string }) {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const { order, task } = await held(ctx, 'MywaitForOrder', body.id, now);
  return db.transaction(async (tx) => {
    await tx.insert(withdrawalMarket).values({ orderId: order.id, merchantId: order.merchantId, accountId: ctx.actor.accountId, note: body.note ?? '', createdAt: now }).onConflictDoNothing();
    await releaseTask(tx, { taskId: task.id, accountId: ctx.actor.accountId, at: now });
    await opLog(tx, ctx.req, 'withdrawal.MywaitForOrder.toMarket', order.id, null, { note: body.note ?? '' });
    return { order_id: order.id };
  });
}

/** Puts unclaimed orders of the assignment pool on the market (a supervisor clearing the pool). All or nothing. */
export async function toMarketBulk(ctx: ActCtx, body: { ids: number[]; note?: string }) {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const ids = [...new Set(body.ids)];
  const orders: LoanOrderRow[] = [];
  for (const id of ids) {
    const order = await loadOrder(db, id, ctx.actor);
    await assertInPage(db, 'waitFor', id, now);
    const t = await liveTask(db, Q.waitFor, { orderId: id });
    if (t?.status === 'claimed') throw new AppError(CODE.CONFLICT, 'withdrawal.heldByOther', { name: await accountName(db, t.assigneeId) });
    orders.push(order);
  }
  return db.transaction(async (tx) => {
    for (const o of orders) {
      await tx.insert(withdrawalMarket).values({ orderId: o.id, merchantId: o.merchantId, accountId: ctx.actor.accountId, note: body.note ?? '', createdAt: now }).onConflictDoNothing();
    }
    await writeOpLog(tx, ctx.req, { action: 'withdrawal.waitFor.toMarket', targetType: 'loan_order', targetId: ids.join(',').slice(0, 64), after: { ids, note: body.note ?? '' } });
    return { moved: orders.length };
  });
}

/** The holder gives the task back to its pool. */
export async function release(ctx: ActCtx, page: WorkPage, orderId: number) {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const { order, task } = await held(ctx, page, orderId, now);
  return db.transaction(async (tx) => {
    await releaseTask(tx, { taskId: task.id, accountId: ctx.actor.accountId, at: now });
    await opLog(tx, ctx.req, `withdrawal.${page}.release`, order.id, { assignee_id: ctx.actor.accountId }, { assignee_id: null });
    return { order_id: order.id };
  });
}

/** waitingForRelease: a supervisor gives idle claims back to their pools (rows are tasks). All or nothing. */
export async function forceRelease(ctx: ActCtx, taskIds: number[]) {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const scope = scopeOf(ctx.actor);
  const ids = [...new Set(taskIds)];
  return db.transaction(async (tx) => {
    const before: Array<{ task_id: number; order_id: number | null; assignee_id: number | null }> = [];
    for (const id of ids) {
      const [t] = await tx.select().from(workTask).where(eq(workTask.id, id)).limit(1);
      if (!t || !Object.values(Q).includes(t.queue as never) || (scope && !scope.includes(t.merchantId))) {
        throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@withdrawal.task' });
      }
      await releaseTask(tx, { taskId: id, accountId: ctx.actor.accountId, at: now, force: true, merchantIds: scope });
      before.push({ task_id: id, order_id: t.orderId, assignee_id: t.assigneeId });
    }
    await writeOpLog(tx, ctx.req, { action: 'withdrawal.waitingForRelease.release', targetType: 'work_task', targetId: ids.join(',').slice(0, 64), before, after: { assignee_id: null } });
    return { released: ids.length };
  });
}

/** The agent told the customer their money arrived (SMS from the template, or a call); the task is done. */
export async function notifyPaid(ctx: ActCtx, body: { id: number; channel: 'sms' | 'call'; note?: string }) {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const { order, task } = await held(ctx, 'MyPaymentNoticeOrder', body.id, now);
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(withdrawalNotice).values({ orderId: order.id, merchantId: order.merchantId, accountId: ctx.actor.accountId, channel: body.channel, note: body.note ?? '', createdAt: now })
      .onConflictDoNothing().returning();
    if (!inserted.length) throw new AppError(CODE.CONFLICT, 'withdrawal.alreadyNotified');
    const smsRow = body.channel === 'sms' ? await sendSms(tx, { order, kind: 'payment_notice', accountId: ctx.actor.accountId, at: now }) : null;
    await finishTasks(tx, { orderId: order.id, queues: [task.queue], at: now, status: 'done' });
    await opLog(tx, ctx.req, 'withdrawal.MyPaymentNoticeOrder.notify', order.id, null, { channel: body.channel, note: body.note ?? '', sms_id: smsRow?.id ?? null });
    return { order_id: order.id, sms_id: smsRow?.id ?? null };
  });
}

/** A failed payout goes back to pending withdrawal once the customer fixed their card (optionally a chosen card). */
export async function returnToWithdrawal(ctx: ActCtx, body: { id: number; bank_card_id?: number; note?: string }) {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const { order, task } = await held(ctx, 'WaitForcustomerService', body.id, now);
  if (body.bank_card_id !== undefined) {
    const [card] = await db.select().from(bankCard).where(and(eq(bankCard.id, body.bank_card_id), eq(bankCard.customerId, order.customerId))).limit(1);
    if (!card || card.status !== 'bound') {
      throw new AppError(CODE.VALIDATION, 'withdrawal.cardInvalid', {}, 200, [{ path: 'bank_card_id', id: 'withdrawal.cardInvalid', values: {} }]);
    }
  }
  return db.transaction(async (tx) => {
    const row = await transitionOrder(tx, {
      orderId: order.id, action: 'return_withdrawal', to: 'withdrawal', actorId: ctx.actor.accountId, reason: body.note ?? 'card fixed',
      expect: 'failed', at: now, merchantIds: scopeOf(ctx.actor), patch: body.bank_card_id !== undefined ? { bankCardId: body.bank_card_id } : undefined,
    });
    await finishTasks(tx, { orderId: order.id, queues: [task.queue], at: now, status: 'done' });
    await opLog(tx, ctx.req, 'withdrawal.WaitForcustomerService.return', order.id, { status: order.status, bank_card_id: order.bankCardId }, { status: row.status, bank_card_id: row.bankCardId, note: body.note ?? '' });
    return { order_id: order.id, status: row.status };
  });
}

/** A dormant customer was worked (invited, or not interested): the task is done and leaves the list. */
export async function finishDormant(ctx: ActCtx, body: { id: number; note?: string }) {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const { order } = await held(ctx, 'dormantTask', body.id, now);
  return db.transaction(async (tx) => {
    await finishTasks(tx, { orderId: order.id, queues: [Q.dormant], at: now, status: 'done' });
    await opLog(tx, ctx.req, 'withdrawal.dormantTask.finish', order.id, null, { note: body.note ?? '' });
    return { order_id: order.id };
  });
}

// ------------------------------------------------------------------------------------------------ MywaitSMS

/**
 * Sends the due reminders of the selected orders (MywaitSMS). Orders outside the actor's merchants refuse the whole
 * batch (40400), as do orders no longer waiting for withdrawal (42200); an order whose reminder stopped being due
 * meanwhile (another agent sent it, or someone claimed it) is skipped and counted.
 */
export async function sendReminders(ctx: ActCtx, ids: number[]) {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const unique = [...new Set(ids)];
  const orders: LoanOrderRow[] = [];
  for (const id of unique) {
    const o = await loadOrder(db, id, ctx.actor);
    if (o.status !== 'withdrawal') throw new AppError(CODE.INVALID_TRANSITION, 'withdrawal.notInQueue', { queue: pageTitle('MywaitSMS') });
    orders.push(o);
  }
  const spec = PAGES.MywaitSMS;
  return db.transaction(async (tx) => {
    const sent: number[] = [];
    const skipped: number[] = [];
    for (const o of orders) {
      const [ok] = await tx.select({ ok: sql<boolean>`true` }).from(loanOrder).leftJoin(workTask, liveTaskJoin(spec.queue))
        .where(and(eq(loanOrder.id, o.id), spec.state(now), sql`(${workTask.status} is distinct from 'claimed' or ${workTask.assigneeId} = ${ctx.actor.accountId})`));
      if (!ok) {
        skipped.push(o.id);
        continue;
      }
      await sendSms(tx, { order: o, kind: 'reminder', accountId: ctx.actor.accountId, at: now });
      sent.push(o.id);
    }
    await writeOpLog(tx, ctx.req, { action: 'withdrawal.MywaitSMS.send', targetType: 'loan_order', targetId: sent.join(',').slice(0, 64), after: { sent, skipped } });
    return { sent: sent.length, skipped: skipped.length };
  });
}

// ------------------------------------------------------------------------------------------------ dispatch

/** The node that makes an account a withdrawal agent who may be dispatched orders. */
export const AGENT_NODE = () => actionKey('withdrawalMoney', 'MywaitForOrder', 'confirmWithdrawal');

/** Agents of the actor's merchants (enabled, not administrators) who may work MywaitForOrder, with their load. */
export async function agents(db: DbOrTx, actor: Actor): Promise<Array<{ id: number; account: string; name: string; claimed: number }>> {
  const scope = scopeOf(actor);
  const rows = await db.select({ id: adminAccount.id, account: adminAccount.account, name: adminAccount.name, merchantIds: adminAccount.merchantIds })
    .from(adminAccount).where(and(eq(adminAccount.enabled, true), isNull(adminAccount.deletedAt))).orderBy(asc(adminAccount.id));
  const out: Array<{ id: number; account: string; name: string; claimed: number }> = [];
  for (const r of rows) {
    if (!r.merchantIds.length || (scope && !r.merchantIds.some((m) => scope.includes(m)))) continue;
    const access = await loadAccess(db, r.id);
    if (!access || access.nodeList.includes(SUPER_KEY) || !can(access.nodeList, AGENT_NODE())) continue;
    out.push({ id: r.id, account: r.account, name: r.name, claimed: 0 });
  }
  const load = await queueLoad(db, Q.waitFor, out.map((a) => a.id));
  for (const a of out) a.claimed = load.get(a.id) ?? 0;
  return out;
}

/**
 * Shares the assignment pool between agents (least loaded first, each up to `cap` claimed orders): opens the tasks
 * of the oldest pool orders (as many as the agents can still take) and lets the task contract's dispatch assign
 * them. Open tasks of orders that left the pool (market, confirmed meanwhile) are cancelled first, so dispatch never
 * hands out a market order.
 */
export async function dispatch(ctx: ActCtx, body: { account_ids?: number[]; cap: number }) {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const scope = scopeOf(ctx.actor);
  const eligible = await agents(db, ctx.actor);
  const ids = body.account_ids?.length ? [...new Set(body.account_ids)] : eligible.map((a) => a.id);
  const bad = ids.filter((id) => !eligible.some((a) => a.id === id));
  if (bad.length) {
    throw new AppError(CODE.VALIDATION, 'withdrawal.notAgent', { ids: bad.join(', ') }, 200, [{ path: 'account_ids', id: 'withdrawal.notAgent', values: { ids: bad.join(', ') } }]);
  }
  if (!ids.length) throw new AppError(CODE.VALIDATION, 'withdrawal.noAgents');
  await cancelStrayOpenTasks(db, now, scope);
  const room = eligible.filter((a) => ids.includes(a.id)).reduce((s, a) => s + Math.max(0, body.cap - a.claimed), 0);
  if (room > 0) {
    const pool = await db.select({ id: loanOrder.id, customerId: loanOrder.customerId, merchantId: loanOrder.merchantId }).from(loanOrder)
      .leftJoin(workTask, liveTaskJoin(Q.waitFor))
      .where(and(PAGES.waitFor.state(now), isNull(workTask.id), scope ? inArray(loanOrder.merchantId, scope) : undefined))
      .orderBy(asc(loanOrder.createdAt), asc(loanOrder.id)).limit(room);
    for (const o of pool) await openTask(db, { queue: Q.waitFor, orderId: o.id, customerId: o.customerId, merchantId: o.merchantId, at: now, openedBy: ctx.actor.accountId });
  }
  const res = await dispatchQueue(db, { queue: Q.waitFor, accountIds: ids, cap: body.cap, at: now, merchantIds: scope });
  await writeOpLog(db, ctx.req, { action: 'withdrawal.waitFor.dispatch', targetType: 'work_queue', targetId: Q.waitFor, after: { account_ids: ids, cap: body.cap, ...res } });
  return res;
}

/** Open (unclaimed) tasks of the waitFor queue whose order is no longer in the assignment pool. */
async function cancelStrayOpenTasks(db: DbOrTx, now: Date, scope: number[] | null): Promise<number> {
  const stray = await db.select({ orderId: workTask.orderId }).from(workTask).innerJoin(loanOrder, eq(loanOrder.id, workTask.orderId))
    .where(and(eq(workTask.queue, Q.waitFor), eq(workTask.status, 'open'), scope ? inArray(workTask.merchantId, scope) : undefined,
      sql`not (${PAGES.waitFor.state(now)})`));
  for (const s of stray) if (s.orderId != null) await finishTasks(db, { orderId: s.orderId, queues: [Q.waitFor], at: now, status: 'cancelled' });
  return stray.length;
}

// ------------------------------------------------------------------------------------------------ housekeeping

/**
 * The area's job (every minute): ends tasks whose orders left their queue elsewhere — the customer confirmed in the
 * app, the intake job closed an expired order, the payment area re-sent a failed payout, a dormant customer applied
 * again — so that no agent's load counts work that is gone. (Expiry itself is the intake area's job.)
 */
export async function housekeeping(deps: Deps): Promise<{ cancelled: number }> {
  const { db, clock } = deps;
  const now = clock.now();
  let cancelled = await cancelStrayOpenTasks(db, now, null);
  // Claimed waitFor tasks live on through disbursing, a failed payout and the payout notice; anything else ends them.
  const ended = await db.select({ orderId: workTask.orderId, queue: workTask.queue }).from(workTask).innerJoin(loanOrder, eq(loanOrder.id, workTask.orderId))
    .where(and(inArray(workTask.status, ['open', 'claimed']), sql`(
      (${workTask.queue} = ${Q.waitFor} and ${loanOrder.status} not in ('withdrawal', 'disbursing', 'failed', 'repaying', 'overdue', 'extended', 'settled'))
      or (${workTask.queue} = ${Q.customerService} and ${loanOrder.status} <> 'failed')
      or (${workTask.queue} = ${Q.dormant} and not ${PAGES.dormantTask.state(now)}))`));
  for (const e of ended) {
    if (e.orderId == null) continue;
    await finishTasks(db, { orderId: e.orderId, queues: [e.queue], at: now, status: 'cancelled' });
    cancelled++;
  }
  return { cancelled };
}

// ------------------------------------------------------------------------------------------------ reads

/** An order's contact history (newest first). */
export async function contactsOf(db: DbOrTx, actor: Actor, orderId: number) {
  await loadOrder(db, orderId, actor);
  return db.select({
    id: withdrawalContact.id, order_id: withdrawalContact.orderId, queue: withdrawalContact.queue, account_id: withdrawalContact.accountId,
    account_name: sql<string | null>`(select a.name from ${adminAccount} a where a.id = ${withdrawalContact.accountId})`,
    result: withdrawalContact.result, note: withdrawalContact.note, created_at: withdrawalContact.createdAt,
  }).from(withdrawalContact).where(eq(withdrawalContact.orderId, orderId)).orderBy(desc(withdrawalContact.id)).limit(200);
}

