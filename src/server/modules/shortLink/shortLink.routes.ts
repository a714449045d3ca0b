import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actionKey, pageKey } from '../../../../commands/permissions';
import {
  domainAddBody, domainEditBody, linkAddBody, linkDailyQuery, providerAddBody, providerEditBody, providerTestBody, SHORT_LINK_API,
  useAddBody, useEditBody, useIdBody, type ShortLinkOptions,
} from '../../../schemas/shortLink';
import { asc } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { PUBLIC, route } from '../../http';
import { listRoute } from '../../list/routes';
import {
  addDomain, addLink, addProvider, addUse, deleteDomain, deleteUse, editDomain, editProvider, editUse, linkDaily, testProvider, type SlCtx,
} from './admin';
import { domainList, linkList, providerList, useList } from './lists';
import { followShortLink } from './redirect';
import { shortLinkDomain, shortLinkProvider } from './shortLink.table';

/** Routes of the shortLink group (docs/shortLink.md) and the public built-in service /s/<code>. */
const codeParams = z.object({ code: z.string().max(64) });

export function shortLinkRoutes(app: FastifyInstance, deps: Deps): void {
  const ctx = (req: FastifyRequest): SlCtx => ({ deps, req, actor: req.actor! });
  const act = (page: string, verb: string) => actionKey('system', page, verb);

  listRoute(app, deps, domainList, { url: SHORT_LINK_API.domainList });
  route(app, { method: 'POST', url: SHORT_LINK_API.domainAdd, permission: act('DomainList', 'add'), body: domainAddBody }, ({ req, body }) => addDomain(ctx(req), body));
  route(app, { method: 'POST', url: SHORT_LINK_API.domainEdit, permission: act('DomainList', 'edit'), body: domainEditBody }, ({ req, body }) => editDomain(ctx(req), body));
  route(app, { method: 'POST', url: SHORT_LINK_API.domainDel, permission: act('DomainList', 'del'), body: useIdBody }, ({ req, body }) => deleteDomain(ctx(req), body.id));

  listRoute(app, deps, providerList, { url: SHORT_LINK_API.providerList });
  route(app, { method: 'POST', url: SHORT_LINK_API.providerAdd, permission: act('ServiceProvider', 'add'), body: providerAddBody }, ({ req, body }) => addProvider(ctx(req), body));
  route(app, { method: 'POST', url: SHORT_LINK_API.providerEdit, permission: act('ServiceProvider', 'edit'), body: providerEditBody }, ({ req, body }) => editProvider(ctx(req), body));
  route(app, { method: 'POST', url: SHORT_LINK_API.providerTest, permission: act('ServiceProvider', 'test'), body: providerTestBody, audit: false },
    ({ req, body }) => testProvider(ctx(req), body.id));

  listRoute(app, deps, useList, { url: SHORT_LINK_API.useList });
  route(app, { method: 'POST', url: SHORT_LINK_API.useAdd, permission: act('LinkUseChannel', 'add'), body: useAddBody }, ({ req, body }) => addUse(ctx(req), body));
  route(app, { method: 'POST', url: SHORT_LINK_API.useEdit, permission: act('LinkUseChannel', 'edit'), body: useEditBody }, ({ req, body }) => editUse(ctx(req), body));
  route(app, { method: 'POST', url: SHORT_LINK_API.useDel, permission: act('LinkUseChannel', 'del'), body: useIdBody }, ({ req, body }) => deleteUse(ctx(req), body.id));

  listRoute(app, deps, linkList, { url: SHORT_LINK_API.linkList });
  route(app, { method: 'POST', url: SHORT_LINK_API.linkAdd, permission: act('DomainLinkLog', 'add'), body: linkAddBody }, ({ req, body }) => addLink(ctx(req), body));
  route(app, { method: 'GET', url: SHORT_LINK_API.linkDaily, permission: pageKey('system', 'DomainLinkLog'), query: linkDailyQuery },
    ({ req, query }) => linkDaily(deps, req.actor!, query.id));

  // Domains and providers to choose from in the LinkUseChannel forms (no secrets).
  route(app, {
    method: 'GET', url: SHORT_LINK_API.options,
    permission: [pageKey('system', 'LinkUseChannel'), pageKey('system', 'DomainLinkLog'), pageKey('system', 'DomainList'), pageKey('system', 'ServiceProvider')],
  }, async (): Promise<ShortLinkOptions> => {
    const domains = await deps.db.select({ id: shortLinkDomain.id, host: shortLinkDomain.host, state: shortLinkDomain.state }).from(shortLinkDomain).orderBy(asc(shortLinkDomain.host)).limit(500);
    const providers = await deps.db.select({ id: shortLinkProvider.id, name: shortLinkProvider.name, kind: shortLinkProvider.kind, enabled: shortLinkProvider.enabled })
      .from(shortLinkProvider).orderBy(asc(shortLinkProvider.name)).limit(500);
    return { domains, providers };
  });

  // The built-in service: no session (a phone's browser).
  route(app, { method: 'GET', url: SHORT_LINK_API.redirect, permission: PUBLIC, params: codeParams, audit: false },
    ({ req, reply, params }) => followShortLink(deps, req, reply, params.code));
}
