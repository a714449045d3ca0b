import { z } from 'zod';
import { id, id32 } from './common';
import { dateOrTime } from './empower';
import { MARKETS } from './merchant';

/**
 * Contracts of the customer area's lists and label calls (spec §2 /client, §3 customer, customer label, bank card,
 * §7 customer-label calls), shared by the server (validation) and the console (FilterBar, forms).
 *
 * Every list filter is optional; the list engine adds paging, sort and `download_excel` (docs/list-engine.md).
 * Flags are sent as 0/1 (or true/false); dates as YYYY-MM-DD (a whole day) or an ISO time.
 */

/** A query flag: '1' / 'true' → true, '0' / 'false' → false (the FilterBar shows it as all / yes / no). */
export const queryFlag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** A row id in a filter (bounded, so a huge number is a validation error rather than a database error). */
export const filterId = z.coerce.number().int().positive().max(2_147_483_647);

/** Dictionaries that back customer fields (`customer.<field>` holds the item's value); the clientDict screen shows them. */
export const CUSTOMER_DICTS = ['gender', 'marital_status', 'education', 'relation', 'religion', 'income_level', 'company_size'] as const;
export type CustomerDict = (typeof CUSTOMER_DICTS)[number];

/** `customer.machine_review_status`; `none` = never reviewed (stored as ''). */
export const MACHINE_REVIEW_STATUSES = ['none', 'pending', 'done', 'error'] as const;
export const MACHINE_REVIEW_RESULTS = ['approved', 'rejected'] as const;

/**
 * GET /loanapi/customer/all_list (clientUser). `keyword` finds a customer by phone, ID number or customer code
 * (prefix when it is all digits, else exact code) or by name (prefix, any case).
 */
export const customerListQuery = z.object({
  keyword: z.string().trim().max(64).optional(),
  merchant_id: filterId.optional(),
  channel_id: filterId.optional(),
  market: z.enum(MARKETS).optional(),
  user_level: z.coerce.number().int().min(0).max(99).optional(),
  label_id: filterId.optional(),
  blacklisted: queryFlag.optional(),
  whitelisted: queryFlag.optional(),
  login_allowed: queryFlag.optional(),
  machine_review_status: z.enum(MACHINE_REVIEW_STATUSES).optional(),
  machine_review_result: z.enum(MACHINE_REVIEW_RESULTS).optional(),
  created_from: dateOrTime.optional(),
  created_to: dateOrTime.optional(),
});
export type CustomerListQuery = z.input<typeof customerListQuery>;

/** A label as lists carry it. */
export type LabelChip = {
  id: number;
  name: string;
  color: string;
};

/** A row of the customer list (spec §3 "Customer row": customer_id, customer_name, phone, and the list columns). */
export type CustomerRow = {
  id: number;
  customer_id: number;
  code: string;
  customer_name: string;
  /** Masked (090*****12) for an account with privacy protection. */
  phone: string;
  /** Masked (first and last 4) for an account with privacy protection. */
  id_number: string;
  merchant_id: number;
  merchant_name: string | null;
  currency: string | null;
  channel_id: number | null;
  channel_name: string | null;
  market: string;
  gender: string;
  birth_date: string | null;
  user_level: number;
  registration_source: string;
  registration_method: string;
  blacklisted: boolean;
  blacklist_level: number;
  whitelisted: boolean;
  login_allowed: boolean;
  machine_review_status: string;
  machine_review_result: string;
  machine_review_at: string | null;
  /** Minor units of the merchant's currency. */
  reference_limit: number;
  loan_count: number;
  labels: LabelChip[];
  label_ids: number[];
  app_active_at: string | null;
  created_at: string;
};

// ------------------------------------------------------------------------------------------------ bank cards

export const BANK_CARD_STATUSES = ['bound', 'pending'] as const;

const cardDigits = z.string().trim().max(32).regex(/^\d*$/, 'validation.digits');

/** GET /loanapi/bank_card/all_list (UserBankcardCollection). `card_number`: a whole number or its first digits (BIN). */
export const bankCardListQuery = z.object({
  phone: z.string().trim().max(20).optional(),
  card_number: cardDigits.optional(),
  merchant_id: filterId.optional(),
  bank_code: z.string().trim().max(20).optional(),
  status: z.enum(BANK_CARD_STATUSES).optional(),
  customer_id: filterId.optional(),
  created_from: dateOrTime.optional(),
  created_to: dateOrTime.optional(),
});

