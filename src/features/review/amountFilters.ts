import { z } from 'zod';
import { ORDER_AMOUNT_FILTERS, orderListQuery } from '../../schemas/review';
import type { Filters } from '../../ui/filterQuery';

/**
 * Amount filters of /review/allOrder: the user types major units (12.50 USD, 1,000,000 VND); the wire carries minor
 * units of the order's currency (src/schemas/review.ts). The filter schema of the screen is the list's own schema
 * with the amount fields typed as major units, so the FilterBar and the URL hold what the user typed.
 *
 * Conversion needs one currency: the one of the merchant being filtered, else the one all the account's merchants
 * share. With merchants in several currencies and none chosen, amounts cannot be converted: the screen asks for a
 * merchant first and sends no amount filter.
 */
const major = z.coerce.number().min(0).max(1e13);

export const orderFilterSchema = orderListQuery.extend(Object.fromEntries(ORDER_AMOUNT_FILTERS.map((k) => [k, major.optional()])) as Record<(typeof ORDER_AMOUNT_FILTERS)[number], z.ZodOptional<typeof major>>);

/** A list's filter schema with its amount fields typed in major units (what the user types), for FilterBar and URL. */
export function withMajorAmounts<S extends z.ZodObject, K extends string>(schema: S, keys: readonly K[]) {
  return schema.extend(Object.fromEntries(keys.map((k) => [k, major.optional()])) as Record<K, z.ZodOptional<typeof major>>);
}

/** Decimals of a currency's minor unit (VND 0, USD 2); 2 when unknown. */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** The currency amounts are typed in: the chosen merchant's, else the only one among the merchants; null when ambiguous. */
export function amountCurrency(merchants: ReadonlyArray<{ id: number; currency: string }>, merchantId: unknown): string | null {
  if (merchantId !== undefined && merchantId !== null && merchantId !== '') {
    return merchants.find((m) => m.id === Number(merchantId))?.currency ?? null;
  }
  const all = new Set(merchants.map((m) => m.currency));
  return all.size === 1 ? [...all][0] : null;
}

/** The filters as the server takes them: amounts in minor units of `currency`, or dropped when there is none. */
export function toWireFilters(filters: Filters, currency: string | null, keys: readonly string[] = ORDER_AMOUNT_FILTERS): Filters {
  const out: Filters = { ...filters };
  for (const k of keys) {
    const v = out[k];
    if (v === undefined || v === null || v === '') continue;
    if (!currency) {
      delete out[k];
      continue;
    }
    out[k] = Math.round(Number(v) * 10 ** minorDigits(currency));
  }
  return out;
}
