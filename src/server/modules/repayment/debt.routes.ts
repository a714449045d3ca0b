import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

/** API routes of debt rules and reductions: /merchant/DebtSettings, /merchant/product, /merchant/repaymentDiscountRule, reduction requests and approvals. */
export function debtRoutes(app: FastifyInstance, deps: Deps): void {
  void app;
  void deps;
}
