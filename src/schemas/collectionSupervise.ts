import { z } from 'zod';
import { id, id32 } from './common';
import { filterId } from './client';
import { dateOrTime } from './empower';
import { allocationQuery, caseQuery, CASE_STATUSES, refundBody } from './collection';

/**
 * Contracts of the collection area's pools, lists and supervision beyond src/schemas/collection.ts (docs/collection.md,
 * "Pools, lists and supervision"): the filters of each list, the bodies of the remind / return / run-day actions and
 * the shapes of the supervisor's live counts and alerts. The list and action paths are COLLECTION_API's; the few
 * calls it does not name are SUPERVISE_API.
 */

export const SUPERVISE_API = {
  /** POST {id}: claim from the reminder list (reminder-stage cases only); the pool's claim is COLLECTION_API.claim. */
  promptClaim: '/loanapi/collection/prompt_claim',
  /** POST remindBody: a reminder agent records the reminder's result on a case they hold (collectionPromptList). */
  remind: '/loanapi/collection/remind',
  /** GET: refunds of customer credit (ledger postings of kind refund on orders), refundTheAmount's history. */
  refundHistory: '/loanapi/collection/refund_history',
  /** GET: merchants, stages, collectors and call results of the reader's scope (filters and action forms). */
  options: '/loanapi/collection/supervise_options',
} as const;

const text = (max: number) => z.string().trim().max(max);
/** A query flag: '1' yes, '0' no (FilterBar shows it as all / yes / no). */
const flag = z.enum(['0', '1']).optional();
/** A multi-value filter sent as repeated keys or one comma-separated value. */
const listOf = <T extends readonly [string, ...string[]]>(values: T) => z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
  z.array(z.enum(values)).max(values.length).optional(),
);

/** collectionRemark (the pool): open cases without a collector; `claimable=1` keeps the stages the reader may claim in. */
export const poolQuery = caseQuery.pick({
  order_no: true, phone: true, customer_name: true, merchant_id: true, stage_id: true, overdue_min: true, overdue_max: true,
  entered_from: true, entered_to: true,
}).extend({ claimable: flag });

/** Who holds a case: in the pool (no collector) or held by someone; `mine`: the reader. */
export const HOLDERS = ['pool', 'held', 'mine'] as const;

/** CollectionServiceManagement: every case of the scope (default the open ones) by collector, stage, promise status. */
export const supervisedCasesQuery = caseQuery.omit({ status: true }).extend({
  status: listOf(CASE_STATUSES),
  holder: z.enum(HOLDERS).optional(),
  stay: flag,
});

/** collectionPromptList: open cases of reminder stages. */
export const promptQuery = caseQuery.pick({ order_no: true, phone: true, customer_name: true, merchant_id: true, stage_id: true, collector_id: true }).extend({
  holder: z.enum(HOLDERS).optional(),
  last_result: text(40).optional(),
  due_from: dateOrTime.optional(),
  due_to: dateOrTime.optional(),
});

/** How a case ended well: the order was settled or extended. */
export const SUCCESS_WAYS = ['settled', 'extended'] as const;

/** collectionSuccess: cases closed as a success. */
export const successQuery = z.object({
  order_no: text(64).optional(),
  phone: text(20).optional(),
  customer_name: text(100).optional(),
  merchant_id: filterId.optional(),
  stage_id: filterId.optional(),
  collector_id: filterId.optional(),
  how: z.enum(SUCCESS_WAYS).optional(),
  closed_from: dateOrTime.optional(),
  closed_to: dateOrTime.optional(),
});

/** refundTheAmount: orders holding customer credit (money paid above the debt). */
export const refundOrdersQuery = z.object({
  order_no: text(64).optional(),
  phone: text(20).optional(),
  customer_name: text(100).optional(),
  merchant_id: filterId.optional(),
});

/** refundTheAmount history: refunds of credit (ledger postings of kind refund). */
export const refundHistoryQuery = z.object({
  order_no: text(64).optional(),
  merchant_id: filterId.optional(),
  refunded_from: dateOrTime.optional(),
  refunded_to: dateOrTime.optional(),
});

/** The events CollectionAllocationQuery lists: who got what and why. */
export const ALLOCATION_EVENTS = ['assigned', 'claimed', 'returned', 'reassigned', 'stage_change', 'unassigned'] as const;

/**
 * CollectionAllocationQuery: allocationQuery (stage and collector match either side, `from` / `to` the time) plus the
 * event kind, each side of a move (stage from → to, collector from → to), who did it, and the time as a range the
 * filter row shows as dates (`at_from` / `at_to`).
 */
export const allocationListQuery = allocationQuery.extend({
  kind: z.enum(ALLOCATION_EVENTS).optional(),
  from_stage_id: filterId.optional(),
  to_stage_id: filterId.optional(),
  from_collector_id: filterId.optional(),
  to_collector_id: filterId.optional(),
  actor_id: filterId.optional(),
  at_from: dateOrTime.optional(),
  at_to: dateOrTime.optional(),
});

