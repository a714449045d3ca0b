import { api } from '../../app/api/request';
import { currencyDigits } from '../../app/lib/format';
import { DEBT_EXTRA_API, type DebtMerchant, type DebtSettingsView, type ReductionQuote } from '../../schemas/debt';
import { DEBT_API } from '../../schemas/repayment';

/** Calls of the debt screens besides their lists and the registry's actions. */

export const getDebtMerchants = (signal?: AbortSignal) => api.get<DebtMerchant[]>(DEBT_EXTRA_API.merchants, undefined, { silent: true, signal });

export const getDebtSettings = (merchantId: number, signal?: AbortSignal) =>
  api.get<DebtSettingsView>(DEBT_API.settingsGet, { merchant_id: merchantId }, { silent: true, signal });

/** Shows its refusal (an unknown order number) through the request layer. */
export const getReductionQuote = (orderNo: string, signal?: AbortSignal) =>
  api.get<ReductionQuote>(DEBT_EXTRA_API.reductionQuote, { order_no: orderNo }, { signal });

/** Major units typed by the user → integer minor units of the currency (what the API takes). */
export function toMinor(major: number, currency: string): number {
  return Math.round(major * 10 ** currencyDigits(currency));
}

/** Minor units → major units of the currency (what an input shows). */
export function toMajor(minor: number, currency: string): number {
  return minor / 10 ** currencyDigits(currency);
}

/** Basis points → percent (100 bp = 1 %). */
export const bpToPct = (bp: number): number => bp / 100;

/** Percent typed with up to two decimals → basis points. */
export const pctToBp = (pct: number): number => Math.round(pct * 100);

/** A rate in basis points as a percentage with two decimals, in the user's number format. */
export function pctText(bp: number, locale?: string): string {
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(bp / 100)} %`;
}
