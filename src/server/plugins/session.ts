import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can } from '../../../commands/permissions';
import { CODE, HTTP_SESSION_ENDED } from '../../schemas/common';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { AppError, forbidden } from '../errors';
import { PUBLIC, SIGNED_IN } from '../http';
import { langFromHeader } from '../i18n';
import { withinWorkPeriod } from '../modules/empower/access';
import { checkSessionAccess, terminalOf, touchSession } from '../modules/auth/session.service';

export interface Actor {
  accountId: number;
  account: string;
  name: string;
  sessionId: number;
  nodes: ReadonlySet<string>;
  nodeList: string[];
  merchantIds: number[];
  privacy: boolean;
  ip: string;
}

/** The one route where the spec puts the token in the query string (get_userinfo?token=); nowhere else is it read there. */
const QUERY_TOKEN_ROUTE = 'GET /loanapi/account/get_userinfo';

/**
 * Spec §7: Authorization and x-api-token both carry the token. A URL ends up in logs, proxies and browser history,
 * so a `?token=` is ignored everywhere except the spec's get_userinfo.
 */
export function tokenOf(req: FastifyRequest): string | undefined {
  const h = req.headers['x-api-token'];
  if (typeof h === 'string' && h) return h;
  const auth = req.headers.authorization;
  if (auth) return auth.replace(/^Bearer\s+/i, '').trim() || undefined;
  if (`${req.method} ${req.routeOptions.url}` !== QUERY_TOKEN_ROUTE) return undefined;
  const q = (req.query as Record<string, unknown> | undefined)?.token;
  return typeof q === 'string' && q ? q : undefined;
}

function queryKey(part: string): string {
  const raw = part.split('=', 1)[0].replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw).trim().toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** A URL with the value of every `token` query parameter (however its name is encoded) replaced by [redacted]. */
export function redactTokenInUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const parts = query.split('&').map((p) => (queryKey(p) === 'token' ? `${p.split('=', 1)[0]}=[redacted]` : p));
  return `${url.slice(0, q + 1)}${parts.join('&')}${hash < 0 ? '' : url.slice(hash)}`;
}

/** What the request serializer reads: Fastify passes its request, whose `ip` already honours TRUST_PROXY. */
interface LoggedRequest {
  method?: string;
  url?: string;
  headers?: Record<string, string | string[] | undefined>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/** pino's request serializer: Fastify's default fields, with the token taken out of the URL. */
export function serializeRequestForLog(req: LoggedRequest) {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : redactTokenInUrl(req.url),
    version: req.headers?.['accept-version'] as string | undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * Resolves the session before validation, and refuses what the route's permission node does not allow.
 * A route registered without a permission fails at start (onRoute), so nothing is open by omission.
 */
export function sessionPlugin(app: FastifyInstance, deps: { db: Db; cfg: Config; now: () => Date }): void {
  app.decorateRequest('lang', null as never);
  app.decorateRequest('actor', null);

  app.addHook('onRoute', (r) => {
    if (r.method === 'HEAD' || r.method === 'OPTIONS') return;
    const perm = (r.config as { permission?: string | string[] } | undefined)?.permission;
    if (!r.url.startsWith('/loanapi/') && !r.url.startsWith('/api/')) return;
    if (!perm || (Array.isArray(perm) && perm.length === 0)) throw new Error(`route ${r.method} ${r.url} declares no permission`);
  });

  app.addHook('onRequest', async (req) => {
    req.lang = langFromHeader(req.headers['lang-code']);
    const perm = req.routeOptions.config?.permission;
    if (!perm || perm === PUBLIC) return;
    const now = deps.now();
    const { session: s, access } = await checkSessionAccess(deps.db, deps.cfg, now, tokenOf(req));
    if (!access || !access.account.enabled) throw new AppError(CODE.FORBIDDEN, 'error.sessionEnded', {}, HTTP_SESSION_ENDED);
    const a = access.account;
    if (!withinWorkPeriod(a.workStart, a.workEnd, now, deps.cfg.timeZone)) {
      throw new AppError(CODE.FORBIDDEN, 'error.outsideWorkPeriod', { start: a.workStart ?? '', end: a.workEnd ?? '' }, HTTP_SESSION_ENDED);
    }
    if (a.allowedTerminals.length && !a.allowedTerminals.includes(terminalOf(String(req.headers['user-agent'] ?? '')))) {
      throw new AppError(CODE.FORBIDDEN, 'error.terminalNotAllowed', {}, HTTP_SESSION_ENDED);
    }
    await touchSession(deps.db, s, now);
    req.actor = {
      accountId: a.id, account: a.account, name: a.name, sessionId: s.id,
      nodes: new Set(access.nodeList), nodeList: access.nodeList, merchantIds: a.merchantIds,
      privacy: a.privacyProtection, ip: req.ip,
    };
    if (perm !== SIGNED_IN && ![perm].flat().some((p) => can(req.actor!.nodes, p))) throw forbidden();
  });
}
