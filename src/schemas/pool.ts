import { z } from 'zod';
import { id32, id64, INT32_MAX, MONEY_MAX } from './common';
import { filterId, queryFlag } from './client';

/**
 * Contracts of the pool area (docs/pool.md), shared by console and server: /dormantCustomer (dormant and dormant
 * overdue customers), /highSeas (the public pool, my claimed customers, the supervisor's rules and dispatch,
 * conversions) and /exogenousSources (external customers and their sources).
 */

export const POOL_API = {
  dormantList: '/loanapi/dormant_customer/list',
  overdueList: '/loanapi/dormant_customer/overdue_list',
  poolList: '/loanapi/high_seas/list',
  myList: '/loanapi/high_seas/my_list',
  serviceList: '/loanapi/high_seas/service_list',
  conversions: '/loanapi/high_seas/registration_success_list',
  events: '/loanapi/high_seas/events',
  rules: '/loanapi/high_seas/rules',
  rulesSave: '/loanapi/high_seas/rules_save',
  refresh: '/loanapi/high_seas/refresh',
  dispatch: '/loanapi/high_seas/dispatch',
  takeBack: '/loanapi/high_seas/take_back',
  agents: '/loanapi/high_seas/agents',
  leads: '/loanapi/exogenous/list',
  sources: '/loanapi/exogenous/sources',
  sourceAdd: '/loanapi/exogenous/source_add',
  sourceEdit: '/loanapi/exogenous/source_edit',
  sourceRotate: '/loanapi/exogenous/source_rotate',
  import: '/loanapi/exogenous/import',
  /** The partners' signed API (public: authenticated by the source's HMAC). */
  push: '/loanapi/exogenous/push',
} as const;

/**
 * The work routes of each working page (claim, results, note, offer, give back, call): one set per page, so that each
 * route enforces exactly its page's action node (the RBAC matrix calls every command's route as every role).
 */
export type WorkPage = 'dormant' | 'overdue' | 'pool' | 'mine';
export type WorkVerb = 'claim' | 'giveBack' | 'note' | 'offer' | 'call' | 'agreed' | 'rejected' | 'no_answer' | 'reapplied';
const WORK_PATH: Record<WorkVerb, string> = {
  claim: 'claim', giveBack: 'give_back', note: 'note', offer: 'offer', call: 'call',
  agreed: 'result_agreed', rejected: 'result_rejected', no_answer: 'result_no_answer', reapplied: 'result_reapplied',
};
const WORK_PREFIX: Record<WorkPage, string> = {
  dormant: '/loanapi/dormant_customer/', overdue: '/loanapi/dormant_customer/overdue_', pool: '/loanapi/high_seas/pool_', mine: '/loanapi/high_seas/',
};
/** The verbs each page offers. */
export const PAGE_VERBS: Record<WorkPage, readonly WorkVerb[]> = {
  dormant: ['claim', 'giveBack', 'note', 'offer', 'agreed', 'rejected', 'no_answer', 'reapplied'],
  overdue: ['claim', 'giveBack', 'note', 'offer', 'agreed', 'rejected', 'no_answer', 'reapplied'],
  pool: ['claim'],
  mine: ['call', 'giveBack', 'note', 'offer', 'agreed', 'rejected', 'no_answer', 'reapplied'],
};
export const workApi = (page: WorkPage, verb: WorkVerb): string => `${WORK_PREFIX[page]}${WORK_PATH[verb]}`;

export const SEGMENTS = ['dormant', 'overdue', 'registration', 'lead'] as const;
export type Segment = (typeof SEGMENTS)[number];
export const ENTRY_STATUSES = ['open', 'claimed', 'closed'] as const;
export const OUTCOMES = ['agreed', 'rejected', 'no_answer', 'reapplied'] as const;
export type Outcome = (typeof OUTCOMES)[number];
export const LEAD_STATUSES = ['pool', 'marketing', 'customer', 'registered'] as const;
export const ROUTE_TO = ['pool', 'marketing'] as const;
export const ON_DUPLICATE = ['skip', 'refresh'] as const;

