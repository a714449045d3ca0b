import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { pageKey } from '../../../../commands/permissions';
import { CODE } from '../../../schemas/common';
import { repaymentCardQuery } from '../../../schemas/repayment';
import { cardBatchQuery, payCardRepaymentQuery } from '../../../schemas/repaymentCard';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { defineList, merchantScope } from '../../list/define';
import { moneyValue } from '../../list/values';
import { customer } from '../client/client.table';
import { customersByName, customersByPhone, outer } from '../client/client.routes';
import { adminAccount } from '../empower/empower.table';
import { dateRange } from '../empower/time';
import { merchant } from '../merchant/merchant.table';
import { loanOrder } from '../order/order.table';
import { paymentChannel } from '../payment/payment.table';
import { paymentRuntime } from '../payment/runtime';
import { payInChannel } from './collect';
import { repayment, repaymentCard, repaymentCardBatch } from './repayment.table';

/**
 * Virtual-account cards (/repayment/repaymentCardList): one active card per customer and merchant, its number issued
 * by the merchant's payment channel (`collect` with method va). Issuing a new card expires the previous one; money
 * sent to an active card is applied by the pay-in webhook (collect.ts `applyCardNotice`). Also the lists of the card
 * screens: cards, reset batches (/repayment/resetAllRepaymentCards) and card deductions (/repayment/paymentPayCard).
 */

export type CardRecord = typeof repaymentCard.$inferSelect;

