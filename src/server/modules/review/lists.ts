import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { pageKey } from '../../../../commands/permissions';
import { MANUAL_STAGES } from '../../../schemas/lifecycle';
import {
  DEFAULT_FLOW, interceptionQuery, loanConfigQuery, resettingQuery, reviewQueueQuery, SERVICE_QUEUES, serviceQueueQuery, STAGE_QUEUES,
  type ServicePage, type StagePage,
} from '../../../schemas/review';
import { defineList, merchantScope } from '../../list/define';
import { customersByName, customersByPhone, outer } from '../client/client.routes';
import { customer } from '../client/client.table';
import { adminAccount } from '../empower/empower.table';
import { dateRange } from '../empower/time';
import { merchant } from '../merchant/merchant.table';
import { loanOrder } from '../order/order.table';
import { workTask } from '../task/task.table';
import { DEFAULT_FLOW_MERCHANT } from './flow';
import { reviewFlow } from './review.table';
import { amountRange, moneyValue } from '../../list/values';

/** The list declarations of the review screens (docs/list-engine.md): queues, customer service, interception, reset, flows. */

const merchantName = sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(loanOrder.merchantId)})`;
const customerName = sql<string | null>`(select c.name from ${customer} c where c.id = ${outer(loanOrder.customerId)})`;
const customerPhone = sql<string | null>`(select c.phone from ${customer} c where c.id = ${outer(loanOrder.customerId)})`;

/** Claimed task of an order in a queue: a correlated subquery over the live-task index. */
const claimed = (queue: string, col: string) =>
  sql.raw(`(select t.${col} from work_task t where t.queue = '${queue.replace(/'/g, "''")}' and t.order_id = "loan_order"."id" and t.status = 'claimed' limit 1)`);

const orderFilters = (f: { order_no?: string; phone?: string; customer_name?: string; merchant_id?: number }): (SQL | undefined)[] => [
  f.order_no ? or(eq(loanOrder.orderNo, f.order_no), eq(loanOrder.externalOrderNo, f.order_no)) : undefined,
  f.phone ? inArray(loanOrder.customerId, customersByPhone(f.phone)) : undefined,
  f.customer_name ? inArray(loanOrder.customerId, customersByName(f.customer_name)) : undefined,
  f.merchant_id !== undefined ? eq(loanOrder.merchantId, f.merchant_id) : undefined,
];


/** A stage queue (/review/trial, reviewAgain, PaymentPreTrial, reviewLoan): the orders waiting in the stage, oldest first. */
export function stageList(page: StagePage) {
  const q = STAGE_QUEUES[page];
  const queueLit = sql.raw(`'${q.queue}'`);
  const service = q.service ? SERVICE_QUEUES[q.service].queue : null;
  return defineList({
    id: `review.${page}`,
    permission: pageKey('review', page),
    from: loanOrder,
    columns: {
      id: loanOrder.id,
      order_no: loanOrder.orderNo,
      merchant_id: loanOrder.merchantId,
      merchant_name: merchantName,
      customer_id: loanOrder.customerId,
      customer_name: customerName,
      phone: customerPhone,
      product_id: loanOrder.productId,
      product_name: loanOrder.productName,
      currency: loanOrder.currency,
      status: loanOrder.status,
      is_returning: loanOrder.isReturning,
      application_amount: loanOrder.applicationAmountMinor,
      loan_amount: loanOrder.loanAmountMinor,
      review_limit: loanOrder.reviewLimitMinor,
      loan_days: loanOrder.loanDays,
      machine_review_score: loanOrder.machineReviewScore,
      created_at: loanOrder.createdAt,
      // The order version a decision from this row carries (orders.ts versionOf: updated_at in whole milliseconds).
      version: sql<string>`floor(extract(epoch from ${loanOrder.updatedAt}) * 1000)::bigint::text`,
      assignee_id: sql<number | null>`${claimed(q.queue, 'assignee_id')}`,
      assignee_name: sql<string | null>`(select a.name from ${adminAccount} a where a.id = ${claimed(q.queue, 'assignee_id')})`,
      claimed_at: sql<string | null>`${claimed(q.queue, 'claimed_at')}`,
      in_service: service
        ? sql<boolean>`exists(select 1 from ${workTask} t where t.queue = ${sql.raw(`'${service}'`)} and t.order_id = ${outer(loanOrder.id)} and t.status in ('open', 'claimed'))`
        : sql<boolean>`false`,
    },
    filters: reviewQueueQuery,
    scope: merchantScope(loanOrder.merchantId),
    where: (f, actor, ctx) => {
      const held = (by?: number) => sql`exists(select 1 from ${workTask} t where t.queue = ${queueLit} and t.order_id = ${outer(loanOrder.id)} and t.status = 'claimed'${by === undefined ? sql`` : sql` and t.assignee_id = ${by}`})`;
      return [
        eq(loanOrder.status, q.status),
        ...orderFilters(f),
        f.product_id !== undefined ? eq(loanOrder.productId, f.product_id) : undefined,
        f.customer_type ? eq(loanOrder.isReturning, f.customer_type === 'returning') : undefined,
        f.claim === 'mine' ? held(actor.accountId) : undefined,
        f.claim === 'unclaimed' ? sql`not ${held()}` : undefined,
        ...dateRange(loanOrder.createdAt, f.created_from, f.created_to, ctx.cfg.timeZone),
        ...amountRange(loanOrder.applicationAmountMinor, f.amount_min, f.amount_max),
      ];
    },
    sorts: { created_at: loanOrder.createdAt, loan_amount: loanOrder.loanAmountMinor, id: loanOrder.id },
    // First in, first reviewed.
    defaultSort: 'created_at:asc',
    mask: { phone: 'phone' },
    exportColumns: [
      { key: 'order_no', title: 'field.order_no' },
      { key: 'merchant_name', title: 'field.merchant_id' },
      { key: 'customer_id', title: 'field.customer_id' },
      { key: 'customer_name', title: 'field.customer_name' },
      { key: 'phone', title: 'field.phone' },
      { key: 'product_name', title: 'field.product_id' },
      { key: 'is_returning', title: 'field.customer_type', value: (r) => (r.is_returning ? 'returning' : 'new') },
      { key: 'currency', title: 'field.currency' },
      { key: 'application_amount', title: 'field.application_amount', value: moneyValue('application_amount') },
      { key: 'loan_amount', title: 'field.loan_amount', value: moneyValue('loan_amount') },
      { key: 'loan_days', title: 'field.loan_days' },
      { key: 'machine_review_score', title: 'field.machine_review_score' },
      { key: 'assignee_name', title: 'field.assignee' },
      { key: 'claimed_at', title: 'field.claimed_at' },
      { key: 'created_at', title: 'field.created_at' },
    ],
  });
}

