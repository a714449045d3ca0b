/**
 * Permission nodes (spec §2, §6) as one tree: ProtocolList → menu group → page → action.
 *
 * Holding the root or a group grants everything below it, so a route's role list is its ancestor chain
 * (spec: "every entry includes a general key ProtocolList plus a specific key for its menu group and page").
 * A page node grants viewing the page only, so that a supervisor can read the accounts without resetting
 * passwords; its actions are granted one by one (and holding an action also shows its page).
 * Roles store only the nodes that were granted whole; a half-granted group is never stored, otherwise a
 * reviewer holding one review page would see them all. `admin_y` grants everything.
 */
import { AREA_ACTIONS } from './actions';

export type NodeKind = 'root' | 'group' | 'page' | 'action';

export interface PermissionNode {
  key: string;
  kind: NodeKind;
  parent: string | null;
  /** Message id of the node's title. */
  title: string;
  /** Route path for pages. */
  path?: string;
}

export const ROOT_KEY = 'ProtocolList';
export const SUPER_KEY = 'admin_y';

interface GroupDecl {
  /** Locale / area name of the group. */
  area: string;
  /** Group node key. */
  key: string;
  /** Route prefix (spec §2). */
  path: string;
  pages: string[];
  /** Page node keys that do not follow `<group key>_<page>` (the spec's own examples). */
  keys?: Record<string, string>;
  /** Action verbs per page, as child nodes `<page key>_<verb>`. */
  actions?: Record<string, string[]>;
}

