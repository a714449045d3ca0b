import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

/** Routes of the marketing area (issue 14). */
export function marketingRoutes(_app: FastifyInstance, _deps: Deps): void {}
