import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

/** API routes of the collection area: pool (collectionRemark), collectionPromptList, collectionSuccess, refundTheAmount, CollectionAllocationQuery, CollectionServiceManagement (live counts, alerts, assignment). */
export function collectionRoutes(app: FastifyInstance, deps: Deps): void {
  void app;
  void deps;
}
