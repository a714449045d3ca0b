import type { AreaActions } from './types';

/** The developer tools are reads: no action nodes (docs/devtool.md). */
export const devtoolActions: AreaActions = {};

/**
 * Demo role templates (commands/roles.ts): the administrator holds both pages through admin_y; the supervisor, who
 * checks roles and merchant scopes, reads the permission tree and the merchant hierarchy, and the icon set with it.
 */
export const devtoolRoleGrants: Record<string, string[]> = {
  supervisor: ['DeveloperTool_IconSelect', 'DeveloperTool_TableTree'],
};