export const GROUPS: GroupDecl[] = [
  {
    area: 'client', key: 'client', path: '/client',
    pages: ['clientUser', 'clientUserCollection', 'UserBankcardCollection', 'UserBankcardMatchCollection',
      'customer_sms_log', 'clientDict', 'blackList', 'outblackList', 'userTags'],
    actions: {
      clientUser: ['editField', 'addComment', 'signComment', 'essenceComment', 'delComment'],
      // Labels are managed on userTags; `attach` sets a customer's labels (customer list, customer detail).
      userTags: ['add', 'edit', 'del', 'attach'],
    },
  },
  { area: 'dormant', key: 'dormantCustomer', path: '/dormantCustomer', pages: ['dormantCustomerList', 'overdueCustomerList'] },
  {
    area: 'highSeas', key: 'highSeas', path: '/highSeas',
    pages: ['highSeasService', 'highSeasList', 'myhighSeasList', 'highSeasRegistrationSuccessList'],
  },
  { area: 'exogenous', key: 'exogenousSources', path: '/exogenousSources', pages: ['exogenousSources'] },
  {
    area: 'marketing', key: 'Marketing', path: '/Marketing',
    pages: ['MarketingService', 'marketingList', 'myMarketingList', 'RegistrationSuccessList', 'H5UrlList', 'promotionLinkList'],
  },
  {
    area: 'review', key: 'review', path: '/review',
    pages: ['initialReviewCustomerService', 'againReviewCustomerService', 'paymentPreTrialService', 'trial', 'reviewAgain',
      'PaymentPreTrial', 'reviewLoan', 'loanInterception', 'reviewExhibitionPeriod', 'manualLending', 'manualRepayment',
      'allOrder', 'resettingOrder'],
  },
  {
    area: 'withdrawal', key: 'withdrawalMoney', path: '/withdrawalMoney',
    pages: ['waitFor', 'MywaitForOrder', 'MarketWaitTakeOrder', 'MyTakeConfirmOrder', 'MyPaymentNoticeOrder',
      'waitingForRelease', 'dormantTask', 'WaitForcustomerService', 'MywaitSMS'],
  },
  {
    area: 'payment', key: 'payment', path: '/payment',
    pages: ['orderRecord', 'PaymentOrderQuery', 'paymentOrderLoan', 'PaymentOrderSuccess', 'PaymentOrderFail'],
  },
  {
    area: 'collection', key: 'collection', path: '/collection',
    pages: ['CollectionServiceManagement', 'collectionRemark', 'myCollectionList', 'collectionPromptList',
      'collectionSuccess', 'refundTheAmount', 'CollectionAllocationQuery'],
    keys: { collectionRemark: 'collection_pool' },
  },
  {
    area: 'extension', key: 'exhibition_period', path: '/exhibition_period',
    pages: ['ExhibitionPeriodList', 'ExhibitionPeriodPassedList', 'ExhibitionPeriodRejectsList'],
  },
  {
    area: 'repayment', key: 'repayment', path: '/repayment',
    pages: ['repaymentCardList', 'repaymentList', 'settlement', 'abnormal', 'paymentPayCard', 'resetAllRepaymentCards'],
  },
  {
    area: 'transfer', key: 'transfer', path: '/transfer',
    pages: ['TransferOrderQuery', 'orderAudit', 'TransferOrderLoan', 'TransferOrderSuccess', 'TransferOrderFail',
      'TransferOrderArtificial', 'repaymentPayCard', 'collectionPayCard'],
  },
  {
    area: 'statistics', key: 'statistics', path: '/statistics',
    pages: ['collectionSummaryNew', 'collectionStatistics', 'collectionPersonnel', 'financialStatistics', 'financialSummary',
      'repaymentStatisticsRecord', 'repaymentSummary', 'repaymentCombined', 'repaymentReborrow',
      'reminderWithdrawalSummary', 'SummaryWithdrawalCustomers', 'withdrawShare', 'reminderWithdrawal', 'reviewStatistics',
      'marketingPersonnel', 'registrationStatistics', 'ChannelProviderStatistics', 'providerStatisticsManage',
      'externalChannelStatistics', 'OverdueProviderStatistics', 'OverdueAnals', 'userLoanAnalysis', 'businessAnalysis',
      'orderStatistics'],
  },
  {
    area: 'empower', key: 'SysEmpower', path: '/empower',
    pages: ['empower', 'user', 'outbound', 'role'],
    keys: { empower: 'SysEmpowerNode', user: 'SysEmpowerUser', outbound: 'SysEmpowerOutbound', role: 'SysEmpowerRole' },
    actions: {
      empower: ['edit'],
      user: ['add', 'edit', 'del', 'setOrganizer', 'resetPwd', 'resetGoogle', 'forceLogout', 'editWork'],
      role: ['add', 'edit', 'del'],
    },
  },
  {
    area: 'merchant', key: 'merchant', path: '/merchant',
    pages: ['BalanceInfo', 'IncreaseBalanceRecord', 'DecreaseBalanceRecord', 'ChangeBalanceRecord', 'BalanceChangeTaskRecord',
      'account', 'virtualChannel', 'channel', 'channelAuditRule', 'channelProvider', 'product', 'smsSendTask', 'stage',
      'DebtSettings', 'loanConfig', 'banner', 'autoAuditRule', 'autoPaymentConfig', 'loanRuleConfig', 'repaymentDiscountRule',
      'coDebtRule', 'orderScoringRule', 'autoLoanRule', 'loanRestrictionRule', 'smsConfig'],
  },
  {
    area: 'system', key: 'system', path: '/system',
    pages: ['DomainLinkLog', 'LinkUseChannel', 'DomainList', 'ServiceProvider', 'dict', 'test', 'bank', 'systemSmsConfig',
      'bankChannel', 'template', 'config', 'quick', 'messagePush'],
    actions: { dict: ['add', 'edit', 'del'], test: ['moveClock'] },
  },
  {
    area: 'app', key: 'App', path: '/AppConfig',
    pages: ['App_Help', 'App_Update', 'App_Message', 'App_Forum'],
    keys: { App_Help: 'App_help', App_Update: 'App_update', App_Message: 'App_message', App_Forum: 'App_forum' },
  },
  { area: 'devtool', key: 'DeveloperTool', path: '/DeveloperTool', pages: ['IconSelect', 'TableTree'] },
  {
    area: 'log', key: 'log', path: '/log',
    pages: ['WithdrawalSMS', 'admin_token_login', 'admin_active_summary', 'admin_login', 'admin_operate', 'customer_login',
      'customer_operate', 'vue_and_query_log', 'app_run_log'],
    actions: { admin_token_login: ['forceLogout'] },
  },
];

