import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { breakdownRoutes } from './breakdown';
import { ruleRoutes } from './rules.routes';

/** API routes of the scoring area: the two rule screens and the machine-review breakdown (docs/scoring.md). */
export function scoringRoutes(app: FastifyInstance, deps: Deps): void {
  ruleRoutes(app, deps, 'audit');
  ruleRoutes(app, deps, 'score');
  breakdownRoutes(app, deps);
}
