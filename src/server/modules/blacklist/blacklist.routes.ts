import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

/** Routes of the blacklist area (issue 14). */
export function blacklistRoutes(_app: FastifyInstance, _deps: Deps): void {}
