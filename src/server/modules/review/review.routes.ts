import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

/** API routes of the review area (queues, claim, approve, reject …). */
export function reviewRoutes(app: FastifyInstance, deps: Deps): void {
  void app;
  void deps;
}
