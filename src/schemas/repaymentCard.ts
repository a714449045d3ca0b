import { z } from 'zod';
import { filterId } from './client';
import { dateOrTime } from './empower';
import { collectBody, REPAYMENT_STATUSES, RESET_BATCH_STATUSES } from './repayment';

/**
 * Contracts of money coming in through the payment provider (docs/repayment.md "Money through the provider"), beyond
 * those of src/schemas/repayment.ts: the order lookup of the collect dialog, card deductions, the sandbox checkout
 * page, and the rows of the virtual-account card screens.
 */

export const REPAYMENT_CARD_API = {
  /** GET ?order_no=: the order a link / QR / deduction is for (what it owes, its bound cards), in the actor's merchants. */
  collectOrder: '/loanapi/repayment/collect/order',
  /** POST: a card deduction (/repayment/paymentPayCard): collect with method card. */
  deduct: '/loanapi/repayment/pay_card/deduct',
  /** GET/POST (public): the sandbox provider's checkout page of a repayment link: /…/checkout/<provider ref>?d=&s=. */
  sandboxCheckout: '/loanapi/repayment/sandbox/checkout',
} as const;

/** /repayment/paymentPayCard deduct: a deduction from the customer's bound card (default: the order's card). */
export const deductBody = collectBody.omit({ method: true });

export const collectOrderQuery = z.object({ order_no: z.string().trim().min(1).max(64) });

const text = (max: number) => z.string().trim().max(max);

/** /repayment/paymentPayCard list filters (card-deduction repayments). */
export const payCardRepaymentQuery = z.object({
  serial_no: text(40).optional(),
  order_no: text(64).optional(),
  phone: text(20).optional(),
  merchant_id: filterId.optional(),
  status: z.array(z.enum(REPAYMENT_STATUSES)).max(REPAYMENT_STATUSES.length).optional(),
  created_from: dateOrTime.optional(),
  created_to: dateOrTime.optional(),
});

/** /repayment/resetAllRepaymentCards list filters (the batches). */
export const cardBatchQuery = z.object({
  merchant_id: filterId.optional(),
  status: z.enum(RESET_BATCH_STATUSES).optional(),
});

/** What collect / deduct answer: the pending repayment with its link and QR payload. */
export interface CollectView {
  id: number;
  serial_no: string;
  order_id: number;
  order_no: string;
  merchant_id: number;
  type: string;
  status: string;
  currency: string;
  requested_amount: number;
  success_amount: number;
  channel_id: number | null;
  channel_name: string | null;
  provider_ref: string;
  link_url: string;
  qr_payload: string;
  card_no: string;
  expires_at: string | null;
  message: string;
}

/** The order the collect dialog found. */
export interface CollectOrderView {
  order_id: number;
  order_no: string;
  merchant_id: number;
  customer_name: string;
  phone: string;
  status: string;
  currency: string;
  remaining_debt: number;
  due_date: string | null;
  /** Whether the order accepts money (repaying, overdue, extended, bad debt). */
  open: boolean;
  bank_cards: Array<{ id: number; bank_name: string; card_no: string; is_default: boolean }>;
}

export interface RecheckView {
  id: number;
  status: string;
  changed: boolean;
  message: string;
}

export interface RepaymentCardRow {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  customer_id: number;
  customer_name: string | null;
  phone: string | null;
  channel_name: string | null;
  va_number: string;
  bank_name: string;
  provider_ref: string;
  status: 'active' | 'expired';
  batch_id: number | null;
  created_at: string;
  expired_at: string | null;
}

export interface CardBatchRow {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  status: (typeof RESET_BATCH_STATUSES)[number];
  total: number;
  done: number;
  failed: number;
  remark: string;
  error: string;
  created_by: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface PayCardRepaymentRow {
  id: number;
  serial_no: string;
  order_id: number | null;
  order_no: string | null;
  merchant_id: number;
  merchant_name: string | null;
  customer_name: string | null;
  phone: string | null;
  currency: string;
  status: string;
  requested_amount: number;
  success_amount: number;
  card_no: string;
  channel_name: string | null;
  provider_ref: string;
  created_at: string;
  paid_at: string | null;
}
