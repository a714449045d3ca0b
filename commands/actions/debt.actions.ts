import type { AreaActions } from './types';

/**
 * Permission action nodes of debt rules and reductions, by permission group key, then page (commands/permissions.ts):
 * /merchant/DebtSettings, /merchant/product, /merchant/repaymentDiscountRule (its rules, and the reductions of its
 * second tab), and "run end of day now" on the system test screen (the business clock).
 */
export const debtActions: AreaActions = {
  merchant: {
    DebtSettings: ['edit'],
    product: ['add', 'edit', 'del', 'enable', 'disable'],
    repaymentDiscountRule: ['add', 'edit', 'del', 'requestReduction', 'approveReduction', 'rejectReduction'],
  },
  system: { test: ['runEndOfDay'] },
};

/**
 * Nodes of this area the demo role templates (commands/roles.ts, by identifier) also hold. The main merchant operator
 * holds the whole merchant group already (settings, products, discount rules and every reduction action; the server
 * keeps the second-person rule: nobody decides a reduction they requested). Supervisors only read, so none here.
 */
export const debtRoleGrants: Record<string, string[]> = {};
