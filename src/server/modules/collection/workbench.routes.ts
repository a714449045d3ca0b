import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actionKey, pageKey } from '../../../../commands/permissions';
import { callEndBody, COLLECTION_API, noteBody, promiseBody, resultBody } from '../../../schemas/collection';
import { caseDetailQuery, giveBackBody, myCasesQuery, OFFER_API, offerExtensionBody, offerReductionBody, WORKBENCH_API, workCallBody } from '../../../schemas/collectionWorkbench';
import { depsIn, keyOwner, requireIdempotencyKey, withIdempotency } from '../idempotency/idempotency';
import { giveBack, offerExtension, offerReduction } from './offers';
import type { Deps } from '../../deps';
import { route } from '../../http';
import { addNote, CASE_READERS, caseDetail, endCall, makePromise, myCases, recordResult, startCall, workOptions, type WorkCtx } from './work';

/**
 * API routes of the collector's keyboard workbench (docs/collectionWorkbench.md): myCollectionList (the
 * holder's open cases), the case panel, and the work on a case — call result, promise, note, call and its end —
 * each guarded by its action node of /collection/myCollectionList and written with the operation log.
 */
export function collectionWorkbenchRoutes(app: FastifyInstance, deps: Deps): void {
  const page = pageKey('collection', 'myCollectionList');
  const verb = (v: string) => actionKey('collection', 'myCollectionList', v);
  const ctxOf = (req: FastifyRequest): WorkCtx => ({ deps, req, actor: req.actor! });

  route(app, { method: 'GET', url: COLLECTION_API.myCases, permission: page, query: myCasesQuery }, ({ req, query }) => myCases(deps, req.actor!, query));
  route(app, { method: 'GET', url: COLLECTION_API.caseDetail, permission: CASE_READERS, query: caseDetailQuery }, ({ req, query }) => caseDetail(deps, req.actor!, query.id));
  route(app, { method: 'GET', url: WORKBENCH_API.options, permission: CASE_READERS }, ({ req }) => workOptions(deps.db, req.lang));

  route(app, { method: 'POST', url: COLLECTION_API.result, permission: verb('result'), body: resultBody }, ({ req, body }) => recordResult(ctxOf(req), body));
  route(app, { method: 'POST', url: COLLECTION_API.promise, permission: verb('promise'), body: promiseBody }, ({ req, body }) => makePromise(ctxOf(req), body));
  route(app, { method: 'POST', url: COLLECTION_API.note, permission: verb('note'), body: noteBody }, ({ req, body }) => addNote(ctxOf(req), body));
  route(app, { method: 'POST', url: COLLECTION_API.call, permission: verb('call'), body: workCallBody }, ({ req, body }) => startCall(ctxOf(req), body));
  route(app, { method: 'POST', url: COLLECTION_API.callEnd, permission: verb('call'), body: callEndBody }, ({ req, body }) => endCall(ctxOf(req), body));

  // From the held case: an extension offered, a reduction asked for (decided by someone else), the case given back.
  route(app, { method: 'POST', url: OFFER_API.extension, permission: verb('offerExtension'), body: offerExtensionBody }, ({ req, body }) => offerExtension(deps, req, body));
  route(app, { method: 'POST', url: OFFER_API.reduction, permission: verb('offerReduction'), body: offerReductionBody }, ({ req, body }) => {
    const key = requireIdempotencyKey(req);
    const { idempotency_key: _k, ...payload } = body;
    const accountId = req.actor!.accountId;
    return withIdempotency(deps.db, { scope: 'collection.offerReduction', owner: keyOwner.account(accountId), key, accountId, payload }, (tx) => offerReduction(depsIn(deps, tx), req, body));
  });
  route(app, { method: 'POST', url: OFFER_API.giveBack, permission: verb('giveBack'), body: giveBackBody }, ({ req, body }) => giveBack(deps, req, body));
}
