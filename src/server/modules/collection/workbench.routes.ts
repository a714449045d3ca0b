import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

/** API routes of the collector's keyboard workbench: myCollectionList, case work (call, result, promise, note), calls logged on the case. */
export function collectionWorkbenchRoutes(app: FastifyInstance, deps: Deps): void {
  void app;
  void deps;
}
