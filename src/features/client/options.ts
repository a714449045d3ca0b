import { useMemo } from 'react';
import type { FilterOptions } from '../../schemas/client';
import type { Choice } from '../../ui/ParamForm';
import { useRemote } from '../../ui/useRemote';
import { getFilterOptions } from './client.api';

const EMPTY: FilterOptions = { merchants: [], channels: [], products: [], labels: [] };

export interface FilterChoices {
  options: FilterOptions;
  merchant_id: Choice[];
  channel_id: Choice[];
  product_id: Choice[];
  label_id: Choice[];
  reload: () => void;
}

/**
 * Filter choices of the customer screens: merchants of the account's scope, their channels and products (only the
 * chosen merchant's when one is chosen), and the labels.
 */
export function useFilterChoices(merchantId?: unknown): FilterChoices {
  const remote = useRemote((signal) => getFilterOptions(signal), []);
  const options = remote.data ?? EMPTY;
  const m = merchantId === undefined || merchantId === null || merchantId === '' ? null : Number(merchantId);
  return useMemo(() => {
    const ofMerchant = <T extends { merchant_id: number }>(rows: T[]) => (m === null ? rows : rows.filter((r) => r.merchant_id === m));
    const merchantName = new Map(options.merchants.map((x) => [x.id, x.name]));
    const many = options.merchants.length > 1 && m === null;
    const named = (name: string, merchant: number) => (many ? `${name} · ${merchantName.get(merchant) ?? merchant}` : name);
    return {
      options,
      merchant_id: options.merchants.map((x) => ({ value: String(x.id), label: `${x.name} (${x.code})` })),
      channel_id: ofMerchant(options.channels).map((x) => ({ value: String(x.id), label: named(x.name, x.merchant_id) })),
      product_id: ofMerchant(options.products).map((x) => ({ value: String(x.id), label: named(x.name, x.merchant_id) })),
      label_id: options.labels.map((x) => ({ value: String(x.id), label: x.label_name })),
      reload: remote.reload,
    };
  }, [options, m, remote.reload]);
}
