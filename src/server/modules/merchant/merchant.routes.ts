import { asc, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MerchantOption } from '../../../schemas/merchant';
import type { Deps } from '../../deps';
import { SIGNED_IN, route } from '../../http';
import { isUnscoped } from '../empower/scope';
import { merchant } from './merchant.table';

export function merchantRoutes(app: FastifyInstance, d: Deps): void {
  /** Merchant choices of forms and filters: the account's authorised merchants (admin_y or none authorised: all). */
  route(app, { method: 'GET', url: '/loanapi/merchant/options', permission: SIGNED_IN }, async ({ req }): Promise<MerchantOption[]> => {
    const actor = req.actor!;
    const rows = await d.db.select({ id: merchant.id, name: merchant.name, code: merchant.code, parent_id: merchant.parentId }).from(merchant)
      .where(isUnscoped(actor) ? undefined : inArray(merchant.id, actor.merchantIds))
      .orderBy(asc(merchant.id));
    return rows;
  });
}
