import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** Security headers for the console and the API (CSP, frame-ancestors, nosniff, referrer policy, HSTS over HTTPS). */
export async function securityPlugin(_app: FastifyInstance, _cfg: Config): Promise<void> {
  // filled in by the hardening work (issue 11)
}
