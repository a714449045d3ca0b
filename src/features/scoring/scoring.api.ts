import { useMemo } from 'react';
import { api } from '../../app/api/request';
import type { MerchantOption } from '../../schemas/merchant';
import type { OrderBreakdown, ThresholdRow } from '../../schemas/scoring';
import type { Choice } from '../../ui/ParamForm';
import { useRemote } from '../../ui/useRemote';

export const MERCHANT_OPTIONS = '/loanapi/merchant/options';
export const BREAKDOWN = '/loanapi/scoring/order_breakdown';
export const THRESHOLD = '/loanapi/order_scoring_rule/threshold';

export interface MerchantChoices {
  merchants: MerchantOption[];
  choices: Choice[];
  name: (id: number) => string;
}

/** The merchants of the account's scope, as choices for filters and the rule forms. */
export function useMerchants(): MerchantChoices {
  const remote = useRemote((signal) => api.get<MerchantOption[]>(MERCHANT_OPTIONS, undefined, { silent: true, signal }), []);
  return useMemo(() => {
    const merchants = remote.data ?? [];
    const names = new Map(merchants.map((m) => [m.id, m.name]));
    return {
      merchants,
      choices: merchants.map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` })),
      name: (id: number) => names.get(id) ?? String(id),
    };
  }, [remote.data]);
}

export const getBreakdown = (orderId: number, signal?: AbortSignal) => api.get<OrderBreakdown>(BREAKDOWN, { order_id: orderId }, { silent: true, signal });
export const getThreshold = (merchantId: number, signal?: AbortSignal) => api.get<ThresholdRow>(THRESHOLD, { merchant_id: merchantId }, { silent: true, signal });
