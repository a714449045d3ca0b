import type { AreaActions } from './types';

/**
 * Permission action nodes of the review area, by permission group key and page: each verb becomes the node
 * `<page key>_<verb>` under its page (commands/permissions.ts).
 */
export const reviewActions: AreaActions = {};

/** Nodes of this area that the demo role templates (commands/roles.ts, by identifier) also hold. */
export const reviewRoleGrants: Record<string, string[]> = {};
