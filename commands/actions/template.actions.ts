import type { AreaActions } from './types';

/**
 * Permission action nodes of the template area (docs/template.md) — /system template: add, edit, enable, disable, del.
 * The list and the live preview are read with the page node.
 */
export const templateActions: AreaActions = {
  system: { template: ['add', 'edit', 'enable', 'disable', 'del'] },
};

/** Demo role templates (commands/roles.ts): the main merchant's operator words its own landing pages and SMS. */
export const templateRoleGrants: Record<string, string[]> = {
  main_merchant: ['system_template', 'system_template_add', 'system_template_edit', 'system_template_enable', 'system_template_disable', 'system_template_del'],
};
