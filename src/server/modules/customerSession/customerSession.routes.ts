import { and, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actionKey } from '../../../../commands/permissions';
import { appLoginBody, appLoginCodeBody, CUSTOMER_SESSION_API as API, CUSTOMER_TOKEN_HEADER, endSessionsBody, forceLogoutBody } from '../../../schemas/customerSession';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import { PUBLIC, route } from '../../http';
import { listRoute } from '../../list/routes';
import type { Actor } from '../../plugins/session';
import { customer } from '../client/client.table';
import { setting } from '../config/settings';
import { isUnscoped } from '../empower/scope';
import { authenticate, scopeIds } from '../intake/auth';
import { writeOpLog } from '../log/oplog';
import { customerSession } from './customerSession.table';
import { customerLoginList, customerOperateList, customerSessionList } from './lists';
import { logCustomerOperation } from './logs';
import { checkCustomerToken, endCustomerSessions, endSessionsById, signInAgain } from './session';
import { sendLoginCode, signIn } from './signin';

/** Spec §4 "force logout of a customer": granted per action on the customer list (client_clientUser_forceLogout). */
export const FORCE_LOGOUT = actionKey('client', 'clientUser', 'forceLogout');

const scopeOf = (actor: Actor) => (isUnscoped(actor) ? undefined : inArray(customer.merchantId, actor.merchantIds));

/**
 * Routes of the customerSession area (docs/customerSession.md): the console's borrower logs and sessions, the force
 * logout, and the borrower app's sign-in (/loanapi/app/login_code, login, logout, session), signed with the app key.
 */
export function customerSessionRoutes(app: FastifyInstance, deps: Deps): void {
  listRoute(app, deps, customerLoginList, { url: API.loginList });
  listRoute(app, deps, customerOperateList, { url: API.operateList });
  listRoute(app, deps, customerSessionList, { url: API.sessionList });

  // Every live session of the customers ends now: the next borrower call with their tokens answers 401.
  route(app, { method: 'POST', url: API.forceLogout, permission: FORCE_LOGOUT, body: forceLogoutBody }, async ({ req, body }) => {
    const actor = req.actor!;
    const ids = [...new Set(body.ids)];
    const found = await deps.db.select({ id: customer.id }).from(customer).where(and(inArray(customer.id, ids), scopeOf(actor)));
    // Another merchant's customer answers like a missing one, and nothing is ended.
    if (found.length !== ids.length) throw notFound('@customerSession.word.customer');
    return deps.db.transaction(async (tx) => {
      const ended = await endCustomerSessions(tx, ids, 'forced', deps.now(), actor.accountId);
      for (const id of ids) {
        await writeOpLog(tx, req, {
          action: 'customerSession.forceLogout', targetType: 'customer', targetId: id,
          after: { sessions: ended.filter((s) => s.customerId === id).map((s) => s.id) },
        });
      }
      return { customers: ids.length, sessions: ended.length };
    });
  });

  route(app, { method: 'POST', url: API.endSessions, permission: FORCE_LOGOUT, body: endSessionsBody }, async ({ req, body }) => {
    const actor = req.actor!;
    const ids = [...new Set(body.ids)];
    const found = await deps.db.select({ id: customerSession.id }).from(customerSession)
      .where(and(inArray(customerSession.id, ids), isUnscoped(actor) ? undefined : inArray(customerSession.merchantId, actor.merchantIds)));
    if (found.length !== ids.length) throw notFound('@customerSession.word.session');
    return deps.db.transaction(async (tx) => {
      const ended = await endSessionsById(tx, ids, 'forced', deps.now(), actor.accountId);
      for (const s of ended) {
        await writeOpLog(tx, req, { action: 'customerSession.endSession', targetType: 'customer', targetId: s.customerId, after: { session: s.id } });
      }
      return { sessions: ended.length };
    });
  });

  // ---- the borrower app: signed like every intake route, checked before the body is validated
  void app.register(async (sub) => {
    sub.removeContentTypeParser('application/json');
    sub.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
      const raw = body as Buffer;
      req.rawBody = raw;
      if (raw.length === 0) return done(null, undefined);
      try {
        done(null, JSON.parse(raw.toString('utf8')));
      } catch {
        done(Object.assign(new Error('malformed JSON body'), { statusCode: 400 }), undefined);
      }
    });
    sub.addHook('preValidation', async (req) => {
      req.intake = await authenticate(deps, req);
    });
    const common = { permission: PUBLIC, audit: false } as const;
    const tokenOf = (req: FastifyRequest) => {
      const v = req.headers[CUSTOMER_TOKEN_HEADER];
      return (Array.isArray(v) ? v[0] : v) ?? '';
    };
    /** The live session of the call's token, of the key's merchants. */
    const liveOf = async (req: FastifyRequest) => {
      const token = tokenOf(req);
      if (!token) throw signInAgain('customerSession.error.required');
      const live = await checkCustomerToken(deps.db, deps.now(), token);
      if (!scopeIds(req.intake!).includes(live.session.merchantId)) throw signInAgain('customerSession.error.tokenInvalid');
      return live;
    };

    route(sub, { ...common, method: 'POST', url: API.appLoginCode, body: appLoginCodeBody }, ({ req, body }) => sendLoginCode(deps, req.intake!, body, req.ip));
    route(sub, { ...common, method: 'POST', url: API.appLogin, body: appLoginBody }, ({ req, body }) => signIn(deps, req.intake!, body, req.ip));

    route(sub, { ...common, method: 'POST', url: API.appLogout }, async ({ req }) => {
      const { session: s, customer: c } = await liveOf(req);
      const now = deps.now();
      await deps.db.transaction(async (tx) => {
        await endSessionsById(tx, [s.id], 'logout', now);
        await logCustomerOperation(tx, {
          merchantId: s.merchantId, customerId: c.id, sessionId: s.id, phone: c.phone, kind: 'sign_out', success: true, deviceId: s.deviceId, ip: req.ip, at: now,
        });
      });
      return null;
    });

    // Keep-alive and "who am I": the app calls it when it comes to the foreground.
    route(sub, { ...common, method: 'GET', url: API.appSession }, async ({ req }) => {
      const { session: s } = await liveOf(req);
      return {
        customer_id: s.customerId, session_id: s.id, created_at: s.createdAt.toISOString(), online_since: s.onlineSince.toISOString(),
        online_limit_minutes: await setting(deps.db, 'continuous_online_limit_minutes'),
      };
    });
  });
}