/** Signed API headers (the same scheme as the intake API: docs/intake.md, src/server/modules/intake/signature.ts). */
export const SOURCE_HEADERS = { key: 'x-source-key', timestamp: 'x-timestamp', nonce: 'x-nonce', signature: 'x-signature' } as const;

export const POOL_RULE_DEFAULTS = {
  dormant_days: 30, good_max_overdue_days: 3, min_settled_loans: 1, overdue_min_days: 8, unclaimed_hours: 24, claim_days: 7,
  agent_cap: 50, pool_dormant: true, pool_returned: true, offer_product_id: null as number | null, offer_limit_minor: 0, promo_url: '',
};
/** Registrations older than this are not brought into the pool any more (the pool is for fresh leads). */
export const REGISTRATION_WINDOW_DAYS = 90;
/** Rows of one import file. */
export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** Leads in one signed API request. */
export const PUSH_MAX_LEADS = 500;

const text = (max: number) => z.string().trim().max(max);
const days = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

// ------------------------------------------------------------------------------------------------ list filters

const entryFilters = {
  merchant_id: filterId.optional(),
  phone: text(20).optional(),
  name: text(100).optional(),
  outcome: z.enum(OUTCOMES).optional(),
};

/** The dormant lists: open or claimed entries of the segment; `mine` keeps the actor's claims. */
export const dormantListQuery = z.object({
  ...entryFilters,
  status: z.enum(['open', 'claimed']).optional(),
  mine: queryFlag.optional(),
});
export const poolListQuery = z.object({ ...entryFilters, segment: z.enum(SEGMENTS).optional() });
export const myListQuery = z.object({ ...entryFilters, segment: z.enum(SEGMENTS).optional() });
export const serviceListQuery = z.object({
  ...entryFilters,
  segment: z.enum(SEGMENTS).optional(),
  status: z.enum(ENTRY_STATUSES).optional(),
  holder_id: filterId.optional(),
});
export const conversionListQuery = z.object({
  merchant_id: filterId.optional(),
  phone: text(20).optional(),
  kind: z.enum(['registration', 'application']).optional(),
  agent_id: filterId.optional(),
  mine: queryFlag.optional(),
});
export const leadListQuery = z.object({
  merchant_id: filterId.optional(),
  source_id: filterId.optional(),
  phone: text(20).optional(),
  status: z.enum(LEAD_STATUSES).optional(),
});
export const sourceListQuery = z.object({ merchant_id: filterId.optional() });
export const eventsQuery = z.object({ id: id64 });
export const rulesQuery = z.object({ merchant_id: id32 });
export const agentsQuery = z.object({ merchant_id: id32 });

// ------------------------------------------------------------------------------------------------ bodies

export const entryBody = z.object({ id: id64, version: z.coerce.number().int().min(1).max(INT32_MAX).optional() });
export const claimBody = entryBody;
export const giveBackBody = entryBody.extend({ note: text(500).optional() });
export const callBody = entryBody;
export const noteBody = entryBody.extend({ note: text(500).min(1) });
export const resultBody = entryBody.extend({ note: text(500).optional() });
export const offerBody = entryBody.extend({
  product_id: id32.optional(),
  /** The exclusive limit in minor units (0: the rule's). */
  limit_minor: z.coerce.number().int().min(0).max(MONEY_MAX).optional(),
  send_sms: z.boolean().optional(),
});

export const rulesBody = z.object({
  merchant_id: id32,
  dormant_days: days(1, 3650),
  good_max_overdue_days: days(0, 3650),
  min_settled_loans: days(1, 1000),
  overdue_min_days: days(1, 3650),
  unclaimed_hours: days(1, 24 * 365),
  claim_days: days(1, 365),
  agent_cap: days(1, 10_000),
  pool_dormant: z.boolean(),
  pool_returned: z.boolean(),
  offer_product_id: id32.nullable().optional(),
  offer_limit_minor: z.coerce.number().int().min(0).max(MONEY_MAX),
  promo_url: z.union([z.literal(''), z.string().trim().max(300).regex(/^https?:\/\/[^\s]+$/)]),
});
export type PoolRules = z.infer<typeof rulesBody>;

