import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function logRoutes(_app: FastifyInstance, _d: Deps): void {}
