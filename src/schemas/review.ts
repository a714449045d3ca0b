import { z } from 'zod';
import { id32 } from './common';
import { filterId, queryFlag } from './client';
import { dateOrTime } from './empower';
import { MANUAL_STAGES, type ManualStage } from './lifecycle';
import { ORDER_STATUSES, orderStatus, type OrderStatus } from './order';

/**
 * GET /loanapi/order/all_list (/review/allOrder): every order of every status, with the filters a supervisor needs.
 *
 * Money on the wire is integer minor units of the order's currency (DESIGN §4), in filters as in rows:
 * `loan_amount_min=1250` is 12.50 USD or 1,250 VND. The console shows amounts in major units and converts them
 * with the currency of the merchant being filtered (features/review/amountFilters.ts).
 *
 * `status` takes several statuses (`status=overdue&status=extended`, or one `status=a,b`). `due_from`/`due_to` are
 * calendar days (the due date has no time). `has_loan_time` / `has_due_date` keep the orders that have one; the
 * route sets them itself when the list is sorted by loan time or due date, which therefore lists only the orders
 * that have that date (orders before disbursement have neither).
 */
const day = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date').refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'validation.date');
/** Minor units; 10^15 is far above any loan and far below 2^53. */
const minor = z.coerce.number().int().min(0).max(1e15);

export const CUSTOMER_TYPES = ['new', 'returning'] as const;

/** How staff find an order in any order list: its number, the customer's phone or name, merchant, product. */
const orderSearch = {
  order_no: z.string().trim().max(64).optional(),
  phone: z.string().trim().max(20).optional(),
  customer_name: z.string().trim().max(100).optional(),
  merchant_id: filterId.optional(),
  product_id: filterId.optional(),
};

export const orderListQuery = z.object({
  ...orderSearch,
  channel_id: filterId.optional(),
  status: z.array(orderStatus).max(ORDER_STATUSES.length).optional(),
  customer_type: z.enum(CUSTOMER_TYPES).optional(),
  created_from: dateOrTime.optional(),
  created_to: dateOrTime.optional(),
  loan_from: dateOrTime.optional(),
  loan_to: dateOrTime.optional(),
  due_from: day.optional(),
  due_to: day.optional(),
  settled_from: dateOrTime.optional(),
  settled_to: dateOrTime.optional(),
  /** Settled orders whose customer ordered again within this many days of the settlement (repaymentReborrow's drill). */
  reborrow_within: z.coerce.number().int().min(0).max(366).optional(),
  loan_amount_min: minor.optional(),
  loan_amount_max: minor.optional(),
  remaining_debt_min: minor.optional(),
  remaining_debt_max: minor.optional(),
  has_loan_time: queryFlag.optional(),
  has_due_date: queryFlag.optional(),
});
export type OrderListQuery = z.input<typeof orderListQuery>;

/** Amount filters: `<field>_min` / `<field>_max` in minor units. */
export const ORDER_AMOUNT_FILTERS = ['loan_amount_min', 'loan_amount_max', 'remaining_debt_min', 'remaining_debt_max'] as const;

/** Filters the route fills in itself (sort guards); not shown in the filter bar. */
export const ORDER_INTERNAL_FILTERS = ['has_loan_time', 'has_due_date'] as const;

/** A row of the all-orders list; amounts in minor units of `currency`. */
export type OrderRow = {
  id: number;
  order_no: string;
  external_order_no: string;
  merchant_id: number;
  merchant_name: string | null;
  customer_id: number;
  customer_name: string | null;
  /** Masked for privacy protection. */
  phone: string | null;
  product_id: number;
  product_name: string;
  channel_id: number | null;
  channel_name: string | null;
  currency: string;
  status: OrderStatus;
  order_type: string;
  is_returning: boolean;
  application_amount: number;
  loan_amount: number;
  received_amount: number;
  contract_amount: number;
  due_amount: number;
  paid_amount: number;
  remaining_debt: number;
  loan_days: number;
  loan_at: string | null;
  success_at: string | null;
  due_date: string | null;
  overdue_days: number;
  settled: boolean;
  review_stage: string;
  review_result: string;
  machine_review_result: string;
  extension_count: number;
  created_at: string;
};

// ---------------------------------------------------------------------------------------------------------------
// Manual review queues (docs/review.md)

/** Pages of the four manual stages (spec §2 /review), in the order an order passes them. */
export const STAGE_PAGES = ['trial', 'reviewAgain', 'PaymentPreTrial', 'reviewLoan'] as const;
export type StagePage = (typeof STAGE_PAGES)[number];

