/** GET /loanapi/merchant/options: the merchants the signed-in account may work with. */
export interface MerchantOption {
  id: number;
  name: string;
  code: string;
  parent_id: number | null;
}

/** Markets of the seven console languages: Vietnam, China, Taiwan, Egypt, Thailand, India, English (US). */
export const MARKETS = ['vn', 'cn', 'tw', 'eg', 'th', 'in', 'en'] as const;
export type Market = (typeof MARKETS)[number];

/**
 * Money is stored as integer minor units (BIGINT) in the merchant's currency; this is the number of decimals of
 * each currency's minor unit (ISO 4217): 1,000,000 VND is 1000000, 12.50 USD is 1250.
 */
export const CURRENCY_EXPONENT: Record<string, number> = { VND: 0, CNY: 2, TWD: 2, EGP: 2, THB: 2, INR: 2, USD: 2 };

export const MARKET_CURRENCY: Record<Market, string> = { vn: 'VND', cn: 'CNY', tw: 'TWD', eg: 'EGP', th: 'THB', in: 'INR', en: 'USD' };

/** Merchant balances are ledger accounts of these kinds (one per merchant and kind). */
export const LEDGER_KINDS = ['available', 'frozen', 'loan', 'risk'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
