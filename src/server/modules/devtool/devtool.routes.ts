import { asc, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pageKey } from '../../../../commands/permissions';
import { DEVTOOL_API, type MerchantTreeRow } from '../../../schemas/devtool';
import type { Deps } from '../../deps';
import { route } from '../../http';
import { isUnscoped } from '../empower/scope';
import { merchant } from '../merchant/merchant.table';

/** Merchants a tree answers at most: a platform has dozens; the cap keeps a wrong import from flooding the screen. */
export const MERCHANT_TREE_CAP = 2_000;

/**
 * The merchant hierarchy for /DeveloperTool/TableTree, scoped to the account's merchants (fails closed: none
 * authorised, none answered). A sub-merchant whose main merchant is outside the scope is answered as a root, so
 * the main merchant's name does not leak through the tree.
 */
export function devtoolRoutes(app: FastifyInstance, d: Deps): void {
  route(app, { method: 'GET', url: DEVTOOL_API.merchantTree, permission: pageKey('DeveloperTool', 'TableTree') }, async ({ req }): Promise<MerchantTreeRow[]> => {
    const actor = req.actor!;
    const scope = isUnscoped(actor) ? undefined : actor.merchantIds.length ? inArray(merchant.id, actor.merchantIds) : sql`false`;
    const rows = await d.db.select({
      id: merchant.id, code: merchant.code, name: merchant.name, parent_id: merchant.parentId, currency: merchant.currency,
      market: merchant.market, enabled: merchant.enabled,
    }).from(merchant).where(scope).orderBy(asc(merchant.id)).limit(MERCHANT_TREE_CAP);
    const seen = new Set(rows.map((r) => r.id));
    return rows.map((r) => (r.parent_id !== null && !seen.has(r.parent_id) ? { ...r, parent_id: null } : r));
  });
}
