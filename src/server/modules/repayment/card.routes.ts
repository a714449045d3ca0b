import type { FastifyInstance } from 'fastify';
import { actionKey } from '../../../../commands/permissions';
import { CODE } from '../../../schemas/common';
import { collectBody, recheckBody, REPAYMENT_API, repaymentCardIssueBody, resetCardsBody } from '../../../schemas/repayment';
import { collectOrderQuery, deductBody, REPAYMENT_CARD_API } from '../../../schemas/repaymentCard';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { route } from '../../http';
import { maskPhone } from '../../list/mask';
import { listRoute } from '../../list/routes';
import { requireIdempotencyKey } from '../idempotency/idempotency';
import { actionCtx } from '../payment/payment.routes';
import { drainCardBatches, startCardBatch } from './cardBatch';
import { cardBatchList, issueCard, payCardRepaymentList, repaymentCardList } from './cards';
import { collect, collectOrder, recheckRepayment } from './collect';
import { payInNotifyRoutes } from './notify';
import { sandboxCheckoutRoutes } from './sandboxCheckout';

/**
 * API routes of money in through the payment provider (docs/repayment.md "Money through the provider"): repayment
 * links, QR codes and card deductions (collect, deduct, with the order lookup of their dialog), the re-check of a
 * pending repayment, virtual-account cards (list, issue, reset batches), the pay-in webhook and the sandbox's
 * checkout page. Money writes need an Idempotency-Key.
 */
export function repaymentCardRoutes(app: FastifyInstance, deps: Deps): void {
  const A = (page: string, verb: string) => actionKey('repayment', page, verb);

  route(app, { method: 'POST', url: REPAYMENT_API.collect, permission: A('repaymentList', 'collect'), body: collectBody }, ({ req, body }) =>
    collect(deps, actionCtx(req), {
      orderId: body.order_id, method: body.method, amount: body.amount, bankCardId: body.bank_card_id, key: requireIdempotencyKey(req), scope: 'repayment.collect',
    }));

  route(app, { method: 'POST', url: REPAYMENT_CARD_API.deduct, permission: A('paymentPayCard', 'deduct'), body: deductBody }, ({ req, body }) =>
    collect(deps, actionCtx(req), {
      orderId: body.order_id, method: 'card', amount: body.amount, bankCardId: body.bank_card_id, key: requireIdempotencyKey(req), scope: 'repayment.deduct',
    }));

  route(app, {
    method: 'GET', url: REPAYMENT_CARD_API.collectOrder, permission: [A('repaymentList', 'collect'), A('paymentPayCard', 'deduct')], query: collectOrderQuery,
  }, async ({ req, query }) => {
    const view = await collectOrder(deps.db, actionCtx(req).merchantIds, query.order_no);
    return req.actor!.privacy ? { ...view, phone: maskPhone(view.phone) } : view;
  });

  route(app, { method: 'POST', url: REPAYMENT_API.recheck, permission: A('repaymentList', 'recheck'), body: recheckBody }, ({ req, body }) =>
    recheckRepayment(deps, actionCtx(req), body.id));

  listRoute(app, deps, repaymentCardList, { url: REPAYMENT_API.cardList });
  listRoute(app, deps, payCardRepaymentList, { url: REPAYMENT_API.payCardList });
  listRoute(app, deps, cardBatchList, { url: REPAYMENT_API.resetCardBatches });

  route(app, { method: 'POST', url: REPAYMENT_API.cardIssue, permission: A('repaymentCardList', 'issue'), body: repaymentCardIssueBody }, async ({ req, body }) => {
    const a = actionCtx(req);
    if (a.merchantIds !== null && !a.merchantIds.includes(body.merchant_id)) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@field.merchant_id' });
    const { card, expired } = await issueCard(deps, { merchantId: body.merchant_id, customerId: body.customer_id });
    await a.log(deps.db, {
      action: 'repayment.issueCard', targetType: 'repayment_card', targetId: card.id,
      before: expired ? { id: expired.id, va_number: expired.vaNumber } : undefined, after: { va_number: card.vaNumber, customer_id: card.customerId, merchant_id: card.merchantId },
    });
    return { id: card.id, va_number: card.vaNumber, bank_name: card.bankName, status: card.status, expired_id: expired?.id ?? null };
  });

  route(app, { method: 'POST', url: REPAYMENT_API.resetCards, permission: A('resetAllRepaymentCards', 'reset'), body: resetCardsBody }, ({ req, body }) =>
    startCardBatch(deps, actionCtx(req), { merchantId: body.merchant_id, remark: body.remark }));

  payInNotifyRoutes(app, deps);
  sandboxCheckoutRoutes(app, deps);
  app.addHook('onClose', async () => drainCardBatches(deps));
}