/** Customer-service queues: a reviewer sends an order of their stage there ("pending supplement"). */
export const SERVICE_PAGES = ['initialReviewCustomerService', 'againReviewCustomerService', 'paymentPreTrialService'] as const;
export type ServicePage = (typeof SERVICE_PAGES)[number];

export interface StageQueue {
  page: StagePage;
  stage: ManualStage;
  /** The status an order waits in for this stage. */
  status: OrderStatus;
  /** work_task queue name. */
  queue: string;
  /** Its customer-service queue (the disbursement review has none). */
  service: ServicePage | null;
}

export const STAGE_QUEUES: Record<StagePage, StageQueue> = {
  trial: { page: 'trial', stage: 'first', status: 'first_review', queue: 'review.first', service: 'initialReviewCustomerService' },
  reviewAgain: { page: 'reviewAgain', stage: 'second', status: 'second_review', queue: 'review.second', service: 'againReviewCustomerService' },
  PaymentPreTrial: { page: 'PaymentPreTrial', stage: 'pre', status: 'pre_review', queue: 'review.pre', service: 'paymentPreTrialService' },
  reviewLoan: { page: 'reviewLoan', stage: 'disbursement', status: 'disbursement_review', queue: 'review.disbursement', service: null },
};

export interface ServiceQueue {
  page: ServicePage;
  /** The stage queue it serves. */
  stagePage: StagePage;
  queue: string;
}

export const SERVICE_QUEUES: Record<ServicePage, ServiceQueue> = {
  initialReviewCustomerService: { page: 'initialReviewCustomerService', stagePage: 'trial', queue: 'review.cs.first' },
  againReviewCustomerService: { page: 'againReviewCustomerService', stagePage: 'reviewAgain', queue: 'review.cs.second' },
  paymentPreTrialService: { page: 'paymentPreTrialService', stagePage: 'PaymentPreTrial', queue: 'review.cs.pre' },
};

/** Every work_task queue of the review area (an order leaving review closes all of its tasks in these). */
export const REVIEW_TASK_QUEUES: readonly string[] = [
  ...Object.values(STAGE_QUEUES).map((q) => q.queue), ...Object.values(SERVICE_QUEUES).map((q) => q.queue),
];

/** The stage page of an order status, when it is a manual stage. */
export function stagePageOf(status: string): StagePage | null {
  return STAGE_PAGES.find((p) => STAGE_QUEUES[p].status === status) ?? null;
}

/** The dictionary of rejection reasons (reject and batch reject take one of its enabled values). */
export const REJECT_REASON_DICT = 'reject_reason';

const orderId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const orderIds = z.array(orderId).min(1, 'validation.selectOrders').max(200);
/** A review limit or amount in minor units; above 0. */
const limitMinor = z.coerce.number().int().min(1).max(1e15);
const remark = z.string().trim().max(200).optional();
/** A dictionary value of reject_reason; required (spec §5: select a rejection reason, also for batch reject). */
const rejectReason = z.string({ error: 'validation.rejectReason' }).trim().min(1, 'validation.rejectReason').max(64);

/**
 * The version of the order the caller saw (`version` of the review panel and of the queue rows): a stage decision
 * carries it and is refused (40900 review.orderChanged) when the order changed since, so a key pressed for one order
 * can never decide another, even from a script that did not read it first.
 */
export const orderVersion = z.string({ error: 'validation.orderVersion' }).trim().min(1, 'validation.orderVersion').max(40);
/** The version as a command parameter: the console adds it from the selected row, scripts pass it. */
const versionParam = { version: orderVersion.optional() };

/** Claim, release, send-to / return-from service: the order's id (claim and release check a version when given). */
export const reviewOrderBody = z.object({ id: orderId, ...versionParam });

/** Approve: optionally a review limit (minor units, at most the application amount) and a remark. */
export const approveBody = z.object({ id: orderId, version: orderVersion, limit: limitMinor.optional(), remark });
/** Parameters of "approve with limit" (the id comes from the selected row). */
export const approveLimitParams = z.object({ limit: limitMinor, remark, ...versionParam });

export const rejectBody = z.object({ id: orderId, version: orderVersion, reason: rejectReason, remark });
export const rejectParams = rejectBody.omit({ id: true }).extend(versionParam);
export const batchRejectBody = z.object({ ids: orderIds, reason: rejectReason, remark });
export const batchRejectParams = batchRejectBody.omit({ ids: true });

