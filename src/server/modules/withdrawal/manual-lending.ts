import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { pageKey } from '../../../../commands/permissions';
import { CODE } from '../../../schemas/common';
import type { OrderStatus } from '../../../schemas/order';
import { manualLendingQuery } from '../../../schemas/withdrawal';
import { AppError } from '../../errors';
import { defineList, merchantScope } from '../../list/define';
import { bankCard, customer } from '../client/client.table';
import { customersByName, customersByPhone, majorUnits, outer } from '../client/client.routes';
import { adminAccount } from '../empower/empower.table';
import { dateRange } from '../empower/time';
import { familyOf } from '../intake/auth';
import { assertMayUse, invalid, isReturning, lockPerson, nextOrderId, payoutCard, personRecords, timeZoneOf } from '../intake/customers';
import { moneyUnit, priceLoan } from '../intake/pricing';
import { checkApplyRules } from '../intake/rules';
import { dateIn } from '../lifecycle/clock';
import { recordCreation } from '../lifecycle/transition';
import { writeOpLog } from '../log/oplog';
import { merchant } from '../merchant/merchant.table';
import { product } from '../merchant/product.table';
import { loanOrder, orderStatusHistory } from '../order/order.table';
import { runMachineReview } from '../scoring/machine-review';
import { scopeOf, type ActCtx } from './withdrawal.service';

/**
 * /review/manualLending: staff create a loan order for an existing customer by hand (order_type `manual`), e.g. for
 * a customer who called in because the app failed them. The order is checked like an application from the app —
 * the customer may borrow, the product is the customer's merchant's, enabled, and the amount and days are within
 * its limits, the merchant's loan rules hold, the customer has no live loan — priced from the product, created in
 * pending_review (reloan for a returning customer) with its creation in the status history under the staff member's
 * name, and machine-reviewed at once: from there it follows the review stages like any other order.
 */

/** Statuses in which a customer's loan is still live (a second one is refused). */
const ENDED: OrderStatus[] = ['settled', 'closed'];

export async function createManualLoan(ctx: ActCtx, body: {
  customer_id: number; product_id: number; amount: number; loan_days: number; bank_card_id?: number; note?: string;
}): Promise<{ order_id: number; order_no: string; status: string }> {
  const { deps, actor, req } = ctx;
  const { db } = deps;
  const scope = scopeOf(actor);
  const [c] = await db.select().from(customer).where(eq(customer.id, body.customer_id)).limit(1);
  if (!c || (scope && !scope.includes(c.merchantId))) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@withdrawal.customer' });
  assertMayUse(c);
  const [p] = await db.select().from(product).where(eq(product.id, body.product_id)).limit(1);
  if (!p || p.merchantId !== c.merchantId) throw invalid('product_id', 'withdrawal.manual.productMerchant');
  if (!p.enabled) throw invalid('product_id', 'withdrawal.manual.productDisabled');
  if (p.whiteHouseholdExclusive && !c.whitelisted) throw invalid('product_id', 'withdrawal.manual.productWhitelist');
  if (body.amount < p.minAmountMinor || (p.maxAmountMinor > 0 && body.amount > p.maxAmountMinor)) {
    throw invalid('amount', 'withdrawal.manual.amountRange', { min: p.minAmountMinor, max: p.maxAmountMinor });
  }
  if (body.loan_days < p.minDays || body.loan_days > p.maxDays) throw invalid('loan_days', 'withdrawal.manual.daysRange', { min: p.minDays, max: p.maxDays });
  const [m] = await db.select().from(merchant).where(eq(merchant.id, c.merchantId)).limit(1);
  const price = priceLoan(p, body.amount, body.loan_days, moneyUnit(m.market));
  if (price.received <= 0) throw invalid('amount', 'withdrawal.manual.feesExceedLoan');
  let cardId: number | null;
  if (body.bank_card_id !== undefined) {
    const [card] = await db.select().from(bankCard).where(and(eq(bankCard.id, body.bank_card_id), eq(bankCard.customerId, c.id))).limit(1);
    if (!card || card.status !== 'bound') throw invalid('bank_card_id', 'withdrawal.cardInvalid');
    cardId = card.id;
  } else {
    cardId = await payoutCard(db, c.id);
  }

  await deps.clock.refresh();
  const now = deps.clock.now();
  const tz = timeZoneOf(m);
  const family = (await familyOf(db, m)).map((f) => f.id);
  const order = await db.transaction(async (tx) => {
    // The same lock as the app's applications: a manual loan and an app application of one person cannot both pass.
    await lockPerson(tx, `person:${c.idNumber || c.phone}`);
    const records = await personRecords(tx, family.length ? family : [c.merchantId], c.phone, c.idNumber);
    const ids = [...new Set([c.id, ...records.map((r) => r.id)])];
    const [live] = await tx.select({ orderNo: loanOrder.orderNo }).from(loanOrder)
      .where(and(inArray(loanOrder.customerId, ids), notInArray(loanOrder.status, ENDED))).limit(1);
    if (live) throw new AppError(CODE.CONFLICT, 'withdrawal.manual.activeOrder', { order_no: live.orderNo });
    await checkApplyRules(tx, {
      merchantId: m.id, parentId: m.parentId, familyIds: family, customerIds: ids, phone: c.phone, idNumber: c.idNumber,
      deviceId: '', birthDate: c.birthDate, now, timeZone: tz,
    });
    const returning = await isReturning(tx, records.length ? records : [c]);
    const status: OrderStatus = returning ? 'reloan' : 'pending_review';
    const id = await nextOrderId(tx);
    const [o] = await tx.insert(loanOrder).values({
      id, orderNo: `ML${dateIn(now, tz).replaceAll('-', '').slice(2)}${String(id).padStart(9, '0')}`, merchantId: m.id, customerId: c.id,
      channelId: c.channelId, productId: p.id, productName: p.name, currency: m.currency, status, orderType: 'manual', isReturning: returning,
      applicationAmountMinor: body.amount, loanAmountMinor: price.loan, receivedAmountMinor: price.received, contractAmountMinor: price.contract,
      interestMinor: price.interest, managementFeeMinor: price.managementFee, riskFeeMinor: price.riskFee, paymentFeeMinor: price.paymentFee,
      interestRateBp: p.rateBp, interestType: p.interestType, feeTiming: p.feeTiming, overdueRateBp: p.overdueRateBp,
      loanDays: body.loan_days, bankCardId: cardId, loanRemark: body.note ?? '', createdAt: now,
    }).returning();
    await recordCreation(tx, { id: o.id, merchantId: m.id, status }, actor.accountId, now, `manual lending${body.note ? `: ${body.note}` : ''}`);
    await writeOpLog(tx, req, {
      action: 'review.manualLending.add', targetType: 'loan_order', targetId: o.id,
      after: { order_no: o.orderNo, customer_id: c.id, product_id: p.id, amount: body.amount, loan_days: body.loan_days, bank_card_id: cardId, status },
    });
    return o;
  });

  let status = order.status;
  try {
    status = (await runMachineReview(deps, order.id)).status;
  } catch (err) {
    // The machine-review job may have taken it first; the order is created either way and moves on from there.
    if (!(err instanceof AppError && (err.code === CODE.INVALID_TRANSITION || err.code === CODE.NOT_FOUND))) req.log.error({ err, orderId: order.id }, 'machine review of a manual loan');
    const [now2] = await db.select({ status: loanOrder.status }).from(loanOrder).where(eq(loanOrder.id, order.id));
    status = now2?.status ?? status;
  }
  return { order_id: order.id, order_no: order.orderNo, status };
}

