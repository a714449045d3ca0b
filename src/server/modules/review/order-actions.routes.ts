import { and, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { actionKey } from '../../../../commands/permissions';
import { CODE } from '../../../schemas/common';
import { canTransition } from '../../../schemas/lifecycle';
import { PRE_DISBURSEMENT_STATUSES, type OrderStatus } from '../../../schemas/order';
import { closeOrdersBody, ordersBody, reloanApproveBody, reloanRejectBody } from '../../../schemas/review';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { route } from '../../http';
import { listRoute } from '../../list/routes';
import type { Actor } from '../../plugins/session';
import type { FastifyRequest } from 'fastify';
import { transitionOrder } from '../lifecycle/transition';
import { writeOpLog } from '../log/oplog';
import { loanOrder } from '../order/order.table';
import { approveStage, rejectStage } from './decide';
import { resettingList } from './lists';
import { checkVersion, leaveReview, lockOrder, lockOrders, naming, onStageEntered, rejectReasonLabel, scopeOf, writeRecord, type Order, type Scope } from './orders';

/** Statuses "close all" closes: every order before disbursement that the lifecycle lets staff close. */
export const CLOSABLE: readonly OrderStatus[] = PRE_DISBURSEMENT_STATUSES.filter((s) => canTransition(s, 'closed', 'close'));

interface BulkCtx {
  tx: Parameters<Parameters<Deps['db']['transaction']>[0]>[0];
  actor: Actor;
  scope: Scope;
  at: Date;
}

/**
 * The all-orders actions (spec §4: close order, close all, reset to pending review, return to pending withdrawal,
 * switch to manual review, re-loan review) and /review/resettingOrder's reset. Bulk actions are all or nothing:
 * every order goes through transitionOrder in one transaction, and the first that cannot move refuses the whole
 * request (42200 naming the order), so a half-done batch never exists.
 */
export function orderActionRoutes(app: FastifyInstance, d: Deps): void {
  const base = '/loanapi/review/order';
  const node = (verb: string) => actionKey('review', 'allOrder', verb);

  function bulk<B extends typeof ordersBody | typeof closeOrdersBody>(
    url: string, permission: string, body: B, action: string,
    each: (c: BulkCtx, o: Order, b: z.infer<B>) => Promise<Order>,
  ): void {
    route(app, { method: 'POST', url, permission, body }, async ({ req, body: b }) => {
      const actor = req.actor!;
      const scope = scopeOf(actor);
      const at = d.clock.now();
      return d.db.transaction(async (tx) => {
        const orders = await lockOrders(tx, (b as { ids: number[] }).ids, scope);
        const c: BulkCtx = { tx, actor, scope, at };
        const after: Array<{ id: number; from: string; to: string }> = [];
        for (const o of orders) {
          const row = await naming(o, () => each(c, o, b as z.infer<B>));
          after.push({ id: o.id, from: o.status, to: row.status });
        }
        await log(tx, req, action, after, b);
        return { count: orders.length };
      });
    });
  }

  async function log(tx: BulkCtx['tx'], req: FastifyRequest, action: string, moved: Array<{ id: number; from: string; to: string }>, b: unknown) {
    const reason = (b as { reason?: string }).reason;
    await writeOpLog(tx, req, {
      action, targetType: 'loan_order', targetId: moved.map((m) => m.id).join(',').slice(0, 200),
      before: moved.map((m) => ({ id: m.id, status: m.from })), after: { orders: moved.map((m) => ({ id: m.id, status: m.to })), ...(reason ? { reason } : {}) },
    });
  }

  const close = async (c: BulkCtx, o: Order, reason: string | undefined): Promise<Order> => {
    const row = await transitionOrder(c.tx, {
      orderId: o.id, action: 'close', to: 'closed', actorId: c.actor.accountId, reason, at: c.at, merchantIds: c.scope,
      patch: reason ? { loanRemark: reason } : undefined,
    });
    await leaveReview(c.tx, o.id, c.at, 'cancelled');
    await writeRecord(c.tx, o, { stage: 'order', result: 'closed', remark: reason, accountId: c.actor.accountId, at: c.at });
    return row;
  };

  const reset = async (c: BulkCtx, o: Order): Promise<Order> => {
    const row = await transitionOrder(c.tx, {
      orderId: o.id, action: 'reset', to: 'pending_review', actorId: c.actor.accountId, at: c.at, merchantIds: c.scope,
      // A reset order is reviewed from the start: earlier decisions no longer stand.
      patch: { reviewStage: '', reviewResult: '', reviewLimitMinor: 0 },
    });
    await leaveReview(c.tx, o.id, c.at, 'cancelled');
    await writeRecord(c.tx, o, { stage: 'order', result: 'reset', accountId: c.actor.accountId, at: c.at });
    return row;
  };

  bulk(`${base}/close`, node('close'), closeOrdersBody, 'review.close', (c, o, b) => close(c, o, b.reason));

  // Close all: every pre-disbursement order of the selected orders' customers (within the account's merchants).
  route(app, { method: 'POST', url: `${base}/close_all`, permission: node('closeAll'), body: closeOrdersBody }, async ({ req, body }) => {
    const actor = req.actor!;
    const scope = scopeOf(actor);
    const at = d.clock.now();
    return d.db.transaction(async (tx) => {
      const picked = await lockOrders(tx, body.ids, scope);
      const customers = [...new Set(picked.map((o) => o.customerId))];
      const theirs = await tx.select({ id: loanOrder.id }).from(loanOrder)
        .where(and(inArray(loanOrder.customerId, customers), inArray(loanOrder.status, [...CLOSABLE]), scope ? inArray(loanOrder.merchantId, [...scope]) : undefined));
      if (!theirs.length) throw new AppError(CODE.INVALID_TRANSITION, 'review.nothingToClose');
      const orders = await lockOrders(tx, theirs.map((r) => r.id), scope);
      const c: BulkCtx = { tx, actor, scope, at };
      const moved: Array<{ id: number; from: string; to: string }> = [];
      for (const o of orders) {
        const row = await naming(o, () => close(c, o, body.reason));
        moved.push({ id: o.id, from: o.status, to: row.status });
      }
      await log(tx, req, 'review.closeAll', moved, body);
      return { count: orders.length };
    });
  });

  bulk(`${base}/reset`, node('reset'), ordersBody, 'review.reset', (c, o) => reset(c, o));

  bulk(`${base}/return_withdrawal`, node('returnWithdrawal'), ordersBody, 'review.returnWithdrawal', async (c, o) => {
    const row = await transitionOrder(c.tx, {
      orderId: o.id, action: 'return_withdrawal', to: 'withdrawal', actorId: c.actor.accountId, at: c.at, merchantIds: c.scope, expect: 'failed',
    });
    await writeRecord(c.tx, o, { stage: 'order', result: 'returned_withdrawal', accountId: c.actor.accountId, at: c.at });
    return row;
  });

  bulk(`${base}/switch_manual`, node('switchManual'), ordersBody, 'review.switchManual', async (c, o) => {
    const row = await transitionOrder(c.tx, {
      orderId: o.id, action: 'switch_manual', to: 'first_review', actorId: c.actor.accountId, at: c.at, merchantIds: c.scope, expect: 'machine_review',
      patch: { reviewStage: 'first', reviewResult: 'pending' },
    });
    await onStageEntered(c.tx, row, c.at);
    await writeRecord(c.tx, o, { stage: 'order', result: 'switched_manual', accountId: c.actor.accountId, at: c.at });
    return row;
  });

  route(app, { method: 'POST', url: `${base}/reloan_approve`, permission: node('reloanApprove'), body: reloanApproveBody }, async ({ req, body }) => {
    const actor = req.actor!;
    const scope = scopeOf(actor);
    return d.db.transaction(async (tx) => {
      const order = await lockOrder(tx, body.id, scope);
      checkVersion(order, body.version, false);
      const row = await approveStage({ db: tx, actorId: actor.accountId, scope, at: d.clock.now() }, 'reloan', order, { limit: body.limit, remark: body.remark });
      await writeOpLog(tx, req, { action: 'review.reloanApprove', targetType: 'loan_order', targetId: order.id, before: { status: order.status }, after: { status: row.status, limit: body.limit ?? null } });
      return { id: row.id, status: row.status };
    });
  });

  route(app, { method: 'POST', url: `${base}/reloan_reject`, permission: node('reloanReject'), body: reloanRejectBody }, async ({ req, body }) => {
    const actor = req.actor!;
    const scope = scopeOf(actor);
    return d.db.transaction(async (tx) => {
      const order = await lockOrder(tx, body.id, scope);
      checkVersion(order, body.version, false);
      const label = await rejectReasonLabel(tx, body.reason);
      const row = await rejectStage({ db: tx, actorId: actor.accountId, scope, at: d.clock.now() }, 'reloan', order, { reason: body.reason, label, remark: body.remark });
      await writeOpLog(tx, req, { action: 'review.reloanReject', targetType: 'loan_order', targetId: order.id, before: { status: order.status }, after: { status: row.status, reason: body.reason } });
      return { id: row.id, status: row.status };
    });
  });

  // /review/resettingOrder: closed orders back to pending review.
  listRoute(app, d, resettingList, { url: '/loanapi/review/resettingOrder/list' });
  bulk('/loanapi/review/resettingOrder/reset', actionKey('review', 'resettingOrder', 'reset'), ordersBody, 'review.resetClosed', async (c, o) => {
    if (o.status !== 'closed') throw new AppError(CODE.INVALID_TRANSITION, 'review.notInStage', { order: o.orderNo, stage: '@option.status.closed', status: `@option.status.${o.status}` });
    return reset(c, o);
  });
}
