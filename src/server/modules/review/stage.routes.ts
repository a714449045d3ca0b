import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actionKey, can } from '../../../../commands/permissions';
import { CODE } from '../../../schemas/common';
import {
  approveBody, batchRejectBody, dispatchBody, rejectBody, reviewOrderBody, SERVICE_QUEUES, STAGE_QUEUES, toServiceBody,
  type NextOrder, type StagePage,
} from '../../../schemas/review';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { route } from '../../http';
import { listRoute } from '../../list/routes';
import { maskPhone } from '../empower/scope';
import { customer } from '../client/client.table';
import { writeOpLog } from '../log/oplog';
import { loanOrder } from '../order/order.table';
import { dispatchQueue, liveTask, openTask, releaseTask } from '../task/task';
import { workTask } from '../task/task.table';
import { approveStage, rejectStage, type DecideCtx } from './decide';
import { stageList } from './lists';
import { releaseIdleClaims } from './idle';
import {
  checkVersion, holdStageTask, lockOrder, versionOf, lockOrders, naming, notInStatus, passedOtherStage, passedPairs, refuseInService, refuseSameReviewer,
  rejectReasonLabel, scopeOf, serviceTask, writeRecord,
} from './orders';
import { eligibleReviewers, passedBySql, syncStageTasks } from './reviewers';

const notClaimed = () => new AppError(CODE.INVALID_TRANSITION, 'task.notClaimed');

/**
 * A stage queue's routes (/review/trial, reviewAgain, PaymentPreTrial, reviewLoan), under /loanapi/review/<page>/:
 * list, claim, release, approve, reject, batch_reject, dispatch, next (the keyboard flow), to_service.
 */
