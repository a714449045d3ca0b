import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actionKey } from '../../../../commands/permissions';
import { CO_DEBT_API, coDebtRuleAddBody, coDebtRuleEditBody, coDebtRuleIdBody } from '../../../schemas/coDebt';
import type { Deps } from '../../deps';
import { route } from '../../http';
import { listRoute } from '../../list/routes';
import { addCoDebtRule, coDebtRuleList, deleteCoDebtRule, editCoDebtRule, type CoDebtCtx } from './rules';

/** Routes of /merchant/coDebtRule (docs/coDebt.md): list, add, edit, delete. */
export function coDebtRoutes(app: FastifyInstance, deps: Deps): void {
  const ctx = (req: FastifyRequest): CoDebtCtx => ({ deps, req, actor: req.actor! });
  const node = (verb: string) => actionKey('merchant', 'coDebtRule', verb);
  listRoute(app, deps, coDebtRuleList, { url: CO_DEBT_API.list });
  route(app, { method: 'POST', url: CO_DEBT_API.add, permission: node('add'), body: coDebtRuleAddBody }, ({ req, body }) => addCoDebtRule(ctx(req), body));
  route(app, { method: 'POST', url: CO_DEBT_API.edit, permission: node('edit'), body: coDebtRuleEditBody }, ({ req, body }) => editCoDebtRule(ctx(req), body));
  route(app, { method: 'POST', url: CO_DEBT_API.del, permission: node('del'), body: coDebtRuleIdBody }, ({ req, body }) => deleteCoDebtRule(ctx(req), body.id));
}
