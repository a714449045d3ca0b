import { z } from 'zod';
import { id32, id64 } from './common';
import { filterId, queryFlag } from './client';
import { dateOrTime } from './empower';

/**
 * Contracts of the short-link area (spec §2 /system shortLink group: DomainLinkLog, LinkUseChannel, DomainList,
 * ServiceProvider), shared by the server and the console. docs/shortLink.md.
 */

export const SHORT_LINK_API = {
  domainList: '/loanapi/short_link/domain/list',
  domainAdd: '/loanapi/short_link/domain/add',
  domainEdit: '/loanapi/short_link/domain/edit',
  domainDel: '/loanapi/short_link/domain/del',
  providerList: '/loanapi/short_link/provider/list',
  providerAdd: '/loanapi/short_link/provider/add',
  providerEdit: '/loanapi/short_link/provider/edit',
  providerTest: '/loanapi/short_link/provider/test',
  useList: '/loanapi/short_link/use/list',
  useAdd: '/loanapi/short_link/use/add',
  useEdit: '/loanapi/short_link/use/edit',
  useDel: '/loanapi/short_link/use/del',
  linkList: '/loanapi/short_link/link/list',
  linkAdd: '/loanapi/short_link/link/add',
  linkDaily: '/loanapi/short_link/link/daily',
  options: '/loanapi/short_link/options',
  /** Public: the built-in short-link service. */
  redirect: '/s/:code',
} as const;

export const DOMAIN_STATES = ['active', 'blocked', 'checking'] as const;
export const PROVIDER_KINDS = ['sandbox', 'http'] as const;
export const LINK_PURPOSES = ['sms_reminder', 'marketing', 'collection', 'promotion'] as const;
export const LINK_CHANNELS = ['sms', 'push', 'web'] as const;

/** Printable text without control characters. */
const text = (max: number) => z.string().trim().max(max).refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'validation.invalidFormat');

/** A host name: labels of letters, digits and hyphens (not at either end), at least one dot, a letter TLD; no port, path or scheme. */
export const HOST_RE = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const host = z.string().trim().toLowerCase().max(253).regex(HOST_RE, 'shortLink.invalidHost');

/** An absolute http(s) address without credentials or control characters. */
export const longUrl = z.string().trim().min(1).max(2000).refine((s) => {
  if (/[\s\u0000-\u001f\u007f]/.test(s)) return false;
  try {
    const u = new URL(s);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !!u.hostname && !u.username && !u.password;
  } catch {
    return false;
  }
}, 'shortLink.invalidUrl');

const endpoint = z.string().trim().max(400).refine((s) => s === '' || s === 'fail' || /^https?:\/\/[^\s]+$/i.test(s), 'validation.invalidFormat');
const fieldPath = z.string().trim().min(1).max(64).regex(/^[A-Za-z_][A-Za-z0-9_.-]*$/, 'validation.invalidFormat');
const headerName = z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9-]+$/, 'validation.invalidFormat');

// ------------------------------------------------------------------------------------------------ DomainList

export const domainAddBody = z.object({
  host,
  domain_state: z.enum(DOMAIN_STATES).default('checking'),
  https: z.boolean().default(true),
  remark: text(200).default(''),
});
export const domainEditBody = z.object({
  id: id32,
  domain_state: z.enum(DOMAIN_STATES).optional(),
  https: z.boolean().optional(),
  remark: text(200).optional(),
});
export const domainListQuery = z.object({
  host: text(253).optional(),
  domain_state: z.enum(DOMAIN_STATES).optional(),
});
export interface DomainRow {
  id: number;
  host: string;
  state: (typeof DOMAIN_STATES)[number];
  https: boolean;
  remark: string;
  links: number;
  uses: number;
  created_at: string;
  updated_at: string;
}

// ------------------------------------------------------------------------------------------------ ServiceProvider

