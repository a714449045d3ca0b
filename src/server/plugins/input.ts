import type { FastifyInstance } from 'fastify';

/** Refuses hostile input once, where it enters (NUL bytes, lone surrogates, out-of-range numbers): 40000. */
export function inputGuardPlugin(_app: FastifyInstance): void {
  // filled in by the hardening work (issue 11)
}
