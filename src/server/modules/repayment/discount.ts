import { and, asc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actionKey, pageKey } from '../../../../commands/permissions';
import { discountRuleListQuery } from '../../../schemas/debt';
import { CODE, idBody } from '../../../schemas/common';
import { DEBT_API, discountRuleBody, discountRuleEditBody, type Parts } from '../../../schemas/repayment';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { route } from '../../http';
import { defineList, merchantScope } from '../../list/define';
import { listRoute } from '../../list/routes';
import { outer } from '../client/client.routes';
import { writeOpLog } from '../log/oplog';
import { merchant } from '../merchant/merchant.table';
import { chargedParts, reducedParts, type OrderMoneyColumns } from './money';
import { repaymentDiscountRule } from './repayment.table';
import { lockMerchant, scopedMerchant } from './products';

/**
 * /merchant/repaymentDiscountRule: what a reduction (waiver) may take off an order, by the order's overdue days.
 * A merchant's enabled rules cover disjoint overdue-day ranges, so at most one rule matches an order. A rule caps
 * three shares of what the order was charged: of the penalty (overdue interest and penalty), of interest + fees
 * together, and of the principal — counting every reduction the order already received, so that splitting one
 * waiver into several requests cannot go past the rule.
 */

export type DiscountRule = typeof repaymentDiscountRule.$inferSelect;

/** How much more of each part a rule still lets a reduction waive (interest and fees share one cap). */
export interface RuleRoom {
  penalty: number;
  interestFee: number;
  principal: number;
}

/** bp of an amount, rounded down (a cap is never rounded above its share). */
const share = (amount: number, bp: number) => Number((BigInt(amount) * BigInt(bp)) / 10_000n);

export function ruleRoom(rule: Pick<DiscountRule, 'maxPenaltyBp' | 'maxInterestBp' | 'maxPrincipalBp'>, o: OrderMoneyColumns): RuleRoom {
  const c = chargedParts(o);
  const r = reducedParts(o);
  return {
    penalty: Math.max(0, share(c.penalty, rule.maxPenaltyBp) - r.penalty),
    interestFee: Math.max(0, share(c.interest + c.fee, rule.maxInterestBp) - r.interest - r.fee),
    principal: Math.max(0, share(c.principal, rule.maxPrincipalBp) - r.principal),
  };
}

/** Whether a reduction split (penalty first) stays within the room a rule leaves. */
export function fitsRoom(parts: Parts, room: RuleRoom): boolean {
  return parts.penalty <= room.penalty && parts.interest + parts.fee <= room.interestFee && parts.principal <= room.principal;
}

/**
 * The largest reduction whose penalty-first split fits the room: the split fills the penalty before anything else,
 * so once the penalty owed exceeds its room nothing beyond that room can be waived; likewise for interest + fees.
 */
export function maxReduction(owed: Parts, room: RuleRoom): number {
  if (room.penalty < owed.penalty) return room.penalty;
  const interestFee = owed.interest + owed.fee;
  if (room.interestFee < interestFee) return owed.penalty + room.interestFee;
  return owed.penalty + interestFee + Math.min(owed.principal, room.principal);
}

/** The merchant's enabled rule whose overdue-day range holds `days` (the lowest id if data ever overlapped). */
export async function matchingRule(db: DbOrTx, merchantId: number, days: number): Promise<DiscountRule | null> {
  const [row] = await db.select().from(repaymentDiscountRule)
    .where(and(eq(repaymentDiscountRule.merchantId, merchantId), eq(repaymentDiscountRule.enabled, true),
      lte(repaymentDiscountRule.minOverdueDays, days), gte(repaymentDiscountRule.maxOverdueDays, days)))
    .orderBy(asc(repaymentDiscountRule.id)).limit(1);
  return row ?? null;
}

/** 42200 when an enabled rule of the merchant (other than `exceptId`) shares an overdue day with [min, max]. */
async function assertNoOverlap(tx: DbOrTx, merchantId: number, min: number, max: number, exceptId?: number): Promise<void> {
  const [other] = await tx.select().from(repaymentDiscountRule)
    .where(and(eq(repaymentDiscountRule.merchantId, merchantId), eq(repaymentDiscountRule.enabled, true),
      lte(repaymentDiscountRule.minOverdueDays, max), gte(repaymentDiscountRule.maxOverdueDays, min),
      exceptId === undefined ? undefined : ne(repaymentDiscountRule.id, exceptId)))
    .orderBy(asc(repaymentDiscountRule.id)).limit(1);
  if (other) {
    throw new AppError(CODE.INVALID_TRANSITION, 'discount.overlap', { name: other.name, min: other.minOverdueDays, max: other.maxOverdueDays }, 200, [
      { path: 'min_overdue_days', id: 'discount.overlap', values: { name: other.name, min: other.minOverdueDays, max: other.maxOverdueDays } },
    ]);
  }
}

export const ruleView = (r: DiscountRule) => ({
  id: r.id, merchant_id: r.merchantId, name: r.name, min_overdue_days: r.minOverdueDays, max_overdue_days: r.maxOverdueDays,
  max_penalty_bp: r.maxPenaltyBp, max_interest_bp: r.maxInterestBp, max_principal_bp: r.maxPrincipalBp, enabled: r.enabled,
});

