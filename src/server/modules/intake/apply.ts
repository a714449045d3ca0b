import crypto from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lte, or } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import type { AppApplyBody, AppOrder, AppProducts } from '../../../schemas/intake';
import type { OrderStatus } from '../../../schemas/order';
import type { Db, DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { dateIn } from '../lifecycle/clock';
import { recordCreation } from '../lifecycle/transition';
import { customer } from '../client/client.table';
import { product } from '../merchant/product.table';
import { loanOrder, orderStatusHistory } from '../order/order.table';
import { scopeIds, type IntakeCaller, type MerchantRow } from './auth';
import {
  assertMayUse, checkedPhone, homeCustomer, invalid, isReturning, lockPerson, marketOf, nextOrderId, payoutCard, personRecords, recordAt,
  refusal, timeZoneOf, type CustomerRow,
} from './customers';
import { pickMerchant } from './distribution';
import { intakeEvent } from './intake.table';
import { moneyUnit, priceLoan } from './pricing';
import { checkApplyRules } from './rules';
import { checkChannelLimits } from '../channel/auditRule';
import { checkCoDebt, recordCoDebt } from '../coDebt/check';
import { emitConversion } from '../channel/conversions';
import { onPoolApplication } from '../pool/conversions';

type ProductRow = typeof product.$inferSelect;
type OrderRow = typeof loanOrder.$inferSelect;

/** Random numbers for distribution; tests of the pure function use a seeded generator instead. */
const secureRandom = () => crypto.randomInt(0, 2 ** 32) / 2 ** 32;

/** Whether a customer may take a product: enabled, offered to all or assigned to them, white-household if flagged. */
function offeredTo(p: ProductRow, c: Pick<CustomerRow, 'whitelisted' | 'exclusiveProductId'>): boolean {
  return p.enabled && (p.universal || c.exclusiveProductId === p.id) && (!p.whiteHouseholdExclusive || c.whitelisted);
}

/** The products the app offers: enabled and universal products of the key's merchants. */
export async function listProducts(db: Db, caller: IntakeCaller): Promise<AppProducts> {
  const ids = scopeIds(caller);
  const rows = await db.select().from(product)
    .where(and(inArray(product.merchantId, ids), eq(product.enabled, true), eq(product.universal, true), eq(product.whiteHouseholdExclusive, false)))
    .orderBy(asc(product.merchantId), asc(product.sort), asc(product.id));
  const code = new Map(caller.scope.map((m) => [m.id, m.code]));
  return {
    merchant_code: caller.merchant.code, market: marketOf(caller.merchant), currency: caller.merchant.currency, platform: caller.platform,
    products: rows.map((p) => ({
      product_id: p.id, merchant_code: code.get(p.merchantId) ?? '', name: p.name, min_amount: p.minAmountMinor, max_amount: p.maxAmountMinor,
      min_days: p.minDays, max_days: p.maxDays, rate_bp: p.rateBp, interest_type: p.interestType, fee_timing: p.feeTiming,
    })),
  };
}

/**
 * The merchant and product of an application: the product named (which fixes its merchant), else — with a
 * platform key — a merchant of the family drawn by its receiving probability among those with a product that
 * fits the amount and days, and that merchant's first such product.
 */
async function chooseProduct(db: Db, caller: IntakeCaller, home: CustomerRow, body: AppApplyBody, returning: boolean, random: () => number): Promise<{ target: MerchantRow; prod: ProductRow }> {
  const ids = scopeIds(caller);
  if (body.product_id !== undefined) {
    const [prod] = await db.select().from(product).where(and(eq(product.id, body.product_id), inArray(product.merchantId, ids))).limit(1);
    if (!prod || !offeredTo(prod, home)) throw invalid('product_id', 'intake.productUnavailable');
    return { target: caller.scope.find((m) => m.id === prod.merchantId)!, prod };
  }
  if (!caller.platform) throw invalid('product_id', 'validation.required');
  const rows = await db.select().from(product)
    .where(and(inArray(product.merchantId, ids), eq(product.enabled, true), lte(product.minAmountMinor, body.amount),
      or(lte(product.maxAmountMinor, 0), gte(product.maxAmountMinor, body.amount)), lte(product.minDays, body.days), gte(product.maxDays, body.days)))
    .orderBy(asc(product.sort), asc(product.id));
  const eligible = rows.filter((p) => offeredTo(p, home));
  const candidates = caller.scope.filter((m) => eligible.some((p) => p.merchantId === m.id))
    .map((m) => ({ merchantId: m.id, probNew: m.receiveProbNew, probReturning: m.receiveProbReturning }));
  const chosen = pickMerchant(candidates, returning, random);
  if (chosen === null) throw refusal(CODE.FORBIDDEN, 'intake.noMerchant', {}, 'distribution');
  return { target: caller.scope.find((m) => m.id === chosen)!, prod: eligible.find((p) => p.merchantId === chosen)! };
}

/** When an order in `withdrawal` got there (business time), from its history. */
export async function approvedAt(db: DbOrTx, orderId: number): Promise<Date | null> {
  const [row] = await db.select({ at: orderStatusHistory.createdAt }).from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, 'withdrawal')))
    .orderBy(desc(orderStatusHistory.id)).limit(1);
  return row?.at ?? null;
}

