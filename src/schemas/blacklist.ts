import { z } from 'zod';
import { id32, id64 } from './common';
import { filterId, queryFlag } from './client';
import { dateOrTime } from './empower';

/**
 * Contracts of the blacklist area (spec §2 /client blackList and outblackList, §4 "expire a blacklist entry
 * immediately"), shared by the server (validation) and the console (forms, FilterBar, grids).
 *
 * An internal entry names a person by one identifier (ID number, phone, device id or bank card) within one merchant,
 * with a level, a reason from the `blacklist_reason` dictionary, a source and an optional expiry. A customer is
 * blacklisted exactly while a live entry (internal, or received from the risk provider) matches one of their
 * identifiers; `customer.blacklisted` / `blacklist_level` follow the entries (docs/blacklist.md).
 */

export const BLACKLIST_API = {
  list: '/loanapi/blacklist/list',
  add: '/loanapi/blacklist/add',
  import: '/loanapi/blacklist/import',
  expire: '/loanapi/blacklist/expire',
  del: '/loanapi/blacklist/del',
  riskList: '/loanapi/outblacklist/list',
  recheck: '/loanapi/outblacklist/recheck',
  /** Customers of the account's merchants by phone, ID number or customer code (the re-check dialog's picker). */
  findCustomer: '/loanapi/outblacklist/find_customer',
} as const;

/** What an entry names a person by. */
export const BLACKLIST_TYPES = ['id_number', 'phone', 'device', 'bank_card'] as const;
export type BlacklistType = (typeof BLACKLIST_TYPES)[number];

/** Who put an internal entry on the list: a staff member, an automatic rule, the collection team. */
export const BLACKLIST_SOURCES = ['staff', 'rule', 'collection'] as const;
export type BlacklistSource = (typeof BLACKLIST_SOURCES)[number];

/** 1 watch, 2 refuse new loans, 3 refuse everything (the `blacklistLevel` choices of the customer view). */
export const BLACKLIST_LEVELS = [1, 2, 3] as const;

/** live: in force now; expired: its expiry passed or it was expired by hand. */
export const BLACKLIST_STATES = ['live', 'expired'] as const;

/** The dictionary of reasons (system dict screen); entries hold the item's value. */
export const BLACKLIST_REASON_DICT = 'blacklist_reason';

/** Rows one import may hold (the upload itself is capped at 3 MB). */
export const IMPORT_MAX_ROWS = 20_000;

/** Printable text without control characters; the input guard already refuses NUL bytes and lone surrogates. */
const text = (max: number) => z.string().trim().max(max).refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'validation.invalidFormat');

export const blacklistAddBody = z.object({
  merchant_id: id32,
  type: z.enum(BLACKLIST_TYPES),
  value: text(64).min(1),
  level: z.coerce.number().int().min(1).max(3),
  reason: text(64).min(1),
  source: z.enum(BLACKLIST_SOURCES).default('staff'),
  remark: text(200).default(''),
  /** ISO time or YYYY-MM-DD (the end of that day in the merchant's market); absent: never expires. */
  expires_at: dateOrTime.optional(),
});
export type BlacklistAddBody = z.infer<typeof blacklistAddBody>;

export const blacklistIdBody = z.object({ id: id64 });

export const blacklistListQuery = z.object({
  merchant_id: filterId.optional(),
  type: z.enum(BLACKLIST_TYPES).optional(),
  /** Exact identifier (normalised like an entry: phone digits, ID number upper-case). */
  value: z.string().trim().max(64).optional(),
  level: z.coerce.number().int().min(1).max(3).optional(),
  source: z.enum(BLACKLIST_SOURCES).optional(),
  reason: z.string().trim().max(64).optional(),
  state: z.enum(BLACKLIST_STATES).optional(),
  created_from: dateOrTime.optional(),
  created_to: dateOrTime.optional(),
});

export interface BlacklistRow {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  type: BlacklistType;
  /** The identifier as entered (normalised); masked for privacy-protected accounts when it is a phone or ID number. */
  value: string;
  level: number;
  reason: string;
  reason_label: string | null;
  source: BlacklistSource;
  remark: string;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
  expires_at: string | null;
  /** When it stopped being in force (expired by hand or by time); null while live. */
  expired_at: string | null;
  expired_by_name: string | null;
  live: boolean;
  /** Customers of the merchant the entry matches. */
  customers: number;
}

// ------------------------------------------------------------------------------------------------ import

/** Columns of an import file (first row: headers, any order, case-insensitive). `type` and `value` are required. */
export const IMPORT_COLUMNS = ['type', 'value', 'level', 'reason', 'source', 'remark', 'expires_at'] as const;

export interface ImportRefusal {
  /** Row number in the file (the header is row 1). */
  row: number;
  value: string;
  /** Message id of the reason, with its values. */
  id: string;
  values: Record<string, string | number>;
}

export interface ImportReport {
  rows: number;
  added: number;
  refused: ImportRefusal[];
  /** Customers whose blacklist flags changed. */
  customers_flagged: number;
}

// ------------------------------------------------------------------------------------------------ risk control

export const riskListQuery = z.object({
  merchant_id: filterId.optional(),
  type: z.enum(BLACKLIST_TYPES).optional(),
  level: z.coerce.number().int().min(1).max(3).optional(),
  /** Only entries that match a customer of the merchant. */
  matched: queryFlag.optional(),
  active: queryFlag.optional(),
  received_from: dateOrTime.optional(),
  received_to: dateOrTime.optional(),
});

export interface RiskBlacklistRow {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  provider: string;
  provider_ref: string;
  type: BlacklistType;
  value: string;
  level: number;
  /** The provider's category (court record, fraud consortium, telecom fraud …). */
  source: string;
  reason: string;
  /** The customer the entry was received for (a re-check), or null for entries of the feed. */
  customer_id: number | null;
  customer_name: string | null;
  active: boolean;
  listed_at: string;
  received_at: string;
  customers: number;
}

export const recheckBody = z.object({ customer_id: id64 });

export const findCustomerQuery = z.object({ keyword: text(64).min(3) });

export interface CustomerPick {
  id: number;
  code: string;
  name: string;
  phone: string;
  id_number?: string;
  merchant_name: string | null;
  blacklisted: boolean;
}

export interface RecheckResult {
  customer_id: number;
  hit: boolean;
  level: number;
  source: string;
  reason: string;
  provider: string;
  /** The customer's flags after the check. */
  blacklisted: boolean;
  blacklist_level: number;
}
