import type { FastifyInstance } from 'fastify';
import { actionKey } from '../../../../commands/permissions';
import { CODE } from '../../../schemas/common';
import { reviewOrderBody, SERVICE_QUEUES, serviceFinishBody, STAGE_QUEUES, type ServicePage } from '../../../schemas/review';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { route } from '../../http';
import { listRoute } from '../../list/routes';
import { writeOpLog } from '../log/oplog';
import { claimIn, finishTasks, liveTask, releaseTask } from '../task/task';
import { serviceList } from './lists';
import { lockOrder, scopeOf, writeRecord, type Order } from './orders';

/**
 * A customer-service queue (/review/initialReviewCustomerService, againReviewCustomerService, paymentPreTrialService):
 * orders a reviewer sent with a note ("pending supplement"). An agent claims one, contacts the customer, and
 * finishes it with the contact result, which returns the order to the reviewer who sent it (docs/review.md).
 */
export function serviceRoutes(app: FastifyInstance, d: Deps, page: ServicePage): void {
  const svc = SERVICE_QUEUES[page];
  const stage = STAGE_QUEUES[svc.stagePage].stage;
  const base = `/loanapi/review/${page}`;
  const node = (verb: string) => actionKey('review', page, verb);
  const notInService = (o: Order) => new AppError(CODE.INVALID_TRANSITION, 'review.notInService', { order: o.orderNo });
  const conflict = (o: Order, e: unknown) => {
    if (e instanceof AppError && (e.messageId === 'task.alreadyClaimed' || e.messageId === 'task.notHolder')) {
      return new AppError(CODE.CONFLICT, 'review.claimedByOther', { order: o.orderNo, name: e.values.name });
    }
    return e;
  };

  listRoute(app, d, serviceList(page), { url: `${base}/list` });

  route(app, { method: 'POST', url: `${base}/claim`, permission: node('claim'), body: reviewOrderBody }, async ({ req, body }) => {
    const actor = req.actor!;
    const at = d.clock.now();
    return d.db.transaction(async (tx) => {
      const order = await lockOrder(tx, body.id, scopeOf(actor));
      const task = await liveTask(tx, svc.queue, { orderId: order.id });
      if (!task) throw notInService(order);
      const row = await claimIn(tx, { taskId: task.id, accountId: actor.accountId, at }).catch((e) => { throw conflict(order, e); });
      await writeOpLog(tx, req, { action: 'review.service.claim', targetType: 'loan_order', targetId: order.id, after: { queue: svc.queue, task_id: row.id } });
      return { task_id: row.id, assignee_id: row.assigneeId };
    });
  });

  route(app, { method: 'POST', url: `${base}/release`, permission: node('release'), body: reviewOrderBody }, async ({ req, body }) => {
    const actor = req.actor!;
    const at = d.clock.now();
    return d.db.transaction(async (tx) => {
      const order = await lockOrder(tx, body.id, scopeOf(actor));
      const task = await liveTask(tx, svc.queue, { orderId: order.id });
      if (!task) throw notInService(order);
      await releaseTask(tx, { taskId: task.id, accountId: actor.accountId, at }).catch((e) => { throw conflict(order, e); });
      await writeOpLog(tx, req, { action: 'review.service.release', targetType: 'loan_order', targetId: order.id, before: { assignee_id: task.assigneeId } });
      return { task_id: task.id };
    });
  });

  route(app, { method: 'POST', url: `${base}/finish`, permission: node('finish'), body: serviceFinishBody }, async ({ req, body }) => {
    const actor = req.actor!;
    const at = d.clock.now();
    return d.db.transaction(async (tx) => {
      const order = await lockOrder(tx, body.id, scopeOf(actor));
      const task = await liveTask(tx, svc.queue, { orderId: order.id });
      if (!task) throw notInService(order);
      // Finishing an unclaimed order claims it first: only its holder (or nobody yet) may finish it.
      if (!(task.status === 'claimed' && task.assigneeId === actor.accountId)) {
        await claimIn(tx, { taskId: task.id, accountId: actor.accountId, at }).catch((e) => { throw conflict(order, e); });
      }
      await finishTasks(tx, { orderId: order.id, queues: [svc.queue], at });
      await writeRecord(tx, order, { stage, result: 'service_returned', reason: body.result, remark: body.remark, accountId: actor.accountId, at });
      await writeOpLog(tx, req, { action: 'review.service.finish', targetType: 'loan_order', targetId: order.id, after: { queue: svc.queue, result: body.result, remark: body.remark ?? '' } });
      return { task_id: task.id };
    });
  });
}
