import { z } from 'zod';
import { filterId, queryFlag } from './client';
import { id32, id64, MONEY_MAX } from './common';
import { dateOrTime } from './empower';

/**
 * Contracts of the marketing area (/Marketing: whitelist groups and numbers, the agents' call list, registrations
 * credited to agents, H5 landing pages and promotion links), shared by the server, the commands and the console.
 * docs/marketing.md explains the flow; money on the wire is integer minor units of the merchant's currency.
 */

export const MARKETING_API = {
  groups: '/loanapi/marketing/group/list',
  groupAdd: '/loanapi/marketing/group/add',
  groupEdit: '/loanapi/marketing/group/edit',
  progress: '/loanapi/marketing/group/progress',
  dispatch: '/loanapi/marketing/group/dispatch',
  agents: '/loanapi/marketing/agents',
  /** Products, channels, landing pages and staff the forms choose from. */
  options: '/loanapi/marketing/options',
  entries: '/loanapi/marketing/whitelist/list',
  importFile: '/loanapi/marketing/whitelist/import',
  importText: '/loanapi/marketing/whitelist/import_text',
  importStatus: '/loanapi/marketing/whitelist/import_status',
  entryDel: '/loanapi/marketing/whitelist/del',
  myList: '/loanapi/marketing/my/list',
  myResult: (result: MarketingResult) => `/loanapi/marketing/my/result_${result}`,
  myNote: '/loanapi/marketing/my/note',
  mySms: '/loanapi/marketing/my/send_link',
  myHistory: '/loanapi/marketing/my/history',
  registrations: '/loanapi/marketing/registration/list',
  landings: '/loanapi/marketing/h5/list',
  landingAdd: '/loanapi/marketing/h5/add',
  landingEdit: '/loanapi/marketing/h5/edit',
  links: '/loanapi/marketing/link/list',
  linkAdd: '/loanapi/marketing/link/add',
  linkEdit: '/loanapi/marketing/link/edit',
  /** Public: the short link a customer opens. */
  redirect: '/p/:code',
} as const;

/** Call results, in the order of their hotkeys 1–4. */
export const MARKETING_RESULTS = ['agreed', 'rejected', 'no_answer', 'wrong_number'] as const;
export type MarketingResult = (typeof MARKETING_RESULTS)[number];

/** Templates of the H5 landing pages (the page builder renders each; `option.h5_template.<t>`). */
export const H5_TEMPLATES = ['classic', 'minimal', 'festival', 'cashback'] as const;

export const IMPORT_LIMITS = {
  /** Rows one import may hold (a 100,000-number list fits twice). */
  maxRows: 200_000,
  /** Upload size of a CSV or XLSX file. */
  maxBytes: 8 * 1024 * 1024,
  /** Numbers inserted per statement (and per progress step). */
  batch: 5_000,
  /** Refused rows kept in the report (the counts stay exact beyond it). */
  reportRows: 10_000,
  /** How long the request waits for the import before answering with the job to poll. */
  waitMs: 20_000,
} as const;

