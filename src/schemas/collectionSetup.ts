import { z } from 'zod';
import { id, id32 } from './common';
import { filterId, queryFlag } from './client';
import { EXTERNAL_CALL_TYPES, externalCallBody } from './collection';

/**
 * Contracts of collection set-up beyond the collection core (src/schemas/collection.ts): the list filters and rows of
 * /merchant/stage (stages, collector groups and members) and /empower/outbound (external-call softphone settings),
 * the checks of a softphone template, and `softphoneLink`, the one function that turns a setting and a number into
 * the link a call opens (the call dialog, the /sip page and the collector's workbench use it).
 */

export const COLLECTION_SETUP_API = {
  /** Accounts that may join a merchant's collector groups (the member picker). */
  accounts: '/loanapi/collection/group/accounts',
  /** The softphone setting a call uses: the merchant's first enabled one, else the first enabled global one. */
  softphone: '/loanapi/external_call/softphone',
} as const;

// ------------------------------------------------------------------------------------------------ stages and groups

export const stageListQuery = z.object({
  merchant_id: filterId.optional(),
  enabled: queryFlag.optional(),
});

export const groupListQuery = z.object({ merchant_id: filterId.optional() });
export const groupDelBody = z.object({ group_id: id32 });
export const memberDelBody = z.object({ group_id: id32, account_id: id32 });
export const groupAccountsQuery = z.object({ merchant_id: id32 });

export interface StageRow {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  name: string;
  min_day: number;
  max_day: number;
  group_id: number;
  group_name: string | null;
  daily_cap: number;
  reassign_after_days: number;
  reminder: boolean;
  enabled: boolean;
  sort: number;
  /** Open cases in the stage now (a stage with open cases cannot be deleted). */
  open_cases: number;
  created_at: string;
  updated_at: string;
}

export interface MemberRow {
  account_id: number;
  account: string;
  name: string;
  enabled: boolean;
  /** 0: the stage's cap. */
  daily_cap: number;
  /** The account itself is enabled (a disabled account receives no cases). */
  account_enabled: boolean;
}

export interface GroupRow {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  name: string;
  /** Stages whose cases go to this group (a group in use cannot be deleted). */
  stages: Array<{ id: number; name: string; enabled: boolean }>;
  members: MemberRow[];
  created_at: string;
}

export interface GroupAccount {
  id: number;
  account: string;
  name: string;
  enabled: boolean;
  role_name: string | null;
}

/** Stage day ranges, as the screen and the timeline show them: the last day counts as "and later" from here on. */
export const OPEN_END_DAY = 3650;

/** Whether two day ranges share a day (enabled stages of one merchant may not). */
export function rangesOverlap(a: { min_day: number; max_day: number }, b: { min_day: number; max_day: number }): boolean {
  return a.min_day <= b.max_day && b.min_day <= a.max_day;
}

// ------------------------------------------------------------------------------------------------ softphone settings

/** Spec §7 "get_external_call_type": the types with their labels (message ids). */
export const EXTERNAL_CALL_TYPE_TITLES: Record<(typeof EXTERNAL_CALL_TYPES)[number], string> = {
  sip: 'option.type.sip',
  url: 'option.type.url',
};

const HOST = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*(?::\\d{1,5})?';
const SIP_DOMAIN = new RegExp(`^(?:sips?:)?${HOST}$`);
const SIP_TEMPLATE = new RegExp(`^sips?:\\{phone\\}@${HOST}(?:;[\\w=.-]+)*$`);

/**
 * What is wrong with a setting's `url` for its type (a message id), or null:
 * - url: an http(s) address with {phone} where the number goes (https://pbx.example/call?to={phone});
 * - sip: the SIP domain (pbx.example.com[:port]), or a template sip:{phone}@pbx.example.com.
 */
