import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

/** API routes of extensions: /exhibition_period lists and /review/reviewExhibitionPeriod. */
export function extensionRoutes(app: FastifyInstance, deps: Deps): void {
  void app;
  void deps;
}
