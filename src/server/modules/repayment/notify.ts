import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CODE } from '../../../schemas/common';
import { REPAYMENT_API } from '../../../schemas/repayment';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { PUBLIC, route } from '../../http';
import { paymentChannel } from '../payment/payment.table';
import { paymentRuntime } from '../payment/runtime';
import { applyCardNotice, applyPaymentNotice } from './collect';

/**
 * Warnings about refused callbacks, at most one line per channel and kind per window: anyone can post to a webhook,
 * so a refusal writes no row and its log line must not grow with the caller's rate either. The next line after a
 * quiet spell says how many refusals were not logged since the last one.
 */
export class RefusalLog {
  private readonly last = new Map<string, { at: number; suppressed: number }>();

  constructor(private readonly windowMs = 10_000, private readonly now: () => number = Date.now) {}

  /** Logs (true) or counts (false) one refusal; `key` names the channel (a known one: the map stays small). */
  warn(log: Pick<FastifyBaseLogger, 'warn'>, key: string, fields: Record<string, unknown>, msg: string): boolean {
    const at = this.now();
    const seen = this.last.get(key);
    if (seen && at - seen.at < this.windowMs) {
      seen.suppressed++;
      return false;
    }
    log.warn({ ...fields, suppressed: seen?.suppressed ?? 0 }, msg);
    this.last.set(key, { at, suppressed: 0 });
    return true;
  }
}

/** The server's one RefusalLog: the pay-in and the payout webhooks share it (their keys differ). */
export const refusedCallbacks = new RefusalLog();

/**
 * The pay-in webhook: POST /loanapi/repayment/notify/<channel code> (public: the provider has no session; JSON or a
 * form). The signature is checked with the channel's secret before anything is read: a forged or altered callback is
 * refused (40300, HTTP 403) and writes nothing (a rate-limited warning line only). A notice naming one of our
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
        refusedCallbacks.warn(req.log, `payin:${ch.code}`, { channel: ch.code }, 'pay-in callback with a bad signature refused');
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
