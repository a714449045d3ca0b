import type { AreaActions } from './types';

/**
 * Permission action nodes of the marketing area (docs/marketing.md), by permission group key then page:
 * MarketingService `edit` (add and edit whitelist groups) and `dispatch` (hand numbers to agents); marketingList
 * `import` (files and pasted numbers) and `del`; myMarketingList `result` (the 1–4 call results), `note` and `sendSms`
 * (send the promotion link); H5UrlList and promotionLinkList `add`, `edit`.
 */
export const marketingActions: AreaActions = {
  Marketing: {
    MarketingService: ['edit', 'dispatch'],
    marketingList: ['import', 'del'],
    myMarketingList: ['result', 'note', 'sendSms'],
    H5UrlList: ['add', 'edit'],
    promotionLinkList: ['add', 'edit'],
  },
};

/**
 * Nodes of this area the demo role templates (commands/roles.ts, by identifier) also hold: the marketing agent works
 * its numbers (results, notes, the link by SMS) and sees the registrations credited to it; the registration
 * specialist reads the promotion links whose registrations it follows.
 */
export const marketingRoleGrants: Record<string, string[]> = {
  marketing_agent: ['Marketing_myMarketingList_result', 'Marketing_myMarketingList_note', 'Marketing_myMarketingList_sendSms', 'Marketing_RegistrationSuccessList'],
  registration_specialist: ['Marketing_promotionLinkList'],
};
