import type { AreaActions } from './types';

/**
 * Permission action nodes of the payment area, by permission group key and page: each verb becomes the node
 * `<page key>_<verb>` under its page (commands/permissions.ts). The payment area also owns the transfer group, the
 * channel page of the system group and the payout pages of the merchant group (docs/payment.md).
 */
export const paymentActions: AreaActions = {
  payment: {
    paymentOrderLoan: ['recheck'],
    PaymentOrderFail: ['retransfer'],
  },
  transfer: {
    orderAudit: ['approve', 'reject'],
    TransferOrderLoan: ['recheck'],
    TransferOrderSuccess: ['reverse'],
    TransferOrderFail: ['retransfer'],
    TransferOrderArtificial: ['manual'],
    repaymentPayCard: ['add', 'edit', 'del'],
    collectionPayCard: ['add', 'edit', 'del'],
  },
  system: {
    bankChannel: ['add', 'edit', 'del', 'enable', 'disable', 'test', 'secureKey'],
  },
  merchant: {
    autoPaymentConfig: ['edit'],
    autoLoanRule: ['add', 'edit', 'del'],
  },
};

/**
 * Nodes of this area that the demo role templates (commands/roles.ts, by identifier) also hold. Reversing a loan,
 * channels and the secure key stay with administrators.
 */
export const paymentRoleGrants: Record<string, string[]> = {
  withdrawal_agent: [
    'payment_paymentOrderLoan', 'payment_paymentOrderLoan_recheck', 'transfer_TransferOrderQuery', 'transfer_TransferOrderLoan',
    'transfer_TransferOrderLoan_recheck',
  ],
  main_merchant: [
    'payment', 'transfer_TransferOrderQuery', 'transfer_orderAudit_approve', 'transfer_orderAudit_reject', 'transfer_TransferOrderLoan_recheck',
    'transfer_TransferOrderSuccess', 'transfer_TransferOrderFail_retransfer', 'transfer_TransferOrderArtificial',
    ...['add', 'edit', 'del'].flatMap((v) => [`transfer_repaymentPayCard_${v}`, `transfer_collectionPayCard_${v}`]),
  ],
  sub_merchant: ['payment_PaymentOrderQuery', 'transfer_TransferOrderQuery'],
  supervisor: ['payment_orderRecord', 'payment_PaymentOrderQuery', 'transfer_TransferOrderQuery'],
};