export function pageKey(groupKey: string, page: string): string {
  const g = GROUPS.find((x) => x.key === groupKey);
  if (!g) throw new Error(`unknown permission group ${groupKey}`);
  if (!g.pages.includes(page)) throw new Error(`unknown page ${page} in group ${groupKey}`);
  return g.keys?.[page] ?? `${groupKey}_${page}`;
}

export function actionKey(groupKey: string, page: string, verb: string): string {
  const key = `${pageKey(groupKey, page)}_${verb}`;
  if (!NODE_BY_KEY.has(key)) throw new Error(`unknown action node ${key}`);
  return key;
}

/** Actions of a page: those declared in GROUPS plus those the area files add (commands/actions). */
function verbsOf(group: GroupDecl, page: string): string[] {
  const out = [...(group.actions?.[page] ?? [])];
  for (const area of AREA_ACTIONS) for (const v of area[group.key]?.[page] ?? []) if (!out.includes(v)) out.push(v);
  return out;
}

function buildTree(): PermissionNode[] {
  const nodes: PermissionNode[] = [{ key: ROOT_KEY, kind: 'root', parent: null, title: 'perm.root' }];
  for (const g of GROUPS) {
    nodes.push({ key: g.key, kind: 'group', parent: ROOT_KEY, title: `menu.${g.area}` });
    for (const page of g.pages) {
      const key = g.keys?.[page] ?? `${g.key}_${page}`;
      nodes.push({ key, kind: 'page', parent: g.key, title: `route.${g.area}.${page}`, path: `${g.path}/${page}` });
      for (const verb of verbsOf(g, page)) {
        nodes.push({ key: `${key}_${verb}`, kind: 'action', parent: key, title: `perm.action.${verb}` });
      }
    }
  }
  return nodes;
}

export const PERMISSION_NODES: readonly PermissionNode[] = buildTree();
export const NODE_BY_KEY: ReadonlyMap<string, PermissionNode> = new Map(PERMISSION_NODES.map((n) => [n.key, n]));

/** The node itself and its ancestors up to the root: the role list a route carries. */
export function ancestry(key: string): string[] {
  const out: string[] = [];
  let cur = NODE_BY_KEY.get(key);
  while (cur) {
    out.push(cur.key);
    cur = cur.parent ? NODE_BY_KEY.get(cur.parent) : undefined;
  }
  return out;
}

const GRANTING = new Map<string, string[]>();

/** The keys any of which grants `key` (see the rule at the top of this file). */
export function grantingKeys(key: string): string[] {
  let out = GRANTING.get(key);
  if (out) return out;
  const node = NODE_BY_KEY.get(key);
  if (!node) out = [key];
  else if (node.kind === 'action') out = ancestry(key).filter((k) => k !== node.parent);
  else if (node.kind === 'page') out = [...ancestry(key), ...PERMISSION_NODES.filter((n) => n.parent === key).map((n) => n.key)];
  else out = ancestry(key);
  GRANTING.set(key, out);
  return out;
}

/**
 * Whether a session holding `nodes` may use `key`. null key: any signed-in account.
 * An empty or missing requirement list is refused and logged (spec §6: 'need roles!').
 */
export function can(nodes: readonly string[] | ReadonlySet<string>, key: string | null): boolean {
  if (key === null) return true;
  const held = nodes instanceof Set ? nodes : new Set(nodes as readonly string[]);
  if (held.has(SUPER_KEY)) return true;
  return grantingKeys(key).some((k) => held.has(k));
}

/** Spec §6 permission directive: true when any of the user's roles is in `required`. */
export function hasAnyRole(nodes: readonly string[], required: readonly string[] | undefined | null): boolean {
  if (!required || required.length === 0) {
    console.error('need roles!');
    return false;
  }
  return required.some((r) => can(nodes, r));
}

/** Every node below `key` (inclusive). */
export function subtree(key: string): string[] {
  const out = [key];
  for (let i = 0; i < out.length; i++) {
    for (const n of PERMISSION_NODES) if (n.parent === out[i]) out.push(n.key);
  }
  return out;
}
