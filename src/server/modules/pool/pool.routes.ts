import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actionKey } from '../../../../commands/permissions';
import {
  agentsQuery, callBody, claimBody, dispatchBody, eventsQuery, giveBackBody, noteBody, offerBody, OUTCOMES, PAGE_VERBS, POOL_API, pushBody,
  refreshBody, resultBody, rulesBody, rulesQuery, sourceBody, sourceEditBody, sourceRotateBody, takeBackBody, workApi, type Outcome, type WorkPage,
} from '../../../schemas/pool';
import type { Deps } from '../../deps';
import { PUBLIC, route } from '../../http';
import { listRoute } from '../../list/routes';
import { onRegistration } from '../intake/hooks';
import {
  addNote, agentsOf, claim, dispatch, eventsOf, giveBack, makeOffer, recordCall, recordResult, takeBack, type PoolCtx,
} from './claims';
import { poolRegistrationHook } from './conversions';
import {
  dormantCustomerList, highSeasList, highSeasRegistrationSuccessList, highSeasService, leadList, myhighSeasList, overdueCustomerList, PAGES,
  sourceList,
} from './lists';
import { refreshPool } from './refresh';
import { readRules, saveRules, scopedMerchant } from './rules';
import { addSource, authenticateSource, editSource, importFile, pushLeads, rotateSource } from './sources';

/** Permission group and page of each working page. */
const WORK_PAGES: Record<WorkPage, [string, string]> = {
  dormant: ['dormantCustomer', 'dormantCustomerList'], overdue: ['dormantCustomer', 'overdueCustomerList'],
  pool: ['highSeas', 'highSeasList'], mine: ['highSeas', 'myhighSeasList'],
};

/**
 * Routes of the pool area (docs/pool.md): /dormantCustomer, /highSeas and /exogenousSources, plus the partners'
 * signed lead API. The work on a claimed customer is the same on the dormant lists and on "my claimed customers"; the
 * server checks the holder, the page only decides which node grants the route.
 */
