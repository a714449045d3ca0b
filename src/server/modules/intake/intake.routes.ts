import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

/** API routes of the intake area. */
export function intakeRoutes(app: FastifyInstance, deps: Deps): void {
  void app;
  void deps;
}
