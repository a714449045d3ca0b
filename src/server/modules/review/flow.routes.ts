import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { actionKey, pageKey } from '../../../../commands/permissions';
import { CODE } from '../../../schemas/common';
import { loanConfigEditBody, type LoanConfigRow } from '../../../schemas/review';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../errors';
import { route } from '../../http';
import { listRoute } from '../../list/routes';
import { isUnscoped } from '../empower/scope';
import { writeOpLog } from '../log/oplog';
import { merchant } from '../merchant/merchant.table';
import { DEFAULT_FLOW_MERCHANT, flowOf, setFlow } from './flow';
import { loanConfigList } from './lists';
import { reviewFlow } from './review.table';

/**
 * /merchant/loanConfig: which manual stages apply, for new and for returning customers, per merchant, with a
 * default (id 0) for every merchant without its own. Only an account that sees every merchant edits the default.
 */
export function flowRoutes(app: FastifyInstance, d: Deps): void {
  const page = pageKey('merchant', 'loanConfig');
  listRoute(app, d, loanConfigList, { url: '/loanapi/review_flow/list' });

  route(app, { method: 'GET', url: '/loanapi/review_flow/default', permission: page }, async (): Promise<LoanConfigRow> => {
    const [own] = await d.db.select({ id: reviewFlow.merchantId }).from(reviewFlow).where(eq(reviewFlow.merchantId, DEFAULT_FLOW_MERCHANT));
    const f = await flowOf(d.db, DEFAULT_FLOW_MERCHANT);
    return { id: 0, code: '', name: '', parent_id: null, own: !!own, new_stages: f.new, returning_stages: f.returning };
  });

  route(app, { method: 'POST', url: '/loanapi/review_flow/edit', permission: actionKey('merchant', 'loanConfig', 'edit'), body: loanConfigEditBody }, async ({ req, body }) => {
    const actor = req.actor!;
    if (body.id === DEFAULT_FLOW_MERCHANT) {
      if (!isUnscoped(actor)) throw notFound('@review.flow.default');
      if (body.use_default) {
        throw new AppError(CODE.VALIDATION, 'validation.defaultFlowOwn', {}, 200, [{ path: 'use_default', id: 'validation.defaultFlowOwn', values: {} }]);
      }
    } else {
      const [m] = await d.db.select({ id: merchant.id }).from(merchant).where(eq(merchant.id, body.id));
      if (!m || (!isUnscoped(actor) && !actor.merchantIds.includes(m.id))) throw notFound('@review.flow.merchant');
    }
    return d.db.transaction(async (tx) => {
      const before = await flowOf(tx, body.id);
      await setFlow(tx, body.id, body.use_default ? null : { new: body.new_stages, returning: body.returning_stages }, actor.accountId);
      const after = await flowOf(tx, body.id);
      await writeOpLog(tx, req, { action: 'review.flow.edit', targetType: 'review_flow', targetId: body.id, before, after });
      return { id: body.id, own: after.own || body.id === DEFAULT_FLOW_MERCHANT, new_stages: after.new, returning_stages: after.returning };
    });
  });
}
