import { and, desc, eq, gte, ilike, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { actionKey, can, pageKey } from '../../../../commands/permissions';
import { CODE } from '../../../schemas/common';
import { CLAIM_ORDER_STATUSES, CLAIM_QUEUE, claimListQuery, type ClaimRow } from '../../../schemas/customer';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { defineList, merchantScope } from '../../list/define';
import { moneyValue } from '../../list/values';
import type { Actor } from '../../plugins/session';
import { adminAccount } from '../empower/empower.table';
import { isUnscoped, likeEscape } from '../empower/scope';
import { writeOpLog } from '../log/oplog';
import { merchant } from '../merchant/merchant.table';
import { loanOrder } from '../order/order.table';
import { claimIn, liveTask, openTask, releaseTask } from '../task/task';
import { workTask } from '../task/task.table';
import { customer } from './client.table';
import { outer } from './client.routes';
import { findCustomer } from './customer.service';

/**
 * Customer claims (/client/clientUserCollection, spec "claim customer"): the customers of the account's merchants
 * who have an open loan, and who works each of them. A claim is a work task of queue CLAIM_QUEUE keyed by the
 * customer (task/task.ts): at most one live task per customer, claimed by one account at a time — a second claim
 * is refused with 40900 naming the owner. The owner gives it back with release; so may any holder of the release
 * action (a supervisor taking a customer back), which the operation log records as forced.
 */

export const CLAIM_NODES = {
  page: pageKey('client', 'clientUserCollection'),
  claim: actionKey('client', 'clientUserCollection', 'claim'),
  release: actionKey('client', 'clientUserCollection', 'release'),
} as const;

const OPEN: string[] = [...CLAIM_ORDER_STATUSES];

/** The actor's merchants for scoped writes; null = all. */
const scopeOf = (actor: Actor): number[] | null => (isUnscoped(actor) ? null : actor.merchantIds);

const inOpen = (col: SQL) => sql`${col} in (${sql.join(OPEN.map((s) => sql`${s}`), sql`, `)})`;

/** The live claim task of the row's customer (left-joined: absent for a customer nobody ever claimed). */
const liveClaim = and(
  eq(workTask.queue, CLAIM_QUEUE), isNull(workTask.orderId), eq(workTask.customerId, loanOrder.customerId),
  inArray(workTask.status, ['open', 'claimed']),
);
const isClaimed = sql<boolean>`coalesce(${workTask.status} = 'claimed', false)`;
const claimedBy = (accountId: number) => and(eq(workTask.status, 'claimed'), eq(workTask.assigneeId, accountId));
/** One row per customer: their latest open order. */
const latestOpenOrder = sql`${loanOrder.id} = (select max(o2.id) from ${loanOrder} o2
  where o2.customer_id = ${outer(loanOrder.customerId)} and ${inOpen(sql`o2.status`)})`;

type Row = Record<string, unknown>;
const money = (r: ClaimRow, key: 'loan_amount' | 'remaining_debt') => moneyValue(key)(r as unknown as Row);

export const claimList = defineList({
  id: 'client.clientUserCollection',
  permission: CLAIM_NODES.page,
  from: (db, fields) => db.select(fields).from(loanOrder)
    .innerJoin(customer, eq(customer.id, loanOrder.customerId))
    .leftJoin(workTask, liveClaim).$dynamic(),
  key: loanOrder.id,
  columns: {
    // Rows are customers: the actions claim and release the customer.
    id: customer.id,
    customer_id: customer.id,
    customer_name: customer.name,
    phone: customer.phone,
    merchant_id: loanOrder.merchantId,
    merchant_name: sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(loanOrder.merchantId)})`,
    currency: loanOrder.currency,
    order_id: loanOrder.id,
    order_no: loanOrder.orderNo,
    status: loanOrder.status,
    loan_amount: loanOrder.loanAmountMinor,
    remaining_debt: loanOrder.remainingDebtMinor,
    due_date: loanOrder.dueDate,
    overdue_days: loanOrder.overdueDays,
    claimed: isClaimed,
    owner_id: sql<number | null>`(case when ${workTask.status} = 'claimed' then ${workTask.assigneeId} end)`,
    owner_name: sql<string | null>`(case when ${workTask.status} = 'claimed'
      then (select a.name from ${adminAccount} a where a.id = ${outer(workTask.assigneeId)}) end)`,
    claimed_at: sql<string | null>`(case when ${workTask.status} = 'claimed' then ${workTask.claimedAt} end)`,
    created_at: loanOrder.createdAt,
  },
  filters: claimListQuery,
  scope: merchantScope(loanOrder.merchantId),
  where: (f, actor) => [
    inOpen(sql`${loanOrder.status}`),
    latestOpenOrder,
    f.status ? eq(loanOrder.status, f.status) : undefined,
    f.phone ? like(customer.phone, `${likeEscape(f.phone)}%`) : undefined,
    f.customer_name ? ilike(customer.name, `${likeEscape(f.customer_name)}%`) : undefined,
    f.order_no ? eq(loanOrder.orderNo, f.order_no) : undefined,
    f.merchant_id !== undefined ? eq(loanOrder.merchantId, f.merchant_id) : undefined,
    f.overdue_days_min !== undefined ? gte(loanOrder.overdueDays, f.overdue_days_min) : undefined,
    f.claim_state === 'unclaimed' ? sql`not ${isClaimed}` : f.claim_state === 'claimed' ? isClaimed : undefined,
    f.mine ? claimedBy(actor.accountId) : undefined,
    // Others' claims are for those who may take them back (the release action); the rest see the pool and their own.
    can(actor.nodes, CLAIM_NODES.release) ? undefined : or(sql`not ${isClaimed}`, claimedBy(actor.accountId)),
  ],
  sorts: { created_at: loanOrder.createdAt, remaining_debt: loanOrder.remainingDebtMinor, overdue_days: loanOrder.overdueDays },
  defaultSort: 'created_at:desc',
  mask: { phone: 'phone' },
  map: (row, actor): ClaimRow => ({
    ...(row as unknown as ClaimRow),
    claimed_at: row.claimed_at == null ? null : new Date(row.claimed_at).toISOString(),
    mine: row.owner_id != null && Number(row.owner_id) === actor.accountId,
  }),
  exportColumns: [
    { key: 'customer_name', title: 'field.customer_name' },
    { key: 'phone', title: 'field.phone' },
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'order_no', title: 'field.order_no' },
    { key: 'status', title: 'field.status' },
    { key: 'currency', title: 'field.currency' },
    { key: 'loan_amount', title: 'field.loan_amount', value: (r) => money(r, 'loan_amount') },
    { key: 'remaining_debt', title: 'field.remaining_debt', value: (r) => money(r, 'remaining_debt') },
    { key: 'due_date', title: 'field.due_date' },
    { key: 'overdue_days', title: 'field.overdue_days' },
    { key: 'owner_name', title: 'client.claim.field.owner' },
    { key: 'claimed_at', title: 'client.claim.field.claimed_at' },
  ],
});

export interface ClaimCtx {
  deps: Deps;
  req: FastifyRequest;
  actor: Actor;
}

async function latestOpen(db: DbOrTx, customerId: number): Promise<{ id: number; orderNo: string } | undefined> {
  const [o] = await db.select({ id: loanOrder.id, orderNo: loanOrder.orderNo }).from(loanOrder)
    .where(and(eq(loanOrder.customerId, customerId), inArray(loanOrder.status, OPEN))).orderBy(desc(loanOrder.id)).limit(1);
  return o;
}

export interface ClaimResult {
  customer_id: number;
  task_id: number;
  owner_id: number | null;
}

/**
 * Claims a customer for the actor: the customer inside the actor's merchants (else 40400) with an open loan (else
 * 42200), its claim task opened if none is live and claimed by a guarded update — someone else's claim is 40900
 * naming them; the actor's own claim answers the same again and writes nothing.
 */
export async function claimCustomer(ctx: ClaimCtx, customerId: number): Promise<ClaimResult> {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  return db.transaction(async (tx) => {
    const c = await findCustomer(tx, ctx.actor, customerId);
    const open = await latestOpen(tx, c.id);
    if (!open) throw new AppError(CODE.INVALID_TRANSITION, 'client.claim.noOpenLoan');
    const live = await liveTask(tx, CLAIM_QUEUE, { customerId: c.id });
    if (live?.status === 'claimed' && live.assigneeId === ctx.actor.accountId) return { customer_id: c.id, task_id: live.id, owner_id: live.assigneeId };
    const task = live ?? await openTask(tx, { queue: CLAIM_QUEUE, customerId: c.id, merchantId: c.merchantId, at: now, openedBy: ctx.actor.accountId, note: open.orderNo });
    let row;
    try {
      row = await claimIn(tx, { taskId: task.id, accountId: ctx.actor.accountId, at: now, merchantIds: scopeOf(ctx.actor) });
    } catch (e) {
      if (e instanceof AppError && e.messageId === 'task.alreadyClaimed') throw new AppError(CODE.CONFLICT, 'client.claim.alreadyClaimed', e.values);
      throw e;
    }
    await writeOpLog(tx, ctx.req, {
      action: 'client.claim', targetType: 'customer', targetId: c.id, before: { owner_id: null },
      after: { owner_id: ctx.actor.accountId, task_id: row.id, order_no: open.orderNo },
    });
    return { customer_id: c.id, task_id: row.id, owner_id: row.assigneeId };
  });
}

/**
 * Gives a claimed customer back to the pool: the owner's own claim, or — for a holder of the release action —
 * anyone's (logged as forced, with the previous owner). 42200 when nobody claims the customer.
 */
export async function releaseCustomer(ctx: ClaimCtx, customerId: number): Promise<ClaimResult> {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  return db.transaction(async (tx) => {
    const c = await findCustomer(tx, ctx.actor, customerId);
    const task = await liveTask(tx, CLAIM_QUEUE, { customerId: c.id });
    if (!task || task.status !== 'claimed') throw new AppError(CODE.INVALID_TRANSITION, 'client.claim.notClaimed');
    const forced = task.assigneeId !== ctx.actor.accountId;
    if (forced && !can(ctx.actor.nodes, CLAIM_NODES.release)) throw new AppError(CODE.FORBIDDEN, 'error.forbidden');
    try {
      await releaseTask(tx, { taskId: task.id, accountId: ctx.actor.accountId, at: now, force: forced, merchantIds: scopeOf(ctx.actor) });
    } catch (e) {
      // Released meanwhile by someone else (the guarded update found it open).
      if (e instanceof AppError && e.messageId === 'task.notClaimed') throw new AppError(CODE.INVALID_TRANSITION, 'client.claim.notClaimed');
      throw e;
    }
    await writeOpLog(tx, ctx.req, {
      action: 'client.release', targetType: 'customer', targetId: c.id, before: { owner_id: task.assigneeId },
      after: { owner_id: null, task_id: task.id, forced },
    });
    return { customer_id: c.id, task_id: task.id, owner_id: null };
  });
}