/** A customer-service queue: the orders reviewers sent with a note, oldest first. */
export function serviceList(page: ServicePage) {
  const s = SERVICE_QUEUES[page];
  return defineList({
    id: `review.${page}`,
    permission: pageKey('review', page),
    from: (db, fields) => db.select(fields).from(workTask).innerJoin(loanOrder, eq(loanOrder.id, workTask.orderId)).$dynamic(),
    key: workTask.id,
    columns: {
      id: loanOrder.id,
      task_id: workTask.id,
      order_no: loanOrder.orderNo,
      merchant_id: loanOrder.merchantId,
      merchant_name: merchantName,
      customer_id: loanOrder.customerId,
      customer_name: customerName,
      phone: customerPhone,
      currency: loanOrder.currency,
      status: loanOrder.status,
      application_amount: loanOrder.applicationAmountMinor,
      note: workTask.note,
      sent_by_name: sql<string | null>`(select a.name from ${adminAccount} a where a.id = ${outer(workTask.openedBy)})`,
      opened_at: workTask.openedAt,
      assignee_id: workTask.assigneeId,
      assignee_name: sql<string | null>`(select a.name from ${adminAccount} a where a.id = ${outer(workTask.assigneeId)})`,
      claimed_at: workTask.claimedAt,
    },
    filters: serviceQueueQuery,
    scope: merchantScope(workTask.merchantId),
    where: (f, actor) => [
      eq(workTask.queue, s.queue),
      inArray(workTask.status, ['open', 'claimed']),
      ...orderFilters(f),
      f.claim === 'mine' ? and(eq(workTask.status, 'claimed'), eq(workTask.assigneeId, actor.accountId)) : undefined,
      f.claim === 'unclaimed' ? eq(workTask.status, 'open') : undefined,
    ],
    sorts: { opened_at: workTask.openedAt, id: workTask.id },
    defaultSort: 'opened_at:asc',
    mask: { phone: 'phone' },
    exportColumns: [
      { key: 'order_no', title: 'field.order_no' },
      { key: 'merchant_name', title: 'field.merchant_id' },
      { key: 'customer_name', title: 'field.customer_name' },
      { key: 'phone', title: 'field.phone' },
      { key: 'note', title: 'field.note' },
      { key: 'sent_by_name', title: 'field.sent_by' },
      { key: 'opened_at', title: 'field.opened_at' },
      { key: 'assignee_name', title: 'field.assignee' },
    ],
  });
}

const actionColumns = {
  id: loanOrder.id,
  order_no: loanOrder.orderNo,
  merchant_id: loanOrder.merchantId,
  merchant_name: merchantName,
  customer_id: loanOrder.customerId,
  customer_name: customerName,
  phone: customerPhone,
  currency: loanOrder.currency,
  status: loanOrder.status,
  review_stage: loanOrder.reviewStage,
  review_result: loanOrder.reviewResult,
  loan_remark: loanOrder.loanRemark,
  application_amount: loanOrder.applicationAmountMinor,
  is_returning: loanOrder.isReturning,
  created_at: loanOrder.createdAt,
  updated_at: loanOrder.updatedAt,
};

