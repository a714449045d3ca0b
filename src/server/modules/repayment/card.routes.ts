import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

/** API routes of money in through the payment provider: repayment links, QR codes, card deductions, virtual-account cards (repaymentCardList, paymentPayCard, resetAllRepaymentCards), callbacks and re-checks. */
export function repaymentCardRoutes(app: FastifyInstance, deps: Deps): void {
  void app;
  void deps;
}
