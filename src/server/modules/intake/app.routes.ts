import type { FastifyInstance } from 'fastify';
import { appApplyBody, appBindCardBody, appConfirmBody, appExtensionBody, appOrderStatusQuery, appRegisterBody, appRepayBody, appRepaymentInfoQuery } from '../../../schemas/intake';
import { appApplyExtension, appRepay, repaymentInfo } from './repay';
import type { Deps } from '../../deps';
import { PUBLIC, route } from '../../http';
import { IDEMPOTENCY_HEADER, depsIn, keyOwner, requireIdempotencyKey, withIdempotency } from '../idempotency/idempotency';
import { applyForLoan, listProducts, ordersOf } from './apply';
import { authenticate, type IntakeCaller } from './auth';
import { bindCard, registerCustomer } from './customers';
import { confirmOrderWithdrawal } from './withdraw';
import { customerSessionHooks } from '../customerSession/borrowerHooks';

/**
 * The borrower app's API (docs/intake.md): public as far as staff sessions go, authenticated per merchant by the
 * app key's signature instead. Registered in their own plugin so that JSON bodies are kept as the exact bytes the
 * signature covers, and so that every route here is checked before its body is validated (an unsigned caller
 * learns nothing about the schemas).
 */
export function appRoutes(app: FastifyInstance, deps: Deps): void {
  void app.register(async (sub) => {
    sub.removeContentTypeParser('application/json');
    sub.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
      const raw = body as Buffer;
      req.rawBody = raw;
      if (raw.length === 0) return done(null, undefined);
      try {
        done(null, JSON.parse(raw.toString('utf8')));
      } catch {
        done(Object.assign(new Error('malformed JSON body'), { statusCode: 400 }), undefined);
      }
    });
    sub.addHook('preValidation', async (req) => {
      req.intake = await authenticate(deps, req);
    });
    // Borrower sessions, GPS range and the customer_operate log (docs/customerSession.md).
    customerSessionHooks(sub, deps);
    const caller = (req: { intake?: IntakeCaller }) => req.intake!;
    const common = { permission: PUBLIC, audit: false } as const;

    route(sub, { ...common, method: 'GET', url: '/loanapi/app/products' }, ({ req }) => listProducts(deps.db, caller(req)));

    route(sub, { ...common, method: 'POST', url: '/loanapi/app/register', body: appRegisterBody }, ({ req, body }) => registerCustomer(deps, caller(req), body, req.ip));

    route(sub, { ...common, method: 'POST', url: '/loanapi/app/apply', body: appApplyBody }, async ({ req, body }) => {
      const c = caller(req);
      // Optional here (an application moves no money), but a retrying app should send one to avoid a second order.
      if (!req.headers[IDEMPOTENCY_HEADER]) return applyForLoan(deps, c, body);
      const key = requireIdempotencyKey(req);
      await deps.clock.refresh();
      return withIdempotency(deps.db, { scope: 'intake.apply', owner: keyOwner.app(c.appKeyId), key, payload: body }, (tx) => applyForLoan(depsIn(deps, tx), c, body));
    });

    route(sub, { ...common, method: 'POST', url: '/loanapi/app/bind_card', body: appBindCardBody }, ({ req, body }) => bindCard(deps, caller(req), body));

    route(sub, { ...common, method: 'POST', url: '/loanapi/app/confirm_withdrawal', body: appConfirmBody }, ({ req, body }) =>
      confirmOrderWithdrawal(deps, caller(req), body, requireIdempotencyKey(req)));

    route(sub, { ...common, method: 'GET', url: '/loanapi/app/order_status', query: appOrderStatusQuery }, ({ req, query }) =>
      ordersOf(deps, caller(req), query.phone, query.order_no));

    // After the payout: what is owed, pay it (link / QR / card through the merchant's channel), ask for an extension.
    route(sub, { ...common, method: 'GET', url: '/loanapi/app/repayment_info', query: appRepaymentInfoQuery }, ({ req, query }) => repaymentInfo(deps, caller(req), query));
    route(sub, { ...common, method: 'POST', url: '/loanapi/app/repay', body: appRepayBody }, ({ req, body }) => appRepay(deps, caller(req), body, requireIdempotencyKey(req)));
    route(sub, { ...common, method: 'POST', url: '/loanapi/app/extension_apply', body: appExtensionBody }, ({ req, body }) => appApplyExtension(deps, caller(req), body));
  });
}
