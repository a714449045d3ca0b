import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

/** Routes of the channel area (issue 14). */
export function channelRoutes(_app: FastifyInstance, _deps: Deps): void {}
