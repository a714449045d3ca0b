import 'fastify';
import type { Lang } from '../schemas/i18n';
import type { Actor } from './plugins/session';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
    /** The signed-in staff member, on every route that is not PUBLIC. */
    actor: Actor | null;
    /** Set when the handler returned success (the operation log safety net reads it). */
    succeeded?: boolean;
    /** Set when the handler wrote its own operation log row. */
    audited?: boolean;
  }
  interface FastifyContextConfig {
    permission?: string | string[];
    audit?: boolean;
  }
}
