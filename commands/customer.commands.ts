import type { CommandDef } from './command.types';
import { actionKey, pageKey } from './permissions';
import { commentAddBody, commentEssenceBody, commentSignBody, editFieldBody } from '../src/schemas/customer';

/**
 * The shared customer-detail view (spec §2 "Detail pages") and what staff do in it: edit a field, comment.
 *
 * The view is opened from customer names in many lists, so its screens carry no permission of their own (the
 * route is open to any signed-in account) and the server decides: the detail routes accept any of the pages
 * below, the ones whose rows are customers or their orders, and scope the customer to the account's merchants.
 */
export const CUSTOMER_DETAIL_PAGES: readonly string[] = [
  ...['clientUser', 'clientUserCollection', 'UserBankcardCollection', 'UserBankcardMatchCollection', 'blackList', 'outblackList']
    .map((p) => pageKey('client', p)),
  ...['dormantCustomerList', 'overdueCustomerList'].map((p) => pageKey('dormantCustomer', p)),
  ...['highSeasService', 'highSeasList', 'myhighSeasList', 'highSeasRegistrationSuccessList'].map((p) => pageKey('highSeas', p)),
  ...['MarketingService', 'marketingList', 'myMarketingList', 'RegistrationSuccessList'].map((p) => pageKey('Marketing', p)),
  ...['initialReviewCustomerService', 'againReviewCustomerService', 'paymentPreTrialService', 'trial', 'reviewAgain', 'PaymentPreTrial',
    'reviewLoan', 'loanInterception', 'reviewExhibitionPeriod', 'manualLending', 'manualRepayment', 'allOrder', 'resettingOrder']
    .map((p) => pageKey('review', p)),
  ...['waitFor', 'MywaitForOrder', 'MarketWaitTakeOrder', 'MyTakeConfirmOrder', 'MyPaymentNoticeOrder', 'waitingForRelease', 'dormantTask',
    'WaitForcustomerService', 'MywaitSMS'].map((p) => pageKey('withdrawalMoney', p)),
  ...['CollectionServiceManagement', 'collectionRemark', 'myCollectionList', 'collectionPromptList', 'collectionSuccess', 'refundTheAmount',
    'CollectionAllocationQuery'].map((p) => pageKey('collection', p)),
  ...['ExhibitionPeriodList', 'ExhibitionPeriodPassedList', 'ExhibitionPeriodRejectsList'].map((p) => pageKey('exhibition_period', p)),
  ...['repaymentCardList', 'repaymentList', 'settlement', 'abnormal', 'paymentPayCard'].map((p) => pageKey('repayment', p)),
];

export const CUSTOMER_DETAIL_SCREEN = 'customer.orderDetails';

/** Action nodes of the customer pages (children of client_clientUser). */
export const CUSTOMER_NODES = {
  editField: actionKey('client', 'clientUser', 'editField'),
  addComment: actionKey('client', 'clientUser', 'addComment'),
  signComment: actionKey('client', 'clientUser', 'signComment'),
  essenceComment: actionKey('client', 'clientUser', 'essenceComment'),
  /** Delete anyone's comment; authors delete their own with addComment. */
  delComment: actionKey('client', 'clientUser', 'delComment'),
  /** Fetch the risk and multi-lender reports again (declared in commands/actions/coDebt.actions.ts). */
  riskReport: actionKey('client', 'clientUser', 'riskReport'),
} as const;

const action = (id: string, def: Omit<CommandDef, 'id' | 'kind' | 'area' | 'title' | 'screen'>): CommandDef => ({
  id: `customer.${id}`, kind: 'action', area: 'client', title: `action.customer.${id}`, screen: CUSTOMER_DETAIL_SCREEN, ...def,
});

export const customerCommands: CommandDef[] = [
  {
    id: CUSTOMER_DETAIL_SCREEN, kind: 'screen', area: 'client', title: 'route.customer.orderDetails', permission: null,
    route: '/example/orderDetails', hidden: true, keywords: ['customer', 'detail', 'profile', 'order details'],
  },
  {
    id: 'customer.reviewDetails', kind: 'screen', area: 'client', title: 'route.customer.reviewDetails', permission: null,
    route: '/details/reviewDetails', hidden: true, keywords: ['customer', 'review', 'detail'],
  },
  action('editField', {
    permission: CUSTOMER_NODES.editField, scope: 'screen', params: editFieldBody, hotkey: 'e',
    api: { method: 'POST', path: '/loanapi/customer/edit_field' },
  }),
  action('comment.add', {
    permission: CUSTOMER_NODES.addComment, scope: 'screen', params: commentAddBody, hotkey: 'c',
    api: { method: 'POST', path: '/loanapi/customer_comment/add_comment' }, keywords: ['comment', 'note', 'remark'],
  }),
  action('comment.sign', {
    permission: CUSTOMER_NODES.signComment, scope: 'single', params: commentSignBody.omit({ id: true }),
    api: { method: 'POST', path: '/loanapi/customer_comment/comment_sign' },
  }),
  action('comment.essence', {
    permission: CUSTOMER_NODES.essenceComment, scope: 'single', params: commentEssenceBody.omit({ id: true }),
    api: { method: 'POST', path: '/loanapi/customer_comment/set_essence' },
  }),
  action('riskReport.refresh', {
    permission: CUSTOMER_NODES.riskReport, scope: 'screen', hotkey: 'shift+r',
    api: { method: 'POST', path: '/loanapi/customer/risk_report/refresh' }, keywords: ['risk report', 'credit report', 'multi-lender', 'refresh', 'bureau'],
  }),
  action('comment.del', {
    permission: CUSTOMER_NODES.delComment, scope: 'single', danger: true,
    api: { method: 'POST', path: '/loanapi/customer_comment/del_comment' },
  }),
];
