import { z } from 'zod';
import { filterId, queryFlag } from './client';
import { dateOrTime } from './empower';
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

export const orderListQuery = z.object({
  order_no: z.string().trim().max(64).optional(),
  phone: z.string().trim().max(20).optional(),
  customer_name: z.string().trim().max(100).optional(),
  merchant_id: filterId.optional(),
  product_id: filterId.optional(),
  channel_id: filterId.optional(),
  status: z.array(orderStatus).max(ORDER_STATUSES.length).optional(),
  customer_type: z.enum(CUSTOMER_TYPES).optional(),
  created_from: dateOrTime.optional(),
  created_to: dateOrTime.optional(),
  loan_from: dateOrTime.optional(),
  loan_to: dateOrTime.optional(),
  due_from: day.optional(),
  due_to: day.optional(),
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
