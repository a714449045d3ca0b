import type { AreaActions } from './types';

/**
 * Permission action nodes of the short-link area (/system shortLink group): DomainList add / edit (state) / del,
 * ServiceProvider add / edit / test, LinkUseChannel add / edit / del, DomainLinkLog add (make a link by hand).
 */
export const shortLinkActions: AreaActions = {
  system: {
    DomainList: ['add', 'edit', 'del'],
    ServiceProvider: ['add', 'edit', 'test'],
    LinkUseChannel: ['add', 'edit', 'del'],
    DomainLinkLog: ['add'],
  },
};

/**
 * Demo role templates: the main merchant operator reads the links made for its merchants and their clicks, and sees
 * which domains its purposes use. Domains, providers and assignments stay with the platform administrator.
 */
export const shortLinkRoleGrants: Record<string, string[]> = {
  main_merchant: ['system_DomainLinkLog', 'system_LinkUseChannel'],
};