export const providerAddBody = z.object({
  name: text(64).min(2),
  provider_kind: z.enum(PROVIDER_KINDS).default('sandbox'),
  endpoint: endpoint.default(''),
  url_field: fieldPath.default('url'),
  result_field: fieldPath.default('short_url'),
  auth_header: headerName.default('Authorization'),
  /** Sealed on the server; never shown back (the list shows its last 4 characters). */
  secret: text(300).default(''),
  timeout_ms: z.coerce.number().int().min(200).max(15_000).default(3000),
  enabled: z.boolean().default(true),
  remark: text(200).default(''),
}).superRefine((b, ctx) => {
  if (b.provider_kind === 'http' && !/^https?:\/\//i.test(b.endpoint)) ctx.addIssue({ code: 'custom', path: ['endpoint'], message: 'validation.required' });
});
export const providerEditBody = z.object({
  id: id32,
  name: text(64).min(2).optional(),
  endpoint: endpoint.optional(),
  url_field: fieldPath.optional(),
  result_field: fieldPath.optional(),
  auth_header: headerName.optional(),
  /** Empty keeps the stored secret. */
  secret: text(300).optional(),
  timeout_ms: z.coerce.number().int().min(200).max(15_000).optional(),
  enabled: z.boolean().optional(),
  remark: text(200).optional(),
});
export const providerTestBody = z.object({ id: id32 });
export const providerListQuery = z.object({
  name: text(64).optional(),
  provider_kind: z.enum(PROVIDER_KINDS).optional(),
  enabled: queryFlag.optional(),
});
export interface ProviderRow {
  id: number;
  name: string;
  kind: (typeof PROVIDER_KINDS)[number];
  endpoint: string;
  url_field: string;
  result_field: string;
  auth_header: string;
  has_secret: boolean;
  secret_hint: string;
  timeout_ms: number;
  enabled: boolean;
  remark: string;
  uses: number;
  created_at: string;
}
export interface ProviderTestResult { ok: boolean; url: string | null; error: string | null }

// ------------------------------------------------------------------------------------------------ LinkUseChannel

export const useAddBody = z.object({
  /** Absent: the platform row, used by every merchant without its own. */
  merchant_id: id32.optional(),
  link_purpose: z.enum(LINK_PURPOSES),
  link_channel: z.enum(LINK_CHANNELS),
  domain_id: id32.optional(),
  provider_id: id32.optional(),
  enabled: z.boolean().default(true),
  remark: text(200).default(''),
});
export const useEditBody = z.object({
  id: id32,
  /** 0 clears it. */
  domain_id: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  provider_id: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  enabled: z.boolean().optional(),
  remark: text(200).optional(),
});
export const useIdBody = z.object({ id: id32 });
export const useListQuery = z.object({
  merchant_id: filterId.optional(),
  link_purpose: z.enum(LINK_PURPOSES).optional(),
  link_channel: z.enum(LINK_CHANNELS).optional(),
});
export interface UseRow {
  id: number;
  merchant_id: number | null;
  merchant_name: string | null;
  purpose: (typeof LINK_PURPOSES)[number];
  channel: (typeof LINK_CHANNELS)[number];
  domain_id: number | null;
  domain_host: string | null;
  domain_state: string | null;
  provider_id: number | null;
  provider_name: string | null;
  enabled: boolean;
  remark: string;
  updated_at: string;
}

// ------------------------------------------------------------------------------------------------ DomainLinkLog

export const linkAddBody = z.object({
  merchant_id: id32,
  link_purpose: z.enum(LINK_PURPOSES),
  link_channel: z.enum(LINK_CHANNELS).default('sms'),
  long_url: longUrl,
});
export const linkListQuery = z.object({
  merchant_id: filterId.optional(),
  link_purpose: z.enum(LINK_PURPOSES).optional(),
  domain_id: filterId.optional(),
  code: z.string().trim().max(16).regex(/^[0-9A-Za-z]*$/, 'validation.invalidFormat').optional(),
  created_from: dateOrTime.optional(),
  created_to: dateOrTime.optional(),
});
export const linkDailyQuery = z.object({ id: id64 });
export interface LinkRow {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  code: string;
  long_url: string;
  short_url: string;
  purpose: (typeof LINK_PURPOSES)[number];
  channel: (typeof LINK_CHANNELS)[number];
  domain_host: string | null;
  provider_name: string | null;
  provider_error: string | null;
  clicks: number;
  last_click_at: string | null;
  created_at: string;
}
export interface LinkDaily { id: number; code: string; long_url: string; days: { day: string; clicks: number; visitors: number }[] }
export interface MadeLinkResult { id: number; code: string; short_url: string }

export interface ShortLinkOptions {
  domains: { id: number; host: string; state: string }[];
  providers: { id: number; name: string; kind: string; enabled: boolean }[];
}