const text = (max: number) => z.string().trim().max(max);
const name = z.string().trim().min(1, 'validation.required').max(60);
const minor = z.coerce.number().int().min(0).max(MONEY_MAX);
const url = z.string().trim().min(1, 'validation.required').max(300).regex(/^https?:\/\/[^\s<>"']+$/i, 'marketing.badUrl');

// ------------------------------------------------------------------------------------------------ groups

export const groupBody = z.object({
  merchant_id: id32,
  name,
  product_id: id32.nullable().optional(),
  limit_minor: minor.default(0),
  expires_at: dateOrTime.nullable().optional(),
  enabled: z.boolean().default(true),
  remark: text(200).default(''),
});
export const groupEditBody = groupBody.omit({ merchant_id: true }).extend({ id: id32 });

export const groupListQuery = z.object({
  merchant_id: filterId.optional(),
  name: text(60).optional(),
  enabled: queryFlag.optional(),
});

export const DISPATCH_MODES = ['even', 'each'] as const;
export const dispatchBody = z.object({
  /** The group. */
  id: id32,
  account_ids: z.array(id32).min(1).max(200),
  /** even: every undispatched number, shared round-robin; each: `per_agent` numbers to each agent. */
  mode: z.enum(DISPATCH_MODES).default('even'),
  per_agent: z.coerce.number().int().min(1).max(100_000).optional(),
});
export const progressQuery = z.object({ group_id: filterId });
export const agentsQuery = z.object({ merchant_id: filterId });

// ------------------------------------------------------------------------------------------------ numbers

export const entryListQuery = z.object({
  merchant_id: filterId.optional(),
  group_id: filterId.optional(),
  phone: text(20).optional(),
  agent_id: filterId.optional(),
  result: z.enum(['', ...MARKETING_RESULTS, 'none']).optional(),
  dispatched: queryFlag.optional(),
  registered: queryFlag.optional(),
});
export const importTextBody = z.object({
  group_id: id32,
  /** Pasted numbers: one per line (or separated by commas, semicolons, spaces). */
  text: z.string().min(1, 'validation.required').max(IMPORT_LIMITS.maxBytes / 4),
});
export const importFileFields = z.object({ group_id: id32 });
export const importStatusQuery = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const entryDelBody = z.object({ ids: z.array(id64).min(1).max(500) });

// ------------------------------------------------------------------------------------------------ my numbers

export const myListQuery = z.object({
  group_id: filterId.optional(),
  phone: text(20).optional(),
  result: z.enum([...MARKETING_RESULTS, 'none']).optional(),
  registered: queryFlag.optional(),
});
/** A decision names the number shown and, optionally, the version (updated_at) the agent saw. */
export const resultBody = z.object({ id: id64, seen_at: dateOrTime.optional(), note: text(500).optional() });
export const noteBody = z.object({ id: id64, note: z.string().trim().min(1, 'validation.required').max(500) });
export const sendLinkBody = z.object({ id: id64, link_id: id32.optional() });
export const historyQuery = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

// ------------------------------------------------------------------------------------------------ registrations

export const registrationListQuery = z.object({
  merchant_id: filterId.optional(),
  group_id: filterId.optional(),
  agent_id: filterId.optional(),
  phone: text(20).optional(),
  registered_from: dateOrTime.optional(),
  registered_to: dateOrTime.optional(),
  /** Only the registrations credited to the signed-in agent. */
  mine: queryFlag.optional(),
});

// ------------------------------------------------------------------------------------------------ H5 and links

export const landingBody = z.object({
  merchant_id: id32,
  channel_id: id32,
  template: z.enum(H5_TEMPLATES),
  title: z.string().trim().min(1, 'validation.required').max(100),
  url,
  enabled: z.boolean().default(true),
});
export const landingEditBody = landingBody.omit({ merchant_id: true }).extend({ id: id32 });
export const landingListQuery = z.object({
  merchant_id: filterId.optional(),
  channel_id: filterId.optional(),
  template: z.enum(H5_TEMPLATES).optional(),
  enabled: queryFlag.optional(),
});

export const linkBody = z.object({
  merchant_id: id32,
  channel_id: id32,
  landing_id: id32.nullable().optional(),
  agent_id: id32.nullable().optional(),
  /** Where the link lands when it has no landing page. */
  target_url: url.optional(),
  enabled: z.boolean().default(true),
});
export const linkEditBody = z.object({ id: id32, landing_id: id32.nullable().optional(), agent_id: id32.nullable().optional(), enabled: z.boolean() });
export const linkListQuery = z.object({
  merchant_id: filterId.optional(),
  channel_id: filterId.optional(),
  agent_id: filterId.optional(),
  code: text(16).optional(),
});
export const redirectParams = z.object({ code: z.string().regex(/^[A-Za-z0-9]{4,16}$/) });

// ------------------------------------------------------------------------------------------------ rows

export interface GroupRow {
  id: number; merchant_id: number; merchant_name: string | null; name: string; product_id: number | null; product_name: string | null;
  limit_minor: number; expires_at: string | null; enabled: boolean; remark: string; numbers: number; undispatched: number;
  called: number; agreed: number; registered: number; created_at: string;
}
export interface EntryRow {
  id: number; merchant_id: number; group_id: number; group_name: string | null; phone: string; agent_id: number | null; agent_name: string | null;
  result: string; result_at: string | null; note: string; contacts: number; sms_count: number; customer_id: number | null;
  registered_at: string | null; created_at: string; updated_at: string;
}
export interface RegistrationRow {
  id: number; merchant_id: number; group_name: string | null; phone: string; customer_id: number; customer_name: string | null;
  registered_at: string; agent_name: string | null; applied: boolean; disbursed: boolean; product_name: string | null; limit_minor: number;
}
export interface LandingRow { id: number; merchant_id: number; channel_id: number; channel_name: string | null; template: string; title: string; url: string; enabled: boolean; links: number }
export interface LinkRow {
  id: number; merchant_id: number; channel_id: number; channel_name: string | null; agent_id: number | null; agent_name: string | null; code: string;
  short_url: string; target_url: string; enabled: boolean; clicks: number; registrations: number; applications: number; created_at: string;
}
export interface ImportStatus {
  job_id: number; status: 'running' | 'done' | 'failed'; rows_total: number; rows_done: number; inserted: number; invalid: number; duplicates: number;
  refused: Array<{ row: number; value: string; reason: string }>; error?: string | null;
}
export interface Choice { value: string; label: string }
export interface MarketingOptions { products: Choice[]; channels: Choice[]; landings: Choice[]; agents: Choice[] }
export interface ProgressRow { agent_id: number | null; agent_name: string | null; numbers: number; called: number; agreed: number; rejected: number; no_answer: number; wrong_number: number; sms: number; registered: number }
