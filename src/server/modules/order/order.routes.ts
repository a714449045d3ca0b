import { eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { date, pgTable, timestamp } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { pageKey } from '../../../../commands/permissions';
import { orderListQuery } from '../../../schemas/review';
import type { Deps } from '../../deps';
import { defineList, merchantScope } from '../../list/define';
import { listRoute } from '../../list/routes';
import { channel } from '../merchant/channel.table';
import { merchant } from '../merchant/merchant.table';
import { customer } from '../client/client.table';
import { customersByName, customersByPhone } from '../client/client.routes';
import { normaliseListQuery } from '../client/listHooks';
import { dateRange } from '../empower/time';
import { loanOrder } from './order.table';
import { amountRange, labelColumn, moneyColumn } from '../../list/values';

/**
 * /review/allOrder: every loan order of every status (GET /loanapi/order/all_list), scoped to the account's
 * merchants, phones masked for privacy protection, exportable.
 */

/**
 * Loan time and due date as sort keys. Both are NULL until the order is disbursed, and the list engine pages by
 * keyset, which needs a value on every row of the order: sorting by either keeps only the orders that have one
 * (the route sets has_loan_time / has_due_date itself, see normaliseListQuery), so these two columns of the same
 * table are declared NOT NULL here for the engine's start-up check.
 */
const disbursed = pgTable('loan_order', {
  loanAt: timestamp('loan_at', { withTimezone: true }).notNull(),
  dueDate: date('due_date', { mode: 'string' }).notNull(),
});

/**
 * Settled orders whose customer placed another order at the same merchant within `days` business days of the
 * settlement (day 0 = the settlement's own date): the orders behind a repaymentReborrow count.
 */
function reborrowedWithin(days: number, tz: string) {
  return sql`${loanOrder.settled} and exists (select 1 from loan_order n where n.customer_id = ${loanOrder.customerId}
    and n.merchant_id = ${loanOrder.merchantId} and n.id <> ${loanOrder.id} and n.created_at >= ${loanOrder.settledAt}
    and n.created_at < ((((${loanOrder.settledAt} at time zone ${tz})::date) + ${days + 1}::int)::timestamp at time zone ${tz}))`;
}

/** Sort field → the flag filter that keeps only rows having it. */
export const ORDER_SORT_GUARDS = { loan_at: 'has_loan_time', due_date: 'has_due_date' } as const;


export const allOrderList = defineList({
  id: 'review.allOrder',
  permission: pageKey('review', 'allOrder'),
  // Names by LEFT JOINs on primary keys, not a subquery per name and row (an export of a million rows made four
  // million probes); a count reads loan_order alone (countFrom).
  from: (db, fields) => db.select(fields).from(loanOrder)
    .leftJoin(merchant, eq(merchant.id, loanOrder.merchantId))
    .leftJoin(customer, eq(customer.id, loanOrder.customerId))
    .leftJoin(channel, eq(channel.id, loanOrder.channelId))
    .$dynamic(),
  countFrom: loanOrder,
  key: loanOrder.id,
  columns: {
    id: loanOrder.id,
    order_no: loanOrder.orderNo,
    external_order_no: loanOrder.externalOrderNo,
    merchant_id: loanOrder.merchantId,
    merchant_name: merchant.name,
    customer_id: loanOrder.customerId,
    customer_name: customer.name,
    phone: customer.phone,
    product_id: loanOrder.productId,
    product_name: loanOrder.productName,
    channel_id: loanOrder.channelId,
    channel_name: channel.name,
    currency: loanOrder.currency,
    status: loanOrder.status,
    order_type: loanOrder.orderType,
    is_returning: loanOrder.isReturning,
    application_amount: loanOrder.applicationAmountMinor,
    loan_amount: loanOrder.loanAmountMinor,
    received_amount: loanOrder.receivedAmountMinor,
    contract_amount: loanOrder.contractAmountMinor,
    due_amount: loanOrder.dueAmountMinor,
    paid_amount: loanOrder.paidAmountMinor,
    remaining_debt: loanOrder.remainingDebtMinor,
    loan_days: loanOrder.loanDays,
    loan_at: loanOrder.loanAt,
    success_at: loanOrder.successAt,
    due_date: loanOrder.dueDate,
    overdue_days: loanOrder.overdueDays,
    settled: loanOrder.settled,
    review_stage: loanOrder.reviewStage,
    review_result: loanOrder.reviewResult,
    machine_review_result: loanOrder.machineReviewResult,
    extension_count: loanOrder.extensionCount,
    created_at: loanOrder.createdAt,
  },
  filters: orderListQuery,
  scope: merchantScope(loanOrder.merchantId),
  where: (f, _actor, ctx) => {
    const tz = ctx.cfg.timeZone;
    return [
      f.order_no ? or(eq(loanOrder.orderNo, f.order_no), eq(loanOrder.externalOrderNo, f.order_no)) : undefined,
      f.phone ? inArray(loanOrder.customerId, customersByPhone(f.phone)) : undefined,
      f.customer_name ? inArray(loanOrder.customerId, customersByName(f.customer_name)) : undefined,
      f.merchant_id !== undefined ? eq(loanOrder.merchantId, f.merchant_id) : undefined,
      f.product_id !== undefined ? eq(loanOrder.productId, f.product_id) : undefined,
      f.channel_id !== undefined ? eq(loanOrder.channelId, f.channel_id) : undefined,
      f.status?.length ? inArray(loanOrder.status, f.status) : undefined,
      f.customer_type ? eq(loanOrder.isReturning, f.customer_type === 'returning') : undefined,
      ...dateRange(loanOrder.createdAt, f.created_from, f.created_to, tz),
      ...dateRange(loanOrder.loanAt, f.loan_from, f.loan_to, tz),
      ...dateRange(loanOrder.settledAt, f.settled_from, f.settled_to, tz),
      f.reborrow_within !== undefined ? reborrowedWithin(f.reborrow_within, tz) : undefined,
      f.due_from ? sql`${loanOrder.dueDate} >= ${f.due_from}::date` : undefined,
      f.due_to ? sql`${loanOrder.dueDate} <= ${f.due_to}::date` : undefined,
      ...amountRange(loanOrder.loanAmountMinor, f.loan_amount_min, f.loan_amount_max),
      ...amountRange(loanOrder.remainingDebtMinor, f.remaining_debt_min, f.remaining_debt_max),
      f.has_loan_time ? isNotNull(loanOrder.loanAt) : undefined,
      f.has_due_date ? isNotNull(loanOrder.dueDate) : undefined,
    ];
  },
  sorts: {
    created_at: loanOrder.createdAt,
    loan_at: disbursed.loanAt,
    due_date: disbursed.dueDate,
    loan_amount: loanOrder.loanAmountMinor,
    remaining_debt: loanOrder.remainingDebtMinor,
    id: loanOrder.id,
  },
  defaultSort: 'created_at:desc',
  mask: { phone: 'phone' },
  exportColumns: [
    { key: 'order_no', title: 'field.order_no' },
    { key: 'external_order_no', title: 'field.external_order_no' },
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'customer_id', title: 'field.customer_id' },
    { key: 'customer_name', title: 'field.customer_name' },
    { key: 'phone', title: 'field.phone' },
    { key: 'product_name', title: 'field.product_id' },
    { key: 'channel_name', title: 'field.channel_id' },
    { key: 'status', title: 'field.status' },
    labelColumn('is_returning', 'field.customer_type', 'returning', 'new'),
    { key: 'currency', title: 'field.currency' },
    moneyColumn('application_amount', 'field.application_amount'),
    moneyColumn('loan_amount', 'field.loan_amount'),
    moneyColumn('received_amount', 'field.received_amount'),
    moneyColumn('contract_amount', 'field.contract_amount'),
    moneyColumn('paid_amount', 'field.paid_amount'),
    moneyColumn('remaining_debt', 'field.remaining_debt'),
    { key: 'loan_days', title: 'field.loan_days' },
    { key: 'loan_at', title: 'field.loan_at' },
    { key: 'due_date', title: 'field.due_date' },
    { key: 'overdue_days', title: 'field.overdue_days' },
    { key: 'created_at', title: 'field.created_at' },
  ],
});

export function orderRoutes(app: FastifyInstance, d: Deps): void {
  // In its own scope: the query normalisation (multi-status, sort guards) applies to this list only.
  void app.register(async (scope) => {
    normaliseListQuery(scope, { arrays: ['status'], sortGuards: ORDER_SORT_GUARDS });
    listRoute(scope, d, allOrderList, { url: '/loanapi/order/all_list' });
  });
}