/** collectionPromptList remind: the reminder's result (a call result) and a note, on a case the reader holds. */
export const remindBody = z.object({ id, result: z.string().trim().min(1).max(40), note: text(500).optional() });
/** CollectionServiceManagement return: cases back to the pool, whoever holds them. */
export const returnCasesBody = z.object({ ids: z.array(id).min(1).max(500), note: text(200).optional() });
/** CollectionServiceManagement run the collection day now, for one merchant (forced: again when it already ran today). */
export const runDayBody = z.object({ merchant_id: id32 });
/**
 * The refund route's body: refundBody, with the order named by `order_id` or — from a selected row of the refund list
 * (the console sends single-row actions as `{id, …}`) — by `id`.
 */
export const refundRequest = refundBody.extend({ order_id: id.optional(), id: id.optional() });
/** The refund action's form: how much and why (the order is the selected row). */
export const refundParams = refundBody.pick({ amount: true, reason: true });

// ------------------------------------------------------------------------------------------------ answers

export interface CaseListRow {
  id: number;
  order_id: number;
  order_no: string;
  merchant_id: number;
  merchant_name: string | null;
  currency: string;
  customer_id: number;
  customer_name: string | null;
  phone: string | null;
  stage_id: number;
  stage_name: string | null;
  reminder: boolean;
  collector_id: number | null;
  collector_name: string | null;
  status: string;
  stay: boolean;
  order_status: string;
  due_date: string | null;
  /** Days from the due date on the merchant's business date (negative before it). */
  days: number | null;
  overdue_days: number;
  debt: number;
  due_amount: number;
  paid_amount: number;
  recovered: number;
  promise_date: string | null;
  promise_amount: number;
  promise_status: string;
  last_result: string;
  disposition: string;
  last_contact_at: string | null;
  entered_at: string;
  stage_entered_at: string;
  assigned_at: string | null;
  closed_at: string | null;
  close_reason: string;
}

export interface RefundOrderRow {
  id: number;
  order_no: string;
  merchant_id: number;
  merchant_name: string | null;
  currency: string;
  customer_id: number;
  customer_name: string | null;
  phone: string | null;
  status: string;
  credit: number;
  paid_amount: number;
  debt: number;
  contract_amount: number;
  over_contract: boolean;
  settled_at: string | null;
  updated_at: string;
}

export interface RefundHistoryRow {
  id: number;
  order_id: number | null;
  order_no: string | null;
  merchant_id: number;
  merchant_name: string | null;
  currency: string | null;
  customer_name: string | null;
  amount: number;
  memo: string;
  ref: string;
  account_name: string | null;
  business_at: string;
}

export interface AllocationRow {
  id: number;
  case_id: number;
  order_id: number;
  order_no: string | null;
  merchant_id: number;
  merchant_name: string | null;
  kind: string;
  from_stage: string | null;
  to_stage: string | null;
  from_collector: string | null;
  to_collector: string | null;
  reason: string;
  note: string;
  actor_name: string | null;
  business_at: string;
  business_date: string;
}

/** One collector on the supervisor's board (business date of each merchant's market). */
export interface LiveCountRow {
  collector_id: number;
  name: string;
  account: string;
  enabled: boolean;
  /** Open cases held now. */
  held: number;
  /** Cases received today (assigned or claimed) against the highest daily cap of the stages they serve. */
  new_today: number;
  cap: number;
  /** Results recorded today (workbench results and reminders). */
  results_today: number;
  /** Promises they took: still pending, and kept / broken today. */
  promises_pending: number;
  promises_kept: number;
  promises_broken: number;
  /** Pending promises closed today because the collector took a new one (not broken: nothing fell due unpaid). */
  promises_replaced: number;
  /** Money paid today on the cases they hold, by currency (minor units). */
  recovered_today: Array<{ currency: string; amount: number }>;
}

export interface LiveCounts {
  /** Business date per merchant of the scope. */
  dates: Record<string, string>;
  rows: LiveCountRow[];
  /** Open cases of the scope in the pool now. */
  pool: number;
  at: string;
}

export interface AlertRow {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  stage_id: number;
  stage_name: string | null;
  business_date: string;
  unassigned: number;
  /** Open cases of the stage still in the pool now. */
  pool_now: number;
  created_at: string;
}

export interface SuperviseOptions {
  merchants: Array<{ id: number; name: string; code: string; currency: string }>;
  stages: Array<{ id: number; merchant_id: number; name: string; reminder: boolean; enabled: boolean }>;
  collectors: Array<{ id: number; name: string; account: string }>;
  results: Array<{ value: string; label: string }>;
}

export interface RunDayAnswer {
  ran: boolean;
  merchants: Array<{ merchantId: number; businessDate: string; entered: number; restaged: number; closed: number; promisesBroken: number; reassigned: number; assigned: number; unassigned: number; skipped: boolean }>;
}

export interface RefundAnswer {
  order_id: number;
  order_no: string;
  currency: string;
  amount: number;
  credit_before: number;
  credit: number;
  posting_id: number;
}

