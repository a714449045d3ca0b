import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actionKey, pageKey } from '../../../../commands/permissions';
import { filterId } from '../../../schemas/client';
import { id } from '../../../schemas/common';
import { assignBody, COLLECTION_API, stayBody } from '../../../schemas/collection';
import { refundRequest, remindBody, returnCasesBody, runDayBody, SUPERVISE_API } from '../../../schemas/collectionSupervise';
import type { Deps } from '../../deps';
import { route } from '../../http';
import { listRoute } from '../../list/routes';
import { requireIdempotencyKey } from '../idempotency/idempotency';
import { collectionLists } from './lists';
import { refund } from './refund';
import { alerts, assign, claim, liveCounts, options, remind, returnToPool, runDayNow, setStay, superviseCtx } from './supervise';

/**
 * API routes of the collection area's pools, lists and supervision (docs/collection.md): the pool (collectionRemark),
 * collectionPromptList, collectionSuccess, refundTheAmount (orders holding credit, refunds), CollectionAllocationQuery,
 * and CollectionServiceManagement (all cases, live counts, alerts, assignment, return, stay, run the day now).
 * Every write logs to the operation log in its transaction; the refund takes an Idempotency-Key.
 */
export function collectionRoutes(app: FastifyInstance, deps: Deps): void {
  const lists = collectionLists(deps);
  listRoute(app, deps, lists.pool, { url: COLLECTION_API.pool });
  listRoute(app, deps, lists.cases, { url: COLLECTION_API.cases });
  listRoute(app, deps, lists.prompt, { url: COLLECTION_API.prompt });
  listRoute(app, deps, lists.success, { url: COLLECTION_API.success });
  listRoute(app, deps, lists.refundOrders, { url: COLLECTION_API.refunds });
  listRoute(app, deps, lists.refundHistory, { url: SUPERVISE_API.refundHistory });
  listRoute(app, deps, lists.allocation, { url: COLLECTION_API.allocation });

  const csm = (verb: string) => actionKey('collection', 'CollectionServiceManagement', verb);

  // Two claims: from the pool (any stage the claimer serves) and from the reminder list (reminder stages only).
  route(app, { method: 'POST', url: COLLECTION_API.claim, body: z.object({ id }), permission: actionKey('collection', 'collectionRemark', 'claim') }, ({ req, body }) =>
    claim(superviseCtx(deps, req), body.id, false));
  route(app, { method: 'POST', url: SUPERVISE_API.promptClaim, body: z.object({ id }), permission: actionKey('collection', 'collectionPromptList', 'claim') }, ({ req, body }) =>
    claim(superviseCtx(deps, req), body.id, true));

  route(app, {
    method: 'POST', url: COLLECTION_API.assign, body: assignBody,
    permission: [actionKey('collection', 'collectionRemark', 'assign'), csm('assign')],
  }, ({ req, body }) => assign(superviseCtx(deps, req), body));

  route(app, { method: 'POST', url: COLLECTION_API.returnToPool, body: returnCasesBody, permission: csm('return') }, ({ req, body }) =>
    returnToPool(superviseCtx(deps, req), body));

  route(app, { method: 'POST', url: COLLECTION_API.stay, body: stayBody, permission: csm('stay') }, ({ req, body }) =>
    setStay(superviseCtx(deps, req), body));

  route(app, { method: 'POST', url: COLLECTION_API.runDay, body: runDayBody, permission: csm('runDay') }, ({ req, body }) =>
    runDayNow(superviseCtx(deps, req), body.merchant_id));

  route(app, { method: 'POST', url: SUPERVISE_API.remind, body: remindBody, permission: actionKey('collection', 'collectionPromptList', 'remind') }, ({ req, body }) =>
    remind(superviseCtx(deps, req), body));

  route(app, { method: 'POST', url: COLLECTION_API.refund, body: refundRequest, permission: actionKey('collection', 'refundTheAmount', 'refund') }, ({ req, body }) =>
    refund(superviseCtx(deps, req), body, requireIdempotencyKey(req)));

  const board = pageKey('collection', 'CollectionServiceManagement');
  route(app, { method: 'GET', url: COLLECTION_API.liveCounts, permission: board, query: z.object({ merchant_id: filterId.optional() }) }, ({ req, query }) =>
    liveCounts(superviseCtx(deps, req), query.merchant_id));

  route(app, {
    method: 'GET', url: COLLECTION_API.alerts, permission: board,
    query: z.object({ merchant_id: filterId.optional(), days: z.coerce.number().int().min(1).max(90).default(7) }),
  }, ({ req, query }) => alerts(superviseCtx(deps, req), query.days, query.merchant_id));

  route(app, {
    method: 'GET', url: SUPERVISE_API.options,
    permission: (['CollectionServiceManagement', 'collectionRemark', 'collectionPromptList', 'collectionSuccess', 'refundTheAmount', 'CollectionAllocationQuery'] as const)
      .map((p) => pageKey('collection', p)),
  }, ({ req }) => options(superviseCtx(deps, req)));
}
