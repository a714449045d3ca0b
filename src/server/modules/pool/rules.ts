import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CODE } from '../../../schemas/common';
import { POOL_RULE_DEFAULTS, type PoolRules } from '../../../schemas/pool';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/session';
import { isUnscoped } from '../empower/scope';
import { writeOpLog } from '../log/oplog';
import { merchant } from '../merchant/merchant.table';
import { product } from '../merchant/product.table';
import { poolRule } from './pool.table';

/** A merchant's pool rules (the defaults until a supervisor saves some). */

export const inMerchantScope = (actor: Actor, merchantId: number) => isUnscoped(actor) || actor.merchantIds.includes(merchantId);

export const notFound = (what: string) => new AppError(CODE.NOT_FOUND, 'error.notFound', { what: `@pool.what.${what}` });

export const invalidField = (path: string, messageId: string, values: Record<string, string | number> = {}) =>
  new AppError(CODE.VALIDATION, messageId, values, 200, [{ path, id: messageId, values }]);

/** 40400 unless the merchant exists and is the actor's. */
export async function scopedMerchant(db: DbOrTx, actor: Actor, merchantId: number) {
  const [m] = await db.select().from(merchant).where(eq(merchant.id, merchantId));
  if (!m || !inMerchantScope(actor, merchantId)) throw notFound('merchant');
  return m;
}

type RuleRow = typeof poolRule.$inferSelect;

const fromRow = (merchantId: number, r: RuleRow | undefined): PoolRules => (r ? {
  merchant_id: merchantId, dormant_days: r.dormantDays, good_max_overdue_days: r.goodMaxOverdueDays, min_settled_loans: r.minSettledLoans,
  overdue_min_days: r.overdueMinDays, unclaimed_hours: r.unclaimedHours, claim_days: r.claimDays, agent_cap: r.agentCap,
  pool_dormant: r.poolDormant, pool_returned: r.poolReturned, offer_product_id: r.offerProductId, offer_limit_minor: r.offerLimitMinor,
  promo_url: r.promoUrl,
} : { merchant_id: merchantId, ...POOL_RULE_DEFAULTS });

export async function rulesOf(db: DbOrTx, merchantId: number): Promise<PoolRules> {
  const [r] = await db.select().from(poolRule).where(eq(poolRule.merchantId, merchantId));
  return fromRow(merchantId, r);
}

export async function readRules(db: DbOrTx, actor: Actor, merchantId: number): Promise<PoolRules> {
  await scopedMerchant(db, actor, merchantId);
  return rulesOf(db, merchantId);
}

/** The product of an offer: enabled and the merchant's (40000 on `field` otherwise). */
export async function checkOfferProduct(db: DbOrTx, merchantId: number, productId: number, field: string): Promise<{ id: number; name: string }> {
  const [p] = await db.select({ id: product.id, name: product.name, merchantId: product.merchantId }).from(product).where(eq(product.id, productId));
  if (!p || p.merchantId !== merchantId) throw invalidField(field, 'pool.productNotOfMerchant');
  return { id: p.id, name: p.name };
}

export async function saveRules(db: DbOrTx, req: FastifyRequest, actor: Actor, body: PoolRules): Promise<PoolRules> {
  await scopedMerchant(db, actor, body.merchant_id);
  if (body.overdue_min_days <= body.good_max_overdue_days) throw invalidField('overdue_min_days', 'pool.overdueBelowGood');
  if (body.offer_product_id != null) await checkOfferProduct(db, body.merchant_id, body.offer_product_id, 'offer_product_id');
  return db.transaction(async (tx) => {
    const before = await rulesOf(tx, body.merchant_id);
    const values = {
      dormantDays: body.dormant_days, goodMaxOverdueDays: body.good_max_overdue_days, minSettledLoans: body.min_settled_loans,
      overdueMinDays: body.overdue_min_days, unclaimedHours: body.unclaimed_hours, claimDays: body.claim_days, agentCap: body.agent_cap,
      poolDormant: body.pool_dormant, poolReturned: body.pool_returned, offerProductId: body.offer_product_id ?? null,
      offerLimitMinor: body.offer_limit_minor, promoUrl: body.promo_url, updatedBy: actor.accountId, updatedAt: sql`now()`,
    };
    await tx.insert(poolRule).values({ merchantId: body.merchant_id, ...values })
      .onConflictDoUpdate({ target: poolRule.merchantId, set: values });
    const after = await rulesOf(tx, body.merchant_id);
    await writeOpLog(tx, req, { action: 'highSeas.rules.save', targetType: 'pool_rule', targetId: body.merchant_id, before, after });
    return after;
  });
}


