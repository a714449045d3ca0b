import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CODE } from '../../../schemas/common';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/session';
import { adminAccount } from '../empower/empower.table';
import { isUnscoped } from '../empower/scope';
import { merchant } from '../merchant/merchant.table';
import { marketingEntry, marketingGroup } from './marketing.table';

/** What every marketing write receives. */
export interface MarketingCtx {
  deps: Deps;
  req: FastifyRequest;
  actor: Actor;
}

/** Another merchant's rows do not exist for the actor: 40400 naming what was looked for. */
export const notFound = (what: string) => new AppError(CODE.NOT_FOUND, 'error.notFound', { what: `@marketing.what.${what}` });

export const invalidField = (path: string, messageId: string, values: Record<string, string | number> = {}) =>
  new AppError(CODE.VALIDATION, messageId, values, 200, [{ path, id: messageId, values }]);

export const mayReach = (actor: Actor, merchantId: number) => isUnscoped(actor) || actor.merchantIds.includes(merchantId);

export async function scopedMerchant(db: DbOrTx, actor: Actor, merchantId: number) {
  const [m] = await db.select().from(merchant).where(eq(merchant.id, merchantId));
  if (!m || !mayReach(actor, merchantId)) throw notFound('merchant');
  return m;
}

export async function scopedGroup(db: DbOrTx, actor: Actor, id: number) {
  const [g] = await db.select().from(marketingGroup).where(eq(marketingGroup.id, id));
  if (!g || !mayReach(actor, g.merchantId)) throw notFound('group');
  return g;
}

/** A number held by the actor (myMarketingList): another agent's number is 40400, like another merchant's. */
export async function ownEntry(db: DbOrTx, actor: Actor, id: number, lock = false) {
  const q = db.select().from(marketingEntry).where(and(eq(marketingEntry.id, id), eq(marketingEntry.agentId, actor.accountId)));
  const [e] = lock ? await q.for('update') : await q;
  if (!e || !mayReach(actor, e.merchantId)) throw notFound('entry');
  return e;
}

/** A live staff account that may work the merchant's numbers (its merchants include it, or it has none listed and the actor is unscoped). */
export async function agentOf(db: DbOrTx, merchantId: number, accountId: number) {
  const [a] = await db.select().from(adminAccount).where(and(eq(adminAccount.id, accountId), isNull(adminAccount.deletedAt), eq(adminAccount.enabled, true)));
  return a && a.merchantIds.includes(merchantId) ? a : undefined;
}
