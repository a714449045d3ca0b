import { useEffect, useMemo } from 'react';
import { api } from '../../app/api/request';
import { registerParamChoices } from '../../app/commands';
import type { MerchantOption } from '../../schemas/merchant';
import { useRemote } from '../../ui/useRemote';

/** Merchants the session works with (GET /loanapi/merchant/options). */
export const MERCHANT_OPTIONS_PATH = '/loanapi/merchant/options';

/**
 * The session's merchants, also offered as the `merchant_id` choice of the generated forms (add key, add rules)
 * while the screen is mounted.
 */
export function useMerchantChoices() {
  const remote = useRemote<MerchantOption[]>((signal) => api.get<MerchantOption[]>(MERCHANT_OPTIONS_PATH, undefined, { silent: true, signal }), []);
  const choices = useMemo(() => (remote.data ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` })), [remote.data]);
  useEffect(() => registerParamChoices({ merchant_id: choices }), [choices]);
  return { merchants: remote.data ?? [], choices };
}

/** Rows of a list route read whole (these lists are short: keys and rules per merchant). */
export interface Page<R> {
  rows: R[];
  total: number;
  total_exact: boolean;
}
