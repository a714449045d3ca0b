import type { AreaActions } from './types';

/**
 * Permission action nodes of the scoring area, by permission group key and page: each verb becomes the node
 * `<page key>_<verb>` under its page (commands/permissions.ts). The two rule screens of the merchant group:
 * add, edit, toggle (enable / disable), del, clone (to other merchants: selected rules or a merchant's whole set);
 * the scorecard also has threshold (its pass score per merchant).
 */
export const scoringActions: AreaActions = {
  merchant: {
    autoAuditRule: ['add', 'edit', 'toggle', 'del', 'clone'],
    orderScoringRule: ['add', 'edit', 'toggle', 'del', 'clone', 'threshold'],
  },
};

/**
 * Nodes of this area that the demo role templates (commands/roles.ts, by identifier) also hold. The main merchant
 * operator holds the whole merchant group already; nobody else configures rules.
 */
export const scoringRoleGrants: Record<string, string[]> = {};
