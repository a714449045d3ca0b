import type { AreaActions } from './types';

/**
 * Permission action nodes of the blacklist area — /client blackList: add, import (a CSV or XLSX file), expire (spec §4
 * "expire a blacklist entry immediately"), del (remove an entry entered by mistake); /client outblackList: recheckRisk
 * (ask the risk provider about one customer). The lists themselves are read with the page nodes.
 */
export const blacklistActions: AreaActions = {
  client: { blackList: ['add', 'import', 'expire', 'del'], outblackList: ['recheckRisk'] },
};

/**
 * Nodes of this area the demo role templates (commands/roles.ts, by identifier) also hold: the registration specialist
 * checks a person against both lists before and after registering them, and may ask the risk provider again; the
 * marketing agent reads the internal list so as not to market to listed people. Listing and expiring people stays with
 * merchant operators and administrators.
 */
export const blacklistRoleGrants: Record<string, string[]> = {
  registration_specialist: ['client_blackList', 'client_outblackList', 'client_outblackList_recheckRisk'],
  marketing_agent: ['client_blackList'],
  main_merchant: ['client_blackList_add', 'client_blackList_import', 'client_blackList_expire', 'client_blackList_del', 'client_outblackList_recheckRisk'],
};
