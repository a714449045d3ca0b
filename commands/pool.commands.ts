import type { CommandDef, CommandScope } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import {
  dispatchBody, giveBackBody, noteBody, offerBody, OUTCOMES, POOL_API, refreshBody, rulesBody, sourceBody, sourceEditBody, sourceRotateBody, workApi,
  type WorkPage,
} from '../src/schemas/pool';

/**
 * Screens and actions of the pool area (docs/pool.md). Keys on the working screens: c claim, 1 agreed, 2 rejected,
 * 3 no answer, 4 re-applied, n note, o offer (exclusive product, limit, SMS with the promotion link), b give back,
 * Shift+C records a call; on the supervisor's screen d dispatch, e rules, r refresh, Shift+R take back; on the
 * external sources n add, e edit, k new secret, i import a file. Result keys act on the selected (shown) row and
 * carry its version, so a key never lands on a row that changed meanwhile.
 */
export const DORMANT_SCREEN = 'dormant.dormantCustomerList';
export const OVERDUE_SCREEN = 'dormant.overdueCustomerList';
export const POOL_SCREEN = 'highSeas.highSeasList';
export const MY_SCREEN = 'highSeas.myhighSeasList';
export const SERVICE_SCREEN = 'highSeas.highSeasService';
export const CONVERSIONS_SCREEN = 'highSeas.highSeasRegistrationSuccessList';
export const SOURCES_SCREEN = 'exogenous.exogenousSources';

/** Result key N records OUTCOMES[N − 1]. */
export const RESULT_KEYS = OUTCOMES.map((o, i) => ({ outcome: o, key: String(i + 1), name: `result${i + 1}` }));

const TITLES: Record<string, string> = {
  note: 'pool.field.note', product_id: 'pool.field.offer_product', limit_minor: 'pool.field.offer_limit', send_sms: 'pool.field.send_sms',
  account_id: 'pool.field.agent', merchant_id: 'field.merchant_id', dormant_days: 'pool.field.dormant_days',
  good_max_overdue_days: 'pool.field.good_max_overdue_days', min_settled_loans: 'pool.field.min_settled_loans',
  overdue_min_days: 'pool.field.overdue_min_days', unclaimed_hours: 'pool.field.unclaimed_hours', claim_days: 'pool.field.claim_days',
  agent_cap: 'pool.field.agent_cap', pool_dormant: 'pool.field.pool_dormant', pool_returned: 'pool.field.pool_returned',
  offer_product_id: 'pool.field.offer_product', offer_limit_minor: 'pool.field.offer_limit', promo_url: 'pool.field.promo_url',
  id: 'pool.field.source', code: 'pool.field.code', name: 'field.name', route_to: 'pool.field.route_to', on_duplicate: 'pool.field.on_duplicate',
  enabled: 'field.enabled',
};

const post = (path: string) => ({ method: 'POST' as const, path });
const get = (path: string) => ({ method: 'GET' as const, path });
const noEntry = { id: true, version: true } as const;

function act(screen: string, group: string, page: string, name: string, verb: string, def: Partial<CommandDef> & { scope?: CommandScope }): CommandDef {
  return {
    id: `${screen}.${name}`, kind: 'action', area: screen.split('.')[0], title: `action.${screen}.${name}`,
    permission: actionKey(group, page, verb), screen, scope: 'single', paramTitles: TITLES, ...def,
  };
}

/** The work on a claimed customer, on a screen whose page grants it. */
function workActions(screen: string, group: string, page: string, wp: WorkPage, withCall: boolean): CommandDef[] {
  return [
    ...(withCall ? [act(screen, group, page, 'call', 'call', { api: post(workApi(wp, 'call')), hotkey: 'shift+c', keywords: ['phone', 'dial', 'called'] })] : []),
    ...RESULT_KEYS.map((r) => act(screen, group, page, r.name, 'result', { api: post(workApi(wp, r.outcome)), hotkey: r.key, keywords: ['result', 'outcome', r.outcome.replace('_', ' ')] })),
    act(screen, group, page, 'note', 'note', { api: post(workApi(wp, 'note')), params: noteBody.omit(noEntry), hotkey: 'n', keywords: ['remark', 'comment'] }),
    ...[act(screen, group, page, 'offer', 'offer', {
      api: post(workApi(wp, 'offer')), params: offerBody.omit(noEntry), hotkey: 'o', keywords: ['exclusive product', 'limit', 'promotion link', 'sms'],
    })],
    act(screen, group, page, 'giveBack', 'giveBack', { api: post(workApi(wp, 'giveBack')), params: giveBackBody.omit(noEntry), hotkey: 'b', keywords: ['return to pool', 'release'] }),
  ];
}

