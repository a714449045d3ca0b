import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

/** API routes of the repayment area: /repayment lists (repaymentList, settlement, abnormal), /review/manualRepayment, revoke. */
export function repaymentRoutes(app: FastifyInstance, deps: Deps): void {
  void app;
  void deps;
}
