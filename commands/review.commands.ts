import type { CommandDef } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import {
  approveLimitParams, batchRejectParams, closeOrdersParams, dispatchBody, interceptCloseParams, interceptParams, loanConfigEditParams,
  rejectParams, reloanApproveParams, serviceFinishParams, SERVICE_PAGES, STAGE_PAGES, toServiceParams, type ServicePage, type StagePage,
} from '../src/schemas/review';

type Def = Partial<CommandDef> & Pick<CommandDef, 'api'>;

/** An action of a review screen: id `review.<page>.<name>`, node `review_<page>_<verb>`, title shared by every page. */
const act = (page: string, verb: string, def: Def, name = verb): CommandDef => ({
  id: `review.${page}.${name}`, kind: 'action', area: 'review', title: `action.review.${name}`,
  permission: actionKey('review', page, verb), screen: `review.${page}`, scope: 'single', ...def,
});

const post = (path: string) => ({ method: 'POST' as const, path });
const reasonTitles = { reason: 'field.reject_reason', remark: 'field.remark', version: 'field.version' };

/**
 * A stage queue and its keyboard (docs/review.md): j/k move and Enter opens the review details (the grid), c claims,
 * u releases, a approves, Shift+A approves with a limit, r rejects with a reason, Shift+R rejects the selection,
 * s sends to customer service, n claims and opens the next order, Shift+D dispatches the queue.
 */
function stageCommands(page: StagePage, order: number, hotkey: string): CommandDef[] {
  const base = `/loanapi/review/${page}`;
  const out: CommandDef[] = [
    pageScreen('review', page, { order, hotkey, keywords: ['review', 'queue', 'claim', 'approve'], api: { method: 'GET', path: `${base}/list` } }),
    act(page, 'claim', { api: post(`${base}/claim`), hotkey: 'c', keywords: ['take', 'assign to me'] }),
    act(page, 'release', { api: post(`${base}/release`), hotkey: 'u', keywords: ['unclaim', 'give back'] }),
    act(page, 'approve', { api: post(`${base}/approve`), hotkey: 'a', keywords: ['pass', 'accept'] }),
    act(page, 'approve', { api: post(`${base}/approve`), hotkey: 'shift+a', params: approveLimitParams, paramTitles: { limit: 'field.review_limit', remark: 'field.remark', version: 'field.version' }, keywords: ['limit'] }, 'approveLimit'),
    act(page, 'reject', { api: post(`${base}/reject`), hotkey: 'r', params: rejectParams, paramTitles: reasonTitles, keywords: ['refuse', 'decline'] }),
    act(page, 'batchReject', { api: post(`${base}/batch_reject`), hotkey: 'shift+r', scope: 'bulk', params: batchRejectParams, paramTitles: reasonTitles, danger: true }),
    act(page, 'claim', { api: post(`${base}/next`), hotkey: 'n', scope: 'screen', keywords: ['next order', 'work the queue'] }, 'next'),
    act(page, 'dispatch', { api: post(`${base}/dispatch`), hotkey: 'shift+d', scope: 'screen', params: dispatchBody, paramTitles: { cap: 'field.dispatch_cap', account_ids: 'field.reviewers' }, keywords: ['assign', 'distribute'] }),
  ];
  if (page !== 'reviewLoan') {
    out.push(act(page, 'toService', { api: post(`${base}/to_service`), hotkey: 's', params: toServiceParams, paramTitles: { note: 'field.service_note', version: 'field.version' }, keywords: ['customer service', 'supplement'] }));
  }
  return out;
}

function serviceCommands(page: ServicePage, order: number): CommandDef[] {
  const base = `/loanapi/review/${page}`;
  return [
    pageScreen('review', page, { order, keywords: ['customer service', 'pending supplement'], api: { method: 'GET', path: `${base}/list` } }),
    act(page, 'claim', { api: post(`${base}/claim`), hotkey: 'c' }),
    act(page, 'release', { api: post(`${base}/release`), hotkey: 'u' }),
    act(page, 'finish', { api: post(`${base}/finish`), hotkey: 'f', params: serviceFinishParams, paramTitles: { result: 'field.contact_result', remark: 'field.remark' } }),
  ];
}

