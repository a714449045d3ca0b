import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actionKey } from '../../../../commands/permissions';
import { EXTENSION_API, extensionApplyBody, extensionPayBody, extensionRejectBody, extensionReviewBody } from '../../../schemas/extension';
import { extensionQuoteQuery } from '../../../schemas/extensionQuote';
import type { Deps } from '../../deps';
import { route } from '../../http';
import { listRoute } from '../../list/routes';
import { normaliseListQuery } from '../client/listHooks';
import { isUnscoped } from '../empower/scope';
import { IDEMPOTENCY_HEADER, depsIn, keyOwner, requireIdempotencyKey, withIdempotency } from '../idempotency/idempotency';
import { writeOpLog } from '../log/oplog';
import { EXTENSION_LISTS, EXTENSION_PAGES, extensionListUrl } from './lists';
import { applyExtension, passExtension, payExtension, quote, rejectExtension, type ExtCtx, type ExtensionRecord } from './service';

/** Permission nodes of the extension actions (commands/actions/extension.actions.ts). */
export const EXTENSION_NODES = {
  apply: actionKey('exhibition_period', 'ExhibitionPeriodList', 'apply'),
  pay: actionKey('exhibition_period', 'ExhibitionPeriodPassedList', 'pay'),
  pass: actionKey('review', 'reviewExhibitionPeriod', 'pass'),
  reject: actionKey('review', 'reviewExhibitionPeriod', 'reject'),
} as const;

function ctxOf(req: FastifyRequest): ExtCtx {
  const actor = req.actor!;
  return { actorId: actor.accountId, merchantIds: isUnscoped(actor) ? null : actor.merchantIds, log: (tx, e) => writeOpLog(tx, req, e) };
}

/** What the write routes answer about an application. */
const view = (e: ExtensionRecord) => ({
  id: e.id, application_no: e.applicationNo, order_id: e.orderId, status: e.status, fee: e.feeMinor, penalty: e.penaltyMinor, days: e.days,
});

/** The idempotency key when the caller sent one (apply: optional; pay: required). */
function optionalKey(req: FastifyRequest): string | null {
  const header = req.headers[IDEMPOTENCY_HEADER];
  const body = (req.body as { idempotency_key?: unknown } | undefined)?.idempotency_key;
  const sent = (Array.isArray(header) ? header[0] : header) || typeof body === 'string';
  return sent ? requireIdempotencyKey(req) : null;
}

/**
 * API routes of extensions: the four lists (/exhibition_period and /review/reviewExhibitionPeriod), the quote,
 * apply, pass, reject and pay. Every write is in the operation log; pay is a money write (Idempotency-Key).
 */
export function extensionRoutes(app: FastifyInstance, deps: Deps): void {
  void app.register(async (scope) => {
    normaliseListQuery(scope, { arrays: ['status'] });
    for (const page of EXTENSION_PAGES) listRoute(scope, deps, EXTENSION_LISTS[page], { url: extensionListUrl(page) });
  });

  route(app, { method: 'GET', url: EXTENSION_API.quote, permission: [EXTENSION_NODES.apply, EXTENSION_NODES.pay], query: extensionQuoteQuery }, ({ req, query }) => {
    const actor = req.actor!;
    return quote(deps, { merchantIds: isUnscoped(actor) ? null : actor.merchantIds, privacy: actor.privacy }, query);
  });

  route(app, { method: 'POST', url: EXTENSION_API.apply, permission: EXTENSION_NODES.apply, body: extensionApplyBody }, async ({ req, body }) => {
    const run = async (on: Deps) => view(await applyExtension(on, ctxOf(req), { orderId: body.order_id, remark: body.remark }));
    const key = optionalKey(req);
    if (!key) return run(deps);
    await deps.clock.refresh();
    const accountId = req.actor!.accountId;
    return withIdempotency(deps.db, { scope: 'extension.apply', owner: keyOwner.account(accountId), key, accountId, payload: { order_id: body.order_id, remark: body.remark ?? '' } },
      (tx) => run(depsIn(deps, tx)));
  });

  route(app, { method: 'POST', url: EXTENSION_API.pass, permission: EXTENSION_NODES.pass, body: extensionReviewBody }, async ({ req, body }) =>
    view(await passExtension(deps, ctxOf(req), { id: body.id, remark: body.remark })));

  route(app, { method: 'POST', url: EXTENSION_API.reject, permission: EXTENSION_NODES.reject, body: extensionRejectBody }, async ({ req, body }) =>
    view(await rejectExtension(deps, ctxOf(req), { id: body.id, remark: body.remark })));

  route(app, { method: 'POST', url: EXTENSION_API.pay, permission: EXTENSION_NODES.pay, body: extensionPayBody }, ({ req, body }) =>
    payExtension(deps, ctxOf(req), { id: body.id, amount: body.amount, remark: body.remark, key: requireIdempotencyKey(req) }));
}
