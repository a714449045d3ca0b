import type { AreaActions } from './types';

/**
 * Permission action nodes of the merchant-money area (docs/merchantMoney.md) — /merchant BalanceInfo: setAlert (the
 * low-balance threshold), editSettings (the merchant's payment settings of spec §3); /merchant BalanceChangeTaskRecord:
 * request, confirm, reject (a balance-change task, four eyes: the requester cannot confirm). The record lists are read
 * with their page nodes.
 */
export const merchantMoneyActions: AreaActions = {
  merchant: { BalanceInfo: ['setAlert', 'editSettings'], BalanceChangeTaskRecord: ['request', 'confirm', 'reject'] },
};

/**
 * Nodes of this area the demo role templates also hold. The main merchant operator holds the whole merchant group
 * (every page and action here). A sub-merchant operator reads its own balances, movements, top-ups, withdrawals and
 * tasks (scoped to its merchant) but moves no money; the supervisor reads the same (read-only role).
 */
const READ = ['merchant_BalanceInfo', 'merchant_ChangeBalanceRecord', 'merchant_IncreaseBalanceRecord', 'merchant_DecreaseBalanceRecord', 'merchant_BalanceChangeTaskRecord'];
export const merchantMoneyRoleGrants: Record<string, string[]> = {
  sub_merchant: READ,
  supervisor: READ,
};
