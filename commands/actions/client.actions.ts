import type { AreaActions } from './types';

/** Permission action nodes of the client group added with repayment work (customer claims). */
export const clientActions: AreaActions = {};

export const clientRoleGrants: Record<string, string[]> = {};