export async function orderView(db: DbOrTx, o: OrderRow, m: Pick<MerchantRow, 'code' | 'singleValidHours'>): Promise<AppOrder> {
  let withdrawBefore: string | null = null;
  if (o.status === 'withdrawal') {
    const at = await approvedAt(db, o.id);
    if (at) withdrawBefore = new Date(at.getTime() + m.singleValidHours * 3_600_000).toISOString();
  }
  return {
    order_no: o.orderNo, merchant_code: m.code, product_name: o.productName, status: o.status,
    application_amount: o.applicationAmountMinor, loan_amount: o.loanAmountMinor, received_amount: o.receivedAmountMinor,
    contract_amount: o.contractAmountMinor, interest: o.interestMinor, fees: o.managementFeeMinor + o.riskFeeMinor + o.paymentFeeMinor,
    fee_timing: o.feeTiming, loan_days: o.loanDays, currency: o.currency, is_returning: o.isReturning, created_at: o.createdAt.toISOString(),
    withdraw_before: withdrawBefore,
  };
}

/**
 * A loan application from the app (docs/intake.md "Apply"): checks the customer, the product's amount and day
 * limits and the merchant's loan rules, then creates the order — pending_review, or reloan for a returning
 * customer — with its amounts priced from the product, and its creation in the status history. Machine review
 * picks it up from there; the answer does not wait for it.
 */
