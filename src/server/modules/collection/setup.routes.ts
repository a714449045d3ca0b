import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actionKey, pageKey } from '../../../../commands/permissions';
import { COLLECTION_API, collectorGroupBody, collectorMemberBody, EXTERNAL_CALL_API, stageBody, stageEditBody } from '../../../schemas/collection';
import { idBody } from '../../../schemas/common';
import {
  COLLECTION_SETUP_API, groupAccountsQuery, groupDelBody, memberDelBody, outboundBody, outboundEditBody, softphoneQuery,
} from '../../../schemas/collectionSetup';
import type { Deps } from '../../deps';
import { route, SIGNED_IN } from '../../http';
import { listRoute } from '../../list/routes';
import { addOutbound, deleteOutbound, editOutbound, outboundList, outboundTypes, softphoneOf } from './outbound';
import {
  addGroup, addStage, deleteGroup, deleteMember, deleteStage, editStage, groupAccounts, groupList, saveMember, stageList, type SetupCtx,
} from './stages';

/**
 * API routes of collection set-up: /merchant/stage (stages, collector groups and members) and /empower/outbound
 * (external-call softphone settings, spec §7 external-call add, edit, del, get_external_call_type, list), plus the
 * softphone a call uses (any signed-in account: the call dialog and the /sip page build the link with it).
 */
export function collectionSetupRoutes(app: FastifyInstance, deps: Deps): void {
  const ctx = (req: FastifyRequest): SetupCtx => ({ deps, req, actor: req.actor! });
  const stage = (verb: string) => actionKey('merchant', 'stage', verb);
  const outbound = (verb: string) => actionKey('SysEmpower', 'outbound', verb);

  // ---- /merchant/stage
  listRoute(app, deps, stageList, { url: COLLECTION_API.stages });
  listRoute(app, deps, groupList, { url: COLLECTION_API.groups });
  route(app, { method: 'GET', url: COLLECTION_SETUP_API.accounts, permission: pageKey('merchant', 'stage'), query: groupAccountsQuery },
    ({ req, query }) => groupAccounts(deps.db, req.actor!, query.merchant_id));

  route(app, { method: 'POST', url: COLLECTION_API.stageAdd, permission: stage('add'), body: stageBody }, ({ req, body }) => addStage(ctx(req), body));
  route(app, { method: 'POST', url: COLLECTION_API.stageEdit, permission: stage('edit'), body: stageEditBody }, ({ req, body }) => editStage(ctx(req), body));
  route(app, { method: 'POST', url: COLLECTION_API.stageDel, permission: stage('del'), body: idBody }, ({ req, body }) => deleteStage(ctx(req), body.id));

  route(app, { method: 'POST', url: COLLECTION_API.groupAdd, permission: stage('groups'), body: collectorGroupBody }, ({ req, body }) => addGroup(ctx(req), body));
  route(app, { method: 'POST', url: COLLECTION_API.groupDel, permission: stage('groups'), body: groupDelBody }, ({ req, body }) => deleteGroup(ctx(req), body.group_id));
  route(app, { method: 'POST', url: COLLECTION_API.memberSave, permission: stage('groups'), body: collectorMemberBody }, ({ req, body }) => saveMember(ctx(req), body));
  route(app, { method: 'POST', url: COLLECTION_API.memberDel, permission: stage('groups'), body: memberDelBody }, ({ req, body }) => deleteMember(ctx(req), body));

  // ---- /empower/outbound
  listRoute(app, deps, outboundList, { url: EXTERNAL_CALL_API.list });
  route(app, { method: 'POST', url: EXTERNAL_CALL_API.types, permission: pageKey('SysEmpower', 'outbound'), audit: false }, ({ req }) => outboundTypes(req.lang));
  route(app, { method: 'POST', url: EXTERNAL_CALL_API.add, permission: outbound('add'), body: outboundBody }, ({ req, body }) => addOutbound(ctx(req), body));
  route(app, { method: 'POST', url: EXTERNAL_CALL_API.edit, permission: outbound('edit'), body: outboundEditBody }, ({ req, body }) => editOutbound(ctx(req), body));
  route(app, { method: 'POST', url: EXTERNAL_CALL_API.del, permission: outbound('del'), body: idBody }, ({ req, body }) => deleteOutbound(ctx(req), body.id));

  route(app, { method: 'GET', url: COLLECTION_SETUP_API.softphone, permission: SIGNED_IN, query: softphoneQuery }, ({ req, query }) => softphoneOf(deps.db, req.actor!, query));
}
