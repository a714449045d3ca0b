import type { AreaActions } from './types';

/**
 * Permission action nodes of the client group added with repayment work: customer claims (/client/clientUserCollection):
 * `claim` takes an unclaimed customer with an open loan; `release` gives a claim back — one's own, or anyone's
 * (src/server/modules/client/claim.ts).
 */
export const clientActions: AreaActions = {
  client: { clientUserCollection: ['claim', 'release'] },
};

const claims = ['client_clientUserCollection', 'client_clientUserCollection_claim', 'client_clientUserCollection_release'];

/**
 * Nodes of this area the demo role templates (commands/roles.ts, by identifier) also hold:
 * - collector, reminder_agent: claim the customers they work, and give them back;
 * - supervisor, collection_supervisor: read every claim (the page only; taking a customer back from whoever holds it
 *   stays with administrators).
 */
export const clientRoleGrants: Record<string, string[]> = {
  collector: claims,
  reminder_agent: claims,
  supervisor: ['client_clientUserCollection'],
  collection_supervisor: ['client_clientUserCollection'],
};