export function poolRoutes(app: FastifyInstance, deps: Deps): void {
  onRegistration(poolRegistrationHook);
  const ctx = (req: FastifyRequest): PoolCtx => ({ deps, req, actor: req.actor! });
  const service = (verb: string) => actionKey('highSeas', 'highSeasService', verb);
  const sources = (verb: string) => actionKey('exogenousSources', 'exogenousSources', verb);
  const anyEntryPage = [PAGES.dormant, PAGES.overdue, PAGES.pool, PAGES.mine, PAGES.service];

  // ---- lists
  listRoute(app, deps, dormantCustomerList, { url: POOL_API.dormantList });
  listRoute(app, deps, overdueCustomerList, { url: POOL_API.overdueList });
  listRoute(app, deps, highSeasList, { url: POOL_API.poolList });
  listRoute(app, deps, myhighSeasList, { url: POOL_API.myList });
  listRoute(app, deps, highSeasService, { url: POOL_API.serviceList });
  listRoute(app, deps, highSeasRegistrationSuccessList, { url: POOL_API.conversions });
  listRoute(app, deps, leadList, { url: POOL_API.leads });
  listRoute(app, deps, sourceList, { url: POOL_API.sources });
  route(app, { method: 'GET', url: POOL_API.events, permission: anyEntryPage, query: eventsQuery }, ({ req, query }) => eventsOf(deps.db, req.actor!, query.id));

  // ---- claims and the work on them: one set of routes per working page, each enforcing exactly that page's node
  for (const page of Object.keys(PAGE_VERBS) as WorkPage[]) {
    const [group, pageName] = WORK_PAGES[page];
    for (const verb of PAGE_VERBS[page]) {
      const node = actionKey(group, pageName, (OUTCOMES as readonly string[]).includes(verb) ? 'result' : verb);
      const url = workApi(page, verb);
      if (verb === 'claim') route(app, { method: 'POST', url, permission: node, body: claimBody }, ({ req, body }) => claim(ctx(req), body, page));
      else if (verb === 'giveBack') route(app, { method: 'POST', url, permission: node, body: giveBackBody }, ({ req, body }) => giveBack(ctx(req), body));
      else if (verb === 'note') route(app, { method: 'POST', url, permission: node, body: noteBody }, ({ req, body }) => addNote(ctx(req), body));
      else if (verb === 'offer') route(app, { method: 'POST', url, permission: node, body: offerBody }, ({ req, body }) => makeOffer(ctx(req), body));
      else if (verb === 'call') route(app, { method: 'POST', url, permission: node, body: callBody }, ({ req, body }) => recordCall(ctx(req), body));
      else route(app, { method: 'POST', url, permission: node, body: resultBody }, ({ req, body }) => recordResult(ctx(req), verb as Outcome, body));
    }
  }

  // ---- the supervisor
  route(app, { method: 'GET', url: POOL_API.rules, permission: PAGES.service, query: rulesQuery }, ({ req, query }) => readRules(deps.db, req.actor!, query.merchant_id));
  route(app, { method: 'POST', url: POOL_API.rulesSave, permission: service('edit'), body: rulesBody }, ({ req, body }) => saveRules(deps.db, req, req.actor!, body));
  route(app, { method: 'POST', url: POOL_API.refresh, permission: service('edit'), body: refreshBody }, async ({ req, body }) => {
    if (body.merchant_id !== undefined) await scopedMerchant(deps.db, req.actor!, body.merchant_id);
    const ids = body.merchant_id !== undefined ? [body.merchant_id] : req.actor!.nodes.has('admin_y') ? undefined : req.actor!.merchantIds;
    const now = deps.clock.now();
    const total = { dormant: 0, registrations: 0, closed: 0 };
    for (const id of ids ?? [undefined]) {
      const r = await refreshPool(deps.db, now, id);
      total.dormant += r.dormant; total.registrations += r.registrations; total.closed += r.closed;
    }
    return total;
  });
  route(app, { method: 'GET', url: POOL_API.agents, permission: PAGES.service, query: agentsQuery }, ({ req, query }) => agentsOf(deps.db, req.actor!, query.merchant_id));
  route(app, { method: 'POST', url: POOL_API.dispatch, permission: service('dispatch'), body: dispatchBody }, ({ req, body }) => dispatch(ctx(req), body));
  route(app, { method: 'POST', url: POOL_API.takeBack, permission: service('release'), body: takeBackBody }, ({ req, body }) => takeBack(ctx(req), body));

  // ---- external sources
  route(app, { method: 'POST', url: POOL_API.sourceAdd, permission: sources('add'), body: sourceBody }, ({ req, body }) => addSource(ctx(req), body));
  route(app, { method: 'POST', url: POOL_API.sourceEdit, permission: sources('edit'), body: sourceEditBody }, ({ req, body }) => editSource(ctx(req), body));
  route(app, { method: 'POST', url: POOL_API.sourceRotate, permission: sources('rotate'), body: sourceRotateBody }, ({ req, body }) => rotateSource(ctx(req), body.id));
  route(app, { method: 'POST', url: POOL_API.import, permission: sources('import') }, ({ req }) => importFile(ctx(req)));

  // The partners' API: signed per source, so the JSON body is kept as the bytes the signature covers, and the
  // signature is checked before the body is validated (an unsigned caller learns nothing about the schema).
  void app.register(async (sub) => {
    sub.removeContentTypeParser('application/json');
    sub.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
      const raw = body as Buffer;
      (req as FastifyRequest & { rawBody?: Buffer }).rawBody = raw;
      if (raw.length === 0) return done(null, undefined);
      try {
        done(null, JSON.parse(raw.toString('utf8')));
      } catch {
        done(Object.assign(new Error('malformed JSON body'), { statusCode: 400 }), undefined);
      }
    });
    const authed = new WeakMap<FastifyRequest, Awaited<ReturnType<typeof authenticateSource>>>();
    sub.addHook('preValidation', async (req) => {
      authed.set(req, await authenticateSource(deps, req));
    });
    route(sub, { method: 'POST', url: POOL_API.push, permission: PUBLIC, audit: false, body: pushBody }, ({ req, body }) => pushLeads(deps, authed.get(req)!, body.leads));
  });
}

export { onPoolApplication } from './conversions';
export { POOL_JOBS, poolExpiryJob, poolRefreshJob } from './refresh';
export { seedPoolDemo } from './demo';
