import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function empowerRoutes(_app: FastifyInstance, _d: Deps): void {}
