import { z } from 'zod';
import { id, id32 } from './common';
import { LANGS, type LangCode } from './i18n';

export const dictListQuery = z.object({
  dict_name: z.string().trim().min(1).max(64),
  page: z.coerce.number().int().min(0).max(100000).default(0),
  size: z.coerce.number().int().min(1).max(9999).default(9999),
});

const colorMap = z.record(z.string().max(64), z.string().regex(/^#[0-9a-fA-F]{3,8}$|^[a-z]+$/, 'validation.color'));

export const dictItemBody = z.object({
  dict_name: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_]+$/, 'validation.identifierChars'),
  value: z.string().trim().min(1).max(64),
  label: z.string().trim().min(1).max(100),
  /** The label per language; a language left out (or blank) shows `label`. */
  labels: z.partialRecord(z.enum(LANGS.map((l) => l.code) as [LangCode, ...LangCode[]]), z.string().trim().max(100)).optional().default({}),
  name: z.string().trim().max(100).optional().default(''),
  el_tag_color: colorMap.optional().default({}),
  sort: z.coerce.number().int().min(0).max(100000).default(0),
  enabled: z.boolean().default(true),
});
export const dictItemEditBody = dictItemBody.extend({ id: id32 });

export interface DictItem {
  id: number;
  dict_name: string;
  value: string;
  /** The label in the caller's language (lang-code header), else the base label. */
  label: string;
  /** The base label, as stored; what the dict screen edits as "label". */
  base_label: string;
  /** The label per language code, as stored. */
  labels: Partial<Record<LangCode, string>>;
  name: string;
  el_tag_color: Record<string, string>;
  sort: number;
  enabled: boolean;
}

/** GET /loanapi/system/clock: the business clock in the caller's market. */
export interface BusinessClockInfo {
  /** IANA zone of the caller's market (e.g. Asia/Ho_Chi_Minh). */
  time_zone: string;
  /** yyyy-MM-dd: the business date in that zone. */
  business_date: string;
  /** ISO instants: business time (system time plus the business clock's offset) and system time. */
  business_now: string;
  system_now: string;
}

export interface SystemName {
  name: string;
  logo: string;
}

export const UPLOAD_MAX_BYTES = 3 * 1024 * 1024;
export const UPLOAD_TYPES = ['jpeg', 'jpg', 'png'] as const;
