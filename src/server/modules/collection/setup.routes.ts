import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

/** API routes of collection set-up: /merchant/stage (stages, collector groups and members) and /empower/outbound (external-call softphone settings). */
export function collectionSetupRoutes(app: FastifyInstance, deps: Deps): void {
  void app;
  void deps;
}
