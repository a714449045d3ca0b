import { z } from 'zod';
import type { OrderStatus } from './order';

/**
 * The loan lifecycle (DESIGN §5): every allowed status change of a loan order, named by the action that makes it.
 * Anything not listed here is refused with "invalid transition" (42200) and changes nothing. The server applies a
 * change as a guarded update (`WHERE status = from`) plus an order_status_history row in one transaction
 * (src/server/modules/lifecycle/transition.ts); docs/lifecycle.md draws the graph.
 *
 * The usual path of a new customer:
 *   pending_review → machine_review → first_review → second_review → pre_review → disbursement_review →
 *   withdrawal (customer confirms) → disbursing (payout sent) → repaying → settled
 * Machine review and the review rules may let a returning customer skip manual stages (approve jumps ahead).
 */
export const LIFECYCLE_ACTIONS = [
  /** A new application (from nothing). */
  'apply',
  /** The automatic checks start. */
  'machine_start',
  /** Scoring rules passed: on to the first manual stage that applies (or further for returning customers). */
  'machine_pass',
  /** Scoring rules rejected the order. */
  'machine_reject',
  /** A reviewer takes an order out of machine review into manual first review. */
  'switch_manual',
  /** A reviewer approves the current stage: on to the next stage that applies. */
  'approve',
  /** A reviewer rejects (with a reason from the dictionary). */
  'reject',
  /** Marked for disbursement interception / suspended by a rule. */
  'intercept',
  /** An intercepted order goes back to the stage it was stopped at. */
  'release',
  /** Reset to pending review (the order goes through review again). */
  'reset',
  /** Close an order before money moved (close order, close all, withdrawal expired). */
  'close',
  /** The customer (or staff on their behalf) confirms the withdrawal: the payout is sent. */
  'confirm_withdrawal',
  /** The payment channel confirmed the payout. */
  'payout_success',
  /** The payment channel reported a failed payout. */
  'payout_failure',
  /** Send a failed payout again. */
  're_transfer',
  /** A failed payout goes back to pending withdrawal (e.g. the customer changes card). */
  'return_withdrawal',
  /** A successful loan turned into a failure (secure operation key, reversal postings). */
  'reverse',
  /** The due date passed unpaid (end-of-day job). */
  'overdue',
  /** An extension was paid: a new due date. */
  'extend',
  /** The extension's new due date passed unpaid. */
  'extension_overdue',
  /** Fully repaid. */
  'settle',
  /** Written off after long overdue. */
  'write_off',
  /** A repayment of a settled order was revoked: the order owes again (back to where its dates put it). */
  'revoke',
] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];

/** The manual review stages in their order, with the status an order waits in for each. */
export const REVIEW_STAGE_STATUS = {
  first: 'first_review',
  second: 'second_review',
  pre: 'pre_review',
  disbursement: 'disbursement_review',
} as const satisfies Record<string, OrderStatus>;
export type ManualStage = keyof typeof REVIEW_STAGE_STATUS;
export const MANUAL_STAGES = Object.keys(REVIEW_STAGE_STATUS) as ManualStage[];

const REVIEW_STATUSES = ['first_review', 'second_review', 'pre_review', 'disbursement_review'] as const;
/** Where an approval may lead from each review status (later stages may be skipped by rule). */
const AFTER: Record<string, OrderStatus[]> = {
  machine_review: ['first_review', 'second_review', 'pre_review', 'disbursement_review', 'withdrawal'],
  reloan: ['first_review', 'second_review', 'pre_review', 'disbursement_review', 'withdrawal'],
  first_review: ['second_review', 'pre_review', 'disbursement_review', 'withdrawal'],
  second_review: ['pre_review', 'disbursement_review', 'withdrawal'],
  pre_review: ['disbursement_review', 'withdrawal'],
  disbursement_review: ['withdrawal'],
};

type Row = readonly [from: OrderStatus | null, to: OrderStatus, action: LifecycleAction];

