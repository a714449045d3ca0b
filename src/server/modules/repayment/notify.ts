import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CODE } from '../../../schemas/common';
import { REPAYMENT_API } from '../../../schemas/repayment';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { PUBLIC, route } from '../../http';
import { paymentChannel } from '../payment/payment.table';
import { paymentRuntime } from '../payment/runtime';
import { applyCardNotice, applyPaymentNotice, recordRepaymentEvent } from './collect';

/** What of a refused body is kept (a forged callback is anyone's text: a few short fields, never the whole of it). */
function forgedTrace(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { keys: Object.keys(body).slice(0, 20) };
  for (const k of ['payment_no', 'va_number', 'provider_ref', 'amount', 'status', 'timestamp']) {
    if (body[k] !== undefined) out[k] = String(body[k]).slice(0, 64);
  }
  return out;
}

/**
 * The pay-in webhook: POST /loanapi/repayment/notify/<channel code> (public: the provider has no session; JSON or a
 * form). The signature is checked with the channel's secret before anything is read: a forged or altered callback is
 * refused (40300, HTTP 403), recorded as a `forged` repayment event, and changes nothing. A notice naming one of our
 * payments (`payment_no`) applies to that pending repayment; one naming a virtual account (`va_number`) goes to the
 * card's customer. Repeats answer what the first delivery did and change nothing.
 */
export function payInNotifyRoutes(app: FastifyInstance, deps: Deps): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    route(scope, {
      method: 'POST', url: `${REPAYMENT_API.notify}/:code`, permission: PUBLIC, audit: false,
      params: z.object({ code: z.string().trim().min(1).max(32) }),
      body: z.record(z.string(), z.unknown()),
    }, async ({ req, reply, params, body }) => {
      const [ch] = await deps.db.select().from(paymentChannel).where(eq(paymentChannel.code, params.code));
      if (!ch) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@payment.channel' });
      const provider = paymentRuntime(deps).provider(ch);
      const notice = provider.verifyPayIn(body);
      if (!notice) {
        req.log.warn({ channel: ch.code }, 'pay-in callback with a bad signature refused');
        await recordRepaymentEvent(deps.db, { repaymentId: null, channelId: ch.id, kind: 'forged', body: forgedTrace(body), at: deps.now() });
        throw new AppError(CODE.FORBIDDEN, 'payment.callbackForged', {}, 403);
      }
      const r = notice.paymentNo
        ? await applyPaymentNotice(deps, ch, notice, { kind: 'callback', raw: body, actorId: null })
        : await applyCardNotice(deps, ch, notice, body);
      if (provider.callbackAnswer) return reply.type('text/plain').send(provider.callbackAnswer);
      return { answer: 'OK', repayment_id: r.repayment_id, serial_no: r.serial_no, status: r.status };
    });
  });
}