const creator = sql<number | null>`(select h.account_id from ${orderStatusHistory} h where h.order_id = ${outer(loanOrder.id)} and h.from_status is null order by h.id limit 1)`;

/** The orders staff created by hand, newest first. */
export const manualLendingList = defineList({
  id: 'review.manualLending',
  permission: pageKey('review', 'manualLending'),
  from: loanOrder,
  columns: {
    id: loanOrder.id,
    order_no: loanOrder.orderNo,
    merchant_id: loanOrder.merchantId,
    merchant_name: sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(loanOrder.merchantId)})`,
    customer_id: loanOrder.customerId,
    customer_name: sql<string | null>`(select c.name from ${customer} c where c.id = ${outer(loanOrder.customerId)})`,
    phone: sql<string | null>`(select c.phone from ${customer} c where c.id = ${outer(loanOrder.customerId)})`,
    product_id: loanOrder.productId,
    product_name: loanOrder.productName,
    currency: loanOrder.currency,
    status: loanOrder.status,
    is_returning: loanOrder.isReturning,
    application_amount: loanOrder.applicationAmountMinor,
    loan_amount: loanOrder.loanAmountMinor,
    received_amount: loanOrder.receivedAmountMinor,
    contract_amount: loanOrder.contractAmountMinor,
    loan_days: loanOrder.loanDays,
    loan_remark: loanOrder.loanRemark,
    created_by: sql<string | null>`(select a.name from ${adminAccount} a where a.id = ${creator})`,
    created_at: loanOrder.createdAt,
  },
  filters: manualLendingQuery,
  scope: merchantScope(loanOrder.merchantId),
  where: (f, _actor, ctx) => [
    eq(loanOrder.orderType, 'manual'),
    f.order_no ? eq(loanOrder.orderNo, f.order_no) : undefined,
    f.phone ? inArray(loanOrder.customerId, customersByPhone(f.phone)) : undefined,
    f.customer_name ? inArray(loanOrder.customerId, customersByName(f.customer_name)) : undefined,
    f.merchant_id !== undefined ? eq(loanOrder.merchantId, f.merchant_id) : undefined,
    f.product_id !== undefined ? eq(loanOrder.productId, f.product_id) : undefined,
    f.status?.length ? inArray(loanOrder.status, f.status) : undefined,
    ...dateRange(loanOrder.createdAt, f.created_from, f.created_to, ctx.cfg.timeZone),
  ],
  sorts: { created_at: loanOrder.createdAt, loan_amount: loanOrder.loanAmountMinor, id: loanOrder.id },
  defaultSort: 'created_at:desc',
  mask: { phone: 'phone' },
  exportColumns: [
    { key: 'order_no', title: 'field.order_no' },
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'customer_id', title: 'field.customer_id' },
    { key: 'customer_name', title: 'field.customer_name' },
    { key: 'phone', title: 'field.phone' },
    { key: 'product_name', title: 'field.product_id' },
    { key: 'status', title: 'field.status' },
    { key: 'currency', title: 'field.currency' },
    { key: 'application_amount', title: 'field.application_amount', value: (r) => majorUnits(r.application_amount, r.currency) },
    { key: 'loan_amount', title: 'field.loan_amount', value: (r) => majorUnits(r.loan_amount, r.currency) },
    { key: 'received_amount', title: 'field.received_amount', value: (r) => majorUnits(r.received_amount, r.currency) },
    { key: 'loan_days', title: 'field.loan_days' },
    { key: 'created_by', title: 'withdrawal.field.created_by' },
    { key: 'loan_remark', title: 'withdrawal.field.note' },
    { key: 'created_at', title: 'field.created_at' },
  ],
});
