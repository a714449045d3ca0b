import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function dashboardRoutes(_app: FastifyInstance, _d: Deps): void {}
