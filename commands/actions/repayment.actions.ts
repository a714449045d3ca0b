import type { AreaActions } from './types';

/**
 * Permission action nodes of the repayment area's lists and staff money, by permission group key, then page
 * (commands/permissions.ts): revoking repayments, manual reconciliation, handling abnormal money, manual repayments
 * with vouchers. Nodes: `repayment_repaymentList_revoke`, `repayment_settlement_add` …, `review_manualRepayment_add` ….
 */
export const repaymentActions: AreaActions = {
  repayment: {
    repaymentList: ['revoke'],
    settlement: ['add', 'revoke'],
    abnormal: ['handle'],
  },
  review: {
    manualRepayment: ['add', 'revoke'],
  },
};

const PAGES = ['repayment_repaymentList', 'repayment_settlement', 'repayment_abnormal'];

/**
 * Nodes of this area the demo role templates (commands/roles.ts, by identifier) also hold:
 * - main_merchant: the repayment lists and staff money of this area (revoke, reconcile, handle abnormal money) and
 *   manual repayments;
 * - supervisor: reads the repayments and the abnormal ones.
 */
export const repaymentRoleGrants: Record<string, string[]> = {
  main_merchant: [
    ...PAGES,
    'repayment_repaymentList_revoke', 'repayment_settlement_add', 'repayment_settlement_revoke', 'repayment_abnormal_handle',
    'review_manualRepayment', 'review_manualRepayment_add', 'review_manualRepayment_revoke',
  ],
  supervisor: ['repayment_repaymentList', 'repayment_abnormal'],
};
