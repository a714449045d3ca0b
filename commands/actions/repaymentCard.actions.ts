import type { AreaActions } from './types';

/**
 * Permission action nodes of money in through the payment provider, by permission group key, then page
 * (commands/permissions.ts): repayment links / QR codes / card deductions and their re-check on the repayment list
 * (`repayment_repaymentList_collect`, `_recheck`), issuing virtual-account cards (`repayment_repaymentCardList_issue`),
 * re-issuing a merchant's cards in a batch (`repayment_resetAllRepaymentCards_reset`) and card deductions
 * (`repayment_paymentPayCard_deduct`).
 */
export const repaymentCardActions: AreaActions = {
  repayment: {
    repaymentList: ['collect', 'recheck'],
    repaymentCardList: ['issue'],
    resetAllRepaymentCards: ['reset'],
    paymentPayCard: ['deduct'],
  },
};

/**
 * Nodes of this area the demo role templates (commands/roles.ts, by identifier) also hold:
 * - main_merchant: every action of this area, and the three card pages.
 */
export const repaymentCardRoleGrants: Record<string, string[]> = {
  main_merchant: [
    'repayment_repaymentList_collect', 'repayment_repaymentList_recheck', 'repayment_repaymentCardList', 'repayment_repaymentCardList_issue',
    'repayment_resetAllRepaymentCards', 'repayment_resetAllRepaymentCards_reset', 'repayment_paymentPayCard', 'repayment_paymentPayCard_deduct',
  ],
};
