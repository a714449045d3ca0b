import { z } from 'zod';
import { id } from './common';
import { filterId } from './client';
import { dateOrTime } from './empower';
import { amountMinor, EXTENSION_DUE_BASES, EXTENSION_FEE_TYPES, OVERPAYMENT_HANDLING } from './repayment';

/**
 * Contracts of extensions (spec §3 "Extension"; /exhibition_period lists, /review/reviewExhibitionPeriod). An
 * application is under_review → passed (a reviewer, not the applicant) or rejected; a passed one becomes success when
 * its fee (fixed or rate of the principal, plus the penalty owed) is paid: the order gets its new due date. A payment
 * short of what is due is refused with "insufficient payment for extension" and changes nothing.
 */
export const EXTENSION_STATUSES = ['under_review', 'passed', 'rejected', 'success'] as const;
export type ExtensionStatus = (typeof EXTENSION_STATUSES)[number];

const text = (max: number) => z.string().trim().max(max);
const idempotencyKey = z.string().trim().min(8).max(100).optional();

/** Apply for an extension of an order (staff on the customer's behalf, or the borrower app). */
export const extensionApplyBody = z.object({ order_id: id, remark: text(500).optional(), idempotency_key: idempotencyKey });
/** Pass or reject an application (/review/reviewExhibitionPeriod). */
export const extensionReviewBody = z.object({ id, remark: text(500).optional() });
export const extensionRejectBody = z.object({ id, remark: z.string().trim().min(2).max(500) });
/** Pay a passed extension: the amount the customer paid (fee + penalty owed; more is handled by the setting). */
export const extensionPayBody = z.object({ id, amount: amountMinor, remark: text(500).optional(), idempotency_key: idempotencyKey });

export const extensionQuery = z.object({
  application_no: text(40).optional(),
  order_no: text(64).optional(),
  phone: text(20).optional(),
  customer_name: text(100).optional(),
  merchant_id: filterId.optional(),
  status: z.array(z.enum(EXTENSION_STATUSES)).max(EXTENSION_STATUSES.length).optional(),
  created_from: dateOrTime.optional(),
  created_to: dateOrTime.optional(),
});

export const EXTENSION_API = {
  /** ExhibitionPeriodList: every application (status filter). */
  list: '/loanapi/extension/list',
  /** ExhibitionPeriodPassedList: passed and success. */
  passedList: '/loanapi/extension/passed_list',
  /** ExhibitionPeriodRejectsList. */
  rejectsList: '/loanapi/extension/rejects_list',
  /** /review/reviewExhibitionPeriod: applications under review. */
  reviewList: '/loanapi/extension/review_list',
  apply: '/loanapi/extension/apply',
  pass: '/loanapi/extension/pass',
  reject: '/loanapi/extension/reject',
  pay: '/loanapi/extension/pay',
  /** What extending an order would cost today, and whether it may (for the apply dialog). */
  quote: '/loanapi/extension/quote',
} as const;

export interface ExtensionQuote {
  order_id: number;
  allowed: boolean;
  /** Message id of why not (extension.maxCount, extension.wrongState …). */
  refusal: string | null;
  fee_type: (typeof EXTENSION_FEE_TYPES)[number];
  fee_setting: number;
  fee: number;
  penalty_owed: number;
  total: number;
  days: number;
  due_base: (typeof EXTENSION_DUE_BASES)[number];
  overpayment: (typeof OVERPAYMENT_HANDLING)[number];
  current_due_date: string | null;
  new_due_date: string;
  count: number;
  max_count: number;
  currency: string;
}

export interface ExtensionRow {
  id: number;
  application_no: string;
  order_id: number;
  order_no: string;
  merchant_id: number;
  merchant_name: string | null;
  customer_id: number;
  customer_name: string | null;
  phone: string | null;
  currency: string;
  status: ExtensionStatus;
  fee_type: string;
  fee_setting: number;
  fee: number;
  penalty: number;
  time_type: string;
  days: number;
  overpayment: string;
  paid_fee: number;
  start_date: string | null;
  end_date: string | null;
  remark: string;
  review_remark: string;
  applicant: string | null;
  reviewer: string | null;
  created_at: string;
  reviewed_at: string | null;
  paid_at: string | null;
}
