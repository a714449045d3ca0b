import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actionKey } from '../../../../commands/permissions';
import { CODE } from '../../../schemas/common';
import {
  auditApproveBody, auditRejectBody, manualTransferBody, retransferBody, reverseBody, transferIdBody,
} from '../../../schemas/payment';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { PUBLIC, route } from '../../http';
import { listRoute } from '../../list/routes';
import { isUnscoped } from '../empower/scope';
import { requireIdempotencyKey } from '../idempotency/idempotency';
import { writeOpLog } from '../log/oplog';
import { refusedCallbacks } from '../repayment/notify';
import { channelRoutes } from './channel.routes';
import { PAYMENT_LIST_URLS, PAYMENT_LISTS, paymentRecordList, TRANSFER_LIST_URLS, TRANSFER_LISTS } from './lists';
import { applyOutcome } from './outcome';
import { payCardRoutes } from './payCard.routes';
import { paymentChannel, paymentOrder } from './payment.table';
import { attachApp, paymentRuntime } from './runtime';
import { settingsRoutes } from './settings.routes';
import {
  approveTransfer, manualTransfer, recheckPaymentOrder, recheckTransfer, rejectTransfer, retransfer, reverseTransfer, transferOfPaymentOrder,
  type ActionCtx,
} from './transfer.service';

/** The actor's merchants for a write (null: all), and its operation-log writer. */
export function actionCtx(req: FastifyRequest): ActionCtx {
  const actor = req.actor!;
  return {
    actorId: actor.accountId,
    merchantIds: isUnscoped(actor) ? null : actor.merchantIds,
    log: (tx, e) => writeOpLog(tx, req, e),
  };
}

/**
 * API routes of the payment area (docs/payment.md): payout and transfer lists, the transfer actions (audit,
 * re-transfer, re-check, manual transfer, reverse), the providers' webhook, channels, merchant payout settings,
 * automatic loan rules and pay cards. Every money write needs an Idempotency-Key.
 */
export function paymentRoutes(app: FastifyInstance, deps: Deps): void {
  attachApp(deps, app);

  listRoute(app, deps, paymentRecordList, { url: '/loanapi/payment_order/record_list' });
  for (const [page, list] of Object.entries(PAYMENT_LISTS)) listRoute(app, deps, list, { url: PAYMENT_LIST_URLS[page] });
  for (const [page, list] of Object.entries(TRANSFER_LISTS)) listRoute(app, deps, list, { url: TRANSFER_LIST_URLS[page] });

  const T = (page: string, verb: string) => actionKey('transfer', page, verb);
  const P = (page: string, verb: string) => actionKey('payment', page, verb);

  route(app, { method: 'POST', url: '/loanapi/transfer/audit_approve', permission: T('orderAudit', 'approve'), body: auditApproveBody }, ({ req, body }) =>
    approveTransfer(deps, actionCtx(req), { id: body.id, channelId: body.channel_id, remark: body.remark, key: requireIdempotencyKey(req) }));

  route(app, { method: 'POST', url: '/loanapi/transfer/audit_reject', permission: T('orderAudit', 'reject'), body: auditRejectBody }, ({ req, body }) =>
    rejectTransfer(deps, actionCtx(req), { id: body.id, reason: body.reason, key: requireIdempotencyKey(req) }));

  route(app, { method: 'POST', url: '/loanapi/transfer/retransfer', permission: T('TransferOrderFail', 'retransfer'), body: retransferBody }, ({ req, body }) =>
    retransfer(deps, actionCtx(req), { id: body.id, channelId: body.channel_id, key: requireIdempotencyKey(req) }));

  route(app, { method: 'POST', url: '/loanapi/payment_order/retransfer', permission: P('PaymentOrderFail', 'retransfer'), body: retransferBody }, async ({ req, body }) => {
    const a = actionCtx(req);
    const id = await transferOfPaymentOrder(deps, a.merchantIds, body.id);
    return retransfer(deps, a, { id, channelId: body.channel_id, key: requireIdempotencyKey(req) });
  });

  route(app, { method: 'POST', url: '/loanapi/transfer/recheck', permission: T('TransferOrderLoan', 'recheck'), body: transferIdBody }, async ({ req, body }) => {
    const r = await recheckTransfer(deps, actionCtx(req), body.id);
    await writeOpLog(deps.db, req, { action: 'transfer.recheck', targetType: 'transfer', targetId: body.id, after: { status: r.status, changed: r.changed } });
    return r;
  });

  route(app, { method: 'POST', url: '/loanapi/payment_order/recheck', permission: P('paymentOrderLoan', 'recheck'), body: transferIdBody }, async ({ req, body }) => {
    const r = await recheckPaymentOrder(deps, actionCtx(req), body.id);
    await writeOpLog(deps.db, req, { action: 'paymentOrder.recheck', targetType: 'payment_order', targetId: body.id, after: { status: r.status, changed: r.changed } });
    return r;
  });

  route(app, { method: 'POST', url: '/loanapi/transfer/manual', permission: T('TransferOrderArtificial', 'manual'), body: manualTransferBody }, ({ req, body }) =>
    manualTransfer(deps, actionCtx(req), { id: body.id, reference: body.reference, proofUrl: body.proof_url, remark: body.remark, key: requireIdempotencyKey(req) }));

  route(app, { method: 'POST', url: '/loanapi/transfer/reverse', permission: T('TransferOrderSuccess', 'reverse'), body: reverseBody }, async ({ req, body }) => {
    const key = requireIdempotencyKey(req);
    try {
      return await reverseTransfer(deps, actionCtx(req), { id: body.id, secureKey: body.secure_password, reason: body.reason, key });
    } catch (err) {
      // A refused key is worth a trace in the operation log (who tried to reverse what), never the key itself.
      if (err instanceof AppError && err.code === CODE.FORBIDDEN) {
        await writeOpLog(deps.db, req, { action: 'transfer.reverseRefused', targetType: 'transfer', targetId: body.id, after: { reason: err.messageId } });
      }
      throw err;
    }
  });

  void app.register(async (scope) => {
    // Gateways often post their callbacks as a form.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    notifyRoute(scope, deps);
  });

  channelRoutes(app, deps);
  settingsRoutes(app, deps);
  payCardRoutes(app, deps);
}

