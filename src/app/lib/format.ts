import { currentLang } from '../intl/lang';

/**
 * Money and number formatting (spec §9): default symbol $, 2 decimals, thousands separators; with a currency code
 * the currency's own symbol and minor units. Grouping follows the locale, so "India" (en-IN) shows 12,34,567.00.
 * Money from the server is in integer minor units (DESIGN §4): pass `minor: true`.
 */
export interface MoneyOptions {
  /** BCP 47 locale; default: the current language's (LANGS[].intl). */
  locale?: string;
  /** ISO 4217 code (INR, VND, USD…); when given, its symbol and minor units are used. */
  currency?: string;
  /** Symbol when no currency code is known; default '$'. */
  symbol?: string;
  /** Decimals; default the currency's minor units, else 2. */
  decimals?: number;
  /** The value is in minor units (cents, paise). */
  minor?: boolean;
}

const digitsCache = new Map<string, number>();

/** Minor units of a currency (VND 0, USD 2, KWD 3); 2 when the code is unknown. */
export function currencyDigits(currency: string): number {
  let d = digitsCache.get(currency);
  if (d === undefined) {
    try {
      d = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      d = 2;
    }
    digitsCache.set(currency, d);
  }
  return d;
}

function defaultLocale(): string {
  try {
    return currentLang().intl;
  } catch {
    return 'en-US';
  }
}

export function formatMoney(value: number | string | bigint | null | undefined, opts: MoneyOptions = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const locale = opts.locale ?? defaultLocale();
  const decimals = opts.decimals ?? (opts.currency ? currencyDigits(opts.currency) : 2);
  let n = typeof value === 'bigint' ? Number(value) : Number(value);
  if (!Number.isFinite(n)) return '';
  if (opts.minor) n /= 10 ** (opts.currency ? currencyDigits(opts.currency) : decimals);
  if (opts.currency) {
    try {
      return new Intl.NumberFormat(locale, {
        style: 'currency', currency: opts.currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals,
      }).format(n);
    } catch {
      // unknown code: fall back to the symbol form below
    }
  }
  const body = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(Math.abs(n));
  return `${n < 0 ? '-' : ''}${opts.symbol ?? '$'}${body}`;
}

/** A plain number with the locale's grouping (and optional fixed decimals). */
export function formatNumber(value: number | string | null | undefined, decimals?: number, locale: string = defaultLocale()): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  if (!Number.isFinite(n)) return '';
  return new Intl.NumberFormat(locale, decimals === undefined ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(n);
}

const UNITS: Array<[number, string]> = [
  [1e18, 'E'], [1e15, 'P'], [1e12, 'T'], [1e9, 'G'], [1e6, 'M'], [1e3, 'k'],
];

/** 10000 → '10k', 1234567 → '1.2M' (units k, M, G, T, P, E; trailing zeros dropped). */
export function abbreviateNumber(num: number, digits = 1): string {
  const sign = num < 0 ? '-' : '';
  const abs = Math.abs(num);
  for (const [value, unit] of UNITS) {
    if (abs >= value) return sign + (abs / value).toFixed(digits).replace(/\.0+$|(\.\d*[1-9])0+$/, '$1') + unit;
  }
  return String(num);
}
