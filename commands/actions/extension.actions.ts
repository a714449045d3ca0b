import type { AreaActions } from './types';

/** Permission action nodes of extensions: /exhibition_period lists and /review/reviewExhibitionPeriod — by permission group key, then page (commands/permissions.ts). */
export const extensionActions: AreaActions = {};

/** Nodes of this area the demo role templates (commands/roles.ts, by identifier) also hold. */
export const extensionRoleGrants: Record<string, string[]> = {};