export const refreshBody = z.object({ merchant_id: id32.optional() });
/** Dispatch: the selected open entries to one agent, or (no agent) to the least loaded agents under the cap. */
export const dispatchBody = z.object({ ids: z.array(id64).min(1).max(500), account_id: id32.optional() });
export const takeBackBody = z.object({ ids: z.array(id64).min(1).max(500) });

const code = z.string().trim().min(2).max(32).regex(/^[A-Za-z0-9_-]+$/);
export const sourceBody = z.object({
  merchant_id: id32,
  code,
  name: text(100).min(2),
  route_to: z.enum(ROUTE_TO),
  on_duplicate: z.enum(ON_DUPLICATE),
  enabled: z.boolean(),
});
export const sourceEditBody = sourceBody.omit({ merchant_id: true, code: true }).extend({ id: id32 });
export const sourceRotateBody = z.object({ id: id32 });

/** One lead as a partner sends it (file row or API item). */
export const leadInput = z.object({
  phone: z.string().trim().min(6).max(20),
  name: text(100).optional(),
  remark: text(200).optional(),
});
export const pushBody = z.object({ leads: z.array(leadInput).min(1).max(PUSH_MAX_LEADS) });
/** Multipart fields of an import (before the file). */
export const importFields = z.object({ source_id: id32 });

// ------------------------------------------------------------------------------------------------ rows

export interface EntryRow {
  id: number;
  version: number;
  merchant_id: number;
  merchant_name: string | null;
  customer_id: number | null;
  lead_id: number | null;
  customer_name: string;
  phone: string;
  segment: Segment;
  in_pool: boolean;
  status: (typeof ENTRY_STATUSES)[number];
  holder_id: number | null;
  holder_name: string | null;
  claimed_at: string | null;
  expires_at: string | null;
  returns: number;
  outcome: Outcome | '';
  outcome_at: string | null;
  note: string;
  calls: number;
  last_call_at: string | null;
  offer_product_id: number | null;
  offer_product_name: string | null;
  offer_limit_minor: number;
  offer_link: string;
  offer_sent_at: string | null;
  last_settled_at: string | null;
  settled_loans: number;
  max_overdue_days: number;
  currency: string | null;
  entered_at: string;
}

export interface ConversionRow {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  customer_id: number;
  customer_name: string | null;
  phone: string;
  kind: 'registration' | 'application';
  segment: Segment;
  agent_id: number;
  agent_name: string | null;
  order_id: number | null;
  order_no: string | null;
  created_at: string;
}

export interface LeadRow {
  id: number;
  merchant_id: number;
  source_id: number;
  source_name: string | null;
  phone: string;
  name: string;
  remark: string;
  status: (typeof LEAD_STATUSES)[number];
  customer_id: number | null;
  via: 'file' | 'api';
  received_at: string;
}

export interface SourceRow {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  code: string;
  name: string;
  route_to: (typeof ROUTE_TO)[number];
  on_duplicate: (typeof ON_DUPLICATE)[number];
  enabled: boolean;
  api_key: string;
  secret_hint: string;
  leads: number;
  created_at: string;
}

export interface PoolEvent {
  id: number;
  kind: string;
  account_name: string | null;
  outcome: string;
  note: string;
  created_at: string;
}

export interface AgentLoad {
  id: number;
  account: string;
  name: string;
  held: number;
  cap: number;
}

/** Per-row report of an import or a push: what was refused (or set aside) and why. */
export interface ImportReport {
  total: number;
  added: number;
  refreshed: number;
  skipped: number;
  refused: number;
  rows: { row: number; phone: string; result: 'added' | 'refreshed' | 'skipped' | 'refused'; reason: string }[];
}