/**
 * Bank auto-match (UserBankcardMatchCollection): the bank a card number belongs to is identified from its prefix —
 * the enabled bank of the customer's market whose BIN list holds the longest prefix of the number — and compared
 * with the bank the customer declared:
 * - matched: the identified bank's code is the declared code;
 * - mismatch: another bank issued the card (the payout would likely be refused);
 * - unknown: no bank of the market lists a prefix of the number.
 */
export const BANK_MATCH_RESULTS = ['matched', 'mismatch', 'unknown'] as const;
export type BankMatchResult = (typeof BANK_MATCH_RESULTS)[number];

/** GET /loanapi/bank_card/match_list. */
export const bankMatchListQuery = bankCardListQuery.extend({
  match_result: z.enum(BANK_MATCH_RESULTS).optional(),
});

export type BankCardRow = {
  id: number;
  customer_id: number;
  customer_name: string;
  /** Customer's phone, masked for privacy protection. */
  phone: string;
  merchant_id: number;
  merchant_name: string | null;
  bank_name: string;
  bank_code: string;
  /** All but the last 4 digits starred for privacy protection. */
  card_number: string;
  cardholder: string;
  status: (typeof BANK_CARD_STATUSES)[number];
  is_default: boolean;
  created_at: string;
  updated_at: string;
};

export type BankMatchRow = BankCardRow & {
  market: string;
  matched_bank_code: string | null;
  matched_bank_name: string | null;
  match_result: BankMatchResult;
};

// ------------------------------------------------------------------------------------------------ login codes

export const LOGIN_CODE_PURPOSES = ['login', 'register', 'reset_password'] as const;

/** GET /loanapi/customer/sms_log_list (customer_sms_log). */
export const smsLogListQuery = z.object({
  phone: z.string().trim().max(20).optional(),
  merchant_id: filterId.optional(),
  purpose: z.enum(LOGIN_CODE_PURPOSES).optional(),
  used: queryFlag.optional(),
  sent_from: dateOrTime.optional(),
  sent_to: dateOrTime.optional(),
});

export type SmsLogRow = {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  customer_id: number | null;
  customer_name: string | null;
  phone: string;
  code: string;
  purpose: string;
  ip: string;
  sent_at: string;
  used_at: string | null;
};

// ------------------------------------------------------------------------------------------------ dictionaries

/** GET /loanapi/customer/dict_list (clientDict): items of the customer-field dictionaries. */
export const customerDictQuery = z.object({
  dict_name: z.enum(CUSTOMER_DICTS).optional(),
  keyword: z.string().trim().max(64).optional(),
});

// ------------------------------------------------------------------------------------------------ labels

/** Spec §3 customer label: label_name (unique), mark_color (#rrggbb). */
export const labelBody = z.object({
  label_name: z.string().trim().min(1).max(40),
  mark_color: z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, 'validation.color'),
});
export const labelEditBody = labelBody.extend({ id: id32 });
export const labelDelBody = z.object({ id: id32 });

/** POST /loanapi/customer_label/add_customer_label: the customer's labels become exactly `label_ids` ([] clears them). */
export const attachLabelsBody = z.object({
  customer_id: id,
  label_ids: z.array(id32).max(50),
});

/** GET /loanapi/customer_label/all_list. */
export const labelListQuery = z.object({
  keyword: z.string().trim().max(40).optional(),
});

export type LabelRow = {
  id: number;
  label_name: string;
  mark_color: string;
  /** Customers carrying the label, counted up to LABEL_COUNT_CAP (then LABEL_COUNT_CAP + 1). */
  customer_count: number;
  created_at: string;
  updated_at: string;
};

export const LABEL_COUNT_CAP = 10_000;

// ------------------------------------------------------------------------------------------------ options

/** GET /loanapi/customer/filter_options: choices of the customer and order filters, inside the account's scope. */
export interface FilterOptions {
  merchants: Array<{ id: number; name: string; code: string; currency: string; market: string; parent_id: number | null }>;
  channels: Array<{ id: number; name: string; merchant_id: number }>;
  products: Array<{ id: number; name: string; merchant_id: number }>;
  labels: Array<{ id: number; label_name: string; mark_color: string }>;
}