const merchantName = (col: PgColumn) => sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(col)})`;
const channelName = (col: PgColumn) => sql<string | null>`(select c.name from ${paymentChannel} c where c.id = ${outer(col)})`;
const customerField = (field: 'name' | 'phone', col: PgColumn) =>
  sql<string | null>`(select c.${sql.raw(field)} from ${customer} c where c.id = ${outer(col)})`;

/**
 * Issues (or re-issues) a customer's card at the merchant's channel: the provider's number is asked first (no
 * transaction held over the network), then, with the customer row locked so that two issues of one customer queue,
 * the active card expires and the new one becomes active. 40400 for a customer not of the merchant; 40900 without a
 * channel, or when the channel issues no virtual accounts (`repayment.collectUnsupported`).
 */
export async function issueCard(deps: Deps, input: { merchantId: number; customerId: number; batchId?: number | null }): Promise<{ card: CardRecord; expired: CardRecord | null }> {
  const [c] = await deps.db.select({ id: customer.id, name: customer.name, phone: customer.phone }).from(customer)
    .where(and(eq(customer.id, input.customerId), eq(customer.merchantId, input.merchantId)));
  if (!c) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@repaymentCard.customer' });
  const [m] = await deps.db.select({ currency: merchant.currency }).from(merchant).where(eq(merchant.id, input.merchantId));
  const ch = await payInChannel(deps.db, input.merchantId);
  const provider = paymentRuntime(deps).provider(ch);
  if (!provider.payInMethods.includes('va')) throw new AppError(CODE.CONFLICT, 'repayment.collectUnsupported');
  const ref = `VA${input.merchantId}C${input.customerId}T${deps.now().getTime().toString(36)}${crypto.randomBytes(3).toString('hex')}`;
  const res = await provider.collect({
    paymentNo: ref, orderNo: '', amountMinor: 0, currency: m?.currency ?? 'VND', method: 'va', customer: { name: c.name, phone: c.phone },
  });
  if (!res.accepted || !res.vaNumber) throw new AppError(CODE.CONFLICT, 'repaymentCard.issueRefused', { message: res.message || '-' });
  return deps.db.transaction(async (tx) => {
    await tx.select({ id: customer.id }).from(customer).where(eq(customer.id, c.id)).for('update');
    const [expired] = await tx.update(repaymentCard).set({ status: 'expired', expiredAt: deps.now() })
      .where(and(eq(repaymentCard.merchantId, input.merchantId), eq(repaymentCard.customerId, c.id), eq(repaymentCard.status, 'active'))).returning();
    const [card] = await tx.insert(repaymentCard).values({
      merchantId: input.merchantId, customerId: c.id, channelId: ch.id, vaNumber: res.vaNumber.slice(0, 40), bankName: res.bankName.slice(0, 100),
      providerRef: res.providerRef.slice(0, 64), status: 'active', batchId: input.batchId ?? null, createdAt: deps.now(),
    }).returning();
    return { card, expired: expired ?? null };
  });
}

// ------------------------------------------------------------------ lists

export const repaymentCardList = defineList({
  id: 'repayment.repaymentCardList',
  permission: pageKey('repayment', 'repaymentCardList'),
  from: repaymentCard,
  columns: {
    id: repaymentCard.id,
    merchant_id: repaymentCard.merchantId,
    merchant_name: merchantName(repaymentCard.merchantId),
    customer_id: repaymentCard.customerId,
    customer_name: customerField('name', repaymentCard.customerId),
    phone: customerField('phone', repaymentCard.customerId),
    channel_name: channelName(repaymentCard.channelId),
    va_number: repaymentCard.vaNumber,
    bank_name: repaymentCard.bankName,
    provider_ref: repaymentCard.providerRef,
    status: repaymentCard.status,
    batch_id: repaymentCard.batchId,
    created_at: repaymentCard.createdAt,
    expired_at: repaymentCard.expiredAt,
  },
  filters: repaymentCardQuery,
  scope: merchantScope(repaymentCard.merchantId),
  where: (f) => [
    f.merchant_id !== undefined ? eq(repaymentCard.merchantId, f.merchant_id) : undefined,
    f.phone ? inArray(repaymentCard.customerId, customersByPhone(f.phone)) : undefined,
    f.customer_name ? inArray(repaymentCard.customerId, customersByName(f.customer_name)) : undefined,
    f.va_number ? eq(repaymentCard.vaNumber, f.va_number) : undefined,
    f.status ? eq(repaymentCard.status, f.status) : undefined,
  ],
  sorts: { created_at: repaymentCard.createdAt, id: repaymentCard.id },
  defaultSort: 'created_at:desc',
  mask: { phone: 'phone' },
  exportColumns: [
    { key: 'va_number', title: 'repaymentCard.field.va_number' },
    { key: 'bank_name', title: 'field.bank_name' },
    { key: 'customer_name', title: 'field.customer_name' },
    { key: 'phone', title: 'field.phone' },
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'channel_name', title: 'field.channel_id' },
    { key: 'status', title: 'field.status' },
    { key: 'created_at', title: 'field.created_at' },
    { key: 'expired_at', title: 'repaymentCard.field.expired_at' },
  ],
});

export const cardBatchList = defineList({
  id: 'repayment.resetAllRepaymentCards',
  permission: pageKey('repayment', 'resetAllRepaymentCards'),
  from: repaymentCardBatch,
  columns: {
    id: repaymentCardBatch.id,
    merchant_id: repaymentCardBatch.merchantId,
    merchant_name: merchantName(repaymentCardBatch.merchantId),
    status: repaymentCardBatch.status,
    total: repaymentCardBatch.total,
    done: repaymentCardBatch.done,
    failed: repaymentCardBatch.failed,
    remark: repaymentCardBatch.remark,
    error: repaymentCardBatch.error,
    created_by: sql<string | null>`(select a.name from ${adminAccount} a where a.id = ${outer(repaymentCardBatch.createdBy)})`,
    created_at: repaymentCardBatch.createdAt,
    finished_at: repaymentCardBatch.finishedAt,
  },
  filters: cardBatchQuery,
  scope: merchantScope(repaymentCardBatch.merchantId),
  where: (f) => [
    f.merchant_id !== undefined ? eq(repaymentCardBatch.merchantId, f.merchant_id) : undefined,
    f.status ? eq(repaymentCardBatch.status, f.status) : undefined,
  ],
  sorts: { created_at: repaymentCardBatch.createdAt, id: repaymentCardBatch.id },
  defaultSort: 'created_at:desc',
  exportColumns: [
    { key: 'id', title: 'field.id' },
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'status', title: 'field.status' },
    { key: 'total', title: 'repaymentCard.field.total' },
    { key: 'done', title: 'repaymentCard.field.done' },
    { key: 'failed', title: 'repaymentCard.field.failed' },
    { key: 'remark', title: 'field.remark' },
    { key: 'created_at', title: 'field.created_at' },
    { key: 'finished_at', title: 'field.completed_at' },
  ],
});

const ordersNumbered = (no: string) => sql`(select o.id from ${loanOrder} o where o.order_no = ${no})`;

/** /repayment/paymentPayCard: the card deductions (repayments of type card). */
export const payCardRepaymentList = defineList({
  id: 'repayment.paymentPayCard',
  permission: pageKey('repayment', 'paymentPayCard'),
  from: repayment,
  columns: {
    id: repayment.id,
    serial_no: repayment.serialNo,
    order_id: repayment.orderId,
    order_no: sql<string | null>`(select o.order_no from ${loanOrder} o where o.id = ${outer(repayment.orderId)})`,
    merchant_id: repayment.merchantId,
    merchant_name: merchantName(repayment.merchantId),
    customer_name: customerField('name', repayment.customerId),
    phone: customerField('phone', repayment.customerId),
    currency: repayment.currency,
    status: repayment.status,
    requested_amount: repayment.requestedMinor,
    success_amount: repayment.successMinor,
    card_no: repayment.cardNo,
    channel_name: channelName(repayment.channelId),
    provider_ref: repayment.providerRef,
    remark: repayment.remark,
    created_at: repayment.createdAt,
    paid_at: repayment.paidAt,
  },
  filters: payCardRepaymentQuery,
  scope: merchantScope(repayment.merchantId),
  where: (f, _actor, ctx) => [
    eq(repayment.type, 'card'),
    f.serial_no ? eq(repayment.serialNo, f.serial_no) : undefined,
    f.order_no ? inArray(repayment.orderId, ordersNumbered(f.order_no)) : undefined,
    f.phone ? inArray(repayment.customerId, customersByPhone(f.phone)) : undefined,
    f.merchant_id !== undefined ? eq(repayment.merchantId, f.merchant_id) : undefined,
    f.status?.length ? inArray(repayment.status, f.status) : undefined,
    ...dateRange(repayment.createdAt, f.created_from, f.created_to, ctx.cfg.timeZone),
  ],
  sorts: { created_at: repayment.createdAt, id: repayment.id },
  defaultSort: 'created_at:desc',
  mask: { phone: 'phone' },
  exportColumns: [
    { key: 'serial_no', title: 'repaymentCard.field.serial_no' },
    { key: 'order_no', title: 'field.order_no' },
    { key: 'customer_name', title: 'field.customer_name' },
    { key: 'phone', title: 'field.phone' },
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'status', title: 'field.status' },
    { key: 'currency', title: 'field.currency' },
    { key: 'requested_amount', title: 'repaymentCard.field.requested_amount', value: moneyValue('requested_amount') },
    { key: 'success_amount', title: 'repaymentCard.field.success_amount', value: moneyValue('success_amount') },
    { key: 'card_no', title: 'field.card_number' },
    { key: 'channel_name', title: 'field.channel_id' },
    { key: 'provider_ref', title: 'field.provider_ref' },
    { key: 'created_at', title: 'field.created_at' },
  ],
});
