import { AREA_ROLE_GRANTS } from './actions';
import { GROUPS, pageKey, SUPER_KEY } from './permissions';

/** Every page of the log group, one by one: the group node would also grant its actions (force logout). */
const LOG_PAGES = GROUPS.find((g) => g.key === 'log')!.pages.map((p) => pageKey('log', p));

/**
 * Role templates for the roles of spec §1, loaded with the demo data. A template grants the pages a person in
 * that role works in; screens still to come (review queues, collection) are granted already so that the
 * templates need no change when they land.
 */
export interface RoleTemplate {
  identifier: string;
  /** Message id of the role name; the demo stores the English name. */
  name: string;
  nodeKeys: string[];
  /** Demo account login for this role, and the staff member's name on it. */
  demoAccount: string;
  demoName: string;
  parent?: string;
}

const BASE_TEMPLATES: RoleTemplate[] = [
  { identifier: 'admin', name: 'Administrator', nodeKeys: [SUPER_KEY], demoAccount: 'admin', demoName: 'Tran Minh Quan' },
  { identifier: 'first_review', name: 'First-review reviewer', demoAccount: 'reviewer1', demoName: 'Nguyen Thu Ha',
    nodeKeys: ['review_trial', 'review_initialReviewCustomerService', 'client_clientUser'] },
  { identifier: 'second_review', name: 'Second-review reviewer', demoAccount: 'reviewer2', demoName: 'Le Van Duc',
    nodeKeys: ['review_reviewAgain', 'review_againReviewCustomerService', 'client_clientUser'] },
  { identifier: 'pre_review', name: 'Loan pre-review reviewer', demoAccount: 'prereview', demoName: 'Pham Ngoc Anh',
    nodeKeys: ['review_PaymentPreTrial', 'review_paymentPreTrialService', 'review_reviewLoan', 'review_loanInterception'] },
  { identifier: 'withdrawal_agent', name: 'Withdrawal customer service', demoAccount: 'withdrawal', demoName: 'Hoang Bao Chau',
    nodeKeys: ['payment_PaymentOrderQuery'] },
  { identifier: 'collector', name: 'Collector', demoAccount: 'collector', demoName: 'Vo Thanh Son',
    nodeKeys: ['collection_myCollectionList', 'collection_pool', 'collection_collectionSuccess', 'client_clientUser'] },
  { identifier: 'reminder_agent', name: 'Reminder agent', demoAccount: 'reminder', demoName: 'Dang Thi Mai',
    nodeKeys: ['collection_collectionPromptList', 'withdrawalMoney_MywaitSMS'] },
  { identifier: 'marketing_agent', name: 'Marketing customer service', demoAccount: 'marketing', demoName: 'Bui Quoc Huy',
    nodeKeys: ['Marketing_MarketingService', 'Marketing_marketingList', 'Marketing_myMarketingList', 'highSeas_myhighSeasList'] },
  { identifier: 'registration_specialist', name: 'Registration specialist', demoAccount: 'registrar', demoName: 'Do Phuong Linh',
    nodeKeys: ['Marketing_RegistrationSuccessList', 'highSeas_highSeasRegistrationSuccessList', 'highSeas_highSeasList'] },
  { identifier: 'main_merchant', name: 'Main merchant operator', demoAccount: 'merchant', demoName: 'Ngo Gia Bao',
    nodeKeys: ['merchant', 'statistics', 'review_allOrder', 'client_clientUser', 'log_admin_operate'] },
  { identifier: 'sub_merchant', name: 'Sub-merchant operator', demoAccount: 'submerchant', demoName: 'Duong Khanh Vy', parent: 'main_merchant',
    nodeKeys: ['merchant_BalanceInfo', 'merchant_product', 'statistics_orderStatistics', 'review_allOrder'] },
  // Read-only: page nodes only, never a group that has action nodes below it (the log group holds force logout).
  { identifier: 'supervisor', name: 'Supervisor', demoAccount: 'supervisor', demoName: 'Phan Hoai Nam',
    nodeKeys: ['statistics', 'review_allOrder', ...LOG_PAGES, 'SysEmpowerUser', 'collection_CollectionAllocationQuery'] },
  { identifier: 'collection_supervisor', name: 'Collection supervisor', demoAccount: 'colsupervisor', demoName: 'Truong My Linh',
    nodeKeys: [
      'collection_CollectionServiceManagement', 'collection_pool', 'collection_collectionPromptList', 'collection_collectionSuccess',
      'collection_CollectionAllocationQuery', 'statistics_collectionSummaryNew', 'statistics_collectionStatistics',
      'statistics_collectionPersonnel',
    ] },
];

/** The templates with the action nodes each area grants them (commands/actions/*.actions.ts). */
export const ROLE_TEMPLATES: RoleTemplate[] = BASE_TEMPLATES.map((t) => {
  const extra = AREA_ROLE_GRANTS.flatMap((g) => g[t.identifier] ?? []).filter((k) => !t.nodeKeys.includes(k));
  return extra.length ? { ...t, nodeKeys: [...t.nodeKeys, ...new Set(extra)] } : t;
});
