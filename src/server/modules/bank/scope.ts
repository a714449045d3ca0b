import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../plugins/session';
import { isUnscoped } from '../empower/scope';
import { merchant } from '../merchant/merchant.table';

/**
 * The markets an account may manage banks of: every market for the platform (null), else the markets of its
 * authorised merchants (none when it has none: scoping fails closed).
 */
export async function actorMarkets(db: DbOrTx, actor: Pick<Actor, 'nodes' | 'merchantIds'>): Promise<string[] | null> {
  if (isUnscoped(actor)) return null;
  if (!actor.merchantIds.length) return [];
  const rows = await db.selectDistinct({ market: merchant.market }).from(merchant).where(inArray(merchant.id, actor.merchantIds));
  return rows.map((r) => r.market);
}

export async function marketInScope(db: DbOrTx, actor: Pick<Actor, 'nodes' | 'merchantIds'>, market: string): Promise<boolean> {
  const markets = await actorMarkets(db, actor);
  return markets === null || markets.includes(market);
}
