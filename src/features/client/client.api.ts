import { api } from '../../app/api/request';
import type { FilterOptions } from '../../schemas/client';

/** Choices of the customer and order filters (merchants, channels, products of the account's scope; labels). */
export const FILTER_OPTIONS_PATH = '/loanapi/customer/filter_options';

export function getFilterOptions(signal?: AbortSignal): Promise<FilterOptions> {
  return api.get<FilterOptions>(FILTER_OPTIONS_PATH, undefined, { silent: true, signal });
}

/** Customer detail (spec §2 /example/orderDetails): opened from customer names with client, name and phone. */
export const CUSTOMER_DETAIL_PATH = '/example/orderDetails';

export interface CustomerRef {
  customer_id?: number | string | null;
  id?: number | string | null;
  customer_name?: string | null;
  phone?: string | null;
}

/**
 * The detail link of a row naming a customer: its `customer_id` when the row has that field (a card, a login
 * code, an order; null: no customer), else its `id` (a customer row). Null when it names none.
 */
export function customerDetailHref(row: CustomerRef): string | null {
  const id = 'customer_id' in row ? row.customer_id : row.id;
  if (id === null || id === undefined || id === '') return null;
  const q = new URLSearchParams({ client: String(id), name: row.customer_name ?? '', phone: row.phone ?? '' });
  return `${CUSTOMER_DETAIL_PATH}?${q.toString()}`;
}
