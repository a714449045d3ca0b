import type { AreaActions } from './types';

/** Permission action nodes of money in through the payment provider: repayment links, QR codes, card deductions, virtual-account cards (repaymentCardList, paymentPayCard, resetAllRepaymentCards), callbacks and re-checks — by permission group key, then page (commands/permissions.ts). */
export const repaymentCardActions: AreaActions = {};

/** Nodes of this area the demo role templates (commands/roles.ts, by identifier) also hold. */
export const repaymentCardRoleGrants: Record<string, string[]> = {};
