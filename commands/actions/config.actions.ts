import type { AreaActions } from './types';

/**
 * Permission action nodes of the config area — /system config: edit (change a system setting; secrets included);
 * /system quick: add, edit, del (the quick replies). Reading the settings and the replies comes with the page nodes;
 * the replies of a purpose for insertion in a note are open to every signed-in account.
 */
export const configActions: AreaActions = {
  system: { config: ['edit'], quick: ['add', 'edit', 'del'] },
};

/**
 * Nodes of this area the demo role templates (commands/roles.ts) also hold: the collection supervisor keeps the
 * collection and reminder wording (the quick replies). System settings stay with the administrator.
 */
export const configRoleGrants: Record<string, string[]> = {
  collection_supervisor: ['system_quick', 'system_quick_add', 'system_quick_edit', 'system_quick_del'],
};
