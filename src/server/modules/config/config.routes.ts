import type { FastifyInstance } from 'fastify';
import { actionKey, pageKey } from '../../../../commands/permissions';
import { CONFIG_API, configEditBody, quickAddBody, quickEditBody, quickForQuery, quickIdBody } from '../../../schemas/config';
import type { Deps } from '../../deps';
import { route, SIGNED_IN } from '../../http';
import { listRoute } from '../../list/routes';
import { configHistoryList, quickList } from './lists';
import { addQuick, editQuick, quickRepliesFor, removeQuick } from './quick';
import { editSetting, settingViews } from './settings';

/**
 * Routes of the config area: /system config (the settings with their values in force, an edit, the history of changes)
 * and /system quick (list, add, edit, delete, and the replies of a purpose in the caller's language for any signed-in
 * account, to insert into a note or an SMS).
 */
export function configRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, { method: 'GET', url: CONFIG_API.list, permission: pageKey('system', 'config') }, () => settingViews(deps.db));
  route(app, { method: 'POST', url: CONFIG_API.edit, permission: actionKey('system', 'config', 'edit'), body: configEditBody },
    ({ req, body }) => editSetting(deps.db, req, body));
  listRoute(app, deps, configHistoryList, { url: CONFIG_API.history });

  const q = (verb: string) => actionKey('system', 'quick', verb);
  listRoute(app, deps, quickList, { url: CONFIG_API.quickList });
  route(app, { method: 'POST', url: CONFIG_API.quickAdd, permission: q('add'), body: quickAddBody }, ({ req, body }) => addQuick(deps.db, req, body));
  route(app, { method: 'POST', url: CONFIG_API.quickEdit, permission: q('edit'), body: quickEditBody }, ({ req, body }) => editQuick(deps.db, req, body));
  route(app, { method: 'POST', url: CONFIG_API.quickDel, permission: q('del'), body: quickIdBody }, ({ req, body }) => removeQuick(deps.db, req, body.id));
  route(app, { method: 'GET', url: CONFIG_API.quickFor, permission: SIGNED_IN, query: quickForQuery },
    ({ req, query }) => quickRepliesFor(deps.db, query.purpose, query.language ?? req.lang.code));
}
