import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

/** API routes of the withdrawal area. */
export function withdrawalRoutes(app: FastifyInstance, deps: Deps): void {
  void app;
  void deps;
}
