import type { AreaActions } from './types';

/** Permission action nodes of the collector's keyboard workbench: myCollectionList, case work (call, result, promise, note), calls logged on the case — by permission group key, then page (commands/permissions.ts). */
export const collectionWorkbenchActions: AreaActions = {};

/** Nodes of this area the demo role templates (commands/roles.ts, by identifier) also hold. */
export const collectionWorkbenchRoleGrants: Record<string, string[]> = {};