const all = (verb: string, def: Def) => act('allOrder', verb, { scope: 'bulk', danger: true, ...def });
const orderPath = (p: string) => ({ method: 'POST' as const, path: `/loanapi/review/order/${p}` });

/** The review area (/review) and the review flow screen (/merchant/loanConfig). */
export const reviewCommands: CommandDef[] = [
  ...SERVICE_PAGES.flatMap((p, i) => serviceCommands(p, i + 1)),
  ...STAGE_PAGES.flatMap((p, i) => stageCommands(p, i + 4, `alt+${i + 1}`)),

  pageScreen('review', 'loanInterception', { order: 8, keywords: ['interception', 'suspend', 'hold'], api: { method: 'GET', path: '/loanapi/review/loanInterception/list' } }),
  act('loanInterception', 'intercept', { api: post('/loanapi/review/loanInterception/intercept'), hotkey: 'i', params: interceptParams, paramTitles: { reason: 'field.intercept_reason' } }),
  act('loanInterception', 'release', { api: post('/loanapi/review/loanInterception/release'), hotkey: 'u' }, 'interceptRelease'),
  act('loanInterception', 'close', { api: post('/loanapi/review/loanInterception/close'), params: interceptCloseParams, paramTitles: { reason: 'field.remark' }, danger: true }, 'interceptClose'),

  pageScreen('review', 'allOrder', {
    order: 12, hotkey: 'alt+a', keywords: ['orders', 'loans', 'all orders', 'search orders'],
    api: { method: 'GET', path: '/loanapi/order/all_list' },
  }),
  all('close', { api: orderPath('close'), params: closeOrdersParams, paramTitles: { reason: 'field.remark' } }),
  all('closeAll', { api: orderPath('close_all'), params: closeOrdersParams, paramTitles: { reason: 'field.remark' }, keywords: ['close customer orders'] }),
  all('reset', { api: orderPath('reset'), keywords: ['pending review', 'review again'] }),
  all('returnWithdrawal', { api: orderPath('return_withdrawal'), keywords: ['pending withdrawal', 'payout failed'] }),
  all('switchManual', { api: orderPath('switch_manual'), danger: false, keywords: ['manual review', 'machine review'] }),
  all('reloanApprove', { api: orderPath('reloan_approve'), scope: 'single', danger: false, params: reloanApproveParams, paramTitles: { limit: 'field.review_limit', remark: 'field.remark' }, keywords: ['re-loan', 'reloan'] }),
  all('reloanReject', { api: orderPath('reloan_reject'), scope: 'single', danger: false, params: rejectParams, paramTitles: reasonTitles, keywords: ['re-loan', 'reloan'] }),

  pageScreen('review', 'resettingOrder', { order: 13, keywords: ['reset order', 'closed orders'], api: { method: 'GET', path: '/loanapi/review/resettingOrder/list' } }),
  act('resettingOrder', 'reset', { api: post('/loanapi/review/resettingOrder/reset'), scope: 'bulk', danger: true }),

  pageScreen('merchant', 'loanConfig', { order: 14, keywords: ['review flow', 'review stages', 'returning customers', 'loan config'], api: { method: 'GET', path: '/loanapi/review_flow/list' } }),
  {
    id: 'merchant.loanConfig.edit', kind: 'action', area: 'merchant', title: 'action.merchant.loanConfig.edit',
    permission: actionKey('merchant', 'loanConfig', 'edit'), screen: 'merchant.loanConfig', scope: 'single', hotkey: 'e',
    api: post('/loanapi/review_flow/edit'), params: loanConfigEditParams,
    paramTitles: { use_default: 'field.use_default_flow', new_stages: 'field.new_stages', returning_stages: 'field.returning_stages' },
  },
];
