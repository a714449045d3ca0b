import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actionKey, pageKey } from '../../../../commands/permissions';
import { reductionQuoteQuery, reductionRejectBody, settingsGetQuery, DEBT_EXTRA_API, type DebtSettingsView } from '../../../schemas/debt';
import {
  DEBT_API, DEFAULT_DEBT_SETTINGS, debtSettingsBody, reductionDecideBody, reductionRequestBody, REDUCTION_API,
} from '../../../schemas/repayment';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { route } from '../../http';
import { listRoute } from '../../list/routes';
import { adminAccount } from '../empower/empower.table';
import { isUnscoped } from '../empower/scope';
import { depsIn, keyOwner, requireIdempotencyKey, withIdempotency } from '../idempotency/idempotency';
import { writeOpLog } from '../log/oplog';
import { discountRoutes } from './discount';
import { runEndOfDay } from './endOfDay';
import { productRoutes, scopedMerchant } from './products';
import { approveReduction, reductionList, reductionQuote, rejectReduction, requestReduction, type ReductionActor } from './reduction';
import { debtSetting } from './repayment.table';
import { debtSettings, saveDebtSettings } from './settings';

/**
 * API routes of debt rules and reductions: /merchant/DebtSettings, /merchant/product, /merchant/repaymentDiscountRule
 * (rules, and the reductions of its second tab: request, approve, reject), and the system test screen's "run end of
 * day now". Every write is in the actor's merchants and in the operation log; reduction requests and approvals take
 * an Idempotency-Key (a repeated click returns the first answer).
 */
export function debtRoutes(app: FastifyInstance, deps: Deps): void {
  productRoutes(app, deps);
  discountRoutes(app, deps);

  // ---------------------------------------------------------------------------------------------- debt settings

  const settingsView = async (db: DbOrTx, merchantId: number, currency: string): Promise<DebtSettingsView> => {
    const [row] = await db.select({ updatedAt: debtSetting.updatedAt, updatedBy: adminAccount.name }).from(debtSetting)
      .leftJoin(adminAccount, eq(adminAccount.id, debtSetting.updatedBy)).where(eq(debtSetting.merchantId, merchantId));
    return {
      merchant_id: merchantId, currency, saved: !!row, settings: await debtSettings(db, merchantId), defaults: DEFAULT_DEBT_SETTINGS,
      updated_at: row?.updatedAt.toISOString() ?? null, updated_by: row?.updatedBy ?? null,
    };
  };

  route(app, { method: 'GET', url: DEBT_API.settingsGet, permission: pageKey('merchant', 'DebtSettings'), query: settingsGetQuery }, async ({ req, query }) => {
    const m = await scopedMerchant(deps.db, req, query.merchant_id);
    return settingsView(deps.db, m.id, m.currency);
  });

  route(app, { method: 'POST', url: DEBT_API.settingsSave, permission: actionKey('merchant', 'DebtSettings', 'edit'), body: debtSettingsBody }, async ({ req, body }) => {
    const m = await scopedMerchant(deps.db, req, body.merchant_id);
    const { merchant_id: merchantId, ...settings } = body;
    return deps.db.transaction(async (tx) => {
      const before = await settingsView(tx, merchantId, m.currency);
      await saveDebtSettings(tx, merchantId, settings, req.actor!.accountId);
      const after = await settingsView(tx, merchantId, m.currency);
      await writeOpLog(tx, req, { action: 'DebtSettings.edit', targetType: 'merchant', targetId: merchantId, before: { saved: before.saved, ...before.settings }, after: { saved: true, ...after.settings } });
      return after;
    });
  });

  // ---------------------------------------------------------------------------------------------- reductions

  const R = (verb: string) => actionKey('merchant', 'repaymentDiscountRule', verb);
  const actorOf = (req: FastifyRequest): ReductionActor => {
    const actor = req.actor!;
    return { actorId: actor.accountId, merchantIds: isUnscoped(actor) ? null : actor.merchantIds, log: (tx, e) => writeOpLog(tx, req, e) };
  };

  listRoute(app, deps, reductionList, { url: REDUCTION_API.list });

  route(app, { method: 'GET', url: DEBT_EXTRA_API.reductionQuote, permission: R('requestReduction'), query: reductionQuoteQuery }, async ({ req, query }) =>
    reductionQuote(deps, actorOf(req), { orderNo: query.order_no, orderId: query.order_id }));

  route(app, { method: 'POST', url: REDUCTION_API.request, permission: R('requestReduction'), body: reductionRequestBody }, async ({ req, body }) => {
    const key = requireIdempotencyKey(req);
    const actor = actorOf(req);
    return withIdempotency(deps.db, { scope: 'reduction.request', owner: keyOwner.account(actor.actorId), key, accountId: actor.actorId, payload: { order_id: body.order_id, amount: body.amount, reason: body.reason } },
      (tx) => requestReduction(depsIn(deps, tx), actor, { orderId: body.order_id, amount: body.amount, reason: body.reason }));
  });

  route(app, { method: 'POST', url: REDUCTION_API.approve, permission: R('approveReduction'), body: reductionDecideBody }, async ({ req, body }) => {
    const key = requireIdempotencyKey(req);
    const actor = actorOf(req);
    return withIdempotency(deps.db, { scope: 'reduction.approve', owner: keyOwner.account(actor.actorId), key, accountId: actor.actorId, payload: { id: body.id, remark: body.remark ?? '' } },
      (tx) => approveReduction(depsIn(deps, tx), actor, { id: body.id, remark: body.remark }));
  });

  route(app, { method: 'POST', url: REDUCTION_API.reject, permission: R('rejectReduction'), body: reductionRejectBody }, async ({ req, body }) =>
    rejectReduction(deps, actorOf(req), { id: body.id, remark: body.remark }));

  // ---------------------------------------------------------------------------------------------- end of day now

  route(app, { method: 'POST', url: DEBT_API.runEndOfDay, permission: actionKey('system', 'test', 'runEndOfDay') }, async ({ req }) => {
    await deps.clock.refresh(true);
    const result = await runEndOfDay(deps, { force: true });
    const totals = result.merchants.reduce((s, m) => ({
      overdueMoved: s.overdueMoved + m.overdueMoved, accrued: s.accrued + m.accrued, writtenOff: s.writtenOff + m.writtenOff, expired: s.expired + m.expired,
    }), { overdueMoved: 0, accrued: 0, writtenOff: 0, expired: 0 });
    await writeOpLog(deps.db, req, { action: 'system.runEndOfDay', after: { ran: result.ran, business_time: deps.clock.now().toISOString(), merchants: result.merchants.length, ...totals } });
    return { ...result, totals };
  });
}