export async function applyForLoan(deps: Deps, caller: IntakeCaller, body: AppApplyBody, random: () => number = secureRandom): Promise<AppOrder> {
  const db = deps.db;
  const phone = checkedPhone(caller.merchant, body.phone);
  const home = await homeCustomer(db, caller, phone);
  assertMayUse(home);
  const person = await personRecords(db, caller.familyIds, phone, home.idNumber);
  for (const r of person) assertMayUse(r);
  const returning = await isReturning(db, person);
  const { target, prod } = await chooseProduct(db, caller, home, body, returning, random);
  // On the customer's exclusive product (a whitelist group's or a pool offer's), the offer's limit caps the amount.
  const offerCap = prod.id === home.exclusiveProductId && home.exclusiveLimitMinor > 0 ? home.exclusiveLimitMinor : 0;
  const max = offerCap && (prod.maxAmountMinor <= 0 || offerCap < prod.maxAmountMinor) ? offerCap : prod.maxAmountMinor;
  if (body.amount < prod.minAmountMinor || (max > 0 && body.amount > max)) {
    throw invalid('amount', 'intake.amountRange', { min: prod.minAmountMinor, max });
  }
  if (body.days < prod.minDays || body.days > prod.maxDays) throw invalid('days', 'intake.daysRange', { min: prod.minDays, max: prod.maxDays });
  const price = priceLoan(prod, body.amount, body.days, moneyUnit(target.market));
  if (price.received <= 0) throw invalid('amount', 'intake.feesExceedLoan');

  await deps.clock.refresh();
  const now = deps.clock.now();
  const tz = timeZoneOf(target);
  const today = dateIn(now, tz);
  const status: OrderStatus = returning ? 'reloan' : 'pending_review';

  const order = await db.transaction(async (tx) => {
    await lockPerson(tx, `person:${home.idNumber || phone}`);
    // Re-read inside the lock: another application of the same person may have just committed.
    const records = await personRecords(tx, caller.familyIds, phone, home.idNumber);
    await checkApplyRules(tx, {
      merchantId: target.id, parentId: target.parentId, familyIds: caller.familyIds, customerIds: records.map((r) => r.id),
      phone, idNumber: home.idNumber, deviceId: body.device_id, birthDate: home.birthDate, now, timeZone: tz,
    });
    const owner = await recordAt(tx, home, target, now);
    await checkChannelLimits(tx, { channelId: owner.channelId, amountMinor: body.amount, now, timeZone: tz });
    const coDebt = await checkCoDebt(tx, { merchantId: target.id, idNumber: home.idNumber, phone, deviceIds: body.device_id ? [body.device_id] : [] });
    const id = await nextOrderId(tx);
    const [o] = await tx.insert(loanOrder).values({
      id, orderNo: `LO${today.replaceAll('-', '').slice(2)}${String(id).padStart(9, '0')}`, merchantId: target.id, customerId: owner.id,
      channelId: owner.channelId, productId: prod.id, productName: prod.name, currency: target.currency, status,
      orderType: returning ? 'reloan' : 'normal', isReturning: returning,
      applicationAmountMinor: body.amount, loanAmountMinor: price.loan, receivedAmountMinor: price.received, contractAmountMinor: price.contract,
      interestMinor: price.interest, managementFeeMinor: price.managementFee, riskFeeMinor: price.riskFee, paymentFeeMinor: price.paymentFee,
      interestRateBp: prod.rateBp, interestType: prod.interestType, feeTiming: prod.feeTiming, overdueRateBp: prod.overdueRateBp,
      loanDays: body.days, bankCardId: await payoutCard(tx, owner.id), createdAt: now,
    }).returning();
    await recordCreation(tx, { id: o.id, merchantId: target.id, status }, null, now, `app ${caller.appKey}`);
    await recordCoDebt(tx, coDebt, { id: o.id, customerId: owner.id, at: now });
    await emitConversion(tx, { merchantId: target.id, channelId: o.channelId, kind: 'application', customerId: owner.id, orderId: o.id, at: now });
    await onPoolApplication(tx, { customerId: owner.id, merchantId: target.id, orderId: o.id, at: now });
    await tx.insert(intakeEvent).values({
      kind: 'apply', merchantId: target.id, appKeyId: caller.appKeyId, customerId: owner.id, orderId: o.id, phone,
      idNumber: home.idNumber, deviceId: body.device_id, businessDate: today, createdAt: now,
    });
    return o;
  });
  return orderView(db, order, target);
}

/** The borrower's orders (newest first, at most 20), or the one named. */
export async function ordersOf(deps: Deps, caller: IntakeCaller, rawPhone: string, orderNo?: string): Promise<{ orders: AppOrder[] }> {
  const db = deps.db;
  const phone = checkedPhone(caller.merchant, rawPhone);
  const home = await homeCustomer(db, caller, phone);
  assertMayUse(home, { allowBlacklisted: true });
  const ids = scopeIds(caller);
  const customers = await db.select({ id: customer.id }).from(customer).where(and(inArray(customer.merchantId, ids), eq(customer.phone, phone)));
  const rows = await db.select({ o: loanOrder }).from(loanOrder)
    .where(and(
      inArray(loanOrder.merchantId, ids), inArray(loanOrder.customerId, customers.map((c) => c.id)),
      orderNo ? eq(loanOrder.orderNo, orderNo) : undefined,
    ))
    .orderBy(desc(loanOrder.createdAt), desc(loanOrder.id)).limit(20);
  if (orderNo && rows.length === 0) throw refusal(CODE.NOT_FOUND, 'error.notFound', { what: '@lifecycle.order' }, 'order_no');
  const byId = new Map(caller.scope.map((m) => [m.id, m]));
  return { orders: await Promise.all(rows.map((r) => orderView(db, r.o, byId.get(r.o.merchantId)!))) };
}
