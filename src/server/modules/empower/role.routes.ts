import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function roleRoutes(_app: FastifyInstance, _d: Deps): void {}
