import type { FastifyInstance } from 'fastify';
import { SERVICE_PAGES, STAGE_PAGES } from '../../../schemas/review';
import type { Deps } from '../../deps';
import { detailRoutes } from './detail.routes';
import { flowRoutes } from './flow.routes';
import { interceptionRoutes } from './interception.routes';
import { orderActionRoutes } from './order-actions.routes';
import { serviceRoutes } from './service.routes';
import { stageRoutes } from './stage.routes';

/**
 * API routes of the review area (docs/review.md): the four stage queues, the customer-service queues, disbursement
 * interception, the all-orders actions and the reset list, the review flow (/merchant/loanConfig) and the review panel.
 */
export function reviewRoutes(app: FastifyInstance, deps: Deps): void {
  for (const page of STAGE_PAGES) stageRoutes(app, deps, page);
  for (const page of SERVICE_PAGES) serviceRoutes(app, deps, page);
  interceptionRoutes(app, deps);
  orderActionRoutes(app, deps);
  flowRoutes(app, deps);
  detailRoutes(app, deps);
}
