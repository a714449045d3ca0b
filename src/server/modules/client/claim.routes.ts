import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

/** API routes of /client/clientUserCollection: customer claims. */
export function clientClaimRoutes(app: FastifyInstance, deps: Deps): void {
  void app;
  void deps;
}
