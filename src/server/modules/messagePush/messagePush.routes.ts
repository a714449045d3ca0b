import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actionKey, pageKey } from '../../../../commands/permissions';
import {
  PUSH_API, pushAddBody, pushAudienceQuery, pushConfigAddBody, pushConfigEditBody, pushIdBody, type PushOptions,
} from '../../../schemas/messagePush';
import type { Deps } from '../../deps';
import { route } from '../../http';
import { listRoute } from '../../list/routes';
import { isUnscoped } from '../empower/scope';
import { marketingGroup } from '../marketing/marketing.table';
import { pushConfigList, pushList } from './lists';
import { pushConfig } from './messagePush.table';
import { addConfig, addMessage, audienceSize, cancelMessage, editConfig, type PushCtx } from './push';

/** Routes of /system messagePush (docs/messagePush.md). */
export function messagePushRoutes(app: FastifyInstance, deps: Deps): void {
  const ctx = (req: FastifyRequest): PushCtx => ({ deps, req, actor: req.actor! });
  const act = (verb: string) => actionKey('system', 'messagePush', verb);
  const PAGE = pageKey('system', 'messagePush');

  listRoute(app, deps, pushList, { url: PUSH_API.list });
  listRoute(app, deps, pushConfigList, { url: PUSH_API.configList });
  route(app, { method: 'POST', url: PUSH_API.add, permission: act('add'), body: pushAddBody }, ({ req, body }) => addMessage(ctx(req), body));
  route(app, { method: 'POST', url: PUSH_API.cancel, permission: act('cancel'), body: pushIdBody }, ({ req, body }) => cancelMessage(ctx(req), body.id));
  route(app, { method: 'GET', url: PUSH_API.audience, permission: act('add'), query: pushAudienceQuery }, ({ req, query }) => audienceSize(ctx(req), query));
  route(app, { method: 'POST', url: PUSH_API.configAdd, permission: act('configAdd'), body: pushConfigAddBody }, ({ req, body }) => addConfig(ctx(req), body));
  route(app, { method: 'POST', url: PUSH_API.configEdit, permission: act('configEdit'), body: pushConfigEditBody }, ({ req, body }) => editConfig(ctx(req), body));

  // Configurations and whitelist groups of the reader's merchants, for the send form.
  route(app, { method: 'GET', url: PUSH_API.options, permission: PAGE }, async ({ req }): Promise<PushOptions> => {
    const actor = req.actor!;
    if (!isUnscoped(actor) && !actor.merchantIds.length) return { configs: [], groups: [] };
    const all = isUnscoped(actor);
    const configs = await deps.db.select({ id: pushConfig.id, merchant_id: pushConfig.merchantId, name: pushConfig.name, enabled: pushConfig.enabled })
      .from(pushConfig).where(all ? undefined : inArray(pushConfig.merchantId, actor.merchantIds)).orderBy(asc(pushConfig.id)).limit(500);
    const groups = await deps.db.select({ id: marketingGroup.id, merchant_id: marketingGroup.merchantId, name: marketingGroup.name })
      .from(marketingGroup).where(and(all ? undefined : inArray(marketingGroup.merchantId, actor.merchantIds), eq(marketingGroup.enabled, true))).orderBy(asc(marketingGroup.id)).limit(500);
    return { configs, groups };
  });
}
