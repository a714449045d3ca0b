import type { FastifyInstance } from 'fastify';
import { actionKey } from '../../../../commands/permissions';
import { REVIEW_STAGE_STATUS, type ManualStage } from '../../../schemas/lifecycle';
import type { OrderStatus } from '../../../schemas/order';
import { interceptBody, interceptCloseBody, reviewOrderBody, stagePageOf, STAGE_QUEUES } from '../../../schemas/review';
import type { Deps } from '../../deps';
import { route } from '../../http';
import { listRoute } from '../../list/routes';
import { transitionOrder } from '../lifecycle/transition';
import { writeOpLog } from '../log/oplog';
import { INTERCEPTABLE, interceptionList } from './lists';
import { leaveReview, lockOrder, notInStatus, onStageEntered, scopeOf, writeRecord } from './orders';

/** review_stage of an intercepted order from pending withdrawal (the stages' own names cover the review stages). */
export const WITHDRAWAL_STAGE = 'withdrawal';

/**
 * Where a release sends an intercepted order: back to the stage it was stopped at (remembered in review_stage), to
 * pending withdrawal, or — when it was stopped before manual review (machine review, seeded suspensions) — to first review.
 */
export function releaseTarget(reviewStage: string): OrderStatus {
  if (reviewStage === WITHDRAWAL_STAGE) return 'withdrawal';
  return (REVIEW_STAGE_STATUS as Record<string, OrderStatus>)[reviewStage] ?? 'first_review';
}

/** /review/loanInterception: mark disbursement interception (suspend), release back, close. */
export function interceptionRoutes(app: FastifyInstance, d: Deps): void {
  const base = '/loanapi/review/loanInterception';
  const node = (verb: string) => actionKey('review', 'loanInterception', verb);

  listRoute(app, d, interceptionList, { url: `${base}/list` });

  route(app, { method: 'POST', url: `${base}/intercept`, permission: node('intercept'), body: interceptBody }, async ({ req, body }) => {
    const actor = req.actor!;
    const scope = scopeOf(actor);
    const at = d.clock.now();
    return d.db.transaction(async (tx) => {
      const order = await lockOrder(tx, body.id, scope);
      const page = stagePageOf(order.status);
      const stage = page ? STAGE_QUEUES[page].stage : WITHDRAWAL_STAGE;
      const row = await transitionOrder(tx, {
        orderId: order.id, action: 'intercept', to: 'suspended', actorId: actor.accountId, reason: body.reason, at, merchantIds: scope,
        expect: [...INTERCEPTABLE], patch: { reviewStage: stage, loanRemark: body.reason },
      });
      await leaveReview(tx, order.id, at, 'cancelled');
      await writeRecord(tx, order, { stage: 'interception', result: 'intercepted', remark: body.reason, accountId: actor.accountId, at });
      await writeOpLog(tx, req, { action: 'review.intercept', targetType: 'loan_order', targetId: order.id, before: { status: order.status }, after: { status: row.status, reason: body.reason } });
      return { id: row.id, status: row.status };
    });
  });

  route(app, { method: 'POST', url: `${base}/release`, permission: node('release'), body: reviewOrderBody }, async ({ req, body }) => {
    const actor = req.actor!;
    const scope = scopeOf(actor);
    const at = d.clock.now();
    return d.db.transaction(async (tx) => {
      const order = await lockOrder(tx, body.id, scope);
      if (order.status !== 'suspended') throw notInStatus(order, 'suspended');
      const to = releaseTarget(order.reviewStage);
      const stage = (Object.entries(REVIEW_STAGE_STATUS).find(([, s]) => s === to)?.[0] ?? order.reviewStage) as ManualStage | string;
      const row = await transitionOrder(tx, {
        orderId: order.id, action: 'release', to, actorId: actor.accountId, at, merchantIds: scope, expect: 'suspended',
        patch: to === 'withdrawal' ? { loanRemark: '' } : { loanRemark: '', reviewStage: stage, reviewResult: 'pending' },
      });
      await onStageEntered(tx, row, at);
      await writeRecord(tx, order, { stage: 'interception', result: 'released', accountId: actor.accountId, at });
      await writeOpLog(tx, req, { action: 'review.interceptRelease', targetType: 'loan_order', targetId: order.id, before: { status: order.status }, after: { status: row.status } });
      return { id: row.id, status: row.status };
    });
  });

  route(app, { method: 'POST', url: `${base}/close`, permission: node('close'), body: interceptCloseBody }, async ({ req, body }) => {
    const actor = req.actor!;
    const scope = scopeOf(actor);
    const at = d.clock.now();
    return d.db.transaction(async (tx) => {
      const order = await lockOrder(tx, body.id, scope);
      if (order.status !== 'suspended') throw notInStatus(order, 'suspended');
      const row = await transitionOrder(tx, {
        orderId: order.id, action: 'close', to: 'closed', actorId: actor.accountId, reason: body.reason, at, merchantIds: scope, expect: 'suspended',
        patch: body.reason ? { loanRemark: body.reason } : undefined,
      });
      await leaveReview(tx, order.id, at, 'cancelled');
      await writeRecord(tx, order, { stage: 'interception', result: 'closed', remark: body.reason, accountId: actor.accountId, at });
      await writeOpLog(tx, req, { action: 'review.interceptClose', targetType: 'loan_order', targetId: order.id, before: { status: order.status }, after: { status: row.status, reason: body.reason ?? '' } });
      return { id: row.id, status: row.status };
    });
  });
}
