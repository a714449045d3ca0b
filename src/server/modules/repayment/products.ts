import { and, asc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actionKey, pageKey } from '../../../../commands/permissions';
import { CODE, idBody, idsBody } from '../../../schemas/common';
import { DEBT_EXTRA_API, productListQuery, type DebtMerchant } from '../../../schemas/debt';
import { DEBT_API, productBody, productEditBody } from '../../../schemas/repayment';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { route } from '../../http';
import { defineList, merchantScope } from '../../list/define';
import { listRoute } from '../../list/routes';
import { moneyValue } from '../../list/values';
import { outer } from '../client/client.routes';
import { isUnscoped, likeEscape } from '../empower/scope';
import { moneyUnit } from '../intake/pricing';
import { writeOpLog } from '../log/oplog';
import { merchant } from '../merchant/merchant.table';
import { product } from '../merchant/product.table';
import { loanOrder } from '../order/order.table';

/**
 * /merchant/product: a merchant's loan products (rates in basis points, amounts in minor units; see
 * merchant/product.table.ts), within the actor's merchants. A product that orders were made with is never deleted
 * (the orders keep pointing at it): deleting it is refused with 40900 and the screen offers to disable it instead.
 */

type ProductRecord = typeof product.$inferSelect;

/** A merchant of the actor's scope (40400 otherwise: another merchant's data does not exist for it). */
export async function scopedMerchant(db: DbOrTx, req: FastifyRequest, merchantId: number, what = '@debt.what.merchant'): Promise<{ id: number; currency: string; market: string }> {
  const actor = req.actor!;
  const [m] = await db.select({ id: merchant.id, currency: merchant.currency, market: merchant.market }).from(merchant).where(eq(merchant.id, merchantId));
  if (!m || !(isUnscoped(actor) || actor.merchantIds.includes(merchantId))) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what });
  return m;
}

/** Serialises writers of one merchant's configuration (a rule set checked as a whole) within a transaction. */
export async function lockMerchant(tx: DbOrTx, merchantId: number): Promise<void> {
  await tx.select({ id: merchant.id }).from(merchant).where(eq(merchant.id, merchantId)).for('update');
}

export const productView = (p: ProductRecord) => ({
  id: p.id, merchant_id: p.merchantId, name: p.name, term: p.term, cycle: p.cycle, min_days: p.minDays, max_days: p.maxDays,
  min_amount: p.minAmountMinor, max_amount: p.maxAmountMinor, rate_bp: p.rateBp, interest_type: p.interestType,
  management_fee_bp: p.managementFeeBp, risk_fee_bp: p.riskFeeBp, payment_fee_bp: p.paymentFeeBp, fee_timing: p.feeTiming,
  overdue_rate_bp: p.overdueRateBp, white_household_exclusive: p.whiteHouseholdExclusive, universal: p.universal, purpose: p.purpose,
  enabled: p.enabled, sort: p.sort,
});

const values = (b: Omit<typeof productBody._output, 'merchant_id'>) => ({
  name: b.name, term: b.term, cycle: b.cycle, minDays: b.min_days, maxDays: b.max_days, minAmountMinor: b.min_amount, maxAmountMinor: b.max_amount,
  rateBp: b.rate_bp, interestType: b.interest_type, managementFeeBp: b.management_fee_bp, riskFeeBp: b.risk_fee_bp, paymentFeeBp: b.payment_fee_bp,
  feeTiming: b.fee_timing, overdueRateBp: b.overdue_rate_bp, whiteHouseholdExclusive: b.white_household_exclusive, universal: b.universal,
  purpose: b.purpose, enabled: b.enabled, sort: b.sort,
});

/** Export value of a basis-points field as a percentage. */
const pct = (key: string) => (r: Record<string, unknown>) => Number(r[key]) / 100;

const inUse = sql<boolean>`exists (select 1 from ${loanOrder} o where o.product_id = ${outer(product.id)})`;

