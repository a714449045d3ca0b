import type { AreaActions } from './types';

/** Verbs of a stage queue (trial, reviewAgain, PaymentPreTrial); the disbursement review has no customer service. */
const STAGE = ['claim', 'release', 'approve', 'reject', 'batchReject', 'dispatch', 'toService'];
const LAST_STAGE = ['claim', 'release', 'approve', 'reject', 'batchReject', 'dispatch'];
/** Verbs of a customer-service queue: take the order, give it back untouched, or finish it with the contact result. */
const SERVICE = ['claim', 'release', 'finish'];

/**
 * Permission action nodes of the review area, by permission group key and page: each verb becomes the node
 * `<page key>_<verb>` under its page (commands/permissions.ts).
 */
export const reviewActions: AreaActions = {
  review: {
    trial: STAGE,
    reviewAgain: STAGE,
    PaymentPreTrial: STAGE,
    reviewLoan: LAST_STAGE,
    initialReviewCustomerService: SERVICE,
    againReviewCustomerService: SERVICE,
    paymentPreTrialService: SERVICE,
    loanInterception: ['intercept', 'release', 'close'],
    allOrder: ['close', 'closeAll', 'reset', 'returnWithdrawal', 'switchManual', 'reloanApprove', 'reloanReject'],
    resettingOrder: ['reset'],
  },
  merchant: {
    loanConfig: ['edit'],
  },
};

/** A reviewer works the queue: everything but dispatch (sharing the queue out is an administrator's). */
const work = (page: string, verbs = STAGE) => verbs.filter((v) => v !== 'dispatch').map((v) => `review_${page}_${v}`);
const service = (page: string) => SERVICE.map((v) => `review_${page}_${v}`);

/** Nodes of this area that the demo role templates (commands/roles.ts, by identifier) also hold. */
export const reviewRoleGrants: Record<string, string[]> = {
  first_review: [...work('trial'), ...service('initialReviewCustomerService')],
  second_review: [...work('reviewAgain'), ...service('againReviewCustomerService')],
  pre_review: [
    ...work('PaymentPreTrial'), ...work('reviewLoan', LAST_STAGE), ...service('paymentPreTrialService'),
    'review_loanInterception_intercept', 'review_loanInterception_release', 'review_loanInterception_close',
  ],
  // The supervisor reads the orders (review_allOrder in the template): dispatching queues and closing, resetting or
  // returning orders stay with administrators.
};
