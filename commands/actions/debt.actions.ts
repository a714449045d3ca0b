import type { AreaActions } from './types';

/** Permission action nodes of debt rules and reductions: /merchant/DebtSettings, /merchant/product, /merchant/repaymentDiscountRule, reduction requests and approvals — by permission group key, then page (commands/permissions.ts). */
export const debtActions: AreaActions = {};

/** Nodes of this area the demo role templates (commands/roles.ts, by identifier) also hold. */
export const debtRoleGrants: Record<string, string[]> = {};
