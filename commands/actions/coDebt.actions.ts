import type { AreaActions } from './types';

/**
 * Permission action nodes of the co-debt area (docs/coDebt.md): /merchant/coDebtRule add, edit, del; and the customer
 * detail's `riskReport` (fetch the risk and multi-lender reports again), under /client clientUser.
 */
export const coDebtActions: AreaActions = {
  merchant: { coDebtRule: ['add', 'edit', 'del'] },
  client: { clientUser: ['riskReport'] },
};

/**
 * Demo role templates: the main merchant operator holds the merchant group (so its rules) and refreshes reports;
 * reviewers refresh the reports of the customers they review; the supervisor reads the rules.
 */
export const coDebtRoleGrants: Record<string, string[]> = {
  main_merchant: ['client_clientUser_riskReport'],
  first_review: ['client_clientUser_riskReport'],
  second_review: ['client_clientUser_riskReport'],
  supervisor: ['merchant_coDebtRule'],
};