function dormantScreen(page: 'dormantCustomerList' | 'overdueCustomerList', order: number, url: string, keywords: string[]): CommandDef[] {
  const screen = `dormant.${page}`;
  const wp: WorkPage = page === 'dormantCustomerList' ? 'dormant' : 'overdue';
  return [
    pageScreen('dormantCustomer', page, { order, keywords, api: get(url) }),
    act(screen, 'dormantCustomer', page, 'claim', 'claim', { api: post(workApi(wp, 'claim')), hotkey: 'c', keywords: ['take', 'claim customer'] }),
    ...workActions(screen, 'dormantCustomer', page, wp, false),
  ];
}

export const poolCommands: CommandDef[] = [
  // ---- /dormantCustomer
  ...dormantScreen('dormantCustomerList', 1, POOL_API.dormantList, ['dormant', 'settled customers', 'win back', 're-marketing', 'high quality']),
  ...dormantScreen('overdueCustomerList', 2, POOL_API.overdueList, ['dormant overdue', 'settled after overdue', 'win back']),

  // ---- /highSeas
  pageScreen('highSeas', 'highSeasService', { order: 1, keywords: ['public pool rules', 'dispatch', 'agent cap', 'supervisor'], api: get(POOL_API.serviceList) }),
  act(SERVICE_SCREEN, 'highSeas', 'highSeasService', 'dispatch', 'dispatch', {
    scope: 'bulk', api: post(POOL_API.dispatch), params: dispatchBody.omit({ ids: true }), hotkey: 'd', keywords: ['assign', 'least loaded'],
  }),
  act(SERVICE_SCREEN, 'highSeas', 'highSeasService', 'rules', 'edit', {
    scope: 'screen', api: post(POOL_API.rulesSave), params: rulesBody, hotkey: 'e', keywords: ['pool rules', 'dormant days', 'claim days', 'cap'],
  }),
  act(SERVICE_SCREEN, 'highSeas', 'highSeasService', 'refresh', 'edit', {
    scope: 'screen', api: post(POOL_API.refresh), params: refreshBody, hotkey: 'r', keywords: ['recompute', 'update lists'],
  }),
  act(SERVICE_SCREEN, 'highSeas', 'highSeasService', 'takeBack', 'release', {
    scope: 'bulk', api: post(POOL_API.takeBack), hotkey: 'shift+r', danger: true, keywords: ['return to pool', 'unassign'],
  }),
  pageScreen('highSeas', 'highSeasList', { order: 2, keywords: ['public pool', 'unclaimed registrations', 'leads', 'claim'], api: get(POOL_API.poolList) }),
  act(POOL_SCREEN, 'highSeas', 'highSeasList', 'claim', 'claim', { api: post(workApi('pool', 'claim')), hotkey: 'c', keywords: ['take', 'claim customer'] }),
  pageScreen('highSeas', 'myhighSeasList', { order: 3, keywords: ['my customers', 'claimed', 'call', 'follow up'], api: get(POOL_API.myList) }),
  ...workActions(MY_SCREEN, 'highSeas', 'myhighSeasList', 'mine', true),
  pageScreen('highSeas', 'highSeasRegistrationSuccessList', { order: 4, keywords: ['conversions', 'registered', 'applied', 'credited'], api: get(POOL_API.conversions) }),

  // ---- /exogenousSources
  pageScreen('exogenousSources', 'exogenousSources', { order: 1, keywords: ['external customers', 'leads', 'partners', 'import', 'api'], api: get(POOL_API.leads) }),
  act(SOURCES_SCREEN, 'exogenousSources', 'exogenousSources', 'sourceAdd', 'add', {
    scope: 'screen', api: post(POOL_API.sourceAdd), params: sourceBody, hotkey: 'n', keywords: ['new partner', 'source'],
  }),
  act(SOURCES_SCREEN, 'exogenousSources', 'exogenousSources', 'sourceEdit', 'edit', {
    scope: 'screen', api: post(POOL_API.sourceEdit), params: sourceEditBody, hotkey: 'e', keywords: ['routing', 'duplicates', 'disable source'],
  }),
  act(SOURCES_SCREEN, 'exogenousSources', 'exogenousSources', 'sourceRotate', 'rotate', {
    scope: 'screen', api: post(POOL_API.sourceRotate), params: sourceRotateBody, hotkey: 'k', danger: true, keywords: ['new secret', 'api key'],
  }),
  act(SOURCES_SCREEN, 'exogenousSources', 'exogenousSources', 'import', 'import', {
    scope: 'screen', api: post(POOL_API.import), hotkey: 'i', keywords: ['upload', 'csv', 'xlsx', 'excel'],
  }),
];