function rows(): Row[] {
  const out: Row[] = [
    [null, 'pending_review', 'apply'],
    [null, 'reloan', 'apply'],
    ['pending_review', 'machine_review', 'machine_start'],
    ['reloan', 'machine_review', 'machine_start'],
    ['machine_review', 'closed', 'machine_reject'],
    ['machine_review', 'first_review', 'switch_manual'],
    ['pending_review', 'closed', 'close'],
    ['withdrawal', 'disbursing', 'confirm_withdrawal'],
    ['withdrawal', 'closed', 'close'],
    ['withdrawal', 'suspended', 'intercept'],
    ['withdrawal', 'pending_review', 'reset'],
    ['disbursing', 'repaying', 'payout_success'],
    ['disbursing', 'failed', 'payout_failure'],
    ['failed', 'disbursing', 're_transfer'],
    ['failed', 'withdrawal', 'return_withdrawal'],
    ['failed', 'closed', 'close'],
    ['repaying', 'failed', 'reverse'],
    ['repaying', 'overdue', 'overdue'],
    ['repaying', 'extended', 'extend'],
    ['repaying', 'settled', 'settle'],
    ['overdue', 'extended', 'extend'],
    ['overdue', 'settled', 'settle'],
    ['overdue', 'bad_debt', 'write_off'],
    ['extended', 'extended', 'extend'],
    ['extended', 'overdue', 'extension_overdue'],
    ['extended', 'settled', 'settle'],
    ['bad_debt', 'settled', 'settle'],
    ['settled', 'repaying', 'revoke'],
    ['settled', 'overdue', 'revoke'],
    ['settled', 'extended', 'revoke'],
    ['settled', 'bad_debt', 'revoke'],
    ['suspended', 'closed', 'close'],
    ['suspended', 'pending_review', 'reset'],
    ['closed', 'pending_review', 'reset'],
    ['reloan', 'closed', 'reject'],
    ['reloan', 'closed', 'close'],
    ['machine_review', 'pending_review', 'reset'],
    // A scoring rule may suspend an order for a person to look at (machine review interception).
    ['machine_review', 'suspended', 'intercept'],
    ['suspended', 'machine_review', 'release'],
  ];
  for (const [from, tos] of Object.entries(AFTER)) {
    for (const to of tos) out.push([from as OrderStatus, to, from === 'machine_review' ? 'machine_pass' : 'approve']);
  }
  for (const s of REVIEW_STATUSES) {
    out.push([s, 'closed', 'reject'], [s, 'closed', 'close'], [s, 'suspended', 'intercept'], [s, 'pending_review', 'reset']);
    // An intercepted order is released back to the stage it was stopped at (remembered in review_stage).
    out.push(['suspended', s, 'release']);
  }
  out.push(['suspended', 'withdrawal', 'release']);
  return out;
}

export const TRANSITIONS: readonly Row[] = rows();

const KEY = (from: OrderStatus | null, to: OrderStatus, action: LifecycleAction) => `${from ?? '∅'}|${to}|${action}`;
const ALLOWED = new Set(TRANSITIONS.map(([f, t, a]) => KEY(f, t, a)));

/** Whether `action` may move an order from `from` to `to`. */
export function canTransition(from: OrderStatus | null, to: OrderStatus, action: LifecycleAction): boolean {
  return ALLOWED.has(KEY(from, to, action));
}

/** The statuses `action` may start from (for queries and for the console's enabled actions). */
export function sourcesOf(action: LifecycleAction): OrderStatus[] {
  return [...new Set(TRANSITIONS.filter((r) => r[2] === action && r[0] !== null).map((r) => r[0] as OrderStatus))];
}

/** The statuses `action` may lead to from `from`. */
export function targetsOf(from: OrderStatus | null, action: LifecycleAction): OrderStatus[] {
  return TRANSITIONS.filter((r) => r[0] === from && r[2] === action).map((r) => r[1]);
}

/** Moving the business clock (system test screen): to a date-time, by whole days, or back to system time. */
export const businessClockBody = z.object({
  date: z.iso.datetime({ offset: true }).optional(),
  advance_days: z.coerce.number().int().min(-3650).max(3650).optional(),
  reset: z.boolean().optional(),
}).refine((b) => [b.date, b.advance_days, b.reset].filter((v) => v !== undefined).length === 1, {
  message: 'one of date, advance_days or reset', path: ['date'],
});

export interface BusinessClockState {
  business_time: string;
  system_time: string;
  offset_ms: number;
}
