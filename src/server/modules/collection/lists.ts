import { eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { pageKey } from '../../../../commands/permissions';
import {
  ALLOCATION_EVENTS, allocationListQuery, poolQuery, promptQuery, refundHistoryQuery, refundOrdersQuery, successQuery, supervisedCasesQuery,
} from '../../../schemas/collectionSupervise';
import { marketTimeZone } from '../../../schemas/merchant';
import { marketZoneSql } from '../merchant/market';
import type { Deps } from '../../deps';
import { defineList, merchantScope, type ListColumns, type ListCtx, type ListRow } from '../../list/define';
import type { Actor } from '../../plugins/session';
import { moneyValue } from '../../list/values';
import { customer } from '../client/client.table';
import { customersByName, customersByPhone, outer } from '../client/client.routes';
import { adminAccount } from '../empower/empower.table';
import { dateRange } from '../empower/time';
import { ledgerEntry, ledgerPosting } from '../ledger/ledger.table';
import { daysBetween } from '../lifecycle/clock';
import { merchant } from '../merchant/merchant.table';
import { loanOrder } from '../order/order.table';
import { collectionCase, collectionEvent, collectionStage, collectorMember } from './collection.table';

/**
 * The collection area's lists on the list engine (docs/list-engine.md, docs/collection.md "Pools, lists and
 * supervision"): the pool (collectionRemark), the supervisor's cases (CollectionServiceManagement), the reminder list
 * (collectionPromptList), the successes (collectionSuccess), the orders holding credit and the refunds of it
 * (refundTheAmount), and the allocation log (CollectionAllocationQuery). Scoped to the reader's merchants, phones
 * masked for privacy-protected readers, money in minor units of the order's currency (exports in major units).
 *
 * "Days from the due date" is the merchant's business date (business clock, the market's time zone) minus the due
 * date, so the lists are built per app with its clock (`collectionLists(deps)`).
 */

const nameOf = (col: PgColumn) => sql<string | null>`(select a.name from ${adminAccount} a where a.id = ${outer(col)})`;
const merchantName = (col: PgColumn) => sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(col)})`;
const marketOf = (col: PgColumn) => sql<string | null>`(select m.market from ${merchant} m where m.id = ${outer(col)})`;
const stageName = (col: PgColumn) => sql<string | null>`(select s.name from ${collectionStage} s where s.id = ${outer(col)})`;

/** The market time zone of a merchant id column, in SQL. */
function zoneOf(merchantIdCol: PgColumn): SQL {
  return sql`(select ${marketZoneSql(sql`m.market`)} from ${merchant} m where m.id = ${outer(merchantIdCol)})`;
}

/** Days from the due date on the business date of the order's merchant (negative before it). */
function daysFromDue(deps: Deps): SQL {
  return sql`((${deps.clock.now().toISOString()}::timestamptz at time zone ${zoneOf(loanOrder.merchantId)})::date - ${loanOrder.dueDate})`;
}


const caseColumns = {
  id: collectionCase.id,
  order_id: collectionCase.orderId,
  order_no: loanOrder.orderNo,
  merchant_id: collectionCase.merchantId,
  merchant_name: merchantName(collectionCase.merchantId),
  market: marketOf(collectionCase.merchantId),
  currency: loanOrder.currency,
  customer_id: collectionCase.customerId,
  customer_name: sql<string | null>`(select c.name from ${customer} c where c.id = ${outer(collectionCase.customerId)})`,
  phone: sql<string | null>`(select c.phone from ${customer} c where c.id = ${outer(collectionCase.customerId)})`,
  stage_id: collectionCase.stageId,
  stage_name: stageName(collectionCase.stageId),
  reminder: sql<boolean>`coalesce((select s.reminder from ${collectionStage} s where s.id = ${outer(collectionCase.stageId)}), false)`,
  collector_id: collectionCase.collectorId,
  collector_name: nameOf(collectionCase.collectorId),
  status: collectionCase.status,
  stay: collectionCase.stay,
  order_status: loanOrder.status,
  due_date: loanOrder.dueDate,
  overdue_days: loanOrder.overdueDays,
  debt: loanOrder.remainingDebtMinor,
  due_amount: loanOrder.dueAmountMinor,
  paid_amount: loanOrder.paidAmountMinor,
  recovered: collectionCase.recoveredMinor,
  promise_date: collectionCase.promiseDate,
  promise_amount: collectionCase.promiseMinor,
  promise_status: collectionCase.promiseStatus,
  last_result: collectionCase.lastResult,
  disposition: collectionCase.disposition,
  last_contact_at: collectionCase.lastContactAt,
  entered_at: collectionCase.enteredAt,
  stage_entered_at: collectionCase.stageEnteredAt,
  assigned_at: collectionCase.assignedAt,
  closed_at: collectionCase.closedAt,
  close_reason: collectionCase.closeReason,
} satisfies ListColumns;

type CaseColumnsRow = ListRow<typeof caseColumns>;
export type CaseRowOut = Omit<CaseColumnsRow, 'market'> & { days: number | null };

/** Adds the days from the due date on the merchant's business date; drops the market the row carried for it. */
function withDays(deps: Deps) {
  return (r: CaseColumnsRow): CaseRowOut => {
    const { market, ...rest } = r;
    return { ...rest, days: r.due_date ? daysBetween(r.due_date, deps.clock.today(marketTimeZone(market))) : null };
  };
}

interface CaseFilters {
  order_no?: string;
  phone?: string;
  customer_name?: string;
  merchant_id?: number;
  stage_id?: number;
  collector_id?: number;
  promise_status?: string;
  overdue_min?: number;
  overdue_max?: number;
  entered_from?: string;
  entered_to?: string;
}

/** The filters the case lists share. */
function caseWhere(deps: Deps, f: CaseFilters, timeZone: string): (SQL | undefined)[] {
  const days = f.overdue_min !== undefined || f.overdue_max !== undefined ? daysFromDue(deps) : null;
  return [
    f.order_no ? eq(loanOrder.orderNo, f.order_no) : undefined,
    f.phone ? inArray(collectionCase.customerId, customersByPhone(f.phone)) : undefined,
    f.customer_name ? inArray(collectionCase.customerId, customersByName(f.customer_name)) : undefined,
    f.merchant_id !== undefined ? eq(collectionCase.merchantId, f.merchant_id) : undefined,
    f.stage_id !== undefined ? eq(collectionCase.stageId, f.stage_id) : undefined,
    f.collector_id !== undefined ? eq(collectionCase.collectorId, f.collector_id) : undefined,
    f.promise_status ? eq(collectionCase.promiseStatus, f.promise_status) : undefined,
    days && f.overdue_min !== undefined ? sql`${days} >= ${f.overdue_min}` : undefined,
    days && f.overdue_max !== undefined ? sql`${days} <= ${f.overdue_max}` : undefined,
    ...dateRange(collectionCase.enteredAt, f.entered_from, f.entered_to, timeZone),
  ];
}

/** Stages whose group has the account as an enabled member (the stages it may claim in). */
const stagesOf = (accountId: number) => sql`(select s.id from ${collectionStage} s join ${collectorMember} cm on cm.group_id = s.group_id
  where cm.account_id = ${accountId} and cm.enabled)`;

function holderWhere(holder: string | undefined, accountId: number): SQL | undefined {
  if (holder === 'pool') return isNull(collectionCase.collectorId);
  if (holder === 'held') return isNotNull(collectionCase.collectorId);
  if (holder === 'mine') return eq(collectionCase.collectorId, accountId);
  return undefined;
}

const money = (key: string, title: string) => ({ key, title, value: moneyValue(key) });

const caseExport = [
  { key: 'order_no', title: 'field.order_no' },
  { key: 'merchant_name', title: 'field.merchant_id' },
  { key: 'customer_name', title: 'field.customer_name' },
  { key: 'phone', title: 'field.phone' },
  { key: 'stage_name', title: 'collection.field.stage' },
  { key: 'collector_name', title: 'collection.field.collector' },
  { key: 'due_date', title: 'field.due_date' },
  { key: 'days', title: 'collection.field.days' },
  money('debt', 'collection.field.debt'),
  money('recovered', 'collection.field.recovered'),
  { key: 'promise_date', title: 'collection.field.promise_date' },
  money('promise_amount', 'collection.field.promise_amount'),
  { key: 'promise_status', title: 'collection.field.promise_status' },
  { key: 'last_result', title: 'collection.field.last_result' },
  { key: 'last_contact_at', title: 'collection.field.last_contact_at' },
  { key: 'entered_at', title: 'collection.field.entered_at' },
  { key: 'assigned_at', title: 'collection.field.assigned_at' },
] as const;

/** Sorts of the case lists: NOT NULL columns (the id is the key and tie-breaker). */
const caseSorts = {
  id: collectionCase.id,
  entered_at: collectionCase.enteredAt,
  stage_entered_at: collectionCase.stageEnteredAt,
  debt: loanOrder.remainingDebtMinor,
  overdue_days: loanOrder.overdueDays,
  recovered: collectionCase.recoveredMinor,
};

const caseScope = merchantScope(collectionCase.merchantId);

/** What every case list shares (cases joined to their orders, the columns, scope, sorts, masking and export). */
function caseList<F extends z.ZodObject>(map: ReturnType<typeof withDays>, def: {
  id: string; page: string; filters: F; where: (f: z.infer<F>, actor: Actor, ctx: ListCtx) => (SQL | undefined)[];
  defaultSort: `${keyof typeof caseSorts & string}:${'asc' | 'desc'}`; extraExport?: Array<{ key: keyof CaseRowOut & string; title: string }>;
}) {
  return defineList({
    id: def.id,
    permission: pageKey('collection', def.page),
    from: (db, fields) => db.select(fields).from(collectionCase).innerJoin(loanOrder, eq(loanOrder.id, collectionCase.orderId)).$dynamic(),
    key: collectionCase.id,
    columns: caseColumns,
    filters: def.filters,
    where: def.where,
    scope: caseScope,
    sorts: caseSorts,
    defaultSort: def.defaultSort,
    mask: { phone: 'phone' },
    map,
    exportColumns: [...caseExport, ...(def.extraExport ?? [])],
  });
}

export function collectionLists(deps: Deps) {
  const map = withDays(deps);
  /** collectionRemark: the pool — open cases without a collector. */
  const pool = caseList(map, {
    id: 'collection.collectionRemark', page: 'collectionRemark', filters: poolQuery, defaultSort: 'stage_entered_at:asc',
    where: (f, actor, ctx) => [
      eq(collectionCase.status, 'open'), isNull(collectionCase.collectorId),
      f.claimable === '1' ? inArray(collectionCase.stageId, stagesOf(actor.accountId)) : undefined,
      ...caseWhere(deps, f, ctx.cfg.timeZone),
    ],
  });

  /** CollectionServiceManagement: every case of the scope, the open ones unless a status is asked. */
  const cases = caseList(map, {
    id: 'collection.CollectionServiceManagement', page: 'CollectionServiceManagement', filters: supervisedCasesQuery, defaultSort: 'id:desc', extraExport: [{ key: 'stay', title: 'collection.field.stay' }, { key: 'status', title: 'collection.field.status' }],
    where: (f, actor, ctx) => [
      inArray(collectionCase.status, f.status?.length ? f.status : ['open']),
      holderWhere(f.holder, actor.accountId),
      f.stay === '1' ? eq(collectionCase.stay, true) : f.stay === '0' ? eq(collectionCase.stay, false) : undefined,
      ...caseWhere(deps, f, ctx.cfg.timeZone),
    ],
  });

  /** collectionPromptList: open cases of reminder stages (before and on the due date). */
  const prompt = caseList(map, {
    id: 'collection.collectionPromptList', page: 'collectionPromptList', filters: promptQuery, defaultSort: 'id:asc',
    where: (f, actor, ctx) => [
      eq(collectionCase.status, 'open'),
      inArray(collectionCase.stageId, sql`(select s.id from ${collectionStage} s where s.reminder)`),
      holderWhere(f.holder, actor.accountId),
      f.last_result ? eq(collectionCase.lastResult, f.last_result) : undefined,
      f.due_from ? sql`${loanOrder.dueDate} >= ${f.due_from.slice(0, 10)}::date` : undefined,
      f.due_to ? sql`${loanOrder.dueDate} <= ${f.due_to.slice(0, 10)}::date` : undefined,
      ...caseWhere(deps, f, ctx.cfg.timeZone),
    ],
  });

  /** collectionSuccess: cases closed as a success (settled or extended), with who held them and what came in. */
  const success = defineList({
    id: 'collection.collectionSuccess',
    permission: pageKey('collection', 'collectionSuccess'),
    from: (db, fields) => db.select(fields).from(collectionCase).innerJoin(loanOrder, eq(loanOrder.id, collectionCase.orderId)).$dynamic(),
    key: collectionCase.id,
    columns: caseColumns,
    filters: successQuery,
    where: (f, _actor, ctx) => [
      eq(collectionCase.status, 'success'),
      f.how ? eq(collectionCase.closeReason, f.how) : undefined,
      ...dateRange(collectionCase.closedAt, f.closed_from, f.closed_to, ctx.cfg.timeZone),
      ...caseWhere(deps, f, ctx.cfg.timeZone),
    ],
    scope: caseScope,
    sorts: caseSorts,
    defaultSort: 'id:desc',
    mask: { phone: 'phone' },
    map,
    exportColumns: [
      { key: 'order_no', title: 'field.order_no' },
      { key: 'merchant_name', title: 'field.merchant_id' },
      { key: 'customer_name', title: 'field.customer_name' },
      { key: 'phone', title: 'field.phone' },
      { key: 'stage_name', title: 'collection.field.stage' },
      { key: 'collector_name', title: 'collection.field.collector' },
      money('recovered', 'collection.field.recovered'),
      { key: 'close_reason', title: 'collection.field.how' },
      { key: 'closed_at', title: 'collection.field.closed_at' },
      { key: 'entered_at', title: 'collection.field.entered_at' },
    ],
  });

  /** refundTheAmount: orders holding customer credit (money paid above the debt). */
  const refundOrders = defineList({
    id: 'collection.refundTheAmount',
    permission: pageKey('collection', 'refundTheAmount'),
    from: loanOrder,
    columns: {
      id: loanOrder.id,
      order_no: loanOrder.orderNo,
      merchant_id: loanOrder.merchantId,
      merchant_name: merchantName(loanOrder.merchantId),
      currency: loanOrder.currency,
      customer_id: loanOrder.customerId,
      customer_name: sql<string | null>`(select c.name from ${customer} c where c.id = ${outer(loanOrder.customerId)})`,
      phone: sql<string | null>`(select c.phone from ${customer} c where c.id = ${outer(loanOrder.customerId)})`,
      status: loanOrder.status,
      credit: loanOrder.creditMinor,
      paid_amount: loanOrder.paidAmountMinor,
      debt: loanOrder.remainingDebtMinor,
      contract_amount: loanOrder.contractAmountMinor,
      over_contract: loanOrder.overContract,
      settled_at: loanOrder.settledAt,
      updated_at: loanOrder.updatedAt,
    },
    filters: refundOrdersQuery,
    where: (f) => [
      gt(loanOrder.creditMinor, 0),
      f.order_no ? eq(loanOrder.orderNo, f.order_no) : undefined,
      f.phone ? inArray(loanOrder.customerId, customersByPhone(f.phone)) : undefined,
      f.customer_name ? inArray(loanOrder.customerId, customersByName(f.customer_name)) : undefined,
      f.merchant_id !== undefined ? eq(loanOrder.merchantId, f.merchant_id) : undefined,
    ],
    scope: merchantScope(loanOrder.merchantId),
    sorts: { id: loanOrder.id, credit: loanOrder.creditMinor, updated_at: loanOrder.updatedAt },
    defaultSort: 'id:desc',
    mask: { phone: 'phone' },
    exportColumns: [
      { key: 'order_no', title: 'field.order_no' },
      { key: 'merchant_name', title: 'field.merchant_id' },
      { key: 'customer_name', title: 'field.customer_name' },
      { key: 'phone', title: 'field.phone' },
      { key: 'status', title: 'field.status' },
      { key: 'currency', title: 'field.currency' },
      money('credit', 'collection.field.credit'),
      money('paid_amount', 'field.paid_amount'),
      money('debt', 'collection.field.debt'),
      { key: 'settled_at', title: 'collection.field.settled_at' },
    ],
  });

  /**
   * refundTheAmount history: refunds of credit are ledger postings of kind `refund` tagged with their order (this
   * screen's refunds and those of /repayment/abnormal alike); the amount is what left customer_credit.
   */
  const refundHistory = defineList({
    id: 'collection.refundTheAmount.history',
    permission: pageKey('collection', 'refundTheAmount'),
    from: ledgerPosting,
    columns: {
      id: ledgerPosting.id,
      order_id: ledgerPosting.orderId,
      order_no: sql<string | null>`(select o.order_no from ${loanOrder} o where o.id = ${outer(ledgerPosting.orderId)})`,
      merchant_id: ledgerPosting.merchantId,
      merchant_name: merchantName(ledgerPosting.merchantId),
      currency: sql<string | null>`(select m.currency from ${merchant} m where m.id = ${outer(ledgerPosting.merchantId)})`,
      customer_name: sql<string | null>`(select c.name from ${loanOrder} o join ${customer} c on c.id = o.customer_id where o.id = ${outer(ledgerPosting.orderId)})`,
      amount: sql<number>`coalesce((select sum(e.amount_minor) from ${ledgerEntry} e where e.posting_id = ${outer(ledgerPosting.id)} and e.amount_minor > 0), 0)::bigint`.mapWith(Number),
      memo: ledgerPosting.memo,
      ref: ledgerPosting.ref,
      account_name: nameOf(ledgerPosting.accountId),
      business_at: ledgerPosting.businessAt,
    },
    filters: refundHistoryQuery,
    where: (f, _actor, ctx) => [
      eq(ledgerPosting.kind, 'refund'), isNotNull(ledgerPosting.orderId),
      f.order_no ? inArray(ledgerPosting.orderId, sql`(select o.id from ${loanOrder} o where o.order_no = ${f.order_no})`) : undefined,
      f.merchant_id !== undefined ? eq(ledgerPosting.merchantId, f.merchant_id) : undefined,
      ...dateRange(ledgerPosting.businessAt, f.refunded_from, f.refunded_to, ctx.cfg.timeZone),
    ],
    scope: merchantScope(ledgerPosting.merchantId),
    sorts: { id: ledgerPosting.id },
    defaultSort: 'id:desc',
    exportColumns: [
      { key: 'order_no', title: 'field.order_no' },
      { key: 'merchant_name', title: 'field.merchant_id' },
      { key: 'customer_name', title: 'field.customer_name' },
      money('amount', 'collection.field.refund_amount'),
      { key: 'memo', title: 'collection.field.reason' },
      { key: 'account_name', title: 'collection.field.who' },
      { key: 'business_at', title: 'collection.field.when' },
    ],
  });

  /** CollectionAllocationQuery: allocation events — who got what and why. */
  const allocation = defineList({
    id: 'collection.CollectionAllocationQuery',
    permission: pageKey('collection', 'CollectionAllocationQuery'),
    from: collectionEvent,
    columns: {
      id: collectionEvent.id,
      case_id: collectionEvent.caseId,
      order_id: collectionEvent.orderId,
      order_no: sql<string | null>`(select o.order_no from ${loanOrder} o where o.id = ${outer(collectionEvent.orderId)})`,
      merchant_id: collectionEvent.merchantId,
      merchant_name: merchantName(collectionEvent.merchantId),
      kind: collectionEvent.kind,
      from_stage: stageName(collectionEvent.fromStageId),
      to_stage: stageName(collectionEvent.toStageId),
      from_collector: nameOf(collectionEvent.fromCollectorId),
      to_collector: nameOf(collectionEvent.toCollectorId),
      reason: collectionEvent.reason,
      note: collectionEvent.note,
      actor_name: nameOf(collectionEvent.actorId),
      business_at: collectionEvent.businessAt,
      business_date: collectionEvent.businessDate,
    },
    filters: allocationListQuery,
    where: (f, _actor, ctx) => [
      inArray(collectionEvent.kind, f.kind ? [f.kind] : [...ALLOCATION_EVENTS]),
      f.order_no ? inArray(collectionEvent.orderId, sql`(select o.id from ${loanOrder} o where o.order_no = ${f.order_no})`) : undefined,
      f.merchant_id !== undefined ? eq(collectionEvent.merchantId, f.merchant_id) : undefined,
      f.stage_id !== undefined ? or(eq(collectionEvent.fromStageId, f.stage_id), eq(collectionEvent.toStageId, f.stage_id)) : undefined,
      f.collector_id !== undefined ? or(eq(collectionEvent.fromCollectorId, f.collector_id), eq(collectionEvent.toCollectorId, f.collector_id)) : undefined,
      f.from_stage_id !== undefined ? eq(collectionEvent.fromStageId, f.from_stage_id) : undefined,
      f.to_stage_id !== undefined ? eq(collectionEvent.toStageId, f.to_stage_id) : undefined,
      f.from_collector_id !== undefined ? eq(collectionEvent.fromCollectorId, f.from_collector_id) : undefined,
      f.to_collector_id !== undefined ? eq(collectionEvent.toCollectorId, f.to_collector_id) : undefined,
      f.actor_id !== undefined ? eq(collectionEvent.actorId, f.actor_id) : undefined,
      f.reason ? eq(collectionEvent.reason, f.reason) : undefined,
      ...dateRange(collectionEvent.businessAt, f.from, f.to, ctx.cfg.timeZone),
      ...dateRange(collectionEvent.businessAt, f.at_from, f.at_to, ctx.cfg.timeZone),
    ],
    scope: merchantScope(collectionEvent.merchantId),
    sorts: { id: collectionEvent.id, business_at: collectionEvent.businessAt },
    defaultSort: 'id:desc',
    exportColumns: [
      { key: 'business_at', title: 'collection.field.when' },
      { key: 'order_no', title: 'field.order_no' },
      { key: 'merchant_name', title: 'field.merchant_id' },
      { key: 'kind', title: 'collection.field.event' },
      { key: 'from_stage', title: 'collection.field.from_stage' },
      { key: 'to_stage', title: 'collection.field.to_stage' },
      { key: 'from_collector', title: 'collection.field.from_collector' },
      { key: 'to_collector', title: 'collection.field.to_collector' },
      { key: 'reason', title: 'collection.field.reason' },
      { key: 'actor_name', title: 'collection.field.who' },
      { key: 'note', title: 'collection.field.note' },
    ],
  });

  return { pool, cases, prompt, success, refundOrders, refundHistory, allocation };
}

export type CollectionLists = ReturnType<typeof collectionLists>;