const actionExport = [
  { key: 'order_no', title: 'field.order_no' },
  { key: 'merchant_name', title: 'field.merchant_id' },
  { key: 'customer_name', title: 'field.customer_name' },
  { key: 'phone', title: 'field.phone' },
  { key: 'status', title: 'field.status' },
  { key: 'review_stage', title: 'field.review_stage' },
  { key: 'loan_remark', title: 'field.loan_remark' },
  { key: 'currency', title: 'field.currency' },
  { key: 'application_amount', title: 'field.application_amount', value: moneyValue('application_amount') },
  { key: 'created_at', title: 'field.created_at' },
] as const;

/** Statuses an order can be intercepted from (spec: disbursement interception, in review or pending withdrawal). */
export const INTERCEPTABLE = ['first_review', 'second_review', 'pre_review', 'disbursement_review', 'withdrawal'] as const;

/** /review/loanInterception: orders that can be intercepted, or the intercepted (suspended) ones. */
export const interceptionList = defineList({
  id: 'review.loanInterception',
  permission: pageKey('review', 'loanInterception'),
  from: loanOrder,
  columns: actionColumns,
  filters: interceptionQuery,
  scope: merchantScope(loanOrder.merchantId),
  where: (f) => {
    const statuses: string[] = f.view === 'intercepted' ? ['suspended'] : [...INTERCEPTABLE];
    return [
      f.status ? (statuses.includes(f.status) ? eq(loanOrder.status, f.status) : sql`false`) : inArray(loanOrder.status, statuses),
      ...orderFilters(f),
    ];
  },
  sorts: { created_at: loanOrder.createdAt, id: loanOrder.id },
  defaultSort: 'created_at:desc',
  mask: { phone: 'phone' },
  exportColumns: [...actionExport],
});

/** /review/resettingOrder: closed orders (rejected or closed before any money moved), which a reset sends back to review. */
export const resettingList = defineList({
  id: 'review.resettingOrder',
  permission: pageKey('review', 'resettingOrder'),
  from: loanOrder,
  columns: actionColumns,
  filters: resettingQuery,
  scope: merchantScope(loanOrder.merchantId),
  where: (f, _actor, ctx) => [eq(loanOrder.status, 'closed'), ...orderFilters(f), ...dateRange(loanOrder.createdAt, f.created_from, f.created_to, ctx.cfg.timeZone)],
  sorts: { created_at: loanOrder.createdAt, id: loanOrder.id },
  defaultSort: 'created_at:desc',
  mask: { phone: 'phone' },
  exportColumns: [...actionExport],
});

const DEFAULT_ARRAY = (stages: readonly string[]) => sql.raw(`array[${stages.map((s) => `'${s}'`).join(',')}]::text[]`);
const inherited = (col: 'new_stages' | 'returning_stages', fallback: readonly string[]) =>
  sql`coalesce((select d.${sql.raw(col)} from ${reviewFlow} d where d.merchant_id = ${sql.raw(String(DEFAULT_FLOW_MERCHANT))}), ${DEFAULT_ARRAY(fallback)})`;

/** /merchant/loanConfig: each merchant's review flow, its own or the default it follows. */
export const loanConfigList = defineList({
  id: 'merchant.loanConfig',
  permission: pageKey('merchant', 'loanConfig'),
  from: (db, fields) => db.select(fields).from(merchant).leftJoin(reviewFlow, eq(reviewFlow.merchantId, merchant.id)).$dynamic(),
  key: merchant.id,
  columns: {
    id: merchant.id,
    code: merchant.code,
    name: merchant.name,
    parent_id: merchant.parentId,
    own: sql<boolean>`(${reviewFlow.merchantId} is not null)`,
    new_stages: sql<string[]>`coalesce(${reviewFlow.newStages}, ${inherited('new_stages', DEFAULT_FLOW.new)})`,
    returning_stages: sql<string[]>`coalesce(${reviewFlow.returningStages}, ${inherited('returning_stages', DEFAULT_FLOW.returning)})`,
  },
  filters: loanConfigQuery,
  scope: merchantScope(merchant.id),
  where: (f) => [f.merchant_id !== undefined ? eq(merchant.id, f.merchant_id) : undefined],
  sorts: { id: merchant.id, code: merchant.code },
  defaultSort: 'id:asc',
  map: (r) => ({ ...r, new_stages: order(r.new_stages), returning_stages: order(r.returning_stages) }),
  exportColumns: [
    { key: 'code', title: 'field.merchant_code' },
    { key: 'name', title: 'field.merchant_id' },
    { key: 'own', title: 'field.flow_own', value: (r) => (r.own ? 'own' : 'default') },
    { key: 'new_stages', title: 'field.new_stages', value: (r) => r.new_stages.join(', ') },
    { key: 'returning_stages', title: 'field.returning_stages', value: (r) => r.returning_stages.join(', ') },
  ],
});

function order(a: unknown): string[] {
  const list = Array.isArray(a) ? (a as string[]) : typeof a === 'string' ? a.replace(/[{}]/g, '').split(',').filter(Boolean) : [];
  return MANUAL_STAGES.filter((s) => list.includes(s));
}
