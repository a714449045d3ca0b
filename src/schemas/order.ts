import { z } from 'zod';

/**
 * Loan order statuses (DESIGN §5, from spec §4 "Loan" plus the lifecycle stages around it). One string column,
 * `loan_order.status`; every change is also a row in `order_status_history`. The allowed changes are the transition
 * table of src/schemas/lifecycle.ts; the usual path of a new customer is
 * pending_review → machine_review → first_review → second_review → [pre_review] → [disbursement_review] →
 * withdrawal → disbursing → repaying → [overdue → extended …] → settled (or bad_debt);
 * a returning customer's re-loan starts at `reloan` and may skip the manual stages.
 */
export const ORDER_STATUSES = [
  /** Submitted by the customer, waiting for the automatic checks to start. */
  'pending_review',
  /** Scoring rules are running (machine review). */
  'machine_review',
  /** Waiting for, or claimed by, a first-review reviewer. */
  'first_review',
  /** Passed first review; waiting for a second-review reviewer. */
  'second_review',
  /** Loan pre-review (payment pre-trial) before the money moves. */
  'pre_review',
  /** Transfer pending review: a finance reviewer approves the payout. */
  'disbursement_review',
  /** Suspended / intercepted by a rule or a reviewer; waits for a decision. */
  'suspended',
  /** Approved; waiting for the customer to confirm the withdrawal (pending withdrawal). */
  'withdrawal',
  /** Payout sent to the payment channel, waiting for its result (loan in progress). */
  'disbursing',
  /** Disbursed (loan success), not yet due: the customer is repaying. */
  'repaying',
  /** Past the due date and not fully repaid. */
  'overdue',
  /** An extension was granted: a new due date after paying the extension fee. */
  'extended',
  /** Fully repaid (settled). */
  'settled',
  /** The payout failed (loan failure). */
  'failed',
  /** Closed: rejected at a review stage, cancelled or expired before disbursement. */
  'closed',
  /** A returning customer's re-loan application waiting for the re-loan review. */
  'reloan',
  /** Written off after long overdue (bad debt). */
  'bad_debt',
] as const;

export const orderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatus>;

/** Statuses in which the money has been paid out (the order carries a due date and a debt). */
export const DISBURSED_STATUSES: readonly OrderStatus[] = ['repaying', 'overdue', 'extended', 'settled', 'bad_debt'];

/** Statuses before any money moved. */
export const PRE_DISBURSEMENT_STATUSES: readonly OrderStatus[] = [
  'pending_review', 'machine_review', 'first_review', 'second_review', 'pre_review', 'disbursement_review', 'suspended',
  'withdrawal', 'disbursing', 'reloan',
];

/** `loan_order.order_type`: normal application, re-loan of a returning customer, or created by staff. */
export const ORDER_TYPES = ['normal', 'reloan', 'manual'] as const;
export const orderType = z.enum(ORDER_TYPES);

/** `loan_order.review_stage`: the manual stage an order is in or was last decided at ('' before any). */
export const REVIEW_STAGES = ['machine', 'first', 'second', 'pre', 'disbursement', 'reloan'] as const;

/** `loan_order.review_result` and `machine_review_result`. */
export const REVIEW_RESULTS = ['pending', 'approved', 'rejected'] as const;

/** `loan_order.withdrawal_type`: the customer confirmed in the app, or staff confirmed for them. */
export const WITHDRAWAL_TYPES = ['auto', 'manual'] as const;

/** `product.interest_type`: flat = rate per term; daily = rate per day of the loan. */
export const INTEREST_TYPES = ['flat', 'daily'] as const;
/** `product.fee_timing`: fees deducted from the payout, or added to what is due at maturity. */
export const FEE_TIMINGS = ['upfront', 'maturity'] as const;