/** Auto-dispatch of a queue: each reviewer up to `cap` claimed orders; all eligible reviewers unless named. */
export const dispatchBody = z.object({
  cap: z.coerce.number().int().min(1).max(500).default(20),
  account_ids: z.array(id32).max(500).optional(),
});

/** Send an order to customer service with a note ("pending supplement"). */
export const toServiceBody = z.object({ id: orderId, version: orderVersion, note: z.string().trim().min(1).max(500) });
export const toServiceParams = toServiceBody.omit({ id: true }).extend(versionParam);

/** What customer service got from the customer. */
export const CONTACT_RESULTS = ['supplemented', 'reached', 'unreachable', 'wrong_number', 'declined'] as const;
export const serviceFinishBody = z.object({ id: orderId, result: z.enum(CONTACT_RESULTS), remark: z.string().trim().max(500).optional() });
export const serviceFinishParams = serviceFinishBody.omit({ id: true });

/** Mark disbursement interception (suspend) with a reason. */
export const interceptBody = z.object({ id: orderId, reason: z.string().trim().min(1).max(200) });
export const interceptParams = interceptBody.omit({ id: true });
export const interceptCloseBody = z.object({ id: orderId, reason: remark });
export const interceptCloseParams = interceptCloseBody.omit({ id: true });

/** All-orders actions on the selected orders (all or nothing: one refusal changes nothing). */
export const ordersBody = z.object({ ids: orderIds });
export const closeOrdersBody = z.object({ ids: orderIds, reason: remark });
export const closeOrdersParams = closeOrdersBody.omit({ ids: true });
export const reloanApproveBody = approveBody.extend(versionParam);
export const reloanApproveParams = z.object({ limit: limitMinor.optional(), remark });
export const reloanRejectBody = rejectBody.extend(versionParam);

/** Filters of a stage queue: claimed by me, unclaimed, or all. */
export const CLAIM_FILTERS = ['all', 'mine', 'unclaimed'] as const;

/** Application amount filters of the queues, minor units (the console converts what is typed). */
export const QUEUE_AMOUNT_FILTERS = ['amount_min', 'amount_max'] as const;

export const reviewQueueQuery = z.object({
  ...orderSearch,
  customer_type: z.enum(CUSTOMER_TYPES).optional(),
  claim: z.enum(CLAIM_FILTERS).optional(),
  created_from: dateOrTime.optional(),
  created_to: dateOrTime.optional(),
  amount_min: minor.optional(),
  amount_max: minor.optional(),
});

export const serviceQueueQuery = z.object({
  order_no: z.string().trim().max(64).optional(),
  phone: z.string().trim().max(20).optional(),
  merchant_id: filterId.optional(),
  claim: z.enum(CLAIM_FILTERS).optional(),
});

/** /review/loanInterception: orders that can be intercepted (review stages, pending withdrawal) or intercepted ones. */
export const INTERCEPTION_VIEWS = ['interceptable', 'intercepted'] as const;
export const interceptionQuery = z.object({
  view: z.enum(INTERCEPTION_VIEWS).optional(),
  order_no: z.string().trim().max(64).optional(),
  phone: z.string().trim().max(20).optional(),
  merchant_id: filterId.optional(),
  status: orderStatus.optional(),
});

/** /review/resettingOrder: closed orders (rejected or closed before disbursement) that can be reset. */
export const resettingQuery = z.object({
  order_no: z.string().trim().max(64).optional(),
  phone: z.string().trim().max(20).optional(),
  merchant_id: filterId.optional(),
  created_from: dateOrTime.optional(),
  created_to: dateOrTime.optional(),
});

/** A row of a stage queue; amounts in minor units of `currency`. */
export interface QueueRow {
  id: number;
  order_no: string;
  merchant_id: number;
  merchant_name: string | null;
  customer_id: number;
  customer_name: string | null;
  /** Masked for privacy protection. */
  phone: string | null;
  product_id: number;
  product_name: string;
  currency: string;
  status: OrderStatus;
  is_returning: boolean;
  application_amount: number;
  loan_amount: number;
  review_limit: number;
  loan_days: number;
  machine_review_score: number | null;
  created_at: string;
  /** Claim holder, or null while unclaimed. */
  assignee_id: number | null;
  assignee_name: string | null;
  claimed_at: string | null;
  /** At customer service ("pending supplement"): decisions wait for its return. */
  in_service: boolean;
  /** The order's version: decisions from this row carry it (orderVersion). */
  version: string;
}

