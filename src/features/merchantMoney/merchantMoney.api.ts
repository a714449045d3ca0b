import { useMemo } from 'react';
import type { IntlShape } from 'react-intl';
import { api } from '../../app/api/request';
import { BALANCE_KINDS, type MerchantOption } from '../../schemas/merchant';
import { CHANGE_TYPES, MERCHANT_MONEY_API, MOVEMENT_KINDS, TASK_STATUSES } from '../../schemas/merchantMoney';
import type { Choice } from '../../ui/ParamForm';
import { useRemote } from '../../ui/useRemote';

/** Calls and choices of the merchant-money screens (routes in src/server/modules/merchantMoney/merchantMoney.routes.ts). */
const MERCHANT_OPTIONS = '/loanapi/merchant/options';

export interface MoneyChoices {
  merchants: Choice[];
  accounts: Choice[];
  kinds: Choice[];
  changeTypes: Choice[];
  statuses: Choice[];
}

/** Merchants of the account and the fixed sets, in the user's language. */
export function useMoneyChoices(intl: IntlShape): MoneyChoices {
  const merchants = useRemote((signal) => api.get<MerchantOption[]>(MERCHANT_OPTIONS, undefined, { silent: true, signal }), []);
  return useMemo(() => {
    const w = (id: string) => intl.formatMessage({ id });
    return {
      merchants: (merchants.data ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` })),
      accounts: BALANCE_KINDS.map((k) => ({ value: k, label: w(`merchantMoney.balance.${k}`) })),
      kinds: MOVEMENT_KINDS.map((k) => ({ value: k, label: w(`merchantMoney.kind.${k}`) })),
      changeTypes: CHANGE_TYPES.map((k) => ({ value: k, label: w(`merchantMoney.type.${k}`) })),
      statuses: TASK_STATUSES.map((k) => ({ value: k, label: w(`merchantMoney.status.${k}`) })),
    };
  }, [intl, merchants.data]);
}

/** How many merchants of the account are below their low-balance alert (a one-row list read; its total). */
export const lowBalanceCount = (signal?: AbortSignal) =>
  api.get<{ total: number }>(MERCHANT_MONEY_API.balances, { low: '1', size: 1 }, { silent: true, signal }).then((r) => r.total);

export const STATUS_COLORS: Record<string, string> = { pending: '#f08c00', posted: '#2f9e44', rejected: '#868e96', failed: '#e03131' };
export const LOW_COLOR = '#e03131';
