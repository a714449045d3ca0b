import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

/** API routes of the payment area. */
export function paymentRoutes(app: FastifyInstance, deps: Deps): void {
  void app;
  void deps;
}
