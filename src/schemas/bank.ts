import { z } from 'zod';
import { id32 } from './common';
import { filterId, queryFlag } from './client';
import { MARKETS } from './merchant';

/**
 * Contracts of the bank area (docs/bank.md): /system/bank — the banks of each market (code, name, enabled, sort) and
 * their card number prefixes (BINs, 6–8 digits → bank and card type), an Excel/CSV import of BINs with a per-row
 * report, and the BIN lookup of a card number.
 */

export const BANK_API = {
  list: '/loanapi/bank/list',
  add: '/loanapi/bank/add',
  edit: '/loanapi/bank/edit',
  enable: '/loanapi/bank/enable',
  disable: '/loanapi/bank/disable',
  binList: '/loanapi/bank/bin_list',
  binAdd: '/loanapi/bank/bin_add',
  binEdit: '/loanapi/bank/bin_edit',
  binDel: '/loanapi/bank/bin_del',
  binImport: '/loanapi/bank/bin_import',
  lookup: '/loanapi/bank/lookup',
  options: '/loanapi/bank/options',
} as const;

export const CARD_TYPES = ['debit', 'credit', 'prepaid'] as const;
export type CardType = (typeof CARD_TYPES)[number];

/** Columns of a BIN import file (header row, any order and case); `bank_code` names a bank of the chosen market. */
export const BIN_IMPORT_COLUMNS = ['prefix', 'bank_code', 'card_type', 'enabled'] as const;
export const BIN_IMPORT_MAX_ROWS = 20_000;

const line = (max: number) => z.string().trim().max(max).refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'validation.invalidFormat');
/** Bank code as payment channels know it: letters, digits, `-` `_` `.`, stored upper case. */
export const bankCode = line(20).min(1).refine((s) => /^[A-Za-z0-9._-]+$/.test(s), 'bank.validation.code').transform((s) => s.toUpperCase());
/** A BIN: 6 to 8 digits. */
export const binPrefix = z.string().trim().refine((s) => /^\d{6,8}$/.test(s), 'bank.validation.prefix');

const bankFields = {
  market: z.enum(MARKETS),
  code: bankCode,
  name: line(100).min(1),
  enabled: z.boolean().default(true),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
};
export const bankAddBody = z.object(bankFields);
export const bankEditBody = z.object({ id: id32, ...bankFields });
export const bankIdsBody = z.object({ ids: z.array(id32).min(1).max(200) });
export const bankListQuery = z.object({
  market: z.enum(MARKETS).optional(), enabled: queryFlag.optional(), keyword: z.string().trim().max(100).optional(),
});
export interface BankRow {
  id: number; market: string; code: string; name: string; enabled: boolean; sort: number; bin_count: number; bins: string[];
}

const binFields = { bank_id: id32, prefix: binPrefix, card_type: z.enum(CARD_TYPES).default('debit'), enabled: z.boolean().default(true) };
export const binAddBody = z.object(binFields);
export const binEditBody = z.object({ id: id32, ...binFields });
export const binIdBody = z.object({ id: id32 });
export const binListQuery = z.object({
  market: z.enum(MARKETS).optional(), bank_id: filterId.optional(), prefix: z.string().trim().max(19).regex(/^\d*$/, 'bank.validation.digits').optional(),
  card_type: z.enum(CARD_TYPES).optional(), enabled: queryFlag.optional(),
});
export interface BinRow {
  id: number; bank_id: number; bank_code: string | null; bank_name: string | null; market: string; prefix: string; card_type: string;
  enabled: boolean; updated_at: string;
}

/** The lookup: a card number (spaces and dashes allowed) → its bank by the longest enabled prefix. */
export const lookupQuery = z.object({
  card_number: z.string().trim().max(40).refine((s) => /^[\d\s-]{6,40}$/.test(s), 'bank.validation.cardNumber'),
  market: z.enum(MARKETS).optional(),
});
export interface BankMatch {
  bank_id: number; bank_code: string; bank_name: string; market: string; prefix: string; card_type: CardType;
}

/** Multipart fields of a BIN import (sent before the file). */
export const binImportFields = z.object({ market: z.enum(MARKETS) });

export interface BankOption { id: number; market: string; code: string; name: string; enabled: boolean }

export interface BinImportRefusal {
  /** Row number in the file (the header is row 1). */
  row: number;
  prefix: string;
  /** Message id of the reason, with its values. */
  id: string;
  values: Record<string, string | number>;
}
export interface BinImportReport {
  rows: number;
  added: number;
  updated: number;
  refused: BinImportRefusal[];
}
