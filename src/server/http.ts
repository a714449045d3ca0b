import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z, ZodType } from 'zod';
import { CODE } from '../schemas/common';
import { translate } from './i18n';

/** No session needed (login page, captcha, system name, provider webhooks). */
export const PUBLIC = '@public';
/** Any signed-in account (own profile, keep-alive, logout). */
export const SIGNED_IN = '@signed-in';

export interface RouteDef<B extends ZodType | undefined, Q extends ZodType | undefined, P extends ZodType | undefined = undefined> {
  method: 'GET' | 'POST';
  url: string;
  /**
   * A permission node key from commands/permissions.ts, PUBLIC or SIGNED_IN; a list when two screens' actions share the
   * route (any of them grants). Required: a route without one fails at start.
   */
  permission: string | string[];
  body?: B;
  query?: Q;
  /** Path parameters (`/api/dictItem/:id`). */
  params?: P;
  /** Writes are logged to the operation log; false for writes that are not staff actions (login, copy events). */
  audit?: boolean;
  /** Message id for the success msg. */
  okMessage?: string;
}

type Infer<T> = T extends ZodType ? z.infer<T> : undefined;

export interface Ctx<B, Q, P = undefined> {
  req: FastifyRequest;
  reply: FastifyReply;
  body: B;
  query: Q;
  params: P;
}

/**
 * Declares a route with its permission and zod schemas; the handler returns `data` and the envelope
 * `{code: 20000, msg, data}` is added here, so no handler builds one by hand.
 */
export function route<B extends ZodType | undefined = undefined, Q extends ZodType | undefined = undefined, P extends ZodType | undefined = undefined>(
  app: FastifyInstance,
  def: RouteDef<B, Q, P>,
  handler: (ctx: Ctx<Infer<B>, Infer<Q>, Infer<P>>) => Promise<unknown> | unknown,
): void {
  const schema: Record<string, ZodType> = {};
  if (def.body) schema.body = def.body;
  if (def.query) schema.querystring = def.query;
  if (def.params) schema.params = def.params;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.url,
    schema,
    config: { permission: def.permission, audit: def.audit ?? def.method === 'POST' },
    handler: async (req, reply) => {
      const data = await handler({ req, reply, body: req.body as Infer<B>, query: req.query as Infer<Q>, params: req.params as Infer<P> });
      if (reply.sent) return reply;
      req.succeeded = true;
      return { code: CODE.OK, msg: translate(req.lang, def.okMessage ?? 'common.success'), data: data ?? null };
    },
  });
}