export const discountRuleList = defineList({
  id: 'merchant.repaymentDiscountRule',
  permission: pageKey('merchant', 'repaymentDiscountRule'),
  from: repaymentDiscountRule,
  columns: {
    id: repaymentDiscountRule.id,
    merchant_id: repaymentDiscountRule.merchantId,
    merchant_name: sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(repaymentDiscountRule.merchantId)})`,
    name: repaymentDiscountRule.name,
    min_overdue_days: repaymentDiscountRule.minOverdueDays,
    max_overdue_days: repaymentDiscountRule.maxOverdueDays,
    max_penalty_bp: repaymentDiscountRule.maxPenaltyBp,
    max_interest_bp: repaymentDiscountRule.maxInterestBp,
    max_principal_bp: repaymentDiscountRule.maxPrincipalBp,
    enabled: repaymentDiscountRule.enabled,
    created_at: repaymentDiscountRule.createdAt,
    updated_at: repaymentDiscountRule.updatedAt,
  },
  filters: discountRuleListQuery,
  scope: merchantScope(repaymentDiscountRule.merchantId),
  where: (f) => [
    f.merchant_id !== undefined ? eq(repaymentDiscountRule.merchantId, f.merchant_id) : undefined,
    f.enabled !== undefined ? eq(repaymentDiscountRule.enabled, f.enabled) : undefined,
  ],
  sorts: { min_overdue_days: repaymentDiscountRule.minOverdueDays, created_at: repaymentDiscountRule.createdAt },
  defaultSort: 'min_overdue_days:asc',
  exportColumns: [
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'name', title: 'field.name' },
    { key: 'min_overdue_days', title: 'debt.field.min_overdue_days' },
    { key: 'max_overdue_days', title: 'debt.field.max_overdue_days' },
    { key: 'max_penalty_bp', title: 'debt.field.max_penalty_pct', value: (r) => r.max_penalty_bp / 100 },
    { key: 'max_interest_bp', title: 'debt.field.max_interest_pct', value: (r) => r.max_interest_bp / 100 },
    { key: 'max_principal_bp', title: 'debt.field.max_principal_pct', value: (r) => r.max_principal_bp / 100 },
    { key: 'enabled', title: 'field.enabled' },
  ],
});

/** Routes of /merchant/repaymentDiscountRule (list, add, edit, delete), within the actor's merchants. */
export function discountRoutes(app: FastifyInstance, deps: Deps): void {
  const R = (verb: string) => actionKey('merchant', 'repaymentDiscountRule', verb);
  listRoute(app, deps, discountRuleList, { url: DEBT_API.discountList });

  const load = async (req: FastifyRequest, id: number): Promise<DiscountRule> => {
    const [row] = await deps.db.select().from(repaymentDiscountRule).where(eq(repaymentDiscountRule.id, id));
    if (!row) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@debt.what.rule' });
    await scopedMerchant(deps.db, req, row.merchantId, '@debt.what.rule');
    return row;
  };

  route(app, { method: 'POST', url: DEBT_API.discountAdd, permission: R('add'), body: discountRuleBody }, async ({ req, body }) => {
    await scopedMerchant(deps.db, req, body.merchant_id);
    return deps.db.transaction(async (tx) => {
      // One writer of a merchant's rules at a time, so that two overlapping rules cannot both pass the check.
      await lockMerchant(tx, body.merchant_id);
      if (body.enabled) await assertNoOverlap(tx, body.merchant_id, body.min_overdue_days, body.max_overdue_days);
      const [row] = await tx.insert(repaymentDiscountRule).values({
        merchantId: body.merchant_id, name: body.name, minOverdueDays: body.min_overdue_days, maxOverdueDays: body.max_overdue_days,
        maxPenaltyBp: body.max_penalty_bp, maxInterestBp: body.max_interest_bp, maxPrincipalBp: body.max_principal_bp, enabled: body.enabled,
        createdBy: req.actor!.accountId,
      }).returning();
      await writeOpLog(tx, req, { action: 'repaymentDiscountRule.add', targetType: 'repayment_discount_rule', targetId: row.id, after: ruleView(row) });
      return ruleView(row);
    });
  });

  route(app, { method: 'POST', url: DEBT_API.discountEdit, permission: R('edit'), body: discountRuleEditBody }, async ({ req, body }) => {
    const before = await load(req, body.id);
    if (body.merchant_id !== before.merchantId) {
      throw new AppError(CODE.VALIDATION, 'debt.merchantFixed', {}, 200, [{ path: 'merchant_id', id: 'debt.merchantFixed', values: {} }]);
    }
    return deps.db.transaction(async (tx) => {
      await lockMerchant(tx, before.merchantId);
      if (body.enabled) await assertNoOverlap(tx, before.merchantId, body.min_overdue_days, body.max_overdue_days, body.id);
      const [row] = await tx.update(repaymentDiscountRule).set({
        name: body.name, minOverdueDays: body.min_overdue_days, maxOverdueDays: body.max_overdue_days, maxPenaltyBp: body.max_penalty_bp,
        maxInterestBp: body.max_interest_bp, maxPrincipalBp: body.max_principal_bp, enabled: body.enabled, updatedAt: sql`now()`,
      }).where(eq(repaymentDiscountRule.id, body.id)).returning();
      await writeOpLog(tx, req, { action: 'repaymentDiscountRule.edit', targetType: 'repayment_discount_rule', targetId: row.id, before: ruleView(before), after: ruleView(row) });
      return ruleView(row);
    });
  });

  route(app, { method: 'POST', url: DEBT_API.discountDel, permission: R('del'), body: idBody }, async ({ req, body }) => {
    const before = await load(req, body.id);
    await deps.db.transaction(async (tx) => {
      await tx.delete(repaymentDiscountRule).where(eq(repaymentDiscountRule.id, body.id));
      await writeOpLog(tx, req, { action: 'repaymentDiscountRule.del', targetType: 'repayment_discount_rule', targetId: body.id, before: ruleView(before) });
    });
    return null;
  });
}
