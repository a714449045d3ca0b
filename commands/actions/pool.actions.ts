import type { AreaActions } from './types';

/**
 * Permission action nodes of the pool area (docs/pool.md) — by permission group key, then page:
 * /dormantCustomer: claim a dormant customer, make the offer, record the result, note, give back (the dormant lists
 * are the marketing agent's working lists); /highSeas: claim from the public pool, work "my claimed customers"
 * (call, result, note, offer, give back), and the supervisor's dispatch, rules (`edit`, also a refresh of the lists)
 * and taking claims back (`release`); /exogenousSources: sources (add, edit, rotate the API secret) and file imports.
 */
const WORK = ['claim', 'offer', 'result', 'note', 'giveBack'];

export const poolActions: AreaActions = {
  dormantCustomer: { dormantCustomerList: WORK, overdueCustomerList: WORK },
  highSeas: {
    highSeasList: ['claim'],
    myhighSeasList: ['call', 'result', 'note', 'offer', 'giveBack'],
    highSeasService: ['dispatch', 'edit', 'release'],
  },
  exogenousSources: { exogenousSources: ['add', 'edit', 'rotate', 'import'] },
};

const dormantWork = (page: string) => [`dormantCustomer_${page}`, ...WORK.map((v) => `dormantCustomer_${page}_${v}`)];

/**
 * Nodes of this area the demo role templates (commands/roles.ts, by identifier) also hold: the marketing agent works
 * the dormant lists (claim, offer, result, note, give back) and their claimed customers, and sees the conversions;
 * the registration specialist claims from the public pool and works what they claimed (no offers: exclusive products
 * are marketing's).
 */
export const poolRoleGrants: Record<string, string[]> = {
  marketing_agent: [
    ...dormantWork('dormantCustomerList'), ...dormantWork('overdueCustomerList'),
    ...['call', 'result', 'note', 'offer', 'giveBack'].map((v) => `highSeas_myhighSeasList_${v}`),
    'highSeas_highSeasRegistrationSuccessList',
  ],
  registration_specialist: [
    'highSeas_highSeasList_claim', 'highSeas_myhighSeasList',
    ...['call', 'result', 'note', 'giveBack'].map((v) => `highSeas_myhighSeasList_${v}`),
  ],
};
