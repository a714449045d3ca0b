import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actionKey } from '../../../../commands/permissions';
import { MERCHANT_MONEY_API, paymentSettingsBody, setAlertBody, taskConfirmBody, taskRejectBody, taskRequestBody } from '../../../schemas/merchantMoney';
import type { Deps } from '../../deps';
import { route } from '../../http';
import { listRoute } from '../../list/routes';
import { requireIdempotencyKey } from '../idempotency/idempotency';
import { balanceList, changeList, decreaseList, increaseList, taskList } from './lists';
import { confirmTask, editSettings, rejectTask, requestTask, setAlert, type MoneyCtx } from './tasks';

/**
 * Routes of the merchant-money area (docs/merchantMoney.md): the five lists of the /merchant MerchantBalance group,
 * the low-balance alert and the payment settings of a merchant (BalanceInfo actions), and the balance-change tasks
 * (request, confirm: money writes with an Idempotency-Key; reject). Every route is scoped to the account's merchants.
 */
export function merchantMoneyRoutes(app: FastifyInstance, deps: Deps): void {
  const ctx = (req: FastifyRequest): MoneyCtx => ({ deps, req, actor: req.actor! });
  const bal = (verb: string) => actionKey('merchant', 'BalanceInfo', verb);
  const task = (verb: string) => actionKey('merchant', 'BalanceChangeTaskRecord', verb);

  listRoute(app, deps, balanceList, { url: MERCHANT_MONEY_API.balances });
  listRoute(app, deps, changeList, { url: MERCHANT_MONEY_API.changes });
  listRoute(app, deps, increaseList, { url: MERCHANT_MONEY_API.increases });
  listRoute(app, deps, decreaseList, { url: MERCHANT_MONEY_API.decreases });
  listRoute(app, deps, taskList, { url: MERCHANT_MONEY_API.tasks });

  route(app, { method: 'POST', url: MERCHANT_MONEY_API.setAlert, permission: bal('setAlert'), body: setAlertBody }, ({ req, body }) => setAlert(ctx(req), body));
  route(app, { method: 'POST', url: MERCHANT_MONEY_API.editSettings, permission: bal('editSettings'), body: paymentSettingsBody }, ({ req, body }) => editSettings(ctx(req), body));

  route(app, { method: 'POST', url: MERCHANT_MONEY_API.request, permission: task('request'), body: taskRequestBody }, ({ req, body }) =>
    requestTask(ctx(req), body, requireIdempotencyKey(req)));
  route(app, { method: 'POST', url: MERCHANT_MONEY_API.confirm, permission: task('confirm'), body: taskConfirmBody }, ({ req, body }) =>
    confirmTask(ctx(req), { id: body.id, remark: body.decide_remark }, requireIdempotencyKey(req)));
  route(app, { method: 'POST', url: MERCHANT_MONEY_API.reject, permission: task('reject'), body: taskRejectBody }, ({ req, body }) =>
    rejectTask(ctx(req), { id: body.id, remark: body.decide_remark }));
}
