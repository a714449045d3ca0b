import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actionKey, pageKey } from '../../../../commands/permissions';
import {
  attemptsQuery, bindingEditBody, bindingListQuery, CHANNEL_API, channelAddBody, channelAuditRuleBody, channelAuditRuleEditBody, channelEditBody,
  channelOptionsQuery, channelProviderBody, channelProviderEditBody, channelRotateBody, retryBody, virtualChannelBody, virtualChannelEditBody,
} from '../../../schemas/channel';
import { idBody } from '../../../schemas/common';
import type { Deps } from '../../deps';
import { route } from '../../http';
import { listRoute } from '../../list/routes';
import { onRegistration, type RegistrationHook } from '../intake/hooks';
import { addRule, deleteRule, editRule, ruleList } from './auditRule';
import { editBinding, listBindings } from './binding';
import { addChannel, channelList, channelOptions, editChannel, rotateChannelSecret, setChannelEnabled } from './channels';
import { emitConversion } from './conversions';
import { addProvider, attemptsOf, deleteProvider, deliveryList, editProvider, providerList, retryDelivery, rotateProvider } from './providers';
import type { ChannelCtx } from './scope';
import { addVirtual, deleteVirtual, editVirtual, virtualList } from './virtual';

/** A registration through a channel is a conversion for the channel's tracking providers. */
const registrationConversion: RegistrationHook = async (tx, r) => {
  await emitConversion(tx, { merchantId: r.merchantId, channelId: r.channelId, kind: 'registration', customerId: r.customerId, at: r.at });
};

/** Routes of the channel area (docs/channel.md): /merchant channel, virtualChannel, channelAuditRule, channelProvider, admin_binding_channel. */
export function channelRoutes(app: FastifyInstance, deps: Deps): void {
  onRegistration(registrationConversion);
  const ctx = (req: FastifyRequest): ChannelCtx => ({ deps, req, actor: req.actor! });
  const ch = (verb: string) => actionKey('merchant', 'channel', verb);
  const vc = (verb: string) => actionKey('merchant', 'virtualChannel', verb);
  const rule = (verb: string) => actionKey('merchant', 'channelAuditRule', verb);
  const prov = (verb: string) => actionKey('merchant', 'channelProvider', verb);

  // ---- /merchant/channel
  listRoute(app, deps, channelList, { url: CHANNEL_API.list });
  route(app, { method: 'GET', url: CHANNEL_API.options, permission: [pageKey('merchant', 'channel'), pageKey('merchant', 'virtualChannel'), pageKey('merchant', 'channelAuditRule'), pageKey('merchant', 'channelProvider')], query: channelOptionsQuery },
    ({ req, query }) => channelOptions(deps.db, req.actor!, query.merchant_id));
  route(app, { method: 'POST', url: CHANNEL_API.add, permission: ch('add'), body: channelAddBody }, ({ req, body }) => addChannel(ctx(req), body));
  route(app, { method: 'POST', url: CHANNEL_API.edit, permission: ch('edit'), body: channelEditBody }, ({ req, body }) => editChannel(ctx(req), body));
  route(app, { method: 'POST', url: CHANNEL_API.enable, permission: ch('enable'), body: idBody }, ({ req, body }) => setChannelEnabled(ctx(req), body.id, true));
  route(app, { method: 'POST', url: CHANNEL_API.disable, permission: ch('disable'), body: idBody }, ({ req, body }) => setChannelEnabled(ctx(req), body.id, false));
  route(app, { method: 'POST', url: CHANNEL_API.rotate, permission: ch('rotate'), body: channelRotateBody }, ({ req, body }) => rotateChannelSecret(ctx(req), body));
  route(app, { method: 'GET', url: CHANNEL_API.bindingList, permission: pageKey('merchant', 'channel'), query: bindingListQuery }, ({ req, query }) => listBindings(deps.db, req.actor!, query));
  route(app, { method: 'POST', url: CHANNEL_API.bindingEdit, permission: ch('bind'), body: bindingEditBody }, ({ req, body }) => editBinding(ctx(req), body));

  // ---- /merchant/virtualChannel
  listRoute(app, deps, virtualList, { url: CHANNEL_API.virtualList });
  route(app, { method: 'POST', url: CHANNEL_API.virtualAdd, permission: vc('add'), body: virtualChannelBody }, ({ req, body }) => addVirtual(ctx(req), body));
  route(app, { method: 'POST', url: CHANNEL_API.virtualEdit, permission: vc('edit'), body: virtualChannelEditBody }, ({ req, body }) => editVirtual(ctx(req), body));
  route(app, { method: 'POST', url: CHANNEL_API.virtualDel, permission: vc('del'), body: idBody }, ({ req, body }) => deleteVirtual(ctx(req), body.id));

  // ---- /merchant/channelAuditRule
  listRoute(app, deps, ruleList, { url: CHANNEL_API.ruleList });
  route(app, { method: 'POST', url: CHANNEL_API.ruleAdd, permission: rule('add'), body: channelAuditRuleBody }, ({ req, body }) => addRule(ctx(req), body));
  route(app, { method: 'POST', url: CHANNEL_API.ruleEdit, permission: rule('edit'), body: channelAuditRuleEditBody }, ({ req, body }) => editRule(ctx(req), body));
  route(app, { method: 'POST', url: CHANNEL_API.ruleDel, permission: rule('del'), body: idBody }, ({ req, body }) => deleteRule(ctx(req), body.id));

  // ---- /merchant/channelProvider
  listRoute(app, deps, providerList, { url: CHANNEL_API.providerList });
  listRoute(app, deps, deliveryList, { url: CHANNEL_API.deliveries });
  route(app, { method: 'GET', url: CHANNEL_API.attempts, permission: pageKey('merchant', 'channelProvider'), query: attemptsQuery }, ({ req, query }) => attemptsOf(deps.db, ctx(req), query.conversion_id));
  route(app, { method: 'POST', url: CHANNEL_API.providerAdd, permission: prov('add'), body: channelProviderBody }, ({ req, body }) => addProvider(ctx(req), body));
  route(app, { method: 'POST', url: CHANNEL_API.providerEdit, permission: prov('edit'), body: channelProviderEditBody }, ({ req, body }) => editProvider(ctx(req), body));
  route(app, { method: 'POST', url: CHANNEL_API.providerRotate, permission: prov('rotate'), body: idBody }, ({ req, body }) => rotateProvider(ctx(req), body.id));
  route(app, { method: 'POST', url: CHANNEL_API.providerDel, permission: prov('del'), body: idBody }, ({ req, body }) => deleteProvider(ctx(req), body.id));
  route(app, { method: 'POST', url: CHANNEL_API.retry, permission: prov('retry'), body: retryBody }, ({ req, body }) => retryDelivery(ctx(req), body.id));
}