export const productList = defineList({
  id: 'merchant.product',
  permission: pageKey('merchant', 'product'),
  from: product,
  columns: {
    id: product.id,
    merchant_id: product.merchantId,
    merchant_name: sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(product.merchantId)})`,
    currency: sql<string | null>`(select m.currency from ${merchant} m where m.id = ${outer(product.merchantId)})`,
    market: sql<string | null>`(select m.market from ${merchant} m where m.id = ${outer(product.merchantId)})`,
    name: product.name,
    term: product.term,
    cycle: product.cycle,
    min_days: product.minDays,
    max_days: product.maxDays,
    min_amount: product.minAmountMinor,
    max_amount: product.maxAmountMinor,
    rate_bp: product.rateBp,
    interest_type: product.interestType,
    management_fee_bp: product.managementFeeBp,
    risk_fee_bp: product.riskFeeBp,
    payment_fee_bp: product.paymentFeeBp,
    fee_timing: product.feeTiming,
    overdue_rate_bp: product.overdueRateBp,
    white_household_exclusive: product.whiteHouseholdExclusive,
    universal: product.universal,
    purpose: product.purpose,
    enabled: product.enabled,
    sort: product.sort,
    in_use: inUse,
    created_at: product.createdAt,
    updated_at: product.updatedAt,
  },
  filters: productListQuery,
  scope: merchantScope(product.merchantId),
  where: (f) => [
    f.merchant_id !== undefined ? eq(product.merchantId, f.merchant_id) : undefined,
    f.enabled !== undefined ? eq(product.enabled, f.enabled) : undefined,
    f.name ? ilike(product.name, `%${likeEscape(f.name)}%`) : undefined,
  ],
  sorts: { sort: product.sort, created_at: product.createdAt },
  defaultSort: 'sort:asc',
  map: (r) => {
    const { market, ...row } = r;
    return { ...row, money_unit: moneyUnit(market ?? 'vn') };
  },
  exportColumns: [
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'name', title: 'field.name' },
    { key: 'term', title: 'debt.field.term' },
    { key: 'cycle', title: 'debt.field.cycle' },
    { key: 'min_days', title: 'debt.field.min_days' },
    { key: 'max_days', title: 'debt.field.max_days' },
    { key: 'min_amount', title: 'debt.field.min_amount', value: moneyValue('min_amount') },
    { key: 'max_amount', title: 'debt.field.max_amount', value: moneyValue('max_amount') },
    { key: 'rate_bp', title: 'debt.field.rate_pct', value: pct('rate_bp') },
    { key: 'interest_type', title: 'debt.field.interest_type' },
    { key: 'management_fee_bp', title: 'debt.field.management_fee_pct', value: pct('management_fee_bp') },
    { key: 'risk_fee_bp', title: 'debt.field.risk_fee_pct', value: pct('risk_fee_bp') },
    { key: 'payment_fee_bp', title: 'debt.field.payment_fee_pct', value: pct('payment_fee_bp') },
    { key: 'fee_timing', title: 'debt.field.fee_timing' },
    { key: 'overdue_rate_bp', title: 'debt.field.overdue_rate_pct', value: pct('overdue_rate_bp') },
    { key: 'enabled', title: 'field.enabled' },
  ],
});

/** 40900 when another product of the merchant has the name. */
async function assertNameFree(tx: DbOrTx, merchantId: number, name: string, exceptId?: number): Promise<void> {
  const [dup] = await tx.select({ id: product.id }).from(product)
    .where(and(eq(product.merchantId, merchantId), sql`lower(${product.name}) = lower(${name})`, exceptId === undefined ? undefined : ne(product.id, exceptId)));
  if (dup) throw new AppError(CODE.CONFLICT, 'product.nameTaken', { name });
}

export function productRoutes(app: FastifyInstance, deps: Deps): void {
  const P = (verb: string) => actionKey('merchant', 'product', verb);

  // The pickers of the debt screens: merchants of the actor's scope, with what their amounts are counted in.
  route(app, {
    method: 'GET', url: DEBT_EXTRA_API.merchants,
    permission: [pageKey('merchant', 'DebtSettings'), pageKey('merchant', 'product'), pageKey('merchant', 'repaymentDiscountRule')],
  }, async ({ req }): Promise<DebtMerchant[]> => {
    const actor = req.actor!;
    const rows = await deps.db.select({ id: merchant.id, name: merchant.name, code: merchant.code, currency: merchant.currency, market: merchant.market })
      .from(merchant)
      .where(isUnscoped(actor) ? undefined : inArray(merchant.id, actor.merchantIds.length ? actor.merchantIds : [-1]))
      .orderBy(asc(merchant.id));
    return rows.map((m) => ({ ...m, money_unit: moneyUnit(m.market) }));
  });

  listRoute(app, deps, productList, { url: DEBT_API.productList });

  const load = async (req: FastifyRequest, id: number): Promise<ProductRecord> => {
    const [row] = await deps.db.select().from(product).where(eq(product.id, id));
    if (!row) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@debt.what.product' });
    await scopedMerchant(deps.db, req, row.merchantId, '@debt.what.product');
    return row;
  };

  route(app, { method: 'POST', url: DEBT_API.productAdd, permission: P('add'), body: productBody }, async ({ req, body }) => {
    await scopedMerchant(deps.db, req, body.merchant_id);
    return deps.db.transaction(async (tx) => {
      await lockMerchant(tx, body.merchant_id);
      await assertNameFree(tx, body.merchant_id, body.name);
      const [row] = await tx.insert(product).values({ merchantId: body.merchant_id, ...values(body) }).returning();
      await writeOpLog(tx, req, { action: 'product.add', targetType: 'product', targetId: row.id, after: productView(row) });
      return productView(row);
    });
  });

  route(app, { method: 'POST', url: DEBT_API.productEdit, permission: P('edit'), body: productEditBody }, async ({ req, body }) => {
    const before = await load(req, body.id);
    // Orders copy their product's money terms; moving a product to another merchant would mix currencies.
    if (body.merchant_id !== before.merchantId) {
      throw new AppError(CODE.VALIDATION, 'debt.merchantFixed', {}, 200, [{ path: 'merchant_id', id: 'debt.merchantFixed', values: {} }]);
    }
    return deps.db.transaction(async (tx) => {
      await lockMerchant(tx, before.merchantId);
      await assertNameFree(tx, before.merchantId, body.name, body.id);
      const [row] = await tx.update(product).set({ ...values(body), updatedAt: sql`now()` }).where(eq(product.id, body.id)).returning();
      await writeOpLog(tx, req, { action: 'product.edit', targetType: 'product', targetId: row.id, before: productView(before), after: productView(row) });
      return productView(row);
    });
  });

  route(app, { method: 'POST', url: DEBT_API.productDel, permission: P('del'), body: idBody }, async ({ req, body }) => {
    const before = await load(req, body.id);
    await deps.db.transaction(async (tx) => {
      const [used] = await tx.select({ id: loanOrder.id }).from(loanOrder).where(eq(loanOrder.productId, body.id)).limit(1);
      if (used) throw new AppError(CODE.CONFLICT, 'product.inUse', { name: before.name });
      await tx.delete(product).where(eq(product.id, body.id));
      await writeOpLog(tx, req, { action: 'product.del', targetType: 'product', targetId: body.id, before: productView(before) });
    });
    return null;
  });

  for (const enabled of [true, false]) {
    const verb = enabled ? 'enable' : 'disable';
    route(app, { method: 'POST', url: enabled ? DEBT_EXTRA_API.productEnable : DEBT_EXTRA_API.productDisable, permission: P(verb), body: idsBody }, async ({ req, body }) => {
      const actor = req.actor!;
      const scope = isUnscoped(actor) ? undefined : inArray(product.merchantId, actor.merchantIds.length ? actor.merchantIds : [-1]);
      return deps.db.transaction(async (tx) => {
        const rows = await tx.update(product).set({ enabled, updatedAt: sql`now()` })
          .where(and(inArray(product.id, body.ids), scope, ne(product.enabled, enabled)))
          .returning({ id: product.id, name: product.name });
        if (rows.length) {
          await writeOpLog(tx, req, { action: `product.${verb}`, targetType: 'product', targetId: rows.map((r) => r.id).join(','), before: { enabled: !enabled }, after: { enabled, products: rows } });
        }
        return { count: rows.length };
      });
    });
  }
}
