import type { AreaActions } from './types';

/** Permission action nodes of the repayment area: /repayment lists (repaymentList, settlement, abnormal), /review/manualRepayment, revoke — by permission group key, then page (commands/permissions.ts). */
export const repaymentActions: AreaActions = {};

/** Nodes of this area the demo role templates (commands/roles.ts, by identifier) also hold. */
export const repaymentRoleGrants: Record<string, string[]> = {};
