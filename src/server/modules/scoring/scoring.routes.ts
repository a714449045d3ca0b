import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

/** API routes of the scoring area. */
export function scoringRoutes(app: FastifyInstance, deps: Deps): void {
  void app;
  void deps;
}
