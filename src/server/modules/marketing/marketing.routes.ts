import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actionKey, pageKey } from '../../../../commands/permissions';
import { CODE } from '../../../schemas/common';
import {
  agentsQuery, dispatchBody, entryDelBody, groupBody, groupEditBody, historyQuery, IMPORT_LIMITS, importFileFields, importStatusQuery, importTextBody,
  landingBody, landingEditBody, linkBody, linkEditBody, MARKETING_API, MARKETING_RESULTS, noteBody, progressQuery, redirectParams, resultBody, sendLinkBody,
} from '../../../schemas/marketing';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { PUBLIC, route } from '../../http';
import { listRoute } from '../../list/routes';
import { onRegistration } from '../intake/hooks';
import { addGroup, agents, deleteEntries, dispatch, editGroup, entryList, groupList, progress } from './groups';
import { malformed, parseImportFile, parseText } from './importFile';
import { importStatus, startImport } from './importJob';
import { addLanding, addLink, editLanding, editLink, followLink, landingList, linkList } from './links';
import { creditRegistration, registrationList } from './registration';
import { scopedGroup, type MarketingCtx } from './scope';
import { marketingOptions } from './options';
import { addNote, history, myList, recordResult, sendLink } from './work';

/**
 * API routes of the marketing area (docs/marketing.md): whitelist groups and dispatch (MarketingService), the numbers
 * and their imports (marketingList), the agent's own numbers (myMarketingList), registrations credited to agents
 * (RegistrationSuccessList), landing pages (H5UrlList), promotion links (promotionLinkList) and the public short link.
 */
export function marketingRoutes(app: FastifyInstance, deps: Deps): void {
  const ctx = (req: FastifyRequest): MarketingCtx => ({ deps, req, actor: req.actor! });
  const act = (page: string, verb: string) => actionKey('Marketing', page, verb);
  const page = (p: string) => pageKey('Marketing', p);

  // Matching at intake: a whitelisted number that registers is credited inside the registration's transaction.
  onRegistration(creditRegistration);

  // ---- MarketingService
  listRoute(app, deps, groupList, { url: MARKETING_API.groups });
  route(app, { method: 'POST', url: MARKETING_API.groupAdd, permission: act('MarketingService', 'edit'), body: groupBody }, ({ req, body }) => addGroup(ctx(req), body));
  route(app, { method: 'POST', url: MARKETING_API.groupEdit, permission: act('MarketingService', 'edit'), body: groupEditBody }, ({ req, body }) => editGroup(ctx(req), body));
  route(app, { method: 'GET', url: MARKETING_API.progress, permission: page('MarketingService'), query: progressQuery }, ({ req, query }) => progress(deps.db, req.actor!, query.group_id));
  route(app, { method: 'GET', url: MARKETING_API.agents, permission: act('MarketingService', 'dispatch'), query: agentsQuery }, ({ req, query }) => agents(deps.db, req.actor!, query.merchant_id));
  route(app, { method: 'POST', url: MARKETING_API.dispatch, permission: act('MarketingService', 'dispatch'), body: dispatchBody }, ({ req, body }) => dispatch(ctx(req), body));

  route(app, { method: 'GET', url: MARKETING_API.options, permission: [page('MarketingService'), page('marketingList'), page('H5UrlList'), page('promotionLinkList')] },
    ({ req }) => marketingOptions(deps.db, req.actor!));

  // ---- marketingList
  listRoute(app, deps, entryList, { url: MARKETING_API.entries });
  route(app, { method: 'POST', url: MARKETING_API.importText, permission: act('marketingList', 'import'), body: importTextBody }, async ({ req, body }) => {
    const g = await scopedGroup(deps.db, req.actor!, body.group_id);
    return startImport(ctx(req), g, 'text', '', parseText(body.text));
  });
  route(app, { method: 'POST', url: MARKETING_API.importFile, permission: act('marketingList', 'import'), query: importFileFields }, async ({ req, query }) => {
    const g = await scopedGroup(deps.db, req.actor!, query.group_id);
    if (!req.isMultipart()) throw new AppError(CODE.VALIDATION, 'error.uploadNoFile');
    const part = await req.file({ limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1 } });
    if (!part) throw new AppError(CODE.VALIDATION, 'error.uploadNoFile');
    const buf = await part.toBuffer().catch(() => null);
    if (!buf || part.file.truncated) throw malformed('marketing.fileTooLarge', { size: IMPORT_LIMITS.maxBytes / 1024 / 1024 });
    const parsed = await parseImportFile(part.filename ?? '', buf);
    return startImport(ctx(req), g, parsed.source, part.filename ?? '', parsed.rows);
  });
  route(app, { method: 'GET', url: MARKETING_API.importStatus, permission: act('marketingList', 'import'), query: importStatusQuery }, ({ req, query }) => importStatus(deps, req.actor!, query.id));
  route(app, { method: 'POST', url: MARKETING_API.entryDel, permission: act('marketingList', 'del'), body: entryDelBody }, ({ req, body }) => deleteEntries(ctx(req), body.ids));

  // ---- myMarketingList
  listRoute(app, deps, myList, { url: MARKETING_API.myList });
  for (const result of MARKETING_RESULTS) {
    route(app, { method: 'POST', url: MARKETING_API.myResult(result), permission: act('myMarketingList', 'result'), body: resultBody }, ({ req, body }) => recordResult(ctx(req), result, body));
  }
  route(app, { method: 'POST', url: MARKETING_API.myNote, permission: act('myMarketingList', 'note'), body: noteBody }, ({ req, body }) => addNote(ctx(req), body));
  route(app, { method: 'POST', url: MARKETING_API.mySms, permission: act('myMarketingList', 'sendSms'), body: sendLinkBody }, ({ req, body }) => sendLink(ctx(req), body));
  route(app, { method: 'GET', url: MARKETING_API.myHistory, permission: page('myMarketingList'), query: historyQuery }, ({ req, query }) => history(deps.db, req.actor!, query.id));

  // ---- RegistrationSuccessList
  listRoute(app, deps, registrationList, { url: MARKETING_API.registrations });

  // ---- H5UrlList and promotionLinkList
  listRoute(app, deps, landingList, { url: MARKETING_API.landings });
  route(app, { method: 'POST', url: MARKETING_API.landingAdd, permission: act('H5UrlList', 'add'), body: landingBody }, ({ req, body }) => addLanding(ctx(req), body));
  route(app, { method: 'POST', url: MARKETING_API.landingEdit, permission: act('H5UrlList', 'edit'), body: landingEditBody }, ({ req, body }) => editLanding(ctx(req), body));
  listRoute(app, deps, linkList, { url: MARKETING_API.links });
  route(app, { method: 'POST', url: MARKETING_API.linkAdd, permission: act('promotionLinkList', 'add'), body: linkBody }, ({ req, body }) => addLink(ctx(req), body));
  route(app, { method: 'POST', url: MARKETING_API.linkEdit, permission: act('promotionLinkList', 'edit'), body: linkEditBody }, ({ req, body }) => editLink(ctx(req), body));

  // The link a customer opens: no session (a phone's browser), counted and rate-limited in followLink.
  route(app, { method: 'GET', url: MARKETING_API.redirect, permission: PUBLIC, params: redirectParams, audit: false }, ({ req, reply, params }) => followLink(deps, req, reply, params.code));
}
