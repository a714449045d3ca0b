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

/**
 * Ledger accounts of a merchant (one per merchant and kind). The four balances of spec §3 are available (money the
 * merchant can lend), frozen (held for payouts on their way), loan (principal out with customers) and risk (risk
 * reserve); income (fees and interest earned), platform_fee (what the platform charged the merchant) and equity
 * (opening balances and top-ups) are the other sides of the postings so that every posting balances; receivable
 * (interest, fees at maturity and overdue charges customers owe beyond the principal) and customer_credit (money
 * customers paid above their debt, refundable; credit-normal) follow repayments (docs/repayment.md).
 */
export const LEDGER_KINDS = ['available', 'frozen', 'loan', 'risk', 'income', 'platform_fee', 'equity', 'receivable', 'customer_credit'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
/** The balances a merchant screen shows (spec §3 "Merchant"). */
export const BALANCE_KINDS = ['available', 'frozen', 'loan', 'risk'] as const satisfies readonly LedgerKind[];

/** Time zone of each market: the business date of a merchant's loans (due dates, overdue days) is local. */
/** The business time zone of a market (UTC for an unknown one). */
export const marketTimeZone = (market: string | null | undefined): string => MARKET_TIME_ZONE[(market ?? 'vn') as Market] ?? 'UTC';

export const MARKET_TIME_ZONE: Record<Market, string> = {
  vn: 'Asia/Ho_Chi_Minh', cn: 'Asia/Shanghai', tw: 'Asia/Taipei', eg: 'Africa/Cairo', th: 'Asia/Bangkok', in: 'Asia/Kolkata', en: 'America/New_York',
};