/**
 * The providers' webhook (public: the provider has no session). The signature is checked with the channel's
 * secret before anything is read: a forged or altered callback is refused (40300, HTTP 403), writes nothing, and is
 * logged at most once per channel per 10 s (RefusalLog). It must name an attempt of this channel, with the reference
 * and amount the provider gave us. A result for an attempt that has ended (a repeated callback) changes nothing and is
 * answered OK, so the provider stops retrying.
 */
function notifyRoute(app: FastifyInstance, deps: Deps): void {
  route(app, {
    method: 'POST', url: '/loanapi/payment/notify/:channel', permission: PUBLIC, audit: false,
    params: z.object({ channel: z.string().trim().min(1).max(32) }),
    body: z.record(z.string(), z.unknown()),
  }, async ({ req, reply, params, body }) => {
    const [ch] = await deps.db.select().from(paymentChannel).where(eq(paymentChannel.code, params.channel));
    if (!ch) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@payment.channel' });
    const provider = paymentRuntime(deps).provider(ch);
    const notice = provider.verifyCallback(body);
    if (!notice) {
      refusedCallbacks.warn(req.log, `payout:${ch.code}`, { channel: ch.code }, 'payment callback with a bad signature refused');
      throw new AppError(CODE.FORBIDDEN, 'payment.callbackForged', {}, 403);
    }
    const [po] = await deps.db.select().from(paymentOrder).where(and(eq(paymentOrder.paymentNo, notice.paymentNo), eq(paymentOrder.channelId, ch.id)));
    if (!po) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@payment.paymentOrder' });
    if ((po.providerRef && notice.providerRef && po.providerRef !== notice.providerRef) || (notice.amountMinor !== null && notice.amountMinor !== po.amountMinor)) {
      req.log.warn({ channel: ch.code, payment: po.paymentNo }, 'payment callback does not match the attempt');
      throw new AppError(CODE.FORBIDDEN, 'payment.callbackMismatch', {}, 403);
    }
    const r = await applyOutcome(deps, {
      paymentOrderId: po.id, status: notice.status === 'success' ? 'success' : 'failure', providerRef: notice.providerRef, message: notice.message,
      raw: body, source: 'callback',
    });
    if (!r.changed && r.status !== notice.status) req.log.warn({ payment: po.paymentNo, stored: r.status, said: notice.status }, 'late callback disagrees; ignored');
    if (provider.callbackAnswer) return reply.type('text/plain').send(provider.callbackAnswer);
    return { answer: 'OK', duplicate: !r.changed, status: r.status };
  });
}
