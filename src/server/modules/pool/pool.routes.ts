import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

/** Routes of the pool area (issue 14). */
export function poolRoutes(_app: FastifyInstance, _deps: Deps): void {}
