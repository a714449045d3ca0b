import type { AreaActions } from './types';

/**
 * Permission action nodes of the intake area, by permission group key and page: each verb becomes the node
 * `<page key>_<verb>` under its page (commands/permissions.ts).
 */
export const intakeActions: AreaActions = {
  merchant: {
    // App credentials of the borrower app: a disabled key is final (create a new one), so there is no enable.
    account: ['add', 'disable', 'rotate'],
    loanRuleConfig: ['add', 'edit', 'del'],
    loanRestrictionRule: ['add', 'edit', 'del'],
  },
};

/**
 * Nodes of this area that the demo role templates (commands/roles.ts, by identifier) also hold: none, since the
 * main merchant operator holds the whole merchant group already and nobody else manages app keys or loan rules.
 */
export const intakeRoleGrants: Record<string, string[]> = {};