export function templateProblem(type: string, url: string): string | null {
  const v = url.trim();
  if (type === 'url') {
    if (!v.includes('{phone}')) return 'validation.phoneTemplate';
    if (!/^https?:\/\//i.test(v)) return 'validation.httpTemplate';
    try {
      new URL(v.split('{phone}').join('0'));
    } catch {
      return 'validation.httpTemplate';
    }
    return null;
  }
  if (v.includes('{phone}')) return SIP_TEMPLATE.test(v) ? null : 'validation.sipTemplate';
  return SIP_DOMAIN.test(v) ? null : 'validation.sipTemplate';
}

/** externalCallBody with the order of the settings (the first enabled one is used). */
const outboundFields = externalCallBody.extend({ sort: z.coerce.number().int().min(0).max(999).default(0) });

function checkTemplate(v: { type: string; url: string }, ctx: z.RefinementCtx): void {
  const problem = templateProblem(v.type, v.url);
  if (problem) ctx.addIssue({ code: 'custom', path: ['url'], message: problem });
}

/** Add (and, with `id` from the selected row, edit) an external-call setting: the template is checked for its type. */
export const outboundBody = outboundFields.superRefine(checkTemplate);
export const outboundEditBody = outboundFields.extend({ id: id32 }).superRefine(checkTemplate);

export const outboundListQuery = z.object({
  merchant_id: filterId.optional(),
  type: z.enum(EXTERNAL_CALL_TYPES).optional(),
  enabled: queryFlag.optional(),
});

export const softphoneQuery = z.object({ merchant_id: filterId.optional(), customer_id: filterId.optional() });

export interface ExternalCallRow {
  id: number;
  /** null: every merchant's (global). */
  merchant_id: number | null;
  merchant_name: string | null;
  name: string;
  type: (typeof EXTERNAL_CALL_TYPES)[number];
  url: string;
  a_text: string;
  only_no: boolean;
  sip_text: string;
  enabled: boolean;
  sort: number;
  created_at: string;
  updated_at: string;
}

/** The softphone a call uses (the /softphone answer), or null: `sip:{phone}`. */
export type SoftphoneSetting = Pick<ExternalCallRow, 'id' | 'name' | 'type' | 'url' | 'a_text' | 'only_no' | 'sip_text' | 'merchant_id'>;

// ------------------------------------------------------------------------------------------------ the link

export interface SoftphoneConfig {
  type: string;
  url: string;
  onlyNo?: boolean;
  aText?: string;
  sipText?: string;
}

/** A setting as the API answers it → the config softphoneLink takes. */
export function softphoneConfigOf(s: Pick<SoftphoneSetting, 'type' | 'url' | 'only_no' | 'a_text' | 'sip_text'> | null | undefined): SoftphoneConfig | null {
  return s ? { type: s.type, url: s.url, onlyNo: s.only_no, aText: s.a_text, sipText: s.sip_text } : null;
}

/**
 * International dialling codes of the markets (schemas/merchant MARKETS): `only_no` dials the number without its
 * country prefix. Longest first, so that +886 is not read as +88….
 */
export const MARKET_DIAL_CODES = ['886', '84', '86', '20', '66', '91', '1'] as const;

/** The number a setting dials: separators removed; with `only_no`, without +/00 and the country code. */
export function dialNumber(phone: string, onlyNo = false): string {
  const v = phone.trim().replace(/[\s().-]/g, '');
  if (!onlyNo) return v;
  const intl = v.startsWith('+') ? v.slice(1) : v.startsWith('00') ? v.slice(2) : null;
  if (intl === null) return v;
  const code = MARKET_DIAL_CODES.find((c) => intl.startsWith(c) && intl.length - c.length >= 6);
  return code ? intl.slice(code.length) : intl;
}

/**
 * The link a call opens. No setting: `sip:{phone}`. `sip`: `sip:{phone}@{domain}` (or the setting's own
 * sip:{phone}@… template). `url`: the template with {phone} filled in (URL-encoded). `only_no` dials the number
 * only, without the country prefix.
 */
export function softphoneLink(config: SoftphoneConfig | null | undefined, phone: string): string {
  if (!config) return `sip:${phone}`;
  const number = dialNumber(phone, config.onlyNo);
  const url = config.url.trim();
  if (config.type === 'url') {
    return url.includes('{phone}') ? url.split('{phone}').join(encodeURIComponent(number)) : `${url}${url.includes('?') ? '&' : '?'}phone=${encodeURIComponent(number)}`;
  }
  if (url.includes('{phone}')) return url.split('{phone}').join(number);
  const domain = url.replace(/^sips?:/i, '').replace(/^.*@/, '');
  return domain ? `sip:${number}@${domain}` : `sip:${number}`;
}

/** The text of the link: `a_text` for a url setting, `sip_text` for a sip one, else `fallback` (the number shown). */
export function softphoneLinkText(config: SoftphoneConfig | null | undefined, fallback: string): string {
  if (!config) return fallback;
  return (config.type === 'url' ? config.aText : config.sipText)?.trim() || fallback;
}