export function stageRoutes(app: FastifyInstance, d: Deps, page: StagePage): void {
  const q = STAGE_QUEUES[page];
  const base = `/loanapi/review/${page}`;
  const node = (verb: string) => actionKey('review', page, verb);

  listRoute(app, d, stageList(page), { url: `${base}/list` });

  route(app, { method: 'POST', url: `${base}/claim`, permission: node('claim'), body: reviewOrderBody }, async ({ req, body }) => {
    const actor = req.actor!;
    const at = d.clock.now();
    await releaseIdleClaims(d.db, at);
    return d.db.transaction(async (tx) => {
      const order = await lockOrder(tx, body.id, scopeOf(actor));
      checkVersion(order, body.version, false);
      if (order.status !== q.status) throw notInStatus(order, q.status);
      if (await passedOtherStage(tx, order.id, actor.accountId)) throw refuseSameReviewer(order);
      const task = await holdStageTask(tx, q, order, actor.accountId, at);
      await writeOpLog(tx, req, { action: 'review.claim', targetType: 'loan_order', targetId: order.id, after: { queue: q.queue, task_id: task.id } });
      return { task_id: task.id, assignee_id: task.assigneeId, version: versionOf(order) };
    });
  });

  route(app, { method: 'POST', url: `${base}/release`, permission: node('release'), body: reviewOrderBody }, async ({ req, body }) => {
    const actor = req.actor!;
    const at = d.clock.now();
    // A supervisor (who may dispatch the queue) may give back anyone's order.
    const force = can(actor.nodes, node('dispatch'));
    return d.db.transaction(async (tx) => {
      const order = await lockOrder(tx, body.id, scopeOf(actor));
      checkVersion(order, body.version, false);
      const task = await liveTask(tx, q.queue, { orderId: order.id });
      if (!task || task.status !== 'claimed') throw notClaimed();
      if (await serviceTask(tx, q, order.id)) throw refuseInService(order);
      const before = { assignee_id: task.assigneeId };
      try {
        await releaseTask(tx, { taskId: task.id, accountId: actor.accountId, at, force });
      } catch (e) {
        if (e instanceof AppError && e.messageId === 'task.notHolder') throw new AppError(CODE.CONFLICT, 'review.notHolder', { order: order.orderNo, name: e.values.name });
        throw e;
      }
      await writeOpLog(tx, req, { action: 'review.release', targetType: 'loan_order', targetId: order.id, before, after: { assignee_id: null } });
      return { task_id: task.id };
    });
  });

  const ctx = (tx: DecideCtx['db'], actor: { accountId: number }, scope: DecideCtx['scope']): DecideCtx => ({ db: tx, actorId: actor.accountId, scope, at: d.clock.now() });

  route(app, { method: 'POST', url: `${base}/approve`, permission: node('approve'), body: approveBody }, async ({ req, body }) => {
    const actor = req.actor!;
    const scope = scopeOf(actor);
    await releaseIdleClaims(d.db, d.clock.now());
    return d.db.transaction(async (tx) => {
      const order = await lockOrder(tx, body.id, scope);
      checkVersion(order, body.version);
      const row = await approveStage(ctx(tx, actor, scope), q, order, { limit: body.limit, remark: body.remark });
      await writeOpLog(tx, req, {
        action: 'review.approve', targetType: 'loan_order', targetId: order.id,
        before: { status: order.status }, after: { status: row.status, limit: body.limit ?? null, remark: body.remark ?? '' },
      });
      return { id: row.id, status: row.status, version: versionOf(row) };
    });
  });

  route(app, { method: 'POST', url: `${base}/reject`, permission: node('reject'), body: rejectBody }, async ({ req, body }) => {
    const actor = req.actor!;
    const scope = scopeOf(actor);
    await releaseIdleClaims(d.db, d.clock.now());
    return d.db.transaction(async (tx) => {
      const order = await lockOrder(tx, body.id, scope);
      checkVersion(order, body.version);
      const label = await rejectReasonLabel(tx, body.reason);
      const row = await rejectStage(ctx(tx, actor, scope), q, order, { reason: body.reason, label, remark: body.remark });
      await writeOpLog(tx, req, {
        action: 'review.reject', targetType: 'loan_order', targetId: order.id,
        before: { status: order.status }, after: { status: row.status, reason: body.reason, remark: body.remark ?? '' },
      });
      return { id: row.id, status: row.status, version: versionOf(row) };
    });
  });

  // All or nothing: one order that cannot be rejected (moved on, claimed by someone else) refuses the batch, named.
  route(app, { method: 'POST', url: `${base}/batch_reject`, permission: node('batchReject'), body: batchRejectBody }, async ({ req, body }) => {
    const actor = req.actor!;
    const scope = scopeOf(actor);
    return d.db.transaction(async (tx) => {
      const label = await rejectReasonLabel(tx, body.reason);
      const orders = await lockOrders(tx, body.ids, scope);
      const c = ctx(tx, actor, scope);
      for (const o of orders) await naming(o, () => rejectStage(c, q, o, { reason: body.reason, label, remark: body.remark }));
      await writeOpLog(tx, req, {
        action: 'review.batchReject', targetType: 'loan_order', targetId: orders.map((o) => o.id).join(',').slice(0, 200),
        after: { ids: orders.map((o) => o.id), reason: body.reason, remark: body.remark ?? '' },
      });
      return { count: orders.length };
    });
  });

  route(app, { method: 'POST', url: `${base}/dispatch`, permission: node('dispatch'), body: dispatchBody }, async ({ req, body }) => {
    const actor = req.actor!;
    const scope = scopeOf(actor);
    const at = d.clock.now();
    await releaseIdleClaims(d.db, at);
    await syncStageTasks(d.db, q, scope, at);
    const eligible = await eligibleReviewers(d.db, node('approve'), actor);
    let accountIds = eligible;
    if (body.account_ids) {
      const bad = body.account_ids.filter((id) => !eligible.includes(id));
      if (bad.length) {
        const values = { ids: bad.join(', ') };
        throw new AppError(CODE.VALIDATION, 'validation.reviewerNotEligible', values, 200, [{ path: 'account_ids', id: 'validation.reviewerNotEligible', values }]);
      }
      accountIds = [...new Set(body.account_ids)];
    }
    const open = await d.db.select({ orderId: workTask.orderId }).from(workTask)
      .where(and(eq(workTask.queue, q.queue), eq(workTask.status, 'open'), scope ? inArray(workTask.merchantId, [...scope]) : undefined));
    // Orders at customer service wait for its return: not dispatched.
    const held = q.service ? await d.db.select({ orderId: workTask.orderId }).from(workTask)
      .where(and(eq(workTask.queue, SERVICE_QUEUES[q.service].queue), inArray(workTask.status, ['open', 'claimed']))) : [];
    const inService = new Set(held.map((h) => h.orderId));
    const pairs = await passedPairs(d.db, open.map((o) => o.orderId!).filter((x) => x !== null), accountIds);
    const res = await dispatchQueue(d.db, {
      queue: q.queue, accountIds, cap: body.cap, at, merchantIds: scope,
      skip: (t, a) => inService.has(t.orderId) || pairs.has(`${t.orderId}:${a}`),
    });
    await writeOpLog(d.db, req, { action: 'review.dispatch', targetType: 'work_task', targetId: q.queue, after: { ...res, cap: body.cap, reviewers: accountIds } });
    return { ...res, reviewers: accountIds.length };
  });

  /**
   * The keyboard flow's "next order": the caller's own claimed order of this queue that waited longest, else the
   * oldest unclaimed one they may pass. Nothing is claimed here: the order is claimed when the reviewer opens it (the
   * review panel claims what it shows), so moving on never locks an order nobody looked at. null when none is left.
   */
  route(app, {
    method: 'POST', url: `${base}/next`, permission: node('claim'),
    body: z.object({ exclude: z.array(z.coerce.number().int().positive()).max(100).optional() }),
  }, async ({ req, body }): Promise<NextOrder | null> => {
    const actor = req.actor!;
    const scope = scopeOf(actor);
    await releaseIdleClaims(d.db, d.clock.now());
    const exclude = body.exclude ?? [];
    const notExcluded = exclude.length ? notInArray(loanOrder.id, exclude) : undefined;
    const inScope = scope ? inArray(loanOrder.merchantId, [...scope]) : undefined;
    const atService = q.service
      ? sql`exists(select 1 from ${workTask} s where s.queue = ${SERVICE_QUEUES[q.service].queue} and s.order_id = ${loanOrder.id} and s.status in ('open', 'claimed'))`
      : sql`false`;
    const [mine] = await d.db.select({ id: loanOrder.id }).from(workTask).innerJoin(loanOrder, eq(loanOrder.id, workTask.orderId))
      .where(and(eq(workTask.queue, q.queue), eq(workTask.status, 'claimed'), eq(workTask.assigneeId, actor.accountId),
        eq(loanOrder.status, q.status), inScope, notExcluded, sql`not ${atService}`))
      .orderBy(asc(workTask.claimedAt), asc(workTask.id)).limit(1);
    const [free] = mine ? [] : await d.db.select({ id: loanOrder.id }).from(loanOrder)
      .where(and(eq(loanOrder.status, q.status), inScope, notExcluded, sql`not ${atService}`,
        sql`not exists(select 1 from ${workTask} t where t.queue = ${q.queue} and t.order_id = ${loanOrder.id} and t.status = 'claimed')`,
        sql`not ${passedBySql(sql`${loanOrder.id}`, actor.accountId)}`))
      .orderBy(asc(loanOrder.createdAt), asc(loanOrder.id)).limit(1);
    const picked = mine?.id ?? free?.id ?? null;
    if (picked === null) return null;
    const [row] = await d.db.select({ id: loanOrder.id, order_no: loanOrder.orderNo, customer_id: loanOrder.customerId, customer_name: customer.name, phone: customer.phone })
      .from(loanOrder).leftJoin(customer, eq(customer.id, loanOrder.customerId)).where(eq(loanOrder.id, picked));
    return { ...row, phone: row.phone && actor.privacy ? maskPhone(row.phone) : row.phone };
  });

  if (q.service) {
    const svc = SERVICE_QUEUES[q.service];
    route(app, { method: 'POST', url: `${base}/to_service`, permission: node('toService'), body: toServiceBody }, async ({ req, body }) => {
      const actor = req.actor!;
      const at = d.clock.now();
      return d.db.transaction(async (tx) => {
        const order = await lockOrder(tx, body.id, scopeOf(actor));
        checkVersion(order, body.version);
        if (order.status !== q.status) throw notInStatus(order, q.status);
        if (await serviceTask(tx, q, order.id)) throw refuseInService(order);
        // The sender keeps the order: it comes back to them when customer service returns it.
        await holdStageTask(tx, q, order, actor.accountId, at);
        const task = await openTask(tx, { queue: svc.queue, orderId: order.id, customerId: order.customerId, merchantId: order.merchantId, at, note: body.note, openedBy: actor.accountId });
        await writeRecord(tx, order, { stage: q.stage, result: 'to_service', remark: body.note, accountId: actor.accountId, at });
        await writeOpLog(tx, req, { action: 'review.toService', targetType: 'loan_order', targetId: order.id, after: { queue: svc.queue, note: body.note } });
        return { task_id: task.id };
      });
    });
  }
}