/** A row of a customer-service queue. */
export interface ServiceRow {
  id: number;
  task_id: number;
  order_no: string;
  merchant_id: number;
  merchant_name: string | null;
  customer_id: number;
  customer_name: string | null;
  phone: string | null;
  currency: string;
  status: OrderStatus;
  application_amount: number;
  note: string;
  sent_by_name: string | null;
  opened_at: string;
  assignee_id: number | null;
  assignee_name: string | null;
  claimed_at: string | null;
}

/** A row of /review/loanInterception and /review/resettingOrder. */
export interface OrderActionRow {
  id: number;
  order_no: string;
  merchant_id: number;
  merchant_name: string | null;
  customer_id: number;
  customer_name: string | null;
  phone: string | null;
  currency: string;
  status: OrderStatus;
  review_stage: string;
  review_result: string;
  loan_remark: string;
  application_amount: number;
  is_returning: boolean;
  created_at: string;
  updated_at: string;
}

/** One review record (every stage decision, hand-over to customer service and back, interception). */
export interface ReviewRecordView {
  id: number;
  stage: string;
  result: string;
  reason: string;
  /** The reason's dictionary label (reject reasons), else ''. */
  reason_label: string;
  remark: string;
  limit: number | null;
  account_id: number | null;
  account_name: string | null;
  created_at: string;
}

/** GET /loanapi/review/order_detail: the review panel of /details/reviewDetails. */
export interface ReviewOrderDetail {
  order: {
    id: number; order_no: string; status: OrderStatus; customer_id: number; merchant_id: number; merchant_name: string | null;
    product_name: string; currency: string; is_returning: boolean; order_type: string; application_amount: number; loan_amount: number;
    review_limit: number; loan_days: number; review_stage: string; review_result: string; loan_remark: string;
    machine_review_result: string; machine_review_score: number | null; created_at: string;
  };
  /** The stage queue the order waits in now, or null. */
  page: StagePage | null;
  /** The stage queue's task: who holds the order. */
  task: { status: string; assignee_id: number | null; assignee_name: string | null; claimed_at: string | null; mine: boolean } | null;
  /** At customer service now. */
  service: { page: ServicePage; note: string; opened_at: string; sent_by_name: string | null; assignee_name: string | null } | null;
  /** False when the reader passed another stage of this order (the same person may not pass two stages). */
  can_pass: boolean;
  /** The order's version: decisions taken on this view carry it (orderVersion). */
  version: string;
  records: ReviewRecordView[];
}

/** The order the keyboard flow opens next (POST /loanapi/review/<page>/next), claimed for the caller. */
export interface NextOrder {
  id: number;
  order_no: string;
  customer_id: number;
  customer_name: string | null;
  phone: string | null;
}

/** Choices of the queue filters. */
export interface ReviewFilterOptions {
  merchants: Array<{ id: number; name: string; code: string; currency: string; parent_id: number | null }>;
  products: Array<{ id: number; name: string; merchant_id: number }>;
}

// ---------------------------------------------------------------------------------------------------------------
// Review flow (which manual stages apply), /merchant/loanConfig

/** Stages when nothing is configured: new customers pass all four, returning customers first and disbursement review. */
export const DEFAULT_FLOW: { new: ManualStage[]; returning: ManualStage[] } = {
  new: ['first', 'second', 'pre', 'disbursement'],
  returning: ['first', 'disbursement'],
};

const stageList = z.array(z.enum(MANUAL_STAGES as [ManualStage, ...ManualStage[]])).max(MANUAL_STAGES.length)
  .refine((a) => new Set(a).size === a.length, 'validation.duplicateStage')
  // Kept in the stages' own order, whatever order they were ticked in.
  .transform((a) => MANUAL_STAGES.filter((s) => a.includes(s)));

/** Edit the flow of a merchant (`id`; 0 = the default for every merchant without its own). */
export const loanConfigEditBody = z.object({
  id: z.coerce.number().int().min(0).max(2_147_483_647),
  /** Drop the merchant's own flow and follow the default (not for the default itself). */
  use_default: z.boolean().optional(),
  new_stages: stageList,
  returning_stages: stageList,
});
export const loanConfigEditParams = loanConfigEditBody.omit({ id: true });

export const loanConfigQuery = z.object({
  merchant_id: filterId.optional(),
});

export interface LoanConfigRow {
  /** Merchant id; 0 is the default row. */
  id: number;
  code: string;
  name: string;
  parent_id: number | null;
  /** The merchant has its own flow (else it follows the default). */
  own: boolean;
  new_stages: ManualStage[];
  returning_stages: ManualStage[];
}
