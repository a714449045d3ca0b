import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { REPAYMENT_STAFF_API } from '../../../../commands/repayment.commands';
import { actionKey, pageKey } from '../../../../commands/permissions';
import { id } from '../../../schemas/common';
import { abnormalBody, manualRepaymentBody, reconciliationBody, REPAYMENT_API, revokeBody } from '../../../schemas/repayment';
import { UPLOAD_MAX_BYTES } from '../../../schemas/system';
import type { Deps } from '../../deps';
import { route } from '../../http';
import { listRoute } from '../../list/routes';
import { normaliseListQuery } from '../client/listHooks';
import { requireIdempotencyKey } from '../idempotency/idempotency';
import { handleAbnormal } from './abnormal';
import { abnormalList, manualList, repaymentList, settlementList } from './lists';
import { addManual, lookupOrder, reconcile, revoke, staffCtx, staffOptions } from './manual';
import { proofsOf, uploadProof } from './proof';

/**
 * API routes of the repayment area's lists and staff money (docs/repayment.md): /repayment/repaymentList, settlement,
 * abnormal and /review/manualRepayment — their lists, revoke, reconciliation, abnormal handling, manual repayments and
 * their vouchers. Every money write needs an Idempotency-Key and writes the operation log in its transaction.
 */
export function repaymentRoutes(app: FastifyInstance, deps: Deps): void {
  void app.register(async (scope) => {
    // type and status are multi-selects: repeated keys or one comma-separated value.
    normaliseListQuery(scope, { arrays: ['type', 'status'] });
    listRoute(scope, deps, repaymentList, { url: REPAYMENT_API.list });
    listRoute(scope, deps, settlementList, { url: REPAYMENT_API.settlementList });
    listRoute(scope, deps, abnormalList, { url: REPAYMENT_API.abnormal });
    listRoute(scope, deps, manualList, { url: REPAYMENT_API.manualList });
  });

  const revokers = [actionKey('repayment', 'repaymentList', 'revoke'), actionKey('repayment', 'settlement', 'revoke'), actionKey('review', 'manualRepayment', 'revoke')];
  route(app, { method: 'POST', url: REPAYMENT_API.revoke, permission: revokers, body: revokeBody }, ({ req, body }) =>
    revoke(staffCtx(deps, req), body, requireIdempotencyKey(req)));

  route(app, { method: 'POST', url: REPAYMENT_API.reconcile, permission: actionKey('repayment', 'settlement', 'add'), body: reconciliationBody }, ({ req, body }) =>
    reconcile(staffCtx(deps, req), body, requireIdempotencyKey(req)));

  route(app, { method: 'POST', url: REPAYMENT_API.abnormalHandle, permission: actionKey('repayment', 'abnormal', 'handle'), body: abnormalBody }, ({ req, body }) =>
    handleAbnormal(staffCtx(deps, req), body, requireIdempotencyKey(req)));

  const manualAdd = actionKey('review', 'manualRepayment', 'add');
  route(app, { method: 'POST', url: REPAYMENT_API.manualAdd, permission: manualAdd, body: manualRepaymentBody }, ({ req, body }) =>
    addManual(staffCtx(deps, req), body, requireIdempotencyKey(req)));

  route(app, { method: 'POST', url: REPAYMENT_API.proofUpload, permission: manualAdd }, ({ req }) => uploadProof(deps, req, UPLOAD_MAX_BYTES));

  route(app, {
    method: 'GET', url: REPAYMENT_API.proofList, permission: [pageKey('review', 'manualRepayment'), pageKey('repayment', 'repaymentList')],
    query: z.object({ repayment_id: id }),
  }, ({ req, query }) => proofsOf(deps.db, query.repayment_id, staffCtx(deps, req).merchantIds));

  route(app, {
    method: 'GET', url: REPAYMENT_STAFF_API.orderLookup, permission: [manualAdd, actionKey('repayment', 'settlement', 'add'), actionKey('repayment', 'abnormal', 'handle')],
    query: z.object({ order_no: z.string().trim().min(1).max(64) }),
  }, ({ req, query }) => lookupOrder(staffCtx(deps, req), query.order_no));

  route(app, {
    method: 'GET', url: REPAYMENT_STAFF_API.options,
    permission: [pageKey('repayment', 'repaymentList'), pageKey('repayment', 'settlement'), pageKey('repayment', 'abnormal'), pageKey('review', 'manualRepayment')],
  }, ({ req }) => staffOptions(staffCtx(deps, req)));
}
